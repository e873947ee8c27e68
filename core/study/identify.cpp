// SPDX-License-Identifier: GPL-3.0-or-later
#include "identify.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <pagmo/algorithm.hpp>
#include <pagmo/algorithms/sga.hpp>
#include <pagmo/archipelago.hpp>
#include <pagmo/islands/thread_island.hpp>
#include <pagmo/problem.hpp>
#include <pagmo/r_policies/fair_replace.hpp>
#include <pagmo/s_policies/select_best.hpp>
#include <pagmo/topologies/ring.hpp>

#include "hooke_jeeves.h"
#include "identify_cost.h"
#include "parallel_runs.h"

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
    std::atomic<long> evaluations{0};
};

// The pagmo user-defined problem: copied into every island (basic thread safety), all copies
// pointing at one read-only cost.
struct GridProblem {
    std::shared_ptr<Shared> shared;
    pagmo::vector_double fitness(const pagmo::vector_double& genes) const {
        ++shared->evaluations;
        return {(*shared->cost)(shared->grid.values(genes))};
    }
    std::pair<pagmo::vector_double, pagmo::vector_double> get_bounds() const {
        return {pagmo::vector_double(shared->grid.top.size(), 0.0), shared->grid.top};
    }
    pagmo::vector_double::size_type get_nix() const { return shared->grid.top.size(); }
    std::string get_name() const { return "HydroStiff identification"; }
};

}  // namespace

IdentifyResult identify(const model::Circuit& c, const sim::Registry& reg, const IdentifySpec& spec,
                        const MeasuredData& data, int jobs, std::function<void(const QString&, int, int)> progress) {
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
    // pagmo's thread islands run on its own thread pool (one thread per core).
    double meanBits = 0;
    for (const auto& p : spec.parameters) meanBits += p.bits / static_cast<double>(spec.parameters.size());
    pagmo::archipelago archi{pagmo::topology{pagmo::ring{}}};
    const pagmo::problem prob{GridProblem{shared}};
    for (int i = 0; i < ga.islands; ++i) {
        const double pc = ga.pc[size_t(i) % ga.pc.size()];
        const double pmBit = ga.pm[size_t(i) % ga.pm.size()];
        const double pm = std::min(1.0, pmBit * meanBits);
        pagmo::sga algo(static_cast<unsigned>(ga.migrationEvery), pc, 1.0, pm, 1.0, 2u, "single", "uniform", "tournament",
                        ga.seed + 7919u * static_cast<unsigned>(i));
        archi.push_back(pagmo::thread_island{}, pagmo::algorithm{algo}, prob, static_cast<pagmo::population::size_type>(ga.population),
                        pagmo::r_policy{pagmo::fair_replace{static_cast<pagmo::pop_size_t>(ga.migrants)}},
                        pagmo::s_policy{pagmo::select_best{static_cast<pagmo::pop_size_t>(ga.migrants)}},
                        ga.seed + 104729u * static_cast<unsigned>(i + 1));
    }
    archi.wait_check();  // the initial populations are evaluated on construction
    const int rounds = (ga.generations + ga.migrationEvery - 1) / ga.migrationEvery;
    for (int k = 0; k < rounds; ++k) {
        archi.evolve(1);
        archi.wait_check();
        if (progress) progress("GA", k + 1, rounds);
    }
    const auto champX = archi.get_champions_x();
    const auto champF = archi.get_champions_f();
    out.islands.resize(champX.size());
    for (size_t i = 0; i < champX.size(); ++i) {
        out.islands[i].gaBest = shared->grid.values(champX[i]);
        out.islands[i].gaCost = champF[i][0];
        out.islands[i].refined = out.islands[i].gaBest;
        out.islands[i].refinedCost = out.islands[i].gaCost;
    }
    if (spec.hj.enabled) {
        std::vector<double> lo, hi, step;
        for (const auto& p : spec.parameters) {
            lo.push_back(p.min);
            hi.push_back(p.max);
            step.push_back(spec.hj.initial * p.resolution());
        }
        std::atomic<int> done{0};
        runParallel(
            static_cast<int>(out.islands.size()), jobs,
            [&](int i, std::atomic<double>&) {
                IslandOutcome& isl = out.islands[size_t(i)];
                std::atomic<long> evals{0};
                const HookeJeevesResult r = hookeJeeves(
                    [&](const std::vector<double>& x) {
                        ++evals;
                        return cost(x);
                    },
                    isl.gaBest, step, lo, hi, spec.hj.shrink, spec.hj.divisions, spec.hj.maxEvaluations);
                if (r.f < isl.gaCost) {
                    isl.refined = r.x;
                    isl.refinedCost = r.f;
                }
                isl.hjEvaluations = r.evaluations;
                shared->evaluations += evals;
                ++done;
            },
            [&](const StudyProgress& p) {
                if (progress) progress("Hooke-Jeeves", p.done, p.total);
            });
    }
    for (size_t i = 0; i < out.islands.size(); ++i)
        if (out.bestIsland < 0 || out.islands[i].refinedCost < out.bestCost) {
            out.bestIsland = static_cast<int>(i);
            out.bestCost = out.islands[i].refinedCost;
            out.best = out.islands[i].refined;
        }
    out.evaluations = shared->evaluations.load();
    out.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

}  // namespace hs::study
