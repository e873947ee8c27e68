// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisor.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <optional>

#include "pareto.h"
#include "service/comparison.h"
#include "service/stiffness_guidance.h"
#include "sim/metrics.h"
#include "sim/registry.h"
#include "sim/thread_cpu.h"
#include "study_codec.h"

namespace hs::study {

// An advisor run as bytes (for runDistributed()).
QDataStream& operator<<(QDataStream& s, const AdvisorRun& r) {
    return s << r.config << r.family << r.ok << r.failure << r.error << r.cpu << r.wall << qint64(r.steps) << r.withinBound
             << r.tooSlow;
}
QDataStream& operator>>(QDataStream& s, AdvisorRun& r) {
    qint64 steps = 0;
    s >> r.config >> r.family >> r.ok >> r.failure >> r.error >> r.cpu >> r.wall >> steps >> r.withinBound >> r.tooSlow;
    r.steps = steps;
    return s;
}

namespace {

// The codec's operators (vectors, configurations), not hidden by this namespace's own.
using hs::study::operator<<;
using hs::study::operator>>;

// What one family's bisection leaves: its passing rung (or -1, or -2 when skipped for the
// budget) and the runs it made, in order.
struct FamilyOutcome {
    qint32 pass = -1;
    std::vector<AdvisorRun> runs;
};
QDataStream& operator<<(QDataStream& s, const FamilyOutcome& o) { return s << o.pass << o.runs; }
QDataStream& operator>>(QDataStream& s, FamilyOutcome& o) { return s >> o.pass >> o.runs; }

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

// One stage of the search: the span the runs cover, the error that passes, the CPU time past
// which a run is stopped (CPU time of the run's thread: on a loaded machine wall times grow with
// the load and would stop runs that could win). Shared by the families' worker threads.
struct Stage {
    double span = 0;
    double passError = 0;
    double slowest = INFINITY;  // a configuration slower than the reference over the span cannot win
    // The least CPU time of a passing run so far: a run three times slower cannot win either, and
    // is stopped (its rung then counts as too slow, not as inaccurate).
    double bestPassCpu = INFINITY;
};

// What the search shares between its worker threads.
struct Search {
    const model::Circuit& circuit;
    const sim::Registry& reg;
    const AdvisorOptions& opt;
    const sim::Trace& refTrace;
    QStringList probes;
    Clock::time_point deadline;
    std::mutex mutex;

    bool outOfTime() const { return Clock::now() >= deadline || (opt.stop && opt.stop->load()); }

    double limit(const Stage& st) {
        std::lock_guard<std::mutex> lock(mutex);
        return std::min(st.slowest, 3.0 * st.bestPassCpu + 0.02);
    }

    // Runs cfg over `span` seconds; stopped when slower than `limit` CPU seconds, past the
    // deadline (unless ignoreDeadline), or when the caller stops.
    // Runs already made, by what they ran (two families can reach one configuration: the
    // guidance may integrate every volume at a step): a repeat costs nothing and is not listed twice.
    std::map<QString, AdvisorRun> done;

    static QString signature(const model::SolverConfigDoc& cfg, double span) {
        QString k = cfg.stepper + "|" + QString::number(cfg.dt, 'g', 17) + "|" + QString::number(cfg.rtol, 'g', 17) + "|" +
                    QString::number(cfg.atol, 'g', 17) + "|" + QString::number(span, 'g', 17);
        for (const auto& [id, m] : cfg.methods) {
            k += "|" + id + ":" + m.method;
            for (const auto& [n, v] : m.params) k += "," + n + "=" + QString::number(v, 'g', 17);
        }
        return k;
    }

    // A finished run of the same configuration over the same span, if any (not one stopped as
    // too slow: the limit may have been lower then).
    std::optional<AdvisorRun> seen(const model::SolverConfigDoc& cfg, double span) {
        std::lock_guard<std::mutex> lock(mutex);
        auto it = done.find(signature(cfg, span));
        if (it == done.end() || it->second.tooSlow) return std::nullopt;
        return it->second;
    }
    void remember(const AdvisorRun& r, double span) {
        std::lock_guard<std::mutex> lock(mutex);
        done[signature(r.config, span)] = r;
    }

