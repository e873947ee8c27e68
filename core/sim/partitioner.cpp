// SPDX-License-Identifier: GPL-3.0-or-later
#include "partitioner.h"

#include <algorithm>
#include <chrono>
#include <map>

#include "mapping/exact_mapper.h"
#include "mapping/ga_mapper.h"
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

const std::vector<std::string>& partitionMapperNames() {
    static const std::vector<std::string> names{"balanced", "optimal"};
    return names;
}

bool parsePartitionMapper(const std::string& name, PartitionMapper& out) {
    if (name == "balanced") out = PartitionMapper::Balanced;
    else if (name == "optimal") out = PartitionMapper::Optimal;
    else return false;
    return true;
}

std::string groupTaskGraph(System& sys, const System::PartitionUnits& units, int parts, const std::vector<double>& cost,
                           const std::map<std::string, int>& manual, GroupTaskGraph& out) {
    const std::vector<int> group = sys.couplingGroups(units);
    const size_t nc = sys.comps.size();
    // Tasks in circuit order (a cut line's far end right after its near end), so that contiguous
    // runs of tasks keep neighbours together; cost per task (a cut line's cost is shared by its ends).
    std::vector<int> unitOrder;
    for (size_t c = 0; c < nc; ++c) {
        unitOrder.push_back(static_cast<int>(c));
        if (units.endUnit[c] >= 0) unitOrder.push_back(units.endUnit[c]);
    }
    std::map<int, int> taskOfGroup;
    mapping::TaskGraph& g = out.graph;
    g = {};
    for (int x : unitOrder) {
        const size_t c = static_cast<size_t>(units.comp[static_cast<size_t>(x)]);
        auto [it, fresh] = taskOfGroup.emplace(group[static_cast<size_t>(x)], g.size());
        if (fresh) {
            g.compute.push_back(0.0);
            g.pinned.push_back(-1);
        }
        const size_t t = static_cast<size_t>(it->second);
        g.compute[t] += (c < cost.size() ? cost[c] : 1.0) * (units.endUnit[c] >= 0 ? 0.5 : 1.0);
        auto m = manual.find(sys.comps[c]->id);
        if (m == manual.end()) continue;
        if (m->second < 0 || m->second >= parts) return "partition of '" + m->first + "' is outside 0.." + std::to_string(parts - 1);
        if (g.pinned[t] >= 0 && g.pinned[t] != m->second)
            return "components coupled to '" + m->first + "' (not through a TLM volume or TLM line) were assigned to another partition";
        g.pinned[t] = m->second;
    }
    for (const auto& entry : manual) {
        const std::string& id = entry.first;  // not a structured binding: clang 14 cannot capture those
        if (std::none_of(sys.comps.begin(), sys.comps.end(), [&](const auto& c) { return c->id == id; }))
            return "partition assignment names no component '" + id + "'";
    }
    out.taskOfUnit.assign(static_cast<size_t>(units.count), 0);
    for (int x = 0; x < units.count; ++x) out.taskOfUnit[static_cast<size_t>(x)] = taskOfGroup[group[static_cast<size_t>(x)]];
    g.edges.assign(g.compute.size(), {});
    for (const auto& [a, b] : sys.waveLinks(units)) {
        const int ta = out.taskOfUnit[static_cast<size_t>(a)], tb = out.taskOfUnit[static_cast<size_t>(b)];
        if (ta != tb) g.addLines(ta, tb, 1.0);
    }
    return {};
}

namespace {

// The groups, in order, split into contiguous runs of equal cost; pinned groups where pinned.
std::vector<int> balancedPlan(const mapping::TaskGraph& g, int parts) {
    double total = 0;
    for (int t = 0; t < g.size(); ++t)
        if (g.pinnedTo(t) < 0) total += g.compute[static_cast<size_t>(t)];
    std::vector<int> plan(static_cast<size_t>(g.size()), 0);
    double acc = 0;
    for (int t = 0; t < g.size(); ++t) {
        if (g.pinnedTo(t) >= 0) {
            plan[static_cast<size_t>(t)] = g.pinnedTo(t);
            continue;
        }
        // the group goes where the middle of its cost falls on the cumulative scale
        const double mid = acc + 0.5 * g.compute[static_cast<size_t>(t)];
        acc += g.compute[static_cast<size_t>(t)];
        plan[static_cast<size_t>(t)] = std::min(parts - 1, total > 0 ? static_cast<int>(mid / total * parts) : 0);
    }
    return plan;
}

std::vector<int> optimalPlan(const mapping::TaskGraph& g, int parts, const std::vector<int>& start) {
    const mapping::LinkCosts links = mapping::LinkCosts::uniform(parts, kSharedMemoryLineCostNs, 0.0);
    mapping::GaSettings ga;
    ga.stallGenerations = 30;
    const mapping::GaResult evolved = mapping::gaMapping(g, links, ga);
    const std::vector<int>& better = evolved.cost < mapping::mappingCost(g, links, start) ? evolved.assignment : start;
    // a few million nodes: well under a second, and proof of the optimum up to ~20 groups
    return mapping::exactMapping(g, links, better, 4'000'000ULL).assignment;
}

}  // namespace

std::string autoPartition(System& sys, const System::PartitionUnits& units, int parts, const std::vector<double>& cost,
                          const std::map<std::string, int>& manual, std::vector<int>& partOfUnit, PartitionMapper mapper) {
    GroupTaskGraph tg;
    if (std::string error = groupTaskGraph(sys, units, parts, cost, manual, tg); !error.empty()) return error;
    std::vector<int> plan = balancedPlan(tg.graph, parts);
    if (mapper == PartitionMapper::Optimal && parts > 1) plan = optimalPlan(tg.graph, parts, plan);
    partOfUnit.assign(static_cast<size_t>(units.count), 0);
    for (int x = 0; x < units.count; ++x) partOfUnit[static_cast<size_t>(x)] = plan[static_cast<size_t>(tg.taskOfUnit[static_cast<size_t>(x)])];
    return {};
}

}  // namespace hs::sim
