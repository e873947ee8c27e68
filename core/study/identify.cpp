// SPDX-License-Identifier: GPL-3.0-or-later
#include "identify.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <pagmo/algorithm.hpp>
#include <pagmo/algorithms/sga.hpp>
#include <pagmo/population.hpp>
#include <pagmo/problem.hpp>

#include "hooke_jeeves.h"
#include "identify_cost.h"
#include "run_distribution.h"
#include "study_codec.h"

namespace hs::study {

namespace {

// The parameters as integer genes 0 .. 2^bits - 1 (value = min + gene * resolution).
struct Grid {
    std::vector<double> lo, res, top;
    std::vector<double> values(const pagmo::vector_double& genes) const {
        std::vector<double> v(genes.size());
        for (size_t i = 0; i < genes.size(); ++i) v[i] = lo[i] + std::round(std::clamp(genes[i], 0.0, top[i])) * res[i];
        return v;
    }
};

struct Shared {
    const IdentifyCost* cost;
    Grid grid;
};

// The pagmo user-defined problem: copied into every island's population, all copies pointing
// at one read-only cost (each population's copy counts its own evaluations).
struct GridProblem {
    std::shared_ptr<const Shared> shared;
    pagmo::vector_double fitness(const pagmo::vector_double& genes) const { return {(*shared->cost)(shared->grid.values(genes))}; }
    std::pair<pagmo::vector_double, pagmo::vector_double> get_bounds() const {
        return {pagmo::vector_double(shared->grid.top.size(), 0.0), shared->grid.top};
    }
    pagmo::vector_double::size_type get_nix() const { return shared->grid.top.size(); }
    std::string get_name() const { return "HydroStiff identification"; }
};

// An island after a round, as every process sees it: its population, its champion so far and
// the cost evaluations it has made in all.
// The codec's operators (vectors, configurations), not hidden by this namespace's own.
using hs::study::operator<<;
using hs::study::operator>>;

struct IslandSnapshot {
    std::vector<pagmo::vector_double> x, f;
    pagmo::vector_double champX, champF;
    qint64 evaluations = 0;
};
QDataStream& operator<<(QDataStream& s, const IslandSnapshot& v) { return s << v.x << v.f << v.champX << v.champF << v.evaluations; }
QDataStream& operator>>(QDataStream& s, IslandSnapshot& v) { return s >> v.x >> v.f >> v.champX >> v.champF >> v.evaluations; }

IslandSnapshot snapshot(const pagmo::population& pop) {
    return {pop.get_x(), pop.get_f(), pop.champion_x(), pop.champion_f(), static_cast<qint64>(pop.get_problem().get_fevals())};
}

// Indices of a population by increasing cost (ties by index).
std::vector<size_t> byCost(const std::vector<pagmo::vector_double>& f) {
    std::vector<size_t> idx(f.size());
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return f[a][0] < f[b][0]; });
    return idx;
}

// Migration on a ring, between rounds: island i receives the `migrants` best of each neighbour
// (i-1 and i+1), and the best of those replace its worst where better (pagmo's select_best and
// fair_replace). Decided from the snapshots alone, so every process decides the same.
void migrate(pagmo::population& pop, int island, const std::vector<IslandSnapshot>& all, int migrants) {
    const int n = static_cast<int>(all.size());
    if (n < 2 || migrants <= 0) return;
    std::vector<int> from{(island + n - 1) % n};
    if ((island + 1) % n != from[0]) from.push_back((island + 1) % n);
    std::vector<std::pair<pagmo::vector_double, pagmo::vector_double>> in;
    for (int j : from) {
        const std::vector<size_t> order = byCost(all[size_t(j)].f);
        for (size_t k = 0; k < order.size() && k < size_t(migrants); ++k)
            in.emplace_back(all[size_t(j)].x[order[k]], all[size_t(j)].f[order[k]]);
    }
    std::stable_sort(in.begin(), in.end(), [](const auto& a, const auto& b) { return a.second[0] < b.second[0]; });
    for (size_t k = 0; k < in.size() && k < size_t(migrants); ++k) {
        const std::vector<size_t> order = byCost(pop.get_f());
        const size_t worst = order.back();
        if (in[k].second[0] < pop.get_f()[worst][0]) pop.set_xf(worst, in[k].first, in[k].second);
    }
}

// Hooke-Jeeves from one island's champion, as bytes for runDistributed().
struct Refinement {
    std::vector<double> x;
    double f = 0;
    qint32 evaluations = 0;
};
QDataStream& operator<<(QDataStream& s, const Refinement& v) { return s << v.x << v.f << v.evaluations; }
QDataStream& operator>>(QDataStream& s, Refinement& v) { return s >> v.x >> v.f >> v.evaluations; }

}  // namespace

