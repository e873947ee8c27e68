// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep.h"

#include "service/comparison.h"
#include "sim/registry.h"
#include "study_codec.h"

namespace hs::study {

// A sweep row as bytes (for runDistributed()).
QDataStream& operator<<(QDataStream& s, const SweepRow& r) {
    return s << r.point << r.status << r.error << r.wallSeconds << qint64(r.steps) << r.probes << r.errors;
}
QDataStream& operator>>(QDataStream& s, SweepRow& r) {
    qint64 steps = 0;
    s >> r.point >> r.status >> r.error >> r.wallSeconds >> steps >> r.probes >> r.errors;
    r.steps = steps;
    return s;
}

QString checkSweep(const model::Circuit& c, const sim::Registry& reg, const SweepOptions& opt) {
    if (opt.axes.empty()) return "no parameter to sweep";
    for (const auto& a : opt.axes) {
        const QString e = checkAxis(a, c, reg);
        if (!e.isEmpty()) return e;
    }
    if (!opt.config.isEmpty() && !c.config(opt.config)) {
        QStringList names;
        for (const auto& k : c.configs) names << k.name;
        return "no configuration '" + opt.config + "'; the configurations are: " + names.join(", ");
    }
    if ((opt.config.isEmpty() || opt.againstReference) && !c.reference())
        return "the circuit has no reference configuration (give --config, or mark one as reference)";
    return {};
}

SweepResult runSweep(const model::Circuit& c, const sim::Registry& reg, const SweepOptions& opt) {
    SweepResult res;
    res.error = checkSweep(c, reg, opt);
    if (!res.error.isEmpty()) return res;
    const model::SolverConfigDoc& cfg = opt.config.isEmpty() ? *c.reference() : *c.config(opt.config);
    res.config = cfg.name;
    res.rows.resize(opt.points.size());
    const double duration = opt.duration > 0 ? opt.duration : c.duration;
    const bool withRef = opt.againstReference && !cfg.reference;
    auto job = [&](int i, std::atomic<double>& fraction) {
        SweepRow row;
        row.point = opt.points[static_cast<size_t>(i)];
        const model::Circuit ci = withPoint(c, opt.axes, row.point);
        // With a reference the two runs share the fraction: the reference's half first.
        const double share = withRef ? 0.5 : 1.0;
        sim::RunResult ref;
        if (withRef) {
            ref = service::runConfiguration(ci, *c.reference(), reg, duration, opt.stop,
                                            [&](double t) { fraction.store(share * t / duration); });
        }
        const double base = withRef ? 0.5 : 0.0;
        sim::RunResult r = service::runConfiguration(ci, cfg, reg, duration, opt.stop,
                                                     [&](double t) { fraction.store(base + share * t / duration); });
        row.wallSeconds = r.wallSeconds;
        row.steps = r.steps;
        row.status = r.ok ? "ok" : (r.stopped ? "stopped" : "failed");
        row.error = QString::fromStdString(r.error);
        if (r.ok) row.probes = summarize(r.trace);
        if (withRef && r.ok) {
            if (ref.ok) {
                row.errors = sim::compareTraces(ref.trace, r.trace);
            } else {
                row.status = ref.stopped ? "stopped" : "failed";
                row.error = "reference '" + c.reference()->name + "': " + QString::fromStdString(ref.error);
            }
        } else if (opt.againstReference && cfg.reference && r.ok) {
            row.errors = sim::compareTraces(r.trace, r.trace);  // the reference itself: zero errors
        }
        return encode(row);
    };
    const std::vector<QByteArray> rows =
        runDistributed(static_cast<int>(opt.points.size()), opt.jobs, job, opt.progress, opt.distribution);
    for (size_t i = 0; i < rows.size(); ++i) res.rows[i] = decode<SweepRow>(rows[i]);
    return res;
}

}  // namespace hs::study
