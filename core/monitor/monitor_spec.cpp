// SPDX-License-Identifier: GPL-3.0-or-later
#include "monitor_spec.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <cmath>

#include "sim/registry.h"
#include "study/parameter_space.h"

namespace hs::monitor {

namespace {

// Reads the keys of one JSON object, each with its own error naming "file: path.key".
class Reader {
public:
    Reader(QString where, QString* error) : where_(std::move(where)), error_(error) {}
    bool failed() const { return !error_->isEmpty(); }
    void fail(const QString& path, const QString& what) {
        if (error_->isEmpty()) *error_ = where_ + ": " + path + ": " + what;
    }
    double number(const QJsonObject& o, const QString& path, const QString& key, double fallback, bool required = false) {
        const QJsonValue v = o.value(key);
        if (v.isUndefined()) {
            if (required) fail(path + key, "missing (a number)");
            return fallback;
        }
        if (!v.isDouble()) { fail(path + key, "expected a number"); return fallback; }
        return v.toDouble();
    }
    int count(const QJsonObject& o, const QString& path, const QString& key, int fallback, int lo, int hi) {
        const double v = number(o, path, key, fallback);
        if (v != std::floor(v) || v < lo || v > hi) {
            fail(path + key, QString("expected a whole number from %1 to %2").arg(lo).arg(hi));
            return fallback;
        }
        return static_cast<int>(v);
    }
    QString text(const QJsonObject& o, const QString& path, const QString& key, bool required) {
        const QJsonValue v = o.value(key);
        if (v.isUndefined()) {
            if (required) fail(path + key, "missing (a text)");
            return {};
        }
        if (!v.isString()) { fail(path + key, "expected a text"); return {}; }
        return v.toString();
    }
    SignalSpec signal(const QJsonValue& v, const QString& path) {
        SignalSpec s;
        if (v.isString()) { s.probe = v.toString(); return s; }
        if (!v.isObject()) { fail(path, "expected a probe name or {\"probe\": NAME, \"min\": LO, \"max\": HI}"); return s; }
        const QJsonObject o = v.toObject();
        s.probe = text(o, path + ".", "probe", true);
        const bool hasLo = o.contains("min"), hasHi = o.contains("max");
        if (hasLo != hasHi) fail(path, "give both min and max (or neither: the training data's range)");
        s.lo = number(o, path + ".", "min", 0);
        s.hi = number(o, path + ".", "max", 0);
        if (hasLo && !(s.hi > s.lo)) fail(path, "max must be greater than min");
        return s;
    }

private:
    QString where_;
    QString* error_;
};

}  // namespace

std::optional<MonitorSpec> readMonitorSpec(const QString& path, QString* error) {
    error->clear();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) { *error = "cannot open faults file '" + path + "'"; return {}; }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = path + ": not valid JSON at byte " + QString::number(pe.offset) + ": " + pe.errorString();
        return {};
    }
    if (!doc.isObject()) { *error = path + ": expected a JSON object"; return {}; }
    const QJsonObject o = doc.object();
    Reader r(path, error);
    MonitorSpec s;
    if (r.number(o, "", "format", 1, true) != 1) r.fail("format", "this version reads format 1");
    s.configuration = r.text(o, "", "configuration", false);
    s.duration = r.number(o, "", "duration", 0);
    if (s.duration < 0) r.fail("duration", "must be >= 0 (0 = the circuit's)");
    s.sampleInterval = r.number(o, "", "sample_interval", s.sampleInterval);
    if (!(s.sampleInterval > 0)) r.fail("sample_interval", "must be > 0");
    s.window = r.count(o, "", "window", s.window, 1, 1000);
    s.hidden = r.count(o, "", "hidden", s.hidden, 1, 1000);
    s.quantiseWindow = r.count(o, "", "quantise_window", s.quantiseWindow, 1, 1000);
    s.seed = static_cast<std::uint64_t>(r.count(o, "", "seed", 1, 0, 1 << 30));
    if (o.contains("filter")) {
        if (!o.value("filter").isObject()) r.fail("filter", "expected {\"window\": N, \"hidden\": M}");
        const QJsonObject fo = o.value("filter").toObject();
        s.filterWindow = r.count(fo, "filter.", "window", s.filterWindow, 1, 1000);
        s.filterHidden = r.count(fo, "filter.", "hidden", s.filterHidden, 1, 1000);
    }
    if (o.contains("training")) {
        const QJsonObject to = o.value("training").toObject();
        s.maxEpochs = r.count(to, "training.", "max_epochs", s.maxEpochs, 1, 1000000);
        s.maxFail = r.count(to, "training.", "max_fail", s.maxFail, 1, 100000);
    }
    if (!o.value("demand").isObject()) {
        r.fail("demand", "missing: {\"component\": ID, \"min\": LO, \"max\": HI, \"period\": S, \"training_seed\": N, "
                         "\"validation_seed\": M}");
    } else {
        const QJsonObject d = o.value("demand").toObject();
        s.demand.component = r.text(d, "demand.", "component", true);
        s.demand.min = r.number(d, "demand.", "min", 0, true);
        s.demand.max = r.number(d, "demand.", "max", 1, true);
        s.demand.period = r.number(d, "demand.", "period", 0.25, true);
        if (!(s.demand.max >= s.demand.min)) r.fail("demand", "max must be >= min");
        if (!(s.demand.period > 0)) r.fail("demand.period", "must be > 0");
        s.demand.trainingSeed = static_cast<std::uint64_t>(r.count(d, "demand.", "training_seed", 1, 0, 1 << 30));
        s.demand.validationSeed = static_cast<std::uint64_t>(r.count(d, "demand.", "validation_seed", 2, 0, 1 << 30));
        if (s.demand.trainingSeed == s.demand.validationSeed)
            r.fail("demand", "training_seed and validation_seed must differ (the validation duty cycle is another demand)");
    }
    auto sensors = [&](const QString& key, bool required) {
        std::vector<SignalSpec> out;
        const QJsonValue v = o.value(key);
        if (v.isUndefined() && !required) return out;
        if (!v.isArray() || v.toArray().isEmpty()) { r.fail(key, "expected a non-empty list of probes"); return out; }
        const QJsonArray a = v.toArray();
        for (int i = 0; i < a.size(); ++i) out.push_back(r.signal(a[i], key + "[" + QString::number(i) + "]"));
        return out;
    };
    s.sensors = sensors("sensors", true);
    s.reference = sensors("reference_sensors", false);
    if (!o.value("faults").isArray() || o.value("faults").toArray().isEmpty()) {
        r.fail("faults", "expected a non-empty list of {\"name\", \"parameter\": \"comp.param\", \"levels\": [...]}");
    } else {
        const QJsonArray a = o.value("faults").toArray();
        QSet<QString> names;
        for (int i = 0; i < a.size(); ++i) {
            const QString p = "faults[" + QString::number(i) + "].";
            if (!a[i].isObject()) { r.fail(p.chopped(1), "expected an object"); break; }
            const QJsonObject fo = a[i].toObject();
            FaultSpec fs;
            fs.name = r.text(fo, p, "name", true);
            if (!fs.name.isEmpty() && (fs.name.contains(' ') || names.contains(fs.name)))
                r.fail(p + "name", "'" + fs.name + "': names must be unique and without spaces");
            names.insert(fs.name);
            const QString key = r.text(fo, p, "parameter", true);
            const int dot = key.lastIndexOf('.');
            if (!key.isEmpty() && (dot <= 0 || dot == key.size() - 1)) r.fail(p + "parameter", "'" + key + "': expected comp.param");
            fs.component = key.left(dot);
            fs.parameter = key.mid(dot + 1);
            fs.unit = r.text(fo, p, "unit", false);
            fs.display = r.number(fo, p, "display_factor", 1.0);
            const QJsonArray lv = fo.value("levels").toArray();
            for (const QJsonValue& v : lv) {
                if (!v.isDouble()) { r.fail(p + "levels", "expected numbers"); break; }
                fs.levels.push_back(v.toDouble());
            }
            if (fs.levels.size() < 2) r.fail(p + "levels", "expected at least two levels, the first fault-free");
            QSet<double> seen;
            for (double v : fs.levels)
                if (seen.contains(v)) r.fail(p + "levels", "levels must differ");
                else seen.insert(v);
            s.faults.push_back(fs);
        }
    }
    if (r.failed()) return {};
    return s;
}

