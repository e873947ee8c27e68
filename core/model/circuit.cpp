// SPDX-License-Identifier: GPL-3.0-or-later
#include "circuit.h"

namespace hs::model {

bool WireDoc::operator==(const WireDoc& o) const {
    // QPointF::operator== is fuzzy; a document comparison must be exact.
    if (points.size() != o.points.size()) return false;
    for (size_t i = 0; i < points.size(); ++i)
        if (points[i].x() != o.points[i].x() || points[i].y() != o.points[i].y()) return false;
    return fromComp == o.fromComp && fromPort == o.fromPort && toComp == o.toComp && toPort == o.toPort &&
           extra == o.extra;
}

const SolverConfigDoc* Circuit::reference() const {
    for (const auto& c : configs)
        if (c.reference) return &c;
    return nullptr;
}

const SolverConfigDoc* Circuit::config(const QString& n) const {
    for (const auto& c : configs)
        if (c.name == n) return &c;
    return nullptr;
}

const ComponentDoc* Circuit::component(const QString& id) const {
    for (const auto& c : components)
        if (c.id == id) return &c;
    return nullptr;
}

bool sameFluid(const hs::sim::Fluid& a, const hs::sim::Fluid& b) {
    const auto& x = a.bulk;
    const auto& y = b.bulk;
    return a.density == b.density && x.model == y.model && x.value == y.value && x.a1 == y.a1 &&
           x.a2 == y.a2 && x.a3 == y.a3 && x.emax == y.emax && x.pmax == y.pmax &&
           x.naturalLog == y.naturalLog && x.minArg == y.minArg;
}

bool Circuit::operator==(const Circuit& o) const {
    return name == o.name && description == o.description && components == o.components &&
           wires == o.wires && probes == o.probes && sameFluid(fluid, o.fluid) &&
           duration == o.duration && recordInterval == o.recordInterval && pMin == o.pMin &&
           pMax == o.pMax && configs == o.configs && extra == o.extra;
}

}  // namespace hs::model
