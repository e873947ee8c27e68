// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <tuple>

#include "comparison.h"
#include "sim/metrics.h"

namespace hs::service {

namespace {

// The method statistics (summed or maximised over the nodes by sumStats) are entries 4 to 11.
const QStringList kPlainMetrics = {"wall",     "steps",          "speedup",       "rtf",
                                   "inner_total", "inner_max",   "newton",        "failures",
                                   "cap_hits", "max_correction", "indeterminate", "indeterminate_time",
                                   "rhs",      "jacobians"};
const QStringList kProbeMetrics = {"rmse", "rrmse", "max", "rmse_pct", "rmse_q1", "rmse_q4"};

// The part of a trace with t0 <= t <= t1 (for errors over a window of the run).
sim::Trace window(const sim::Trace& tr, double t0, double t1) {
    sim::Trace w;
    w.names = tr.names;
    w.units = tr.units;
    w.quantities = tr.quantities;  // iteration counters stay uncompared
    w.columns.resize(tr.columns.size());
    for (size_t i = 0; i < tr.time.size(); ++i) {
        if (tr.time[i] < t0 || tr.time[i] > t1) continue;
        w.time.push_back(tr.time[i]);
        for (size_t c = 0; c < tr.columns.size(); ++c) w.columns[c].push_back(tr.columns[c][i]);
    }
    return w;
}

bool metricKnown(const QString& m) {
    if (kPlainMetrics.contains(m)) return true;
    const int colon = m.indexOf(':');
    return colon > 0 && kProbeMetrics.contains(m.left(colon)) && colon + 1 < m.size();
}

QString probeOf(const QString& m) { return m.mid(m.indexOf(':') + 1); }

void readNumberMap(const QJsonObject& o, std::map<QString, double>& out, const QString& where, QStringList* errors) {
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!it.value().isDouble()) {
            errors->append(where + "." + it.key() + ": expected a number");
            continue;
        }
        out[it.key()] = it.value().toDouble();
    }
}

BenchmarkSpec readSpec(const QJsonObject& o, const QString& where, const model::Circuit& c, QStringList* errors) {
    BenchmarkSpec s;
    s.name = o.value("name").toString();
    if (s.name.isEmpty()) errors->append(where + ".name: missing");
    const QString at = "benchmark '" + s.name + "'";
    s.title = o.value("title").toString(s.name);
    s.source = o.value("source").toString();
    s.note = o.value("note").toString();
    s.duration = o.value("duration").toDouble(0);
    if (s.duration < 0) errors->append(at + ": duration must be positive");
    s.truth = o.value("truth").toString();
    s.baseline = o.value("baseline").toString();
    for (const QString& n : {s.truth, s.baseline})
        if (!n.isEmpty() && !c.config(n)) errors->append(at + ": no configuration '" + n + "'");
    if (s.truth.isEmpty() && !c.reference()) errors->append(at + ": no truth given and the circuit has no reference");
    for (const auto& m : o.value("metrics").toArray()) {
        const QString id = m.toString();
        if (!metricKnown(id)) errors->append(at + ": unknown metric '" + id + "'");
        s.metrics << id;
    }
    if (s.metrics.isEmpty()) errors->append(at + ": no metrics listed");
    readNumberMap(o.value("scales").toObject(), s.scales, at + ".scales", errors);
    readNumberMap(o.value("set").toObject(), s.set, at + ".set", errors);
    for (const auto& [key, v] : s.set) {
        const int dot = key.indexOf('.');
        const model::ComponentDoc* comp = dot > 0 ? c.component(key.left(dot)) : nullptr;
        if (!comp || !comp->num.count(key.mid(dot + 1)))
            errors->append(at + ".set: '" + key + "' is not a number parameter of a component (write component.parameter)");
    }
    const QJsonObject sweep = o.value("sweep").toObject();
    const bool isSweep = !sweep.isEmpty();
    if (isSweep) {
        s.sweepVolume = sweep.value("volume").toString();
        for (const auto& p : sweep.value("params").toArray()) s.sweepParams << p.toString();
        const QString base = sweep.value("config").toString();
        if (!c.config(base)) errors->append(at + ".sweep: no configuration '" + base + "'");
        if (s.sweepParams.isEmpty()) errors->append(at + ".sweep: no params to sweep");
        for (const auto& v : sweep.value("values").toArray()) {
            BenchmarkRowSpec r;
            r.config = base;
            r.value = v.toDouble();
            r.label = QString::number(*r.value, 'g', 6);
            s.rows.push_back(r);
        }
    }
    int i = 0;
    for (const auto& rv : o.value("rows").toArray()) {
        const QJsonObject ro = rv.toObject();
        const QString rwhere = at + ".rows[" + QString::number(i++) + "]";
        std::map<QString, double> pub;
        readNumberMap(ro.value("published").toObject(), pub, rwhere + ".published", errors);
        if (isSweep) {
            // published rows of a sweep are matched to the swept values
            const double v = ro.value("value").toDouble(NAN);
            bool found = false;
            for (auto& r : s.rows)
                if (r.value && std::abs(*r.value - v) <= 1e-12 * std::abs(v)) r.published = pub, found = true;
            if (!found) errors->append(rwhere + ": value " + QString::number(v) + " is not in the sweep");
        } else {
            BenchmarkRowSpec r;
            r.config = ro.value("config").toString();
            r.label = ro.value("label").toString(r.config);
            r.published = pub;
            if (!c.config(r.config)) errors->append(rwhere + ": no configuration '" + r.config + "'");
            s.rows.push_back(r);
        }
    }
    if (s.rows.empty()) errors->append(at + ": no rows");
    return s;
}

