// SPDX-License-Identifier: GPL-3.0-or-later
#include "partitioner.h"

#include <algorithm>
#include <chrono>
#include <map>

#include "system.h"

namespace hs::sim {

std::vector<double> measureComponentCost(System& sys) {
    std::vector<double> cost(sys.comps.size(), 0.0);
    Eval e = sys.eval();
    std::vector<double> y(static_cast<size_t>(sys.stateCount())), dy(y.size());
    sys.initialState(y.data());
    sys.rhs(0.0, y.data(), dy.data());
    e.y = y.data();
    e.dy = dy.data();
    for (size_t c = 0; c < sys.comps.size(); ++c) {
        if (sys.comps[c]->isStatic()) continue;  // not in the step loop
        double best = 1e300;
        for (int rep = 0; rep < 5; ++rep) {
            const auto t0 = std::chrono::steady_clock::now();
            for (int i = 0; i < 64; ++i) sys.comps[c]->eval(e);
            best = std::min(best, std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / 64);
        }
        cost[c] = best;
    }
    sys.initialState(y.data());  // evaluations above must leave no trace
    return cost;
}

std::string autoPartition(System& sys, const System::PartitionUnits& units, int parts, const std::vector<double>& cost,
                          const std::map<std::string, int>& manual, std::vector<int>& partOfUnit) {
    const std::vector<int> group = sys.couplingGroups(units);
    const size_t nc = sys.comps.size();
    // Units in circuit order (a cut line's far end right after its near end), so that the
    // contiguous runs below keep neighbours together; cost per group (a cut line's cost is
    // shared by its ends).
    std::vector<int> unitOrder;
    for (size_t c = 0; c < nc; ++c) {
        unitOrder.push_back(static_cast<int>(c));
        if (units.endUnit[c] >= 0) unitOrder.push_back(units.endUnit[c]);
    }
    std::map<int, size_t> index;
    std::vector<int> order;
    std::vector<double> gcost;
    std::vector<int> fixed;
    for (int x : unitOrder) {
        const size_t c = static_cast<size_t>(units.comp[static_cast<size_t>(x)]);
        const int g = group[static_cast<size_t>(x)];
        auto [it, fresh] = index.emplace(g, order.size());
        if (fresh) {
            order.push_back(g);
            gcost.push_back(0.0);
            fixed.push_back(-1);
        }
        gcost[it->second] += (c < cost.size() ? cost[c] : 1.0) * (units.endUnit[c] >= 0 ? 0.5 : 1.0);
        auto m = manual.find(sys.comps[c]->id);
        if (m == manual.end()) continue;
        if (m->second < 0 || m->second >= parts) return "partition of '" + m->first + "' is outside 0.." + std::to_string(parts - 1);
        if (fixed[it->second] >= 0 && fixed[it->second] != m->second)
            return "components coupled to '" + m->first + "' (not through a TLM volume or TLM line) were assigned to another partition";
        fixed[it->second] = m->second;
    }
    for (const auto& entry : manual) {
        const std::string& id = entry.first;  // not a structured binding: clang 14 cannot capture those
        if (std::none_of(sys.comps.begin(), sys.comps.end(), [&](const auto& c) { return c->id == id; }))
            return "partition assignment names no component '" + id + "'";
    }
    double total = 0;
    for (size_t g = 0; g < order.size(); ++g)
        if (fixed[g] < 0) total += gcost[g];
    std::vector<int> partOfGroup(order.size(), 0);
    double acc = 0;
    for (size_t g = 0; g < order.size(); ++g) {
        if (fixed[g] >= 0) { partOfGroup[g] = fixed[g]; continue; }
        // the group goes where the middle of its cost falls on the cumulative scale
        const double mid = acc + 0.5 * gcost[g];
        acc += gcost[g];
        partOfGroup[g] = std::min(parts - 1, total > 0 ? static_cast<int>(mid / total * parts) : 0);
    }
    partOfUnit.assign(static_cast<size_t>(units.count), 0);
    for (int x = 0; x < units.count; ++x) partOfUnit[static_cast<size_t>(x)] = partOfGroup[index[group[static_cast<size_t>(x)]]];
    return {};
}

}  // namespace hs::sim
