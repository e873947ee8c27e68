// SPDX-License-Identifier: GPL-3.0-or-later
// Greedy distance-2 colouring of the columns of a sparsity pattern (Curtis, Powell and Reid
// 1974): two columns get different colours when they have a non-zero in a common row, so the
// columns of one colour can be perturbed together and each row's change belongs to one of them.
// Columns are taken in order of decreasing count of non-zeros (largest first), each given the
// smallest colour no neighbour has. Our systems have tens of states at most; this is a few dozen
// lines, where ColPack or a graph library would be a dependency for the same greedy result.
#pragma once

#include <vector>

#include "sparsity_pattern.h"

namespace hs::sim {

// The colour of each column, 0-based and dense (colours 0..max used).
std::vector<int> colourColumns(const SparsityPattern& pattern);

}  // namespace hs::sim