IdentifyResult identify(const model::Circuit& c, const sim::Registry& reg, const IdentifySpec& spec,
                        const MeasuredData& data, int jobs, std::function<void(const QString&, int, int)> progress,
                        RunDistribution* dist) {
    IdentifyResult out;
    const auto t0 = std::chrono::steady_clock::now();
    QString error;
    const IdentifyCost cost(c, reg, spec, data, &error);
    if (!error.isEmpty()) {
        out.error = error;
        return out;
    }
    auto shared = std::make_shared<Shared>();
    shared->cost = &cost;
    for (const auto& p : spec.parameters) {
        shared->grid.lo.push_back(p.min);
        shared->grid.res.push_back(p.resolution());
        shared->grid.top.push_back(std::ldexp(1.0, p.bits) - 1.0);
    }
    const GaSettings& ga = spec.ga;
    double meanBits = 0;
    for (const auto& p : spec.parameters) meanBits += p.bits / static_cast<double>(spec.parameters.size());
    const pagmo::problem prob{GridProblem{shared}};
    // The islands evolve in rounds of migration_every generations, in parallel (threads, and
    // ranks: island i on process i % size); migration between rounds is decided from every
    // island's snapshot. Each island's population and algorithm (with its random state) live
    // on its own process; the rounds make the result independent of threads and ranks.
    const size_t islands = static_cast<size_t>(std::max(1, ga.islands));
    std::vector<pagmo::algorithm> algo;
    std::vector<pagmo::population> pop(islands);
    for (size_t i = 0; i < islands; ++i) {
        const double pc = ga.pc[i % ga.pc.size()];
        const double pmBit = ga.pm[i % ga.pm.size()];
        const double pm = std::min(1.0, pmBit * meanBits);
        algo.emplace_back(pagmo::sga(static_cast<unsigned>(ga.migrationEvery), pc, 1.0, pm, 1.0, 2u, "single", "uniform",
                                     "tournament", ga.seed + 7919u * static_cast<unsigned>(i)));
    }
    std::vector<IslandSnapshot> snaps(islands);
    const int rounds = (ga.generations + ga.migrationEvery - 1) / ga.migrationEvery;
    for (int k = 0; k <= rounds; ++k) {  // round 0: the initial populations, evaluated
        const std::vector<QByteArray> bytes = runDistributed(
            static_cast<int>(islands), jobs,
            [&](int i, std::atomic<double>&) {
                const size_t ii = size_t(i);
                if (k == 0) {
                    pop[ii] = pagmo::population{prob, static_cast<pagmo::population::size_type>(ga.population),
                                                ga.seed + 104729u * static_cast<unsigned>(i + 1)};
                } else {
                    migrate(pop[ii], i, snaps, ga.migrants);
                    pop[ii] = algo[ii].evolve(pop[ii]);
                }
                return encode(snapshot(pop[ii]));
            },
            {}, dist);
        for (size_t i = 0; i < islands; ++i) snaps[i] = decode<IslandSnapshot>(bytes[i]);
        if (progress && k > 0) progress("GA", k, rounds);
    }
    out.islands.resize(islands);
    for (size_t i = 0; i < islands; ++i) {
        out.islands[i].gaBest = shared->grid.values(snaps[i].champX);
        out.islands[i].gaCost = snaps[i].champF[0];
        out.islands[i].refined = out.islands[i].gaBest;
        out.islands[i].refinedCost = out.islands[i].gaCost;
        out.evaluations += snaps[i].evaluations;
    }
    if (spec.hj.enabled) {
        std::vector<double> lo, hi, step;
        for (const auto& p : spec.parameters) {
            lo.push_back(p.min);
            hi.push_back(p.max);
            step.push_back(spec.hj.initial * p.resolution());
        }
        const std::vector<QByteArray> bytes = runDistributed(
            static_cast<int>(islands), jobs,
            [&](int i, std::atomic<double>&) {
                const HookeJeevesResult r = hookeJeeves([&](const std::vector<double>& x) { return cost(x); },
                                                        out.islands[size_t(i)].gaBest, step, lo, hi, spec.hj.shrink,
                                                        spec.hj.divisions, spec.hj.maxEvaluations);
                return encode(Refinement{r.x, r.f, r.evaluations});
            },
            [&](const StudyProgress& p) {
                if (progress) progress("Hooke-Jeeves", p.done, p.total);
            },
            dist);
        for (size_t i = 0; i < islands; ++i) {
            const Refinement r = decode<Refinement>(bytes[i]);
            IslandOutcome& isl = out.islands[i];
            if (r.f < isl.gaCost) {
                isl.refined = r.x;
                isl.refinedCost = r.f;
            }
            isl.hjEvaluations = r.evaluations;
            out.evaluations += r.evaluations;
        }
    }
    for (size_t i = 0; i < out.islands.size(); ++i)
        if (out.bestIsland < 0 || out.islands[i].refinedCost < out.bestCost) {
            out.bestIsland = static_cast<int>(i);
            out.bestCost = out.islands[i].refinedCost;
            out.best = out.islands[i].refined;
        }
    out.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

}  // namespace hs::study