double sumStats(const sim::RunResult& r, const QString& m) {
    double v = 0;
    for (const auto& [node, st] : r.methodStats) {
        if (m == "inner_total") v += static_cast<double>(st.innerIterations);
        else if (m == "inner_max") v = std::max(v, static_cast<double>(st.maxInnerIterations));
        else if (m == "newton") v += static_cast<double>(st.newtonIterations);
        else if (m == "failures") v += static_cast<double>(st.failures);
        else if (m == "cap_hits") v += static_cast<double>(st.capHits);
        else if (m == "max_correction") v = std::max(v, st.maxAbsCorrection);
        else if (m == "indeterminate") v += static_cast<double>(st.indeterminateSteps);
        else if (m == "indeterminate_time") v += st.indeterminateTime;
    }
    return v;
}

}  // namespace

std::vector<BenchmarkSpec> benchmarkSpecs(const model::Circuit& c, QStringList* errors) {
    std::vector<BenchmarkSpec> out;
    const QJsonValue v = c.extra.value("benchmarks");
    if (v.isUndefined()) return out;
    if (!v.isArray()) {
        errors->append("benchmarks: expected a list");
        return out;
    }
    int i = 0;
    for (const auto& b : v.toArray()) {
        const QString where = "benchmarks[" + QString::number(i++) + "]";
        if (!b.isObject()) {
            errors->append(where + ": expected an object");
            continue;
        }
        out.push_back(readSpec(b.toObject(), where, c, errors));
    }
    return out;
}

QString metricHeading(const QString& m) {
    static const std::map<QString, QString> plain = {
        {"wall", "wall"},         {"steps", "steps"},        {"speedup", "speed-up"},   {"rtf", "RTF"},
        {"inner_total", "inner"}, {"inner_max", "inner max"}, {"newton", "Newton"},     {"failures", "failures"},
        {"cap_hits", "cap hits"}, {"max_correction", "max corr"}, {"indeterminate", "indeterminate"},
        {"indeterminate_time", "indet. time"}, {"rhs", "f evals"}, {"jacobians", "Jacobians"}};
    if (auto it = plain.find(m); it != plain.end()) return it->second;
    const QString kind = m.left(m.indexOf(':'));
    const QString p = probeOf(m);
    if (kind == "rmse") return "RMSE " + p;
    if (kind == "rrmse") return "RRMSE " + p;
    if (kind == "max") return "max|e| " + p;
    if (kind == "rmse_q1") return "RMSE " + p + " 1st 1/4";
    if (kind == "rmse_q4") return "RMSE " + p + " last 1/4";
    return "RMSE " + p + "/scale";
}

