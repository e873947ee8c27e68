// SPDX-License-Identifier: GPL-3.0-or-later
#include "identify.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
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
#ifdef HS_HAVE_NLOPT
#include <nlopt.h>
#endif

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

using Clock = std::chrono::steady_clock;

// Every cost evaluation of every optimizer goes through evaluate(): it counts them and, with the
// true values known, notes when the best point so far first lies within one resolution of them.
struct Shared {
    const IdentifyCost* cost;
    Grid grid;
    std::atomic<long> evaluations{0};
    std::vector<double> truth;
    Clock::time_point t0;
    std::mutex mutex;
    double best = INFINITY;
    long toTruth = -1;
    double secondsToTruth = -1;

    double evaluate(const std::vector<double>& values) {
        const double f = (*cost)(values);
        const long n = ++evaluations;
        if (truth.empty()) return f;
        std::lock_guard<std::mutex> lock(mutex);
        if (f < best) {
            best = f;
            bool within = true;
            for (size_t i = 0; i < values.size(); ++i) within = within && std::abs(values[i] - truth[i]) <= grid.res[i] * (1 + 1e-9);
            if (within && toTruth < 0) {
                toTruth = n;
                secondsToTruth = std::chrono::duration<double>(Clock::now() - t0).count();
            } else if (!within) {
                toTruth = -1;  // the best moved away again: count until it is back
                secondsToTruth = -1;
            }
        }
        return f;
    }
};

// The pagmo user-defined problem: copied into every island (basic thread safety), all copies
// pointing at one read-only cost.
struct GridProblem {
    std::shared_ptr<Shared> shared;
    pagmo::vector_double fitness(const pagmo::vector_double& genes) const {
        return {shared->evaluate(shared->grid.values(genes))};
    }
    std::pair<pagmo::vector_double, pagmo::vector_double> get_bounds() const {
        return {pagmo::vector_double(shared->grid.top.size(), 0.0), shared->grid.top};
    }
    pagmo::vector_double::size_type get_nix() const { return shared->grid.top.size(); }
    std::string get_name() const { return "HydroStiff identification"; }
};

// The GA islands (pagmo2): each island's champion.
std::vector<IslandOutcome> gaIslands(const IdentifySpec& spec, const std::shared_ptr<Shared>& shared,
                                     const std::function<void(const QString&, int, int)>& progress) {
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
    std::vector<IslandOutcome> islands(champX.size());
    for (size_t i = 0; i < champX.size(); ++i) {
        islands[i].gaBest = shared->grid.values(champX[i]);
        islands[i].gaCost = champF[i][0];
    }
    return islands;
}

#ifdef HS_HAVE_NLOPT
struct NloptData {
    Shared* shared;
};

double nloptCost(unsigned n, const double* x, double*, void* data) {
    Shared& s = *static_cast<NloptData*>(data)->shared;
    return s.evaluate(s.grid.values(pagmo::vector_double(x, x + n)));
}