    AdvisorRun run(const model::SolverConfigDoc& cfg, const QString& family, double span, double limit,
                   bool ignoreDeadline = false) {
        AdvisorRun r;
        r.config = cfg;
        r.family = family;
        std::atomic<bool> stop{false};
        // the progress callback runs on the thread that simulates
        const double cpu0 = sim::threadCpuSeconds();
        bool tooSlow = false;
        const sim::RunResult res = service::runConfiguration(circuit, cfg, reg, span, &stop, [&](double) {
            if (sim::threadCpuSeconds() - cpu0 > limit) {
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
            r.failure = QString("stopped: slower than %1 s of CPU time").arg(limit, 0, 'g', 3);
        } else if (res.stopped) {
            r.failure = "stopped: the search's time budget ran out";
        } else {
            r.failure = QString::fromStdString(res.error);
        }
        return r;
    }

    // The cheapest passing rung of a family among ladder[0 .. top]: a bisection (the rungs below
    // a passing one are taken to pass, those above a failing one to fail; a rung too slow sends
    // the search to cheaper rungs). Returns its index, or -1.
    int bisect(Stage& st, const AdvisorFamily& f, const std::vector<AdvisorVolume>& volumes, int top,
               std::atomic<double>& fraction, bool ignoreDeadline, std::vector<AdvisorRun>& runs) {
        int lo = -1, hi = top + 1, best = -1;
        const int rounds = std::max(1, static_cast<int>(std::ceil(std::log2(top + 2.0))));
        int round = 0;
        while (hi - lo > 1 && (ignoreDeadline || !outOfTime())) {
            const int mid = (lo + hi) / 2;
            const model::SolverConfigDoc cfg = familyConfig(f, f.ladder[size_t(mid)], volumes, st.span);
            const std::optional<AdvisorRun> before = seen(cfg, st.span);
            AdvisorRun r = before ? *before : run(cfg, f.label, st.span, limit(st), ignoreDeadline);
            const bool pass = r.ok && r.error <= st.passError;
            if (pass) best = mid;
            (pass || r.tooSlow ? lo : hi) = mid;
            if (!before) {
                remember(r, st.span);
                std::lock_guard<std::mutex> lock(mutex);
                if (pass) st.bestPassCpu = std::min(st.bestPassCpu, r.cpu);
                runs.push_back(std::move(r));
            }
            fraction.store(std::min(1.0, double(++round) / rounds), std::memory_order_relaxed);
        }
        return best;
    }
};

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

    // 2. The families on the short span (at most half the budget).
    SpaceOptions space = opt.space;
    if (space.minStep <= 0) space.minStep = refCfg->dt;
    if (space.maxStep <= 0) space.maxStep = std::max({c.recordInterval, c.duration / 100, space.minStep * 10});
    const std::vector<AdvisorFamily> families = advisorFamilies(reg, volumes, space);
    out.families = static_cast<int>(families.size());
    auto after = [&](double share) {
        return t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(share * opt.budget));
    };
    Search s{c, reg, opt, ref.trace, out.probes, after(0.5), {}, {}};
    Stage shortStage;
    shortStage.span = out.span;
    shortStage.passError = opt.pruneSlack * opt.errorBound;
    // 2x and 0.05 s of slack for the noise of shared cores.
    shortStage.slowest = 2.0 * ref.cpuSeconds * out.span / c.duration + 0.05;
    // Every process of a distributed search continues with every family's outcome (and
    // remembers its runs), so all take the same decisions below.
    auto gather = [&](const std::vector<QByteArray>& bytes, std::vector<AdvisorRun>& runs, double span) {
        std::vector<int> pass;
        for (const QByteArray& b : bytes) {
            FamilyOutcome o = decode<FamilyOutcome>(b);
            pass.push_back(o.pass);
            for (AdvisorRun& r : o.runs) {
                s.remember(r, span);
                runs.push_back(std::move(r));
            }
        }
        return pass;
    };
    const std::vector<int> passIndex = gather(
        runDistributed(
            static_cast<int>(families.size()), opt.jobs,
            [&](int i, std::atomic<double>& fraction) {
                const AdvisorFamily& f = families[size_t(i)];
                FamilyOutcome o;
                o.pass = s.bisect(shortStage, f, volumes, static_cast<int>(f.ladder.size()) - 1, fraction, false, o.runs);
                return encode(o);
            },
            [&](const StudyProgress& p) { report("search", p.done, p.total, p.completed); }, opt.distribution),
        out.shortRuns, out.span);
    if (s.outOfTime()) out.notes << "the search on the short span reached half the budget before every family was searched";

