// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisor.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>

#include "pareto.h"
#include "service/comparison.h"
#include "service/stiffness_guidance.h"
#include "sim/metrics.h"
#include "sim/registry.h"

namespace hs::study {

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

// Largest RRMSE over the chosen probes of other against ref (infinity if one is missing).
double probeError(const sim::Trace& ref, const sim::Trace& other, const QStringList& probes) {
    const std::vector<sim::ProbeError> errs = sim::compareTraces(ref, other);
    double worst = 0;
    for (const QString& p : probes) {
        auto it = std::find_if(errs.begin(), errs.end(), [&](const sim::ProbeError& e) { return e.name == p.toStdString(); });
        if (it == errs.end() || !std::isfinite(it->rrmse)) return INFINITY;
        worst = std::max(worst, it->rrmse);
    }
    return worst;
}

// What the search shares between its worker threads.
struct Search {
    const model::Circuit& circuit;
    const sim::Registry& reg;
    const AdvisorOptions& opt;
    const sim::Trace& refTrace;
    QStringList probes;
    Clock::time_point deadline;
    double slowest = INFINITY;  // a short run past this wall time is stopped [s]
    std::mutex mutex;
    std::vector<AdvisorRun> runs;

    bool outOfTime() const { return Clock::now() >= deadline || (opt.stop && opt.stop->load()); }

    // The least wall time of a short run within the bound so far: a run three times slower
    // cannot win, and is stopped (its rung then counts as too slow, not as inaccurate).
    double bestPassWall = INFINITY;
    double limit() {
        std::lock_guard<std::mutex> lock(mutex);
        return std::min(slowest, 3.0 * bestPassWall + 0.02);
    }

    // Runs cfg over `span` seconds; stopped when slower than `limit` wall seconds, past the
    // deadline (unless ignoreDeadline), or when the caller stops.
    AdvisorRun run(const model::SolverConfigDoc& cfg, const QString& family, double span, double limit,
                   std::atomic<double>* fraction, bool ignoreDeadline = false) {
        AdvisorRun r;
        r.config = cfg;
        r.family = family;
        std::atomic<bool> stop{false};
        const auto t0 = Clock::now();
        bool tooSlow = false;
        const sim::RunResult res = service::runConfiguration(circuit, cfg, reg, span, &stop, [&](double t) {
            if (fraction) fraction->store(t / span, std::memory_order_relaxed);
            if (seconds(t0, Clock::now()) > limit) {
                tooSlow = true;
                stop.store(true);
            } else if (ignoreDeadline ? (opt.stop && opt.stop->load()) : outOfTime()) {
                stop.store(true);
            }
        });
        r.cpu = res.cpuSeconds;
        r.wall = res.wallSeconds;
        r.steps = res.steps;
        r.ok = res.ok && !res.stopped;
        if (r.ok) {
            r.error = probeError(refTrace, res.trace, probes);
            r.withinBound = r.error <= opt.errorBound;
        } else if (tooSlow) {
            r.tooSlow = true;
            r.failure = QString("stopped: slower than %1 s of wall time").arg(limit, 0, 'g', 3);
        } else if (res.stopped) {
            r.failure = "stopped: the search's time budget ran out";
        } else {
            r.failure = QString::fromStdString(res.error);
        }
        return r;
    }
};

// The cheapest passing rung of a family on the short span: bisection along the ladder (the
// rungs below a passing one are assumed to pass, those above a failing one to fail).
void searchFamily(Search& s, const AdvisorFamily& f, const std::vector<AdvisorVolume>& volumes, double span,
                  std::atomic<double>& fraction) {
    int lo = -1, hi = static_cast<int>(f.ladder.size());
    const int rounds = static_cast<int>(std::ceil(std::log2(f.ladder.size() + 1.0)));
    int round = 0;
    while (hi - lo > 1 && !s.outOfTime()) {
        const int mid = (lo + hi) / 2;
        const model::SolverConfigDoc cfg = familyConfig(f, f.ladder[size_t(mid)], volumes, span);
        AdvisorRun r = s.run(cfg, f.label, span, s.limit(), nullptr);
        const bool pass = r.ok && r.error <= s.opt.pruneSlack * s.opt.errorBound;
        const bool tooSlow = r.tooSlow;  // a cheaper (larger) rung may still pass
        {
            std::lock_guard<std::mutex> lock(s.mutex);
            if (pass) s.bestPassWall = std::min(s.bestPassWall, r.wall);
            s.runs.push_back(std::move(r));
        }
        (pass || tooSlow ? lo : hi) = mid;
        fraction.store(std::min(1.0, double(++round) / std::max(1, rounds)), std::memory_order_relaxed);
    }
}

}  // namespace

