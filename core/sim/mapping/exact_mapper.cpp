// SPDX-License-Identifier: GPL-3.0-or-later
#include "exact_mapper.h"

#include <algorithm>
#include <numeric>

namespace hs::sim::mapping {

namespace {

// Every diagonal entry equal to (0,0) and every other one to (0,1): relabelling the processors
// changes no cost.
bool processorsAlike(const LinkCosts& c) {
    if (c.processors < 2) return true;
    for (int i = 0; i < c.processors; ++i)
        for (int k = 0; k < c.processors; ++k) {
            const int ref = i == k ? 0 : 1;
            if (c.c1(i, k) != c.c1(0, ref) || c.c2(i, k) != c.c2(0, ref)) return false;
        }
    return true;
}

// Breadth-first order from the heaviest task; unconnected parts follow, each from its heaviest.
std::vector<int> placementOrder(const TaskGraph& g) {
    const int n = g.size();
    std::vector<int> byWeight(static_cast<size_t>(n));
    std::iota(byWeight.begin(), byWeight.end(), 0);
    std::stable_sort(byWeight.begin(), byWeight.end(),
                     [&](int a, int b) { return g.compute[static_cast<size_t>(a)] > g.compute[static_cast<size_t>(b)]; });
    std::vector<char> seen(static_cast<size_t>(n), 0);
    std::vector<int> order;
    for (int start : byWeight) {
        if (seen[static_cast<size_t>(start)]) continue;
        seen[static_cast<size_t>(start)] = 1;
        for (size_t head = order.size(), end = (order.push_back(start), order.size()); head < end; end = order.size()) {
            for (; head < end; ++head) {
                const int j = order[head];
                if (static_cast<size_t>(j) >= g.edges.size()) continue;
                for (const TaskGraph::Edge& e : g.edges[static_cast<size_t>(j)])
                    if (!seen[static_cast<size_t>(e.task)]) {
                        seen[static_cast<size_t>(e.task)] = 1;
                        order.push_back(e.task);
                    }
            }
        }
    }
    return order;
}

class Search {
public:
    Search(const TaskGraph& g, const LinkCosts& c, std::uint64_t budget)
        : g_(g), c_(c), budget_(budget), order_(placementOrder(g)),
          alike_(processorsAlike(c) && std::all_of(g.pinned.begin(), g.pinned.end(), [](int p) { return p < 0; })) {
        const int n = g.size();
        at_.assign(static_cast<size_t>(n), -1);
        t_.assign(static_cast<size_t>(c.processors), 0.0);
        remaining_.assign(static_cast<size_t>(n) + 1, 0.0);
        for (int m = n - 1; m >= 0; --m)
            remaining_[static_cast<size_t>(m)] = remaining_[static_cast<size_t>(m) + 1] + g.compute[static_cast<size_t>(order_[static_cast<size_t>(m)])];
    }
    void run(ExactResult& r) {
        best_ = &r;
        descend(0, 0, 0.0);
        r.provedOptimal = !stopped_;
        r.nodes = nodes_;
    }

private:
    void descend(int m, int opened, double total) {
        if (stopped_) return;
        if (++nodes_ > budget_) {
            stopped_ = true;
            return;
        }
        const int n = g_.size();
        if (m == n) {
            const double cost = *std::max_element(t_.begin(), t_.end());
            if (cost < best_->cost) {
                best_->cost = cost;
                best_->assignment = at_;
            }
            return;
        }
        const int j = order_[static_cast<size_t>(m)];
        const int P = c_.processors;
        const int pin = g_.pinnedTo(j);
        const int first = pin >= 0 ? pin : 0, last = pin >= 0 ? pin : alike_ ? std::min(P - 1, opened) : P - 1;
        for (int i = first; i <= last; ++i) {
            // place j on i: its compute and the links to the placed neighbours, on both ends
            double added = g_.compute[static_cast<size_t>(j)];
            t_[static_cast<size_t>(i)] += g_.compute[static_cast<size_t>(j)];
            if (static_cast<size_t>(j) < g_.edges.size())
                for (const TaskGraph::Edge& e : g_.edges[static_cast<size_t>(j)]) {
                    const int q = at_[static_cast<size_t>(e.task)];
                    if (q < 0) continue;
                    const double mine = e.lines * c_.c1(i, q) + c_.c2(i, q), theirs = e.lines * c_.c1(q, i) + c_.c2(q, i);
                    t_[static_cast<size_t>(i)] += mine;
                    t_[static_cast<size_t>(q)] += theirs;
                    added += mine + theirs;
                }
            at_[static_cast<size_t>(j)] = i;
            const double busiest = *std::max_element(t_.begin(), t_.end());
            const double mean = (total + added + remaining_[static_cast<size_t>(m) + 1]) / P;
            if (busiest < best_->cost && mean < best_->cost) descend(m + 1, std::max(opened, i + 1), total + added);
            // undo
            at_[static_cast<size_t>(j)] = -1;
            t_[static_cast<size_t>(i)] -= g_.compute[static_cast<size_t>(j)];
            if (static_cast<size_t>(j) < g_.edges.size())
                for (const TaskGraph::Edge& e : g_.edges[static_cast<size_t>(j)]) {
                    const int q = at_[static_cast<size_t>(e.task)];
                    if (q < 0) continue;
                    t_[static_cast<size_t>(i)] -= e.lines * c_.c1(i, q) + c_.c2(i, q);
                    t_[static_cast<size_t>(q)] -= e.lines * c_.c1(q, i) + c_.c2(q, i);
                }
        }
    }

    const TaskGraph& g_;
    const LinkCosts& c_;
    std::uint64_t budget_, nodes_ = 0;
    bool stopped_ = false;
    std::vector<int> order_;
    bool alike_;
    std::vector<int> at_;
    std::vector<double> t_, remaining_;
    ExactResult* best_ = nullptr;
};

}  // namespace

ExactResult exactMapping(const TaskGraph& g, const LinkCosts& c, const std::vector<int>& start, std::uint64_t nodeBudget) {
    ExactResult r;
    // the given start, or everything on processor 0; the search keeps strictly better ones only
    r.assignment = start.size() == static_cast<size_t>(g.size()) ? start : std::vector<int>(static_cast<size_t>(g.size()), 0);
    for (int j = 0; j < g.size(); ++j)
        if (g.pinnedTo(j) >= 0) r.assignment[static_cast<size_t>(j)] = g.pinnedTo(j);
    r.cost = mappingCost(g, c, r.assignment);
    Search(g, c, nodeBudget).run(r);
    return r;
}

}  // namespace hs::sim::mapping
