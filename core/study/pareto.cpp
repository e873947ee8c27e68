// SPDX-License-Identifier: GPL-3.0-or-later
#include "pareto.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hs::study {

std::vector<int> paretoFront(const std::vector<CostError>& p) {
    std::vector<int> order;
    for (int i = 0; i < static_cast<int>(p.size()); ++i)
        if (std::isfinite(p[size_t(i)].cost) && std::isfinite(p[size_t(i)].error)) order.push_back(i);
    // By cost, then error, then index: a sweep keeps each point that lowers the best error so far.
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const CostError &x = p[size_t(a)], &y = p[size_t(b)];
        return x.cost != y.cost ? x.cost < y.cost : x.error < y.error;
    });
    std::vector<int> front;
    double best = INFINITY;
    for (int i : order)
        if (p[size_t(i)].error < best) {
            front.push_back(i);
            best = p[size_t(i)].error;
        }
    return front;
}

}  // namespace hs::study
