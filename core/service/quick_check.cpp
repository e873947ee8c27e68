// SPDX-License-Identifier: GPL-3.0-or-later
#include "quick_check.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace hs::service {

namespace {

model::SolverConfigDoc truthConfig(const model::SolverConfigDoc& cfg) {
    model::SolverConfigDoc t = cfg;
    t.name = QStringLiteral("quick-check truth (CVODE 1e-9)");
    t.reference = true;
    t.stepper = QStringLiteral("cvode");
    t.dt = 1e-6;
    t.rtol = t.atol = 1e-9;
    t.maxStep = 0;
    t.methods.clear();
    t.defaultMethod.reset();
    t.threads = 1;
    t.partition.clear();
    return t;
}

// Per unit, the largest mean |reference| among its probes.
std::map<std::string, double> levels(const ConfigOutcome& o) {
    std::map<std::string, double> l;
    for (const auto& e : o.errors) l[e.unit] = std::max(l[e.unit], e.meanAbsRef);
    return l;
}

CheckedRun summarise(const ConfigOutcome& o, const std::map<std::string, double>& level, const std::string& volumePressure,
                     const std::string& volume) {
    CheckedRun r;
    r.name = o.name;
    r.ok = o.result.ok;
    r.error = QString::fromStdString(o.result.error);
    r.wallSeconds = o.result.wallSeconds;
    r.steps = o.result.steps;
    r.volumeRmse = std::numeric_limits<double>::quiet_NaN();
    for (const auto& e : o.errors) {
        if (e.unit == "-") continue;  // iteration counters and signals say nothing about accuracy
        const auto l = level.find(e.unit);
        const double scale = l != level.end() && l->second > 0 ? l->second : 1.0;
        const double v = std::isfinite(e.rmse) ? 100 * e.rmse / scale : std::numeric_limits<double>::infinity();
        r.worstError = std::max(r.worstError, v);
        if (e.name == volumePressure) r.volumeRmse = e.rmse;
    }
    for (const auto& [node, st] : o.result.methodStats)
        if (node == volume) r.indeterminateSteps = st.indeterminateSteps;
    return r;
}

// The probe that shows the volume's pressure, by the circuit's probes: quantity pressure on the
// volume itself or on one of its ports.
std::string volumeProbe(const model::Circuit& c, const QString& volume) {
    for (const auto& p : c.probes)
        if (p.quantity == "pressure" && (p.target == volume || p.target.startsWith(volume + '.')))
            return (p.name.isEmpty() ? p.quantity + " " + p.target : p.name).toStdString();
    return {};
}

}  // namespace

QuickCheck quickCheck(const model::Circuit& c, const sim::Registry& reg, const QString& config, const QString& volume,
                      const QString& method, double span) {
    QuickCheck q;
    const model::SolverConfigDoc* cfg = c.config(config);
    if (!cfg) {
        q.error = QObject::tr("no configuration '%1'").arg(config);
        return q;
    }
    q.span = span > 0 ? std::min(span, c.duration) : c.duration / 5;
    model::Circuit copy = c;
    model::SolverConfigDoc current = *cfg;
    current.reference = false;
    current.name = QObject::tr("as is");
    model::SolverConfigDoc suggested = current;
    suggested.name = QObject::tr("suggested");
    const auto own = current.methods.find(volume);
    const QString now = own != current.methods.end() ? own->second.method
                                                     : (current.defaultMethod ? current.defaultMethod->method : QStringLiteral("integrate"));
    q.sameMethod = now == method;
    if (method == (current.defaultMethod ? current.defaultMethod->method : QStringLiteral("integrate")))
        suggested.methods.erase(volume);
    else
        suggested.methods[volume] = model::MethodDoc{method, {}, {}};
    copy.configs = {truthConfig(*cfg), current};
    if (!q.sameMethod) copy.configs.push_back(suggested);
    CompareOptions opt;
    opt.duration = q.span;
    const Comparison cmp = runComparison(copy, reg, opt);
    if (cmp.reference < 0) {
        q.error = QObject::tr("the quick check's CVODE run failed: %1").arg(cmp.error);
        return q;
    }
    const std::string probe = volumeProbe(c, volume);
    // The level of each unit from the run that compares best (both share the truth, so the mean
    // |reference| is the same unless a run failed early and compared over less time).
    std::map<std::string, double> level = levels(cmp.configs[1]);
    if (!q.sameMethod)
        for (const auto& [unit, v] : levels(cmp.configs[2])) level[unit] = std::max(level[unit], v);
    q.current = summarise(cmp.configs[1], level, probe, volume.toStdString());
    if (!q.sameMethod) q.suggested = summarise(cmp.configs[2], level, probe, volume.toStdString());
    q.ok = true;
    auto pct = [](double v) { return QString::number(v, 'g', 3) + " %"; };
    if (q.sameMethod) {
        q.verdict = q.current.ok ? QObject::tr("as is: largest error %1 over %2 s").arg(pct(q.current.worstError)).arg(q.span)
                                 : QObject::tr("as is, the run fails: %1").arg(q.current.error);
        return q;
    }
    // The suggestion stands if it runs and is no less accurate than the configuration as is
    // (a current run that fails is beaten by any suggestion that runs).
    q.contradicted = (!q.suggested.ok && q.current.ok) || (q.current.ok && q.suggested.worstError > (1 + QuickCheck::kTolerance) * q.current.worstError);
    if (!q.suggested.ok && !q.current.ok)
        q.verdict = QObject::tr("neither runs over %1 s, as is nor with %2 (%3): the step is too large for another part of "
                                "the circuit; reduce it").arg(q.span).arg(method, q.suggested.error);
    else if (!q.suggested.ok)
        q.verdict = QObject::tr("keep %1: with %2 the run fails (%3)").arg(now, method, q.suggested.error);
    else if (q.contradicted)
        q.verdict = QObject::tr("keep %1: with %2 the largest error over %3 s rises from %4 to %5").arg(now, method).arg(q.span)
                        .arg(pct(q.current.worstError), pct(q.suggested.worstError));
    else if (!q.current.ok)
        q.verdict = QObject::tr("apply %1: as is the run fails, with it the largest error over %2 s is %3").arg(method).arg(q.span)
                        .arg(pct(q.suggested.worstError));
    else
        q.verdict = QObject::tr("apply %1: the largest error over %2 s goes from %3 to %4").arg(method).arg(q.span)
                        .arg(pct(q.current.worstError), pct(q.suggested.worstError));
    return q;
}

}  // namespace hs::service