QString checkMonitorSpec(const MonitorSpec& s, const model::Circuit& c, const sim::Registry& reg) {
    if (!s.configuration.isEmpty() && !c.config(s.configuration)) {
        QStringList names;
        for (const auto& k : c.configs) names << k.name;
        return "no configuration '" + s.configuration + "'; the configurations are: " + names.join(", ");
    }
    if (s.configuration.isEmpty() && !c.reference()) return "the circuit has no reference configuration";
    for (const FaultSpec& f : s.faults) {
        study::ParameterAxis a;
        a.component = f.component;
        a.parameter = f.parameter;
        if (QString e = study::checkAxis(a, c, reg); !e.isEmpty()) return "fault '" + f.name + "': " + e;
    }
    const model::ComponentDoc* d = c.component(s.demand.component);
    if (!d) return "demand: the circuit has no component '" + s.demand.component + "'";
    const sim::ComponentSpec* ds = reg.find(d->type.toStdString());
    if (!ds || ds->ports.size() != 1 || ds->ports[0].id != "out" || ds->ports[0].domain != sim::Domain::Signal)
        return "demand: '" + s.demand.component + "' (" + d->type + ") is not a signal source with one output 'out'";
    QStringList probes;
    for (const auto& p : c.probes) probes << p.name;
    for (const auto* list : {&s.sensors, &s.reference})
        for (const SignalSpec& g : *list)
            if (!probes.contains(g.probe))
                return "signal '" + g.probe + "': the circuit has no probe of that name; its probes are: " +
                       (probes.isEmpty() ? QString("none") : probes.join(", "));
    return {};
}

}  // namespace hs::monitor
