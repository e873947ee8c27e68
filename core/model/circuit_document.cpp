// SPDX-License-Identifier: GPL-3.0-or-later
#include "circuit_document.h"

#include <QSet>

namespace hs::model {

CircuitDocument::CircuitDocument(QObject* parent) : QObject(parent) {}

void CircuitDocument::setCircuit(Circuit c) {
    c_ = std::move(c);
    emit reset();
    emit changed();
}

int CircuitDocument::componentIndex(const QString& id) const {
    for (size_t i = 0; i < c_.components.size(); ++i)
        if (c_.components[i].id == id) return static_cast<int>(i);
    return -1;
}

ComponentDoc* CircuitDocument::find(const QString& id) {
    const int i = componentIndex(id);
    return i < 0 ? nullptr : &c_.components[static_cast<size_t>(i)];
}

QString CircuitDocument::uniqueId(const QString& prefix) const {
    QSet<QString> used;
    for (const auto& c : c_.components) used.insert(c.id);
    for (int n = 1;; ++n) {
        const QString id = prefix + QString::number(n);
        if (!used.contains(id)) return id;
    }
}

bool CircuitDocument::insertComponent(const ComponentDoc& comp, int index) {
    if (comp.id.isEmpty() || componentIndex(comp.id) >= 0) return false;
    const int n = static_cast<int>(c_.components.size());
    if (index < 0 || index > n) index = n;
    c_.components.insert(c_.components.begin() + index, comp);
    emit componentAdded(comp.id);
    emit changed();
    return true;
}

bool CircuitDocument::removeComponent(const QString& id) {
    const int i = componentIndex(id);
    if (i < 0) return false;
    c_.components.erase(c_.components.begin() + i);
    emit componentRemoved(id);
    emit changed();
    return true;
}

bool CircuitDocument::setPose(const QString& id, const Pose& pose) {
    ComponentDoc* c = find(id);
    if (!c) return false;
    if (c->pose == pose) return true;
    c->pose = pose;
    emit componentChanged(id);
    emit changed();
    return true;
}

bool CircuitDocument::setNumber(const QString& id, const QString& param, std::optional<double> value) {
    ComponentDoc* c = find(id);
    if (!c) return false;
    if (value) c->num[param] = *value;
    else c->num.erase(param);
    emit componentChanged(id);
    emit changed();
    return true;
}

bool CircuitDocument::setText(const QString& id, const QString& param, std::optional<QString> value) {
    ComponentDoc* c = find(id);
    if (!c) return false;
    if (value) c->text[param] = *value;
    else c->text.erase(param);
    emit componentChanged(id);
    emit changed();
    return true;
}

bool CircuitDocument::renameComponent(const QString& from, const QString& to) {
    ComponentDoc* c = find(from);
    if (!c || to.isEmpty() || (to != from && componentIndex(to) >= 0)) return false;
    if (to == from) return true;
    c->id = to;
    for (auto& w : c_.wires) {
        if (w.fromComp == from) w.fromComp = to;
        if (w.toComp == from) w.toComp = to;
    }
    for (auto& p : c_.probes) {
        // Probe targets are "comp", "comp.port" or "comp.state".
        if (p.target == from) p.target = to;
        else if (p.target.startsWith(from + '.')) p.target = to + p.target.mid(from.size());
    }
    for (auto& cfg : c_.configs) {
        if (auto it = cfg.partition.find(from); it != cfg.partition.end()) {
            const int k = it->second;
            cfg.partition.erase(it);
            cfg.partition[to] = k;
        }
        auto it = cfg.methods.find(from);
        if (it == cfg.methods.end()) continue;
        MethodDoc m = it->second;
        cfg.methods.erase(it);
        cfg.methods[to] = m;
    }
    // Every view of the circuit may hold the old id: simplest correct answer is a reset.
    emit reset();
    emit changed();
    return true;
}

QString CircuitDocument::wireKey(const WireDoc& w) {
    return w.fromComp + '.' + w.fromPort + '>' + w.toComp + '.' + w.toPort;
}

int CircuitDocument::wireIndex(const QString& comp, const QString& port, const QString& otherComp,
                               const QString& otherPort) const {
    for (size_t i = 0; i < c_.wires.size(); ++i) {
        const WireDoc& w = c_.wires[i];
        if ((w.fromComp == comp && w.fromPort == port && w.toComp == otherComp && w.toPort == otherPort) ||
            (w.toComp == comp && w.toPort == port && w.fromComp == otherComp && w.fromPort == otherPort))
            return static_cast<int>(i);
    }
    return -1;
}

std::vector<int> CircuitDocument::wiresOf(const QString& compId) const {
    std::vector<int> out;
    for (size_t i = 0; i < c_.wires.size(); ++i)
        if (c_.wires[i].fromComp == compId || c_.wires[i].toComp == compId) out.push_back(static_cast<int>(i));
    return out;
}

int CircuitDocument::wiresAtPort(const QString& comp, const QString& port) const {
    int n = 0;
    for (const auto& w : c_.wires)
        n += (w.fromComp == comp && w.fromPort == port) + (w.toComp == comp && w.toPort == port);
    return n;
}

bool CircuitDocument::insertWire(const WireDoc& w, int index) {
    if (w.fromComp == w.toComp && w.fromPort == w.toPort) return false;
    if (wireIndex(w.fromComp, w.fromPort, w.toComp, w.toPort) >= 0) return false;
    const int n = static_cast<int>(c_.wires.size());
    if (index < 0 || index > n) index = n;
    c_.wires.insert(c_.wires.begin() + index, w);
    emit wireAdded(index);
    emit changed();
    return true;
}

bool CircuitDocument::removeWire(int index) {
    if (index < 0 || index >= static_cast<int>(c_.wires.size())) return false;
    c_.wires.erase(c_.wires.begin() + index);
    emit wireRemoved(index);
    emit changed();
    return true;
}

bool CircuitDocument::setWirePoints(int index, const std::vector<QPointF>& points) {
    if (index < 0 || index >= static_cast<int>(c_.wires.size())) return false;
    c_.wires[static_cast<size_t>(index)].points = points;
    emit wireChanged(index);
    emit changed();
    return true;
}

void CircuitDocument::setConfigs(std::vector<SolverConfigDoc> configs) {
    c_.configs = std::move(configs);
    emit configsChanged();
    emit changed();
}

void CircuitDocument::setProbes(std::vector<ProbeDoc> probes) {
    c_.probes = std::move(probes);
    emit probesChanged();
    emit changed();
}

void CircuitDocument::setSettings(const CircuitSettings& s) {
    s.applyTo(c_);
    emit settingsChanged();
    emit changed();
}

}  // namespace hs::model
