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
#ifdef HS_HAVE_NLOPT
#include <nlopt.h>
#endif

namespace hs::study {

namespace {

// The codec's operators (vectors, configurations), not hidden by this namespace's own.
using hs::study::operator<<;
using hs::study::operator>>;

using Clock = std::chrono::steady_clock;

// The parameters as integer genes 0 .. 2^bits - 1 (value = min + gene * resolution).
struct Grid {
    std::vector<double> lo, res, top;
    std::vector<double> values(const pagmo::vector_double& genes) const {
        std::vector<double> v(genes.size());
        for (size_t i = 0; i < genes.size(); ++i) v[i] = lo[i] + std::round(std::clamp(genes[i], 0.0, top[i])) * res[i];
        return v;
    }
};

// What every optimizer's evaluations read: the cost, the grid and (synthetic data) the truth.
struct Shared {
    const IdentifyCost* cost;
    Grid grid;
    std::vector<double> truth;
    // Whether values lie within one resolution of the truth in every parameter.
    bool within(const std::vector<double>& values) const {
        for (size_t i = 0; i < values.size(); ++i)
            if (!(std::abs(values[i] - truth[i]) <= grid.res[i] * (1 + 1e-9))) return false;
        return true;
    }
};

// An evaluation of one job that improved on the best so far (the phase's best when the job
// began, then the job's own): its 1-based index among the job's evaluations in the phase.
struct Improvement {
    qint64 index = 0;
    double f = 0;
    bool within = false;
};
QDataStream& operator<<(QDataStream& s, const Improvement& v) { return s << v.index << v.f << v.within; }
QDataStream& operator>>(QDataStream& s, Improvement& v) { return s >> v.index >> v.f >> v.within; }

// Every cost evaluation of every optimizer goes through evaluate() of its job's log (one job, one
// thread at a time): it counts them and, with the truth known, notes the improvements.
struct EvaluationLog {
    const Shared* shared = nullptr;
    qint64 count = 0;
    double best = INFINITY;
    std::vector<Improvement> improvements;

    void begin(double phaseBest) {
        count = 0;
        best = phaseBest;
        improvements.clear();
    }
    double evaluate(const std::vector<double>& values) {
        const double f = (*shared->cost)(values);
        ++count;
        if (!shared->truth.empty() && f < best) {
            best = f;
            improvements.push_back({count, f, shared->within(values)});
        }
        return f;
    }
};

// The evaluations until the best point is within one resolution of the truth, counted over the
// phases in order (GA rounds, NLopt starts, Hooke-Jeeves), within a phase as if its jobs
// advanced in step: job i's j-th evaluation comes after every job's (j-1)-th and after the j-th
// of jobs before i. Every process sees the same jobs' logs, so every one counts the same.
struct TruthCount {
    bool active = false;
    double best = INFINITY;  // the least cost of every phase so far
    long evaluations = 0;
    long toTruth = -1;
    double secondsToTruth = -1;

