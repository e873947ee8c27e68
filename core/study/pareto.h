// SPDX-License-Identifier: GPL-3.0-or-later
// The Pareto front of (cost, error) points: the points no other point beats on both (lower or
// equal cost and error, one of them strictly lower).
#pragma once

#include <vector>

namespace hs::study {

struct CostError {
    double cost = 0, error = 0;
};

// Indices of the non-dominated points, by increasing cost. Points with a non-finite cost or
// error are never on the front; of identical points the first is kept.
std::vector<int> paretoFront(const std::vector<CostError>& points);

}  // namespace hs::study