QString metricUnit(const QString& m, const model::Circuit& c, const BenchmarkSpec* spec) {
    if (m == "wall") return "s";
    if (m == "speedup" || m == "rtf") return "x";
    if (m == "max_correction") return "Pa";
    if (m == "indeterminate_time") return "s";
    const QString kind = m.left(m.indexOf(':'));
    if (kind == "rrmse" || kind == "rmse_pct") return "%";
    if ((kind == "rmse_q1" || kind == "rmse_q4") && spec && spec->scales.count(probeOf(m))) return "%";
    if (kind == "rmse" || kind == "max" || kind == "rmse_q1" || kind == "rmse_q4") {
        // the probe's unit, from the quantity it measures
        for (const auto& p : c.probes)
            if (p.name == probeOf(m)) {
                static const std::map<QString, QString> units = {{"pressure", "Pa"}, {"flow", "m3/s"},
                                                                 {"position", "m"},  {"velocity", "m/s"},
                                                                 {"force", "N"}};
                auto it = units.find(p.quantity);
                return it != units.end() ? it->second : QString();
            }
    }
    return {};
}

std::optional<model::SolverConfigDoc> sweepConfig(const model::Circuit& c, const BenchmarkSpec& spec, double value,
                                                  QString* error) {
    const model::SolverConfigDoc* base = spec.rows.empty() ? nullptr : c.config(spec.rows.front().config);
    if (!base) {
        *error = "sweep base configuration not found";
        return std::nullopt;
    }
    model::SolverConfigDoc cfg = *base;
    auto it = cfg.methods.find(spec.sweepVolume);
    if (it == cfg.methods.end()) {
        *error = "configuration '" + base->name + "' sets no method on volume '" + spec.sweepVolume + "'";
        return std::nullopt;
    }
    for (const auto& p : spec.sweepParams) it->second.params[p] = value;
    cfg.name = base->name + " [" + spec.sweepParams.join('=') + "=" + QString::number(value, 'g', 6) + "]";
    cfg.reference = false;
    return cfg;
}

