// SPDX-License-Identifier: GPL-3.0-or-later
// The task graphs of notes/003 §2.4 for the mapper tests: the hydrostatic transmission's 18 tasks
// (21 edges of one line each). Its compute vector D is lost in the thesis (Fig. 5.7), so the
// tests draw D from a seeded generator in the range of the thesis' cycle counts.
#pragma once

#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "sim/mapping/task_graph.h"

namespace hs::test {

// Edges of §2.4's adjacency list, tasks numbered from 1 as in the thesis.
inline const std::vector<std::pair<int, int>>& transmissionEdges() {
    static const std::vector<std::pair<int, int>> edges{
        {1, 4}, {1, 8}, {2, 3}, {3, 6}, {4, 5}, {4, 13}, {5, 6}, {6, 7}, {6, 9}, {7, 8}, {8, 17},
        {9, 10}, {9, 12}, {10, 11}, {12, 15}, {13, 14}, {13, 18}, {14, 15}, {15, 16}, {16, 17}, {17, 18}};
    return edges;
}

// `copies` disjoint copies of the transmission (the thesis' medium example is two), D drawn
// uniformly from [dMin, dMax] with `seed`.
inline sim::mapping::TaskGraph transmissionGraph(unsigned seed, int copies = 1, double dMin = 500, double dMax = 4000) {
    sim::mapping::TaskGraph g;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> d(dMin, dMax);
    g.compute.resize(static_cast<size_t>(18 * copies));
    for (double& x : g.compute) x = std::round(d(rng));
    g.edges.resize(g.compute.size());
    for (int c = 0; c < copies; ++c)
        for (const auto& [a, b] : transmissionEdges()) g.addLines(18 * c + a - 1, 18 * c + b - 1, 1.0);
    return g;
}

// The thesis' measured link costs [clock cycles] (§3.3): per line 277 (direct link) and 287
// (through the C104 switch), set-up 432 and 532; processors 2k and 2k+1 share a direct link.
// Same processor: free (that entry is illegible in the thesis).
inline sim::mapping::LinkCosts transputerCosts(int processors) {
    sim::mapping::LinkCosts c;
    c.processors = processors;
    c.perLine.assign(static_cast<size_t>(processors * processors), 0.0);
    c.setup = c.perLine;
    for (int i = 0; i < processors; ++i)
        for (int k = 0; k < processors; ++k) {
            if (i == k) continue;
            const bool direct = i / 2 == k / 2;
            c.perLine[static_cast<size_t>(i * processors + k)] = direct ? 277 : 287;
            c.setup[static_cast<size_t>(i * processors + k)] = direct ? 432 : 532;
        }
    return c;
}

}  // namespace hs::test