    // 3. Confirmation over the whole duration: the families whose passing rung was cheapest on
    // the short span, each bisected again among its rungs up to one past that one (an error that
    // builds up after the span shows only there; one that the span's start-up inflates fades). The first family always runs to its end.
    std::vector<int> order;
    for (int i = 0; i < static_cast<int>(families.size()); ++i)
        if (passIndex[size_t(i)] >= 0) order.push_back(i);
    auto shortCpu = [&](int i) {
        double best = INFINITY;
        for (const auto& r : out.shortRuns)
            if (r.family == families[size_t(i)].label && r.ok && r.error <= shortStage.passError) best = std::min(best, r.cpu);
        return best;
    };
    std::vector<double> cpuOf(families.size(), INFINITY);
    for (int i : order) cpuOf[size_t(i)] = shortCpu(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return cpuOf[size_t(a)] < cpuOf[size_t(b)]; });
    if (static_cast<int>(order.size()) > std::max(1, opt.confirm)) order.resize(size_t(std::max(1, opt.confirm)));
    s.deadline = after(1.0);
    Stage fullStage;
    fullStage.span = c.duration;
    fullStage.passError = opt.errorBound;
    fullStage.slowest = 2.0 * ref.cpuSeconds + 0.1;
    const std::vector<int> confirmed = gather(
        runDistributed(
            static_cast<int>(order.size()), opt.jobs,
            [&](int k, std::atomic<double>& fraction) {
                FamilyOutcome o;
                if (k > 0 && s.outOfTime()) {
                    o.pass = -2;
                    return encode(o);
                }
                const int i = order[size_t(k)];
                // one rung cheaper than the short span's too: the error over the short span can be
                // larger than over the whole run (a start-up transient against a smaller mean)
                const int top = std::min(passIndex[size_t(i)] + 1, static_cast<int>(families[size_t(i)].ladder.size()) - 1);
                o.pass = s.bisect(fullStage, families[size_t(i)], volumes, top, fraction, k == 0, o.runs);
                return encode(o);
            },
            [&](const StudyProgress& p) { report("confirm", p.done, p.total, p.completed); }, opt.distribution),
        out.fullRuns, c.duration);
    if (const long left = std::count(confirmed.begin(), confirmed.end(), -2))
        out.notes << QString("confirmation: %1 of %2 families not run, the time budget ran out").arg(left).arg(order.size());

    if (opt.withFileConfigs) {
        std::vector<model::SolverConfigDoc> own;
        for (const auto& cfg : c.configs)
            if (!cfg.reference) own.push_back(cfg);
        // Outside the budget: the comparison is the point, so every one runs to its end.
        const std::vector<QByteArray> runs = runDistributed(
            static_cast<int>(own.size()), opt.jobs,
            [&](int i, std::atomic<double>&) { return encode(s.run(own[size_t(i)], "file", c.duration, INFINITY, true)); },
            [&](const StudyProgress& p) { report("file configurations", p.done, p.total, p.completed); }, opt.distribution);
        for (const QByteArray& r : runs) out.fullRuns.push_back(decode<AdvisorRun>(r));
    }

    // CPU times of runs a few milliseconds long vary by tens of per cent on shared cores: the
    // fastest few within the bound are timed again, one after the other, keeping each one's least.
    // The file's own configurations (--with-file-configs) the same way, so that both compare.
    // Process 0 alone in a distributed search: it writes the result (the others' copies are dropped).
    for (const bool file : {false, true}) {
        if (!writesOutput(opt.distribution)) break;
        std::vector<size_t> within;
        for (size_t i = 1; i < out.fullRuns.size(); ++i)
            if (out.fullRuns[i].ok && out.fullRuns[i].withinBound && (out.fullRuns[i].family == "file") == file) within.push_back(i);
        std::stable_sort(within.begin(), within.end(), [&](size_t a, size_t b) { return out.fullRuns[a].cpu < out.fullRuns[b].cpu; });
        for (size_t k = 0; k < within.size() && k < size_t(std::max(0, opt.retime)); ++k) {
            AdvisorRun& r = out.fullRuns[within[k]];
            for (int rep = 0; rep < opt.repeats; ++rep) {
                const AdvisorRun again = s.run(r.config, r.family, c.duration, INFINITY, true);
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
