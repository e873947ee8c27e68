// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the document tests: the registry, and a small valid circuit to mutate.
#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "model/circuit_io.h"
#include "sim/registry.h"

namespace hs::model::test {

inline const hs::sim::Registry& registry() {
    static const hs::sim::Registry r = hs::sim::Registry::builtin();
    return r;
}

// supply -> orifice -> V1 -> laminar -> tank, one probe, a reference and a CVODE configuration.
inline QJsonObject baseDocument() {
    static const char* text = R"({
  "format": 1, "name": "base", "description": "test circuit",
  "fluid": {"density": 870, "bulk_modulus": {"model": "constant", "value": 1.5e9}},
  "simulation": {"duration": 0.01, "record_interval": 0.001, "p_min": -1e7, "p_max": 1e9},
  "components": [
    {"id": "src", "type": "PressureSource", "pose": {"x": 0, "y": 0}, "parameters": {"p": 1e7}},
    {"id": "orifice", "type": "TurbulentOrifice", "pose": {"x": 120, "y": 0}, "parameters": {"spec": "CdA", "Cd": 0.6}},
    {"id": "V1", "type": "Volume", "pose": {"x": 240, "y": 0}, "parameters": {"V": 1e-4}},
    {"id": "lam", "type": "LaminarOrifice", "pose": {"x": 360, "y": 0}, "parameters": {"G": 1e-11}},
    {"id": "tank", "type": "Tank", "pose": {"x": 480, "y": 0}, "parameters": {"p": 0}}
  ],
  "wires": [
    {"from": "src.P", "to": "orifice.A"},
    {"from": "orifice.B", "to": "V1.P1"},
    {"from": "V1.P2", "to": "lam.A", "points": [[300, 0], [300, 40]]},
    {"from": "lam.B", "to": "tank.P"}
  ],
  "probes": [{"name": "p1", "quantity": "pressure", "target": "V1.P1"}],
  "configurations": [
    {"name": "ref", "reference": true, "stepper": "rk4", "dt": 1e-5},
    {"name": "cv", "stepper": "cvode", "rtol": 1e-8, "atol": 1e-8}
  ]
})";
    return QJsonDocument::fromJson(text).object();
}

inline QByteArray bytes(const QJsonObject& o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); }

// Replaces the value at a path of object keys and array indices, e.g. {"components", 2, "parameters", "V"}.
inline QJsonValue setAt(const QJsonValue& node, const QVariantList& path, int i, const QJsonValue& v) {
    if (i == path.size()) return v;
    if (path[i].typeId() == QMetaType::Int) {
        QJsonArray a = node.toArray();
        const int k = path[i].toInt();
        a[k] = setAt(a.at(k), path, i + 1, v);
        return a;
    }
    QJsonObject o = node.toObject();
    const QString key = path[i].toString();
    o[key] = setAt(o.value(key), path, i + 1, v);
    return o;
}

inline QJsonObject with(QJsonObject o, const QVariantList& path, const QJsonValue& v) {
    return setAt(o, path, 0, v).toObject();
}

}  // namespace hs::model::test