AdvisorResult advise(const model::Circuit& c, const sim::Registry& reg, const AdvisorOptions& opt) {
    AdvisorResult out;
    const auto t0 = Clock::now();
    const model::SolverConfigDoc* refCfg = c.reference();
    if (!refCfg) {
        out.error = "the circuit has no reference configuration: the advisor measures errors against it";
        return out;
    }
    out.reference = refCfg->name;
    out.duration = c.duration;
    out.span = c.duration * std::clamp(opt.spanFraction, 0.01, 1.0);
    auto report = [&](const QString& phase, int done, int total, double completed) {
        if (!opt.progress) return;
        StudyProgress p;
        p.total = total;
        p.done = done;
        p.completed = completed;
        p.elapsed = seconds(t0, Clock::now());
        p.eta = std::max(0.0, opt.budget - p.elapsed);  // the budget bounds what is left
        opt.progress(phase, p);
    };

    // 1. The reference, and the volumes' stiffness along a run.
    report("reference", 0, 1, 0);
    const sim::RunResult ref = service::runConfiguration(c, *refCfg, reg, c.duration, opt.stop);
    if (!ref.ok) {
        out.error = "the reference configuration '" + refCfg->name + "' failed: " + QString::fromStdString(ref.error);
        return out;
    }
    for (size_t k = 0; k < ref.trace.names.size(); ++k) {
        if (!ref.trace.compared(k)) continue;
        const QString n = QString::fromStdString(ref.trace.names[k]);
        if (opt.probes.isEmpty()) out.probes << n;
    }
    for (const QString& p : opt.probes) {
        if (ref.trace.column(p.toStdString()) < 0 || !ref.trace.compared(size_t(ref.trace.column(p.toStdString())))) {
            QStringList names;
            for (size_t k = 0; k < ref.trace.names.size(); ++k)
                if (ref.trace.compared(k)) names << QString::fromStdString(ref.trace.names[k]);
            out.error = "no probe '" + p + "' to compare; the probes are: " + names.join(", ");
            return out;
        }
        out.probes << p;
    }
    AdvisorRun refRun;
    refRun.config = *refCfg;
    refRun.family = "reference";
    refRun.ok = true;
    refRun.error = 0;
    refRun.withinBound = true;
    refRun.cpu = ref.cpuSeconds;
    refRun.wall = ref.wallSeconds;
    refRun.steps = ref.steps;
    out.fullRuns.push_back(refRun);

    std::vector<AdvisorVolume> volumes;
    const service::Guidance g = service::guideConfiguration(c, reg, refCfg->name);
    if (g.ok) {
        for (const auto& v : g.volumes) volumes.push_back({QString::fromStdString(v.stiffness.name), v.stiffness});
        std::stable_sort(volumes.begin(), volumes.end(),
                         [](const AdvisorVolume& a, const AdvisorVolume& b) { return a.stiffness.tauMin < b.stiffness.tauMin; });
    } else {
        out.notes << "no stiffness guidance (" + (g.error.isEmpty() ? g.runNote : g.error) +
                         "): the volumes are tried in file order";
        for (const auto& comp : c.components) {
            const sim::ComponentSpec* spec = reg.find(comp.type.toStdString());
            if (spec && spec->hostsPressureMethod) volumes.push_back({comp.id, {}});
        }
    }

    // 2. The families on the short span.
    SpaceOptions space = opt.space;
    if (space.minStep <= 0) space.minStep = refCfg->dt;
    if (space.maxStep <= 0) space.maxStep = std::max({c.recordInterval, c.duration / 100, space.minStep * 10});
    const std::vector<AdvisorFamily> families = advisorFamilies(reg, volumes, space);
    out.families = static_cast<int>(families.size());
    Search s{c, reg, opt, ref.trace, out.probes, t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(opt.budget)), INFINITY, {}, {}};
    // A configuration slower than the reference over the span cannot win; 2x and 0.05 s of slack
    // for the noise of shared cores.
    s.slowest = 2.0 * ref.wallSeconds * out.span / c.duration + 0.05;
    // The search gets at most 70 % of the budget; the confirmation the rest.
    const auto searchDeadline = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(0.7 * opt.budget));
    s.deadline = searchDeadline;
    runParallel(
        static_cast<int>(families.size()), opt.jobs,
        [&](int i, std::atomic<double>& fraction) { searchFamily(s, families[size_t(i)], volumes, out.span, fraction); },
        [&](const StudyProgress& p) { report("search", p.done, p.total, p.completed); });
    out.shortRuns = s.runs;
    if (Clock::now() >= searchDeadline) out.notes << "the search reached 70 % of the budget before every family was searched";

    // 3. Confirmation: the cheapest passing rung of each family (short runs) over the duration.
    std::vector<const AdvisorRun*> best;  // per family, its cheapest passing run
    for (const auto& r : out.shortRuns) {
        if (!r.ok || r.error > opt.pruneSlack * opt.errorBound) continue;
        auto it = std::find_if(best.begin(), best.end(), [&](const AdvisorRun* b) { return b->family == r.family; });
        if (it == best.end()) best.push_back(&r);
        else if (r.cpu < (*it)->cpu) *it = &r;
    }
    std::stable_sort(best.begin(), best.end(), [](const AdvisorRun* a, const AdvisorRun* b) { return a->cpu < b->cpu; });
    std::vector<model::SolverConfigDoc> toConfirm;
    std::vector<QString> confirmFamily;
    for (size_t i = 0; i < best.size() && static_cast<int>(i) < std::max(1, opt.confirm); ++i) {
        toConfirm.push_back(best[i]->config);
        confirmFamily.push_back(best[i]->family);
    }
    s.deadline = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(opt.budget));
    s.slowest = 2.0 * ref.wallSeconds + 0.1;
    auto confirmAll = [&](const std::vector<model::SolverConfigDoc>& cfgs, const std::vector<QString>& fams, const QString& phase) {
        std::vector<AdvisorRun> runs(cfgs.size());
        std::vector<char> skipped(cfgs.size(), 0);
        runParallel(
            static_cast<int>(cfgs.size()), opt.jobs,
            [&](int i, std::atomic<double>& fraction) {
                // The first always runs to its end (the budget may be spent): there is then a result.
                if (i > 0 && s.outOfTime()) {
                    skipped[size_t(i)] = 1;
                    return;
                }
                runs[size_t(i)] = s.run(cfgs[size_t(i)], fams[size_t(i)], c.duration, s.slowest, &fraction, i == 0);
            },
            [&](const StudyProgress& p) { report(phase, p.done, p.total, p.completed); });
        const long left = std::count(skipped.begin(), skipped.end(), 1);
        if (left) out.notes << QString("%1: %2 of %3 not run, the time budget ran out").arg(phase).arg(left).arg(cfgs.size());
        for (size_t i = 0; i < runs.size(); ++i)
            if (!skipped[i]) out.fullRuns.push_back(std::move(runs[i]));
    };
    confirmAll(toConfirm, confirmFamily, "confirm");
    // One rung lower for those that missed the bound over the whole duration.
    std::vector<model::SolverConfigDoc> retry;
    std::vector<QString> retryFamily;
    const bool anyWithin = std::any_of(out.fullRuns.begin() + 1, out.fullRuns.end(), [](const AdvisorRun& r) { return r.withinBound; });
    for (size_t i = 1; i < out.fullRuns.size() && !anyWithin; ++i) {
        const AdvisorRun& r = out.fullRuns[i];
        if (r.withinBound) continue;
        auto f = std::find_if(families.begin(), families.end(), [&](const AdvisorFamily& x) { return x.label == r.family; });
        if (f == families.end()) continue;
        const double rung = f->adaptive ? r.config.rtol : r.config.dt;
        auto at = std::find(f->ladder.begin(), f->ladder.end(), rung);
        if (at == f->ladder.begin() || at == f->ladder.end()) continue;
        retry.push_back(familyConfig(*f, *(at - 1), volumes, c.duration));
        retryFamily.push_back(f->label);
    }
    if (!retry.empty() && !s.outOfTime()) confirmAll(retry, retryFamily, "confirm (one rung lower)");

    if (opt.withFileConfigs) {
        std::vector<model::SolverConfigDoc> own;
        std::vector<QString> fams;
        for (const auto& cfg : c.configs)
            if (!cfg.reference) {
                own.push_back(cfg);
                fams.push_back("file");
            }
        s.deadline = Clock::time_point::max();  // the comparison is the point: run them all
        s.slowest = INFINITY;
        confirmAll(own, fams, "file configurations");
    }

    // CPU times of runs a few milliseconds long vary by tens of per cent on shared cores: the
    // fastest few within the bound are timed again, one after the other, keeping each one's least.
    // The file's own configurations (--with-file-configs) the same way, so that both compare.
    s.deadline = Clock::time_point::max();
    for (const bool file : {false, true}) {
        std::vector<size_t> within;
        for (size_t i = 1; i < out.fullRuns.size(); ++i)
            if (out.fullRuns[i].ok && out.fullRuns[i].withinBound && (out.fullRuns[i].family == "file") == file) within.push_back(i);
        std::stable_sort(within.begin(), within.end(), [&](size_t a, size_t b) { return out.fullRuns[a].cpu < out.fullRuns[b].cpu; });
        for (size_t k = 0; k < within.size() && k < size_t(std::max(0, opt.retime)); ++k) {
            AdvisorRun& r = out.fullRuns[within[k]];
            for (int rep = 0; rep < opt.repeats; ++rep) {
                const AdvisorRun again = s.run(r.config, r.family, c.duration, INFINITY, nullptr);
                if (again.ok) {
                    r.cpu = std::min(r.cpu, again.cpu);
                    r.wall = std::min(r.wall, again.wall);
                }
            }
        }
    }

    // 4. The front and the winner (the reference is the fallback: within the bound by definition).
    std::vector<CostError> pts;
    for (const auto& r : out.fullRuns) pts.push_back({r.ok ? r.cpu : INFINITY, r.ok ? r.error : INFINITY});
    out.front = paretoFront(pts);
    for (int i = 0; i < static_cast<int>(out.fullRuns.size()); ++i) {
        const AdvisorRun& r = out.fullRuns[size_t(i)];
        if (!r.ok || !r.withinBound || r.family == "file") continue;
        if (out.winner < 0 || r.cpu < out.fullRuns[size_t(out.winner)].cpu) out.winner = i;
    }
    if (out.winner == 0) out.notes << "no configuration found was faster than the reference within the bound";
    out.elapsed = seconds(t0, Clock::now());
    return out;
}

}  // namespace hs::study