BenchmarkResult runBenchmark(const model::Circuit& original, const BenchmarkSpec& spec, const sim::Registry& reg,
                             const BenchmarkOptions& opt) {
    model::Circuit c = original;
    for (const auto& [key, v] : spec.set)
        for (auto& comp : c.components)
            if (comp.id == key.left(key.indexOf('.'))) comp.num[key.mid(key.indexOf('.') + 1)] = v;
    BenchmarkResult res;
    res.spec = spec;
    res.duration = opt.duration > 0 ? opt.duration : spec.duration > 0 ? spec.duration : c.duration;
    const model::SolverConfigDoc* truthCfg = spec.truth.isEmpty() ? c.reference() : c.config(spec.truth);
    const model::SolverConfigDoc* baseCfg = spec.baseline.isEmpty() ? truthCfg : c.config(spec.baseline);
    if (!truthCfg || !baseCfg) {
        res.error = "benchmark '" + spec.name + "': truth or baseline configuration not found";
        return res;
    }
    auto run = [&](const model::SolverConfigDoc& cfg, const QString& what) {
        std::function<void(double)> prog;
        if (opt.progress) prog = [&](double t) { opt.progress(what, t); };
        sim::RunResult r = runConfiguration(c, cfg, reg, res.duration, opt.stop, prog);
        const bool seen = std::any_of(res.warnings.begin(), res.warnings.end(), [&](auto& w) { return w.first == cfg.name; });
        if (!r.warnings.empty() && !seen) res.warnings.emplace_back(cfg.name, r.warnings);
        return r;
    };
    sim::RunResult truth = run(*truthCfg, truthCfg->name);
    if (!truth.ok) {
        res.error = "ground truth '" + truthCfg->name + "' failed: " + QString::fromStdString(truth.error);
        return res;
    }
    res.truthWall = truth.wallSeconds;
    // The baseline is run again even when it is also a row, so that its time is measured like
    // every other row's (the first run of a process also warms the caches).
    sim::RunResult baseline = baseCfg == truthCfg ? truth : run(*baseCfg, baseCfg->name);
    res.baselineWall = baseline.ok ? baseline.wallSeconds : 0.0;

    for (const auto& rs : spec.rows) {
        BenchmarkRow row;
        row.label = rs.label;
        model::SolverConfigDoc cfg;
        if (rs.value) {
            QString e;
            auto sc = sweepConfig(c, spec, *rs.value, &e);
            if (!sc) {
                res.error = "benchmark '" + spec.name + "': " + e;
                return res;
            }
            cfg = *sc;
        } else {
            cfg = *c.config(rs.config);
        }
        row.config = cfg.name;
        if (opt.stop && opt.stop->load()) break;
        row.result = run(cfg, cfg.name);
        const sim::RunResult& r = row.result;
        row.status = r.ok ? QStringLiteral("ok")
                          : QString("failed at t = %1 s").arg(r.failTime, 0, 'g', 6);
        const double simulated = r.trace.time.empty() ? 0.0 : r.trace.time.back();
        row.ours["wall"] = r.wallSeconds;
        row.ours["steps"] = static_cast<double>(r.steps);
        if (r.ok && r.wallSeconds > 0 && res.baselineWall > 0) row.ours["speedup"] = res.baselineWall / r.wallSeconds;
        if (r.wallSeconds > 0) row.ours["rtf"] = simulated / r.wallSeconds;
        for (const QString& m : kPlainMetrics.mid(4, 8)) row.ours[m] = sumStats(r, m);
        // The implicit steppers' own Newton iterations count with the methods' ones.
        row.ours["newton"] += static_cast<double>(r.newtonIterations);
        row.ours["rhs"] = static_cast<double>(r.rhsEvaluations);
        row.ours["jacobians"] = static_cast<double>(r.jacobians);
        if (r.ok) {
            for (const auto& e : sim::compareTraces(truth.trace, r.trace)) {
                const QString p = QString::fromStdString(e.name);
                row.ours["rmse:" + p] = e.rmse;
                row.ours["rrmse:" + p] = e.rrmse;
                row.ours["max:" + p] = e.maxAbs;
                if (auto s = spec.scales.find(p); s != spec.scales.end() && s->second > 0)
                    row.ours["rmse_pct:" + p] = 100.0 * e.rmse / s->second;
            }
            // Error growth: RMSE over the first and the last quarter of the span (in % of the
            // probe's scale when the table gives one).
            const double T = res.duration;
            for (const auto& [key, t0, t1] : {std::tuple{QStringLiteral("rmse_q1:"), 0.0, 0.25 * T},
                                              std::tuple{QStringLiteral("rmse_q4:"), 0.75 * T, T}}) {
                for (const auto& e : sim::compareTraces(window(truth.trace, t0, t1), window(r.trace, t0, t1))) {
                    const QString p = QString::fromStdString(e.name);
                    auto s = spec.scales.find(p);
                    row.ours[key + p] = s != spec.scales.end() && s->second > 0 ? 100.0 * e.rmse / s->second : e.rmse;
                }
            }
        }
        row.result.trace = {};  // the table keeps numbers, not traces
        res.rows.push_back(std::move(row));
    }
    return res;
}

}  // namespace hs::service

#include <QSaveFile>

#include "csv.h"

namespace hs::service {

QString writeBenchmarkCsv(const QString& path, const std::vector<BenchmarkResult>& results, const model::Circuit& c) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return "cannot write " + path + ": " + f.errorString();
    std::string s = "table,row,configuration,metric,unit,ours,published,status\n";
    auto quote = [](const QString& v) { return "\"" + v.toStdString() + "\""; };
    for (const auto& r : results) {
        for (const auto& row : r.rows) {
            const BenchmarkRowSpec* rs = nullptr;
            for (const auto& x : r.spec.rows)
                if (x.label == row.label) rs = &x;
            for (const auto& m : r.spec.metrics) {
                auto o = row.ours.find(m);
                std::string pub;
                if (rs)
                    if (auto p = rs->published.find(m); p != rs->published.end()) pub = formatNumber(p->second);
                s += quote(r.spec.name) + "," + quote(row.label) + "," + quote(row.config) + "," + quote(m) + "," +
                     metricUnit(m, c, &r.spec).toStdString() + "," + (o != row.ours.end() ? formatNumber(o->second) : "") +
                     "," + pub + "," + quote(row.status) + "\n";
            }
        }
    }
    f.write(s.data(), static_cast<qint64>(s.size()));
    if (!f.commit()) return "cannot write " + path + ": " + f.errorString();
    return {};
}

}  // namespace hs::service
