// SPDX-License-Identifier: GPL-3.0-or-later
// Mapping tasks onto processors as graph partitioning (notes/003 §3.3): a program graph (tasks
// weighted by their compute cost per step, edges by the number of lines between two tasks), a
// system graph (per-line transfer cost C1 and per-message set-up cost C2 between every pair of
// processors, the diagonal being the same-processor cost) and the thesis' exact minimax cost of
// an assignment (Fig. 5.8):
//   t(i) = sum_{j: A(j)=i} [ D(j) + sum_{k: B(j,k)!=0} ( B(j,k) C1(i,A(k)) + C2(i,A(k)) ) ]
//   cost = max_i t(i)
// No dependency on the engine: the engine's partitioner builds a TaskGraph from its coupling
// groups (partitioner.cpp), the tests build the thesis' graphs directly.
#pragma once

#include <string>
#include <vector>

namespace hs::sim::mapping {

struct TaskGraph {
    std::vector<double> compute;  // D: cost of each task per step
    // B as adjacency lists: for task j, its neighbours k != j with B(j,k) lines (symmetric)
    struct Edge {
        int task;
        double lines;
    };
    std::vector<std::vector<Edge>> edges;
    // Optional: the processor a task must go to (-1: free), e.g. components the user placed by hand.
    std::vector<int> pinned;
    int pinnedTo(int task) const { return static_cast<size_t>(task) < pinned.size() ? pinned[static_cast<size_t>(task)] : -1; }

    int size() const { return static_cast<int>(compute.size()); }
    // Adds B(a,b) += lines and B(b,a) += lines (a != b; a self-edge is refused by the caller).
    void addLines(int a, int b, double lines);
    // "" or what is wrong (sizes, negative costs, asymmetric or self edges)
    std::string check() const;
};

struct LinkCosts {
    int processors = 1;
    // row-major processors x processors
    std::vector<double> perLine;  // C1
    std::vector<double> setup;    // C2
    double c1(int i, int k) const { return perLine[static_cast<size_t>(i * processors + k)]; }
    double c2(int i, int k) const { return setup[static_cast<size_t>(i * processors + k)]; }
    // Every pair of distinct processors the same costs, the same processor free of charge
    // (a shared-memory machine or a full crossbar).
    static LinkCosts uniform(int processors, double perLine, double setup);
    std::string check() const;
};

// t(i) of every processor for the assignment A (task -> processor in 0..processors-1).
std::vector<double> processorTimes(const TaskGraph& g, const LinkCosts& c, const std::vector<int>& assignment);
// max_i t(i)
double mappingCost(const TaskGraph& g, const LinkCosts& c, const std::vector<int>& assignment);

}  // namespace hs::sim::mapping