// Independent starts of an NLopt global algorithm on worker threads, each one's best.
std::vector<IslandOutcome> nloptStarts(const IdentifySpec& spec, Shared& shared, int jobs, QString* error,
                                       const std::function<void(const QString&, int, int)>& progress) {
    const nlopt_algorithm alg = nlopt_algorithm_from_string(spec.nlopt.algorithm.toLatin1().constData());
    if (static_cast<int>(alg) < 0) {
        *error = "NLopt has no algorithm '" + spec.nlopt.algorithm + "'";
        return {};
    }
    const unsigned n = static_cast<unsigned>(shared.grid.top.size());
    std::vector<IslandOutcome> starts(size_t(spec.nlopt.starts));
    std::vector<QString> errors(starts.size());
    runParallel(
        spec.nlopt.starts, jobs,
        [&](int i, std::atomic<double>&) {
            // NLopt's random numbers are per thread (thread-local in Debian's build): seeded here.
            nlopt_srand(spec.nlopt.seed + static_cast<unsigned long>(i));
            nlopt_opt opt = nlopt_create(alg, n);
            std::vector<double> lo(n, 0.0), x(n);
            nlopt_set_lower_bounds(opt, lo.data());
            nlopt_set_upper_bounds(opt, shared.grid.top.data());
            NloptData data{&shared};
            nlopt_set_min_objective(opt, nloptCost, &data);
            nlopt_set_maxeval(opt, spec.nlopt.evaluations);
            if (spec.nlopt.population > 0) nlopt_set_population(opt, static_cast<unsigned>(spec.nlopt.population));
            // a start point spread over the box by the start's index (the global algorithms mostly sample their own)
            for (unsigned k = 0; k < n; ++k) x[k] = shared.grid.top[k] * (0.5 + 0.4 * std::sin(1.7 * (i + 1) + k));
            double f = INFINITY;
            const nlopt_result r = nlopt_optimize(opt, x.data(), &f);
            if (r < 0 && r != NLOPT_ROUNDOFF_LIMITED && r != NLOPT_FORCED_STOP)
                errors[size_t(i)] = QString("NLopt %1 failed (code %2)").arg(spec.nlopt.algorithm).arg(static_cast<int>(r));
            nlopt_destroy(opt);
            starts[size_t(i)].gaBest = shared.grid.values(x);
            starts[size_t(i)].gaCost = f;
        },
        [&](const StudyProgress& p) {
            if (progress) progress("NLopt", p.done, p.total);
        });
    for (const auto& e : errors)
        if (!e.isEmpty()) *error = e;
    return starts;
}
#endif

}  // namespace

bool haveNlopt() {
#ifdef HS_HAVE_NLOPT
    return true;
#else
    return false;
#endif
}

IdentifyResult identify(const model::Circuit& c, const sim::Registry& reg, const IdentifySpec& spec,
                        const MeasuredData& data, int jobs, std::function<void(const QString&, int, int)> progress,
                        const std::vector<double>& truth) {
    IdentifyResult out;
    const auto t0 = Clock::now();
    QString error;
    const IdentifyCost cost(c, reg, spec, data, &error);
    if (!error.isEmpty()) {
        out.error = error;
        return out;
    }
    auto shared = std::make_shared<Shared>();
    shared->cost = &cost;
    shared->t0 = t0;
    for (const auto& p : spec.parameters) {
        shared->grid.lo.push_back(p.min);
        shared->grid.res.push_back(p.resolution());
        shared->grid.top.push_back(std::ldexp(1.0, p.bits) - 1.0);
    }
    if (!truth.empty() && truth.size() != spec.parameters.size()) {
        out.error = QString("%1 true values given for %2 parameters").arg(truth.size()).arg(spec.parameters.size());
        return out;
    }
    shared->truth = truth;
    if (spec.optimizer == "nlopt") {
#ifdef HS_HAVE_NLOPT
        out.islands = nloptStarts(spec, *shared, jobs, &out.error, progress);
        if (!out.error.isEmpty()) return out;
        out.method = QString("NLopt %1, %2 starts x %3 evaluations").arg(spec.nlopt.algorithm).arg(spec.nlopt.starts).arg(spec.nlopt.evaluations);
#else
        out.error = "this build has no NLopt (Debian libnlopt-dev): use \"optimizer\": \"pagmo\"";
        return out;
#endif
    } else {
        out.islands = gaIslands(spec, shared, progress);
        out.method = QString("pagmo sga, %1 islands x %2, %3 generations").arg(spec.ga.islands).arg(spec.ga.population).arg(spec.ga.generations);
    }
    for (auto& isl : out.islands) {
        isl.refined = isl.gaBest;
        isl.refinedCost = isl.gaCost;
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
                const HookeJeevesResult r = hookeJeeves(
                    [&](const std::vector<double>& x) { return shared->evaluate(x); },
                    isl.gaBest, step, lo, hi, spec.hj.shrink, spec.hj.divisions, spec.hj.maxEvaluations);
                if (r.f < isl.gaCost) {
                    isl.refined = r.x;
                    isl.refinedCost = r.f;
                }
                isl.hjEvaluations = r.evaluations;
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
    out.evaluationsToTruth = shared->toTruth;
    out.secondsToTruth = shared->secondsToTruth;
    out.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

}  // namespace hs::study
