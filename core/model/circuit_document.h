// SPDX-License-Identifier: GPL-3.0-or-later
// The observable circuit document: the value type Circuit wrapped in a QObject that announces
// every mutation. It is the single source of truth of the editor (ARCHITECTURE §5): the scene
// observes these signals, undo commands call these mutators and nothing else writes the circuit.
//
// Wires have no id in the file; they are addressed by their position in the list, which the
// mutators keep stable (insert and remove at a given index), so that undo restores the very same
// bytes. wireKey() gives a readable identity ("O1.B>V1.P1") for hover and tooltips.
#pragma once

#include <QObject>
#include <QString>

#include <optional>
#include <vector>

#include "circuit.h"
#include "circuit_settings.h"

namespace hs::model {

class CircuitDocument : public QObject {
    Q_OBJECT
public:
    explicit CircuitDocument(QObject* parent = nullptr);

    const Circuit& circuit() const { return c_; }
    // Replaces everything (new, open, recovery). Emits reset().
    void setCircuit(Circuit c);

    int componentIndex(const QString& id) const;
    const ComponentDoc* component(const QString& id) const { return c_.component(id); }
    // A fresh id "<prefix><n>" not used by any component.
    QString uniqueId(const QString& prefix) const;

    // Component mutators. index -1 appends. Returns false (and changes nothing) on a duplicate id
    // or an unknown one.
    bool insertComponent(const ComponentDoc& comp, int index = -1);
    bool removeComponent(const QString& id);
    bool setPose(const QString& id, const Pose& pose);
    // value unset: the parameter is removed from the document (spec default applies).
    bool setNumber(const QString& id, const QString& param, std::optional<double> value);
    bool setText(const QString& id, const QString& param, std::optional<QString> value);
    // Renames the component and every reference to it (wires, probes, method overrides, partition
    // entries).
    bool renameComponent(const QString& from, const QString& to);

    static QString wireKey(const WireDoc& w);
    int wireIndex(const QString& comp, const QString& port, const QString& otherComp, const QString& otherPort) const;
    // Indices of wires touching the component, ascending.
    std::vector<int> wiresOf(const QString& compId) const;
    int wiresAtPort(const QString& comp, const QString& port) const;
    bool insertWire(const WireDoc& w, int index = -1);
    bool removeWire(int index);
    bool setWirePoints(int index, const std::vector<QPointF>& points);

    void setConfigs(std::vector<SolverConfigDoc> configs);
    void setProbes(std::vector<ProbeDoc> probes);
    void setSettings(const CircuitSettings& s);

signals:
    void reset();
    void componentAdded(const QString& id);
    void componentRemoved(const QString& id);
    void componentChanged(const QString& id);  // pose or parameters
    void wireAdded(int index);
    void wireRemoved(int index);
    void wireChanged(int index);
    void configsChanged();
    void probesChanged();
    void settingsChanged();
    // After any mutation (dirty flag, autosave).
    void changed();

private:
    ComponentDoc* find(const QString& id);
    Circuit c_;
};

}  // namespace hs::model
