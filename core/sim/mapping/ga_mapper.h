// SPDX-License-Identifier: GPL-3.0-or-later
// The thesis' GA mapper (notes/003 §3.4): each task's processor as ceil(log2 P) bits, island
// model (12 sub-populations of 60, 4 individuals migrating every 3rd generation along a ring),
// per-island crossover and bit-flip probabilities of Table 5.1, one crossover point per ~27 bits
// (the thesis: 1 for 36 bits, 2 for 54, 3 for 72, 4 for 108, 5 for 128, 7 for 192), fitness
// 1/cost with the exact cost of task_graph.h. Choices the thesis leaves open, ours: binary
// tournaments for selection, the best individual of each island kept (elitism), a code >= P
// read modulo P (the thesis only used powers of two), pinned tasks decoded to their processor, and a seeded generator per island so a
// run is reproducible.
// Written here rather than taken from pagmo2: the point is the thesis' algorithm with its own
// table of rates and deterministic migration; pagmo's archipelago migrates asynchronously
// between threads, which makes runs irreproducible, and the fitness costs microseconds, so
// threads would not pay.
#pragma once

#include <cstdint>
#include <vector>

#include "task_graph.h"

namespace hs::sim::mapping {

struct GaSettings {
    int islands = 12;
    int population = 60;  // per island
    int generations = 200;
    int migrants = 4;
    int migrationInterval = 3;
    // Table 5.1 (cycled when there are more islands)
    std::vector<double> crossover{0.6, 0.5, 0.7, 0.8, 0.6, 0.7, 0.9, 0.8, 0.5, 0.6, 0.7, 0.8};
    std::vector<double> mutation{0.05, 0.005, 0.02, 0.001, 0.05, 0.01, 0.005, 0.008, 0.05, 0.02, 0.008, 0.01};
    std::uint64_t seed = 1;
    int tournament = 2;  // individuals per selection tournament
    int elite = 1;       // best individuals of an island carried over unchanged
    // Stop after this many generations without a better best (0: run every generation).
    int stallGenerations = 0;
};

struct GaResult {
    std::vector<int> assignment;
    double cost = 0.0;
    int generationOfBest = 0;          // first generation that held the final best
    std::vector<double> bestPerGeneration;  // index 0: the initial populations
    long long evaluations = 0;
};

// Crossover points for a genome of `bits` bits (the thesis' rule of thumb, see above).
int crossoverPoints(int bits);
int bitsPerTask(int processors);

GaResult gaMapping(const TaskGraph& g, const LinkCosts& c, const GaSettings& s = {});

}  // namespace hs::sim::mapping
