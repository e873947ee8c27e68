// SPDX-License-Identifier: GPL-3.0-or-later
#include "column_colouring.h"

#include <algorithm>
#include <numeric>

namespace hs::sim {

std::vector<int> colourColumns(const SparsityPattern& pattern) {
    const int n = pattern.size();
    // Columns of each row (the transpose), to find the columns that share a row with column j.
    std::vector<std::vector<int>> columnsOfRow(static_cast<size_t>(n));
    for (int j = 0; j < n; ++j)
        for (int i : pattern.rowsOf(j)) columnsOfRow[static_cast<size_t>(i)].push_back(j);
    std::vector<int> byDegree(static_cast<size_t>(n));
    std::iota(byDegree.begin(), byDegree.end(), 0);
    std::stable_sort(byDegree.begin(), byDegree.end(),
                     [&](int a, int b) { return pattern.rowsOf(a).size() > pattern.rowsOf(b).size(); });
    std::vector<int> colour(static_cast<size_t>(n), -1);
    std::vector<int> takenBy(static_cast<size_t>(n) + 1, -1);  // takenBy[c] == j: a neighbour of j has c
    for (int j : byDegree) {
        for (int i : pattern.rowsOf(j))
            for (int k : columnsOfRow[static_cast<size_t>(i)])
                if (k != j && colour[static_cast<size_t>(k)] >= 0) takenBy[static_cast<size_t>(colour[static_cast<size_t>(k)])] = j;
        int c = 0;
        while (takenBy[static_cast<size_t>(c)] == j) ++c;
        colour[static_cast<size_t>(j)] = c;
    }
    return colour;
}

}  // namespace hs::sim
