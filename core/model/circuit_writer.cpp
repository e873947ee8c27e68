// SPDX-License-Identifier: GPL-3.0-or-later
// serializeCircuit / saveCircuit: the document as deterministic JSON bytes.
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include "circuit_io.h"

namespace hs::model {

namespace {

// Adds the keys of extra that the writer did not produce itself; nested objects are merged key
// by key, so unknown keys of a fixed sub-object (kept in the owner's extra) land back inside it.
// Known keys win: extra never overrides what the document says.
void mergeExtra(QJsonObject& out, const QJsonObject& extra) {
    for (auto it = extra.begin(); it != extra.end(); ++it) {
        auto have = out.find(it.key());
        if (have == out.end()) {
            out.insert(it.key(), it.value());
        } else if (have->isObject() && it.value().isObject()) {
            QJsonObject merged = have->toObject();
            mergeExtra(merged, it.value().toObject());
            *have = merged;
        }
    }
}

QString portRef(const QString& comp, const QString& port) {
    return port.isEmpty() ? comp : comp + u'.' + port;
}

QJsonObject fluidJson(const hs::sim::Fluid& f) {
    const auto& b = f.bulk;
    QJsonObject be{
        {"model", b.model == hs::sim::BulkModulus::Model::Constant ? "constant" : "log"},
        {"value", b.value},
        {"a1", b.a1},
        {"a2", b.a2},
        {"a3", b.a3},
        {"Emax", b.emax},
        {"pmax", b.pmax},
        {"min_arg", b.minArg},
        {"log_base", b.naturalLog ? "e" : "10"},
    };
    return QJsonObject{{"density", f.density}, {"bulk_modulus", be}};
}

QJsonObject componentJson(const ComponentDoc& d) {
    QJsonObject params;
    for (const auto& [k, v] : d.num) params.insert(k, v);
    for (const auto& [k, v] : d.text) params.insert(k, v);
    QJsonObject o{
        {"id", d.id},
        {"type", d.type},
        {"pose", QJsonObject{{"x", d.pose.x}, {"y", d.pose.y}, {"rotation", d.pose.rotation}, {"flip", d.pose.flipped}}},
        {"parameters", params},
    };
    mergeExtra(o, d.extra);
    return o;
}

QJsonObject wireJson(const WireDoc& w) {
    QJsonObject o{{"from", portRef(w.fromComp, w.fromPort)}, {"to", portRef(w.toComp, w.toPort)}};
    if (!w.points.empty()) {
        QJsonArray pts;
        for (const QPointF& p : w.points) pts.append(QJsonArray{p.x(), p.y()});
        o.insert(QLatin1String("points"), pts);
    }
    mergeExtra(o, w.extra);
    return o;
}

QJsonObject probeJson(const ProbeDoc& p) {
    QJsonObject o{{"name", p.name}, {"quantity", p.quantity}, {"target", p.target}};
    mergeExtra(o, p.extra);
    return o;
}

QJsonObject methodJson(const MethodDoc& m) {
    QJsonObject params;
    for (const auto& [k, v] : m.params) params.insert(k, v);
    for (const auto& [k, v] : m.text) params.insert(k, v);
    QJsonObject mo{{"method", m.method}, {"params", params}};
    mergeExtra(mo, m.extra);
    return mo;
}

QJsonObject configJson(const SolverConfigDoc& s) {
    QJsonObject methods;
    for (const auto& [volume, m] : s.methods) methods.insert(volume, methodJson(m));
    QJsonObject o{
        {"name", s.name},         {"description", s.description}, {"reference", s.reference},
        {"stepper", s.stepper},   {"dt", s.dt},                   {"rtol", s.rtol},
        {"atol", s.atol},         {"max_step", s.maxStep},        {"methods", methods},
    };
    if (s.defaultMethod) o.insert("default_method", methodJson(*s.defaultMethod));
    if (s.threads != 1) o.insert("threads", s.threads);
    if (!s.partition.empty()) {
        QJsonObject part;
        for (const auto& [id, k] : s.partition) part.insert(id, k);
        o.insert("partition", part);
    }
    if (s.partitionMapper != QLatin1String("balanced")) o.insert("partition_mapper", s.partitionMapper);
    if (!s.jacobian.isEmpty()) o.insert("jacobian", s.jacobian);
    if (!s.kernel.isEmpty()) o.insert("kernel", s.kernel);
    mergeExtra(o, s.extra);
    return o;
}

template <class T, class F>
QJsonArray listJson(const std::vector<T>& items, F toJson) {
    QJsonArray a;
    for (const auto& item : items) a.append(toJson(item));
    return a;
}

}  // namespace

QByteArray serializeCircuit(const Circuit& c) {
    QJsonObject root{
        {"format", kCurrentFormat},
        {"name", c.name},
        {"description", c.description},
        {"fluid", fluidJson(c.fluid)},
        {"simulation", QJsonObject{{"duration", c.duration}, {"record_interval", c.recordInterval},
                                   {"p_min", c.pMin}, {"p_max", c.pMax}}},
        {"components", listJson(c.components, componentJson)},
        {"wires", listJson(c.wires, wireJson)},
        {"probes", listJson(c.probes, probeJson)},
        {"configurations", listJson(c.configs, configJson)},
    };
    mergeExtra(root, c.extra);
    // QJsonObject keeps its keys sorted and writes doubles in the shortest form that reads back
    // exactly, always with '.', whatever the locale: the bytes depend on the document only.
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool saveCircuit(const Circuit& c, const QString& path, QString* error) {
    QSaveFile f(path);  // writes a temporary file and renames it over path on commit()
    auto fail = [&](const QString& what) {
        if (error) *error = QStringLiteral("%1: cannot save: %2 (%3)").arg(path, what, f.errorString());
        f.cancelWriting();
        return false;
    };
    if (!f.open(QIODevice::WriteOnly)) return fail(QStringLiteral("cannot open for writing"));
    const QByteArray bytes = serializeCircuit(c);
    if (f.write(bytes) != bytes.size()) return fail(QStringLiteral("write failed"));
    if (!f.commit()) return fail(QStringLiteral("could not replace the file"));
    return true;
}

}  // namespace hs::model
