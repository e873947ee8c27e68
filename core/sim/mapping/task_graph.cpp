// SPDX-License-Identifier: GPL-3.0-or-later
#include "task_graph.h"

#include <algorithm>
#include <cmath>

namespace hs::sim::mapping {

void TaskGraph::addLines(int a, int b, double lines) {
    const int need = std::max(a, b) + 1;
    if (static_cast<int>(edges.size()) < need) edges.resize(static_cast<size_t>(need));
    auto add = [&](int from, int to) {
        auto& list = edges[static_cast<size_t>(from)];
        auto it = std::find_if(list.begin(), list.end(), [&](const Edge& e) { return e.task == to; });
        if (it == list.end()) list.push_back({to, lines});
        else it->lines += lines;
    };
    add(a, b);
    add(b, a);
}

std::string TaskGraph::check() const {
    const int n = size();
    if (n == 0) return "the task graph has no tasks";
    if (static_cast<int>(edges.size()) > n) return "the task graph has edges to tasks beyond its " + std::to_string(n);
    for (int j = 0; j < n; ++j) {
        if (!(compute[static_cast<size_t>(j)] >= 0) || !std::isfinite(compute[static_cast<size_t>(j)]))
            return "task " + std::to_string(j + 1) + " has a negative or non-finite compute cost";
        if (static_cast<size_t>(j) >= edges.size()) continue;
        for (const Edge& e : edges[static_cast<size_t>(j)]) {
            if (e.task == j) return "task " + std::to_string(j + 1) + " is connected to itself";
            if (e.task < 0 || e.task >= n) return "task " + std::to_string(j + 1) + " is connected to a task that does not exist";
            const auto& back = edges[static_cast<size_t>(e.task)];
            const bool symmetric = std::any_of(back.begin(), back.end(), [&](const Edge& b) { return b.task == j && b.lines == e.lines; });
            if (!symmetric) return "the connection matrix is not symmetric between tasks " + std::to_string(j + 1) + " and " + std::to_string(e.task + 1);
        }
    }
    return {};
}

LinkCosts LinkCosts::uniform(int processors, double perLine, double setup) {
    LinkCosts c;
    c.processors = processors;
    const size_t n = static_cast<size_t>(processors) * static_cast<size_t>(processors);
    c.perLine.assign(n, perLine);
    c.setup.assign(n, setup);
    for (int i = 0; i < processors; ++i) {
        c.perLine[static_cast<size_t>(i * processors + i)] = 0.0;
        c.setup[static_cast<size_t>(i * processors + i)] = 0.0;
    }
    return c;
}

std::string LinkCosts::check() const {
    if (processors < 1) return "at least one processor is needed";
    const size_t n = static_cast<size_t>(processors) * static_cast<size_t>(processors);
    if (perLine.size() != n || setup.size() != n) return "the link cost matrices must be processors x processors";
    for (size_t i = 0; i < n; ++i)
        if (!(perLine[i] >= 0) || !(setup[i] >= 0)) return "link costs must be non-negative";
    return {};
}

std::vector<double> processorTimes(const TaskGraph& g, const LinkCosts& c, const std::vector<int>& assignment) {
    std::vector<double> t(static_cast<size_t>(c.processors), 0.0);
    for (int j = 0; j < g.size(); ++j) {
        const int i = assignment[static_cast<size_t>(j)];
        double tj = g.compute[static_cast<size_t>(j)];
        if (static_cast<size_t>(j) < g.edges.size())
            for (const TaskGraph::Edge& e : g.edges[static_cast<size_t>(j)]) {
                const int k = assignment[static_cast<size_t>(e.task)];
                tj += e.lines * c.c1(i, k) + c.c2(i, k);
            }
        t[static_cast<size_t>(i)] += tj;
    }
    return t;
}

double mappingCost(const TaskGraph& g, const LinkCosts& c, const std::vector<int>& assignment) {
    const std::vector<double> t = processorTimes(g, c, assignment);
    return *std::max_element(t.begin(), t.end());
}

}  // namespace hs::sim::mapping
