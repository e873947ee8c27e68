// SPDX-License-Identifier: GPL-3.0-or-later
// Registry-aware checks of a circuit document: component types, parameter names, kinds and
// bounds, wire ends, probe targets, solver configurations, fluid and simulation settings.
// Collects every problem, each prefixed with its JSON path. What only the compiled circuit can
// tell (unconnected ports, nodes without volume, algebraic loops) is left to hs::sim::build.
#pragma once

#include <QString>
#include <QStringList>

#include "circuit.h"
#include "circuit_reader.h"

namespace hs::sim {
class Registry;
struct ComponentSpec;
}  // namespace hs::sim

namespace hs::model {

class CircuitValidator {
public:
    CircuitValidator(const Circuit& c, const hs::sim::Registry& reg, const SourceIndex& index);
    QStringList run();

private:
    void checkSettings();
    void checkComponents();
    void checkParameters(const ComponentDoc& d, const hs::sim::ComponentSpec& spec, const QString& path);
    void checkWires();
    // One wire end "comp.port"; returns the port's spec index, or -1 (error recorded).
    int checkWireEnd(const QString& comp, const QString& port, const QString& path,
                     const hs::sim::ComponentSpec** spec);
    void checkProbes();
    void checkConfigs();
    void positive(double v, const QString& path, const char* unit, bool orZero = false);
    void err(const QString& path, const QString& message) { errors_ << path + QStringLiteral(": ") + message; }

    QString componentPath(size_t i) const;
    QString listPath(const char* list, const std::vector<int>& index, size_t i) const;
    const hs::sim::ComponentSpec* specOf(const QString& id) const;

    const Circuit& c_;
    const hs::sim::Registry& reg_;
    const SourceIndex& index_;
    QStringList errors_;
};

QStringList validateCircuit(const Circuit& c, const hs::sim::Registry& reg, const SourceIndex& index);

}  // namespace hs::model
