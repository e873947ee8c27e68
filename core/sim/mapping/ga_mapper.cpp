// SPDX-License-Identifier: GPL-3.0-or-later
#include "ga_mapper.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace hs::sim::mapping {

int bitsPerTask(int processors) {
    int b = 0;
    while ((1 << b) < processors) ++b;
    return b;
}

int crossoverPoints(int bits) { return std::max(1, static_cast<int>(std::lround(bits / 27.0))); }

namespace {

struct Individual {
    std::vector<char> genes;  // bits, task-major
    double cost = 0.0;
    double spread = 0.0;  // sum of the squared processor times: breaks ties of the cost
    bool operator<(const Individual& o) const { return cost < o.cost || (cost == o.cost && spread < o.spread); }
};

class Island {
public:
    Island(const TaskGraph& g, const LinkCosts& c, int size, double pc, double pm, int tournament, int elite, std::uint64_t seed)
        : g_(g), c_(c), pc_(pc), pm_(pm), tournament_(std::max(1, tournament)), elite_(std::max(0, elite)), rng_(seed), bits_(bitsPerTask(c.processors)),
          points_(crossoverPoints(bits_ * g.size())) {
        const int length = bits_ * g.size();
        std::bernoulli_distribution coin(0.5);
        members_.resize(static_cast<size_t>(size));
        for (Individual& m : members_) {
            m.genes.resize(static_cast<size_t>(length));
            for (char& b : m.genes) b = coin(rng_) ? 1 : 0;
            evaluate(m);
        }
    }
    void generation() {
        std::vector<Individual> next;
        next.reserve(members_.size());
        for (const Individual& e : emigrants(elite_)) next.push_back(e);  // elitism
        std::uniform_real_distribution<double> u(0.0, 1.0);
        while (next.size() < members_.size()) {
            Individual a = tournament(), b = tournament();
            if (u(rng_) < pc_) cross(a, b);
            mutate(a);
            mutate(b);
            evaluate(a);
            next.push_back(std::move(a));
            if (next.size() < members_.size()) {
                evaluate(b);
                next.push_back(std::move(b));
            }
        }
        members_ = std::move(next);
    }
    const Individual& best() const {
        return *std::min_element(members_.begin(), members_.end(), [](const Individual& a, const Individual& b) { return a < b; });
    }
    // the n best, best first
    std::vector<Individual> emigrants(int n) const {
        std::vector<Individual> sorted = members_;
        std::partial_sort(sorted.begin(), sorted.begin() + std::min<long>(n, static_cast<long>(sorted.size())), sorted.end(),
                          [](const Individual& a, const Individual& b) { return a < b; });
        sorted.resize(std::min(sorted.size(), static_cast<size_t>(n)));
        return sorted;
    }
    // replace the worst with the arrivals
    void immigrate(const std::vector<Individual>& arrivals) {
        std::sort(members_.begin(), members_.end(), [](const Individual& a, const Individual& b) { return a < b; });
        for (size_t i = 0; i < arrivals.size() && i < members_.size(); ++i) members_[members_.size() - 1 - i] = arrivals[i];
    }
    std::vector<int> decode(const Individual& m) const {
        std::vector<int> a(static_cast<size_t>(g_.size()));
        for (int j = 0; j < g_.size(); ++j) {
            int v = 0;
            for (int b = 0; b < bits_; ++b) v = (v << 1) | m.genes[static_cast<size_t>(j * bits_ + b)];
            a[static_cast<size_t>(j)] = g_.pinnedTo(j) >= 0 ? g_.pinnedTo(j) : v % c_.processors;
        }
        return a;
    }
    long long evaluations = 0;

private:
    void evaluate(Individual& m) {
        const std::vector<double> t = processorTimes(g_, c_, decode(m));
        m.cost = *std::max_element(t.begin(), t.end());
        m.spread = 0.0;
        for (double x : t) m.spread += x * x;
        ++evaluations;
    }
    Individual tournament() {
        std::uniform_int_distribution<size_t> pick(0, members_.size() - 1);
        const Individual* best = &members_[pick(rng_)];
        for (int k = 1; k < tournament_; ++k) {
            const Individual& other = members_[pick(rng_)];
            if (other < *best) best = &other;
        }
        return *best;
    }
    // multi-point crossover: swap every other segment between the cut points
    void cross(Individual& a, Individual& b) {
        const int length = static_cast<int>(a.genes.size());
        if (length < 2) return;
        std::uniform_int_distribution<int> at(1, length - 1);
        std::vector<int> cuts(static_cast<size_t>(points_));
        for (int& x : cuts) x = at(rng_);
        std::sort(cuts.begin(), cuts.end());
        bool swap = false;
        size_t next = 0;
        for (int i = 0; i < length; ++i) {
            while (next < cuts.size() && cuts[next] == i) {
                swap = !swap;
                ++next;
            }
            if (swap) std::swap(a.genes[static_cast<size_t>(i)], b.genes[static_cast<size_t>(i)]);
        }
    }
    void mutate(Individual& m) {
        std::uniform_real_distribution<double> u(0.0, 1.0);
        for (char& b : m.genes)
            if (u(rng_) < pm_) b = static_cast<char>(1 - b);
    }

    const TaskGraph& g_;
    const LinkCosts& c_;
    double pc_, pm_;
    int tournament_, elite_;
    std::mt19937_64 rng_;
    int bits_, points_;
    std::vector<Individual> members_;
};

}  // namespace

GaResult gaMapping(const TaskGraph& g, const LinkCosts& c, const GaSettings& s) {
    GaResult r;
    if (c.processors == 1 || g.size() == 0) {
        r.assignment.assign(static_cast<size_t>(g.size()), 0);
        for (int j = 0; j < g.size(); ++j)
            if (g.pinnedTo(j) >= 0) r.assignment[static_cast<size_t>(j)] = g.pinnedTo(j);
        r.cost = g.size() ? mappingCost(g, c, r.assignment) : 0.0;
        r.bestPerGeneration.push_back(r.cost);
        return r;
    }
    std::vector<Island> islands;
    for (int k = 0; k < s.islands; ++k) {
        const double pc = s.crossover[static_cast<size_t>(k) % s.crossover.size()];
        const double pm = s.mutation[static_cast<size_t>(k) % s.mutation.size()];
        islands.emplace_back(g, c, s.population, pc, pm, s.tournament, s.elite, s.seed * 1000003ULL + static_cast<std::uint64_t>(k));
    }
    auto record = [&](int generation) {
        for (const Island& island : islands) {
            const Individual& b = island.best();
            if (r.assignment.empty() || b.cost < r.cost) {
                r.cost = b.cost;
                r.assignment = island.decode(b);
                r.generationOfBest = generation;
            }
        }
        r.bestPerGeneration.push_back(r.cost);
    };
    record(0);
    for (int gen = 1; gen <= s.generations; ++gen) {
        for (Island& island : islands) island.generation();
        if (s.migrants > 0 && s.migrationInterval > 0 && gen % s.migrationInterval == 0 && islands.size() > 1) {
            std::vector<std::vector<Individual>> leaving;
            for (const Island& island : islands) leaving.push_back(island.emigrants(s.migrants));
            for (size_t k = 0; k < islands.size(); ++k) islands[(k + 1) % islands.size()].immigrate(leaving[k]);
        }
        record(gen);
        if (s.stallGenerations > 0 && gen - r.generationOfBest >= s.stallGenerations) break;
    }
    for (const Island& island : islands) r.evaluations += island.evaluations;
    return r;
}

}  // namespace hs::sim::mapping
