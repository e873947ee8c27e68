// SPDX-License-Identifier: GPL-3.0-or-later
// The optimum of the mapping cost (task_graph.h) by depth-first branch and bound: tasks are
// placed in breadth-first order from the heaviest one (so a task's neighbours are mostly placed
// before it and their link costs are known early), a branch is cut when its busiest processor or
// its mean load already reaches the best cost found, and when every processor is alike (the
// same costs between any two, the same on the diagonal) processors are opened in order, which
// removes the P! relabellings (not when tasks are pinned). The thesis checked its GA against exhaustive search (notes/003
// §3.4); this is the exact search that stays usable at 18 tasks on 4 processors.
#pragma once

#include <cstdint>
#include <vector>

#include "task_graph.h"

namespace hs::sim::mapping {

struct ExactResult {
    std::vector<int> assignment;
    double cost = 0.0;
    bool provedOptimal = false;  // false: the node budget ran out (assignment is the best seen)
    std::uint64_t nodes = 0;     // search nodes visited
};

// `start`: a known assignment (e.g. the GA's) whose cost prunes from the first node on; it is
// returned when nothing is better. `nodeBudget`: stop after this many search nodes.
ExactResult exactMapping(const TaskGraph& g, const LinkCosts& c, const std::vector<int>& start = {},
                         std::uint64_t nodeBudget = 2'000'000'000ULL);

}  // namespace hs::sim::mapping