    // counts[i], improvements[i]: job i's; from, to: the phase's wall time [s since the start].
    void phase(const std::vector<qint64>& counts, const std::vector<std::vector<Improvement>>& improvements, double from,
               double to) {
        long total = 0;
        for (qint64 n : counts) total += static_cast<long>(n);
        if (active) {
            struct Item {
                qint64 index;
                size_t job;
                Improvement imp;
            };
            std::vector<Item> items;
            for (size_t i = 0; i < improvements.size(); ++i)
                for (const Improvement& imp : improvements[i]) items.push_back({imp.index, i, imp});
            std::stable_sort(items.begin(), items.end(),
                             [](const Item& a, const Item& b) { return a.index != b.index ? a.index < b.index : a.job < b.job; });
            for (const Item& it : items) {
                if (!(it.imp.f < best)) continue;
                best = it.imp.f;
                if (it.imp.within && toTruth < 0) {
                    long before = 0;  // the phase's evaluations ahead of this one
                    for (size_t i = 0; i < counts.size(); ++i)
                        before += static_cast<long>(std::min(counts[i], it.index - (i < it.job ? 0 : 1)));
                    toTruth = evaluations + before + 1;
                    secondsToTruth = from + (to - from) * double(before + 1) / double(std::max(1L, total));
                } else if (!it.imp.within) {
                    toTruth = -1;  // the best moved away again: count until it is back
                    secondsToTruth = -1;
                }
            }
        }
        evaluations += total;
    }
};

// The pagmo user-defined problem: copied into an island's population (and the population
// evolve() returns), all copies pointing at one read-only cost and at the island's log.
struct GridProblem {
    std::shared_ptr<const Shared> shared;
    std::shared_ptr<EvaluationLog> log;
    pagmo::vector_double fitness(const pagmo::vector_double& genes) const { return {log->evaluate(shared->grid.values(genes))}; }
    std::pair<pagmo::vector_double, pagmo::vector_double> get_bounds() const {
        return {pagmo::vector_double(shared->grid.top.size(), 0.0), shared->grid.top};
    }
    pagmo::vector_double::size_type get_nix() const { return shared->grid.top.size(); }
    std::string get_name() const { return "HydroStiff identification"; }
};

// An island after a round, as every process sees it: its population, its champion so far, the
// cost evaluations of the round and their improvements.
struct IslandSnapshot {
    std::vector<pagmo::vector_double> x, f;
    pagmo::vector_double champX, champF;
    qint64 evaluations = 0;
    std::vector<Improvement> improvements;
};
QDataStream& operator<<(QDataStream& s, const IslandSnapshot& v) {
    return s << v.x << v.f << v.champX << v.champF << v.evaluations << v.improvements;
}
QDataStream& operator>>(QDataStream& s, IslandSnapshot& v) {
    return s >> v.x >> v.f >> v.champX >> v.champF >> v.evaluations >> v.improvements;
}

IslandSnapshot snapshot(const pagmo::population& pop, const EvaluationLog& log) {
    return {pop.get_x(), pop.get_f(), pop.champion_x(), pop.champion_f(), log.count, log.improvements};
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

// One job's best point (a GA island's champion, an NLopt start's result, a Hooke-Jeeves
// refinement), as bytes for runDistributed(), with the job's evaluations.
struct JobResult {
    std::vector<double> x;
    double f = 0;
    qint64 evaluations = 0;
    std::vector<Improvement> improvements;
    QString error;
};
QDataStream& operator<<(QDataStream& s, const JobResult& v) { return s << v.x << v.f << v.evaluations << v.improvements << v.error; }
QDataStream& operator>>(QDataStream& s, JobResult& v) { return s >> v.x >> v.f >> v.evaluations >> v.improvements >> v.error; }

using Progress = std::function<void(const QString&, int, int)>;

double secondsSince(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The GA islands (pagmo2's sga): each island's champion. The islands evolve in rounds of
// migration_every generations, in parallel (threads, and ranks: island i on process i % size);
// migration between rounds is decided from every island's snapshot. Each island's population
// and algorithm (with its random state) live on its own process; the rounds make the result
// independent of threads and ranks.
std::vector<IslandOutcome> gaIslands(const IdentifySpec& spec, const std::shared_ptr<const Shared>& shared, int jobs,
                                     const Progress& progress, RunDistribution* dist, TruthCount& count, Clock::time_point t0) {
    const GaSettings& ga = spec.ga;
    double meanBits = 0;
    for (const auto& p : spec.parameters) meanBits += p.bits / static_cast<double>(spec.parameters.size());
    const size_t islands = static_cast<size_t>(std::max(1, ga.islands));
    std::vector<pagmo::algorithm> algo;
    std::vector<pagmo::population> pop(islands);
    std::vector<std::shared_ptr<EvaluationLog>> logs(islands);
    for (size_t i = 0; i < islands; ++i) {
        const double pc = ga.pc[i % ga.pc.size()];
        const double pmBit = ga.pm[i % ga.pm.size()];
        const double pm = std::min(1.0, pmBit * meanBits);
        algo.emplace_back(pagmo::sga(static_cast<unsigned>(ga.migrationEvery), pc, 1.0, pm, 1.0, 2u, "single", "uniform",
                                     "tournament", ga.seed + 7919u * static_cast<unsigned>(i)));
        logs[i] = std::make_shared<EvaluationLog>();
        logs[i]->shared = shared.get();
    }
    std::vector<IslandSnapshot> snaps(islands);
    const int rounds = (ga.generations + ga.migrationEvery - 1) / ga.migrationEvery;
    for (int k = 0; k <= rounds; ++k) {  // round 0: the initial populations, evaluated
        const double from = secondsSince(t0);
        const std::vector<QByteArray> bytes = runDistributed(
            static_cast<int>(islands), jobs,
            [&](int i, std::atomic<double>&) {
                const size_t ii = size_t(i);
                logs[ii]->begin(count.best);
                if (k == 0) {
                    pop[ii] = pagmo::population{pagmo::problem{GridProblem{shared, logs[ii]}},
                                                static_cast<pagmo::population::size_type>(ga.population),
                                                ga.seed + 104729u * static_cast<unsigned>(i + 1)};
                } else {
                    migrate(pop[ii], i, snaps, ga.migrants);
                    pop[ii] = algo[ii].evolve(pop[ii]);
                }
                return encode(snapshot(pop[ii], *logs[ii]));
            },
            {}, dist);
        std::vector<qint64> counts(islands);
        std::vector<std::vector<Improvement>> improvements(islands);
        for (size_t i = 0; i < islands; ++i) {
            snaps[i] = decode<IslandSnapshot>(bytes[i]);
            counts[i] = snaps[i].evaluations;
            improvements[i] = snaps[i].improvements;
        }
        count.phase(counts, improvements, from, secondsSince(t0));
        if (progress && k > 0) progress("GA", k, rounds);
    }
    std::vector<IslandOutcome> out(islands);
    for (size_t i = 0; i < islands; ++i) {
        out[i].gaBest = shared->grid.values(snaps[i].champX);
        out[i].gaCost = snaps[i].champF[0];
    }
    return out;
}

#ifdef HS_HAVE_NLOPT
double nloptCost(unsigned n, const double* x, double*, void* data) {
    EvaluationLog& log = *static_cast<EvaluationLog*>(data);
    return log.evaluate(log.shared->grid.values(pagmo::vector_double(x, x + n)));
}

// Independent starts of an NLopt global algorithm, spread over threads and ranks as the GA's
// islands are; each start's best.
std::vector<IslandOutcome> nloptStarts(const IdentifySpec& spec, const Shared& shared, int jobs, QString* error,
                                       const Progress& progress, RunDistribution* dist, TruthCount& count, Clock::time_point t0) {
    // Looked up by name among NLopt's algorithms: nlopt_algorithm_from_string() returns -1 for an
    // unknown name, which is not a value of the enum (UBSan reports the load).
    int index = -1;
    for (int a = 0; a < NLOPT_NUM_ALGORITHMS; ++a)
        if (spec.nlopt.algorithm == QLatin1String(nlopt_algorithm_to_string(static_cast<nlopt_algorithm>(a)))) index = a;
    if (index < 0) {
        *error = "NLopt has no algorithm '" + spec.nlopt.algorithm + "'";
        return {};
    }
    const nlopt_algorithm alg = static_cast<nlopt_algorithm>(index);
    const unsigned n = static_cast<unsigned>(shared.grid.top.size());
    const double from = secondsSince(t0);
    const std::vector<QByteArray> bytes = runDistributed(
        spec.nlopt.starts, jobs,
        [&](int i, std::atomic<double>&) {
            // NLopt's random numbers are per thread (thread-local in Debian's build): seeded here.
            nlopt_srand(spec.nlopt.seed + static_cast<unsigned long>(i));
            nlopt_opt opt = nlopt_create(alg, n);
            std::vector<double> lo(n, 0.0), x(n);
            nlopt_set_lower_bounds(opt, lo.data());
            nlopt_set_upper_bounds(opt, shared.grid.top.data());
            EvaluationLog log;
            log.shared = &shared;
            log.begin(count.best);
            nlopt_set_min_objective(opt, nloptCost, &log);
            nlopt_set_maxeval(opt, spec.nlopt.evaluations);
            if (spec.nlopt.population > 0) nlopt_set_population(opt, static_cast<unsigned>(spec.nlopt.population));
            // a start point spread over the box by the start's index (the global algorithms mostly sample their own)
            for (unsigned k = 0; k < n; ++k) x[k] = shared.grid.top[k] * (0.5 + 0.4 * std::sin(1.7 * (i + 1) + k));
            double f = INFINITY;
            const nlopt_result r = nlopt_optimize(opt, x.data(), &f);
            JobResult res{shared.grid.values(x), f, log.count, log.improvements, {}};
            if (r < 0 && r != NLOPT_ROUNDOFF_LIMITED && r != NLOPT_FORCED_STOP)
                res.error = QString("NLopt %1 failed (code %2)").arg(spec.nlopt.algorithm).arg(static_cast<int>(r));
            nlopt_destroy(opt);
            return encode(res);
        },
        [&](const StudyProgress& p) {
            if (progress) progress("NLopt", p.done, p.total);
        },
        dist);
    std::vector<IslandOutcome> starts(bytes.size());
    std::vector<qint64> counts(bytes.size());
    std::vector<std::vector<Improvement>> improvements(bytes.size());
    for (size_t i = 0; i < bytes.size(); ++i) {
        const JobResult r = decode<JobResult>(bytes[i]);
        starts[i].gaBest = r.x;
        starts[i].gaCost = r.f;
        counts[i] = r.evaluations;
        improvements[i] = r.improvements;
        if (!r.error.isEmpty()) *error = r.error;
    }
    count.phase(counts, improvements, from, secondsSince(t0));
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
                        const std::vector<double>& truth, RunDistribution* dist) {
    IdentifyResult out;
    const auto t0 = Clock::now();
    QString error;
    const IdentifyCost cost(c, reg, spec, data, &error);
    if (!error.isEmpty()) {
        out.error = error;
        return out;
    }
    if (!truth.empty() && truth.size() != spec.parameters.size()) {
        out.error = QString("%1 true values given for %2 parameters").arg(truth.size()).arg(spec.parameters.size());
        return out;
    }
    auto shared = std::make_shared<Shared>();
    shared->cost = &cost;
    shared->truth = truth;
    for (const auto& p : spec.parameters) {
        shared->grid.lo.push_back(p.min);
        shared->grid.res.push_back(p.resolution());
        shared->grid.top.push_back(std::ldexp(1.0, p.bits) - 1.0);
    }
    TruthCount count;
    count.active = !truth.empty();
    if (spec.optimizer == "nlopt") {
#ifdef HS_HAVE_NLOPT
        out.islands = nloptStarts(spec, *shared, jobs, &out.error, progress, dist, count, t0);
        if (!out.error.isEmpty()) return out;
        out.method = QString("NLopt %1, %2 starts x %3 evaluations").arg(spec.nlopt.algorithm).arg(spec.nlopt.starts).arg(spec.nlopt.evaluations);
#else
        (void)dist;
        out.error = "this build has no NLopt (Debian libnlopt-dev): use \"optimizer\": \"pagmo\"";
        return out;
#endif
    } else {
        out.islands = gaIslands(spec, shared, jobs, progress, dist, count, t0);
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
        const double from = secondsSince(t0);
        const std::vector<QByteArray> bytes = runDistributed(
            static_cast<int>(out.islands.size()), jobs,
            [&](int i, std::atomic<double>&) {
                EvaluationLog log;
                log.shared = shared.get();
                log.begin(count.best);
                const HookeJeevesResult r = hookeJeeves([&](const std::vector<double>& x) { return log.evaluate(x); },
                                                        out.islands[size_t(i)].gaBest, step, lo, hi, spec.hj.shrink,
                                                        spec.hj.divisions, spec.hj.maxEvaluations);
                return encode(JobResult{r.x, r.f, log.count, log.improvements, {}});
            },
            [&](const StudyProgress& p) {
                if (progress) progress("Hooke-Jeeves", p.done, p.total);
            },
            dist);
        std::vector<qint64> counts(bytes.size());
        std::vector<std::vector<Improvement>> improvements(bytes.size());
        for (size_t i = 0; i < bytes.size(); ++i) {
            const JobResult r = decode<JobResult>(bytes[i]);
            IslandOutcome& isl = out.islands[i];
            if (r.f < isl.gaCost) {
                isl.refined = r.x;
                isl.refinedCost = r.f;
            }
            isl.hjEvaluations = static_cast<int>(r.evaluations);
            counts[i] = r.evaluations;
            improvements[i] = r.improvements;
        }
        count.phase(counts, improvements, from, secondsSince(t0));
    }
    for (size_t i = 0; i < out.islands.size(); ++i)
        if (out.bestIsland < 0 || out.islands[i].refinedCost < out.bestCost) {
            out.bestIsland = static_cast<int>(i);
            out.bestCost = out.islands[i].refinedCost;
            out.best = out.islands[i].refined;
        }
    out.evaluations = count.evaluations;
    out.evaluationsToTruth = count.toTruth;
    out.secondsToTruth = count.secondsToTruth;
    out.wallSeconds = secondsSince(t0);
    return out;
}

}  // namespace hs::study
