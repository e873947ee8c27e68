// SPDX-License-Identifier: GPL-3.0-or-later
// The circuit-level settings edited together in the GUI (name, description, fluid, simulation
// span and pressure bounds): one value so that one edit is one undo step.
#pragma once

#include <QString>

#include "circuit.h"

namespace hs::model {

struct CircuitSettings {
    QString name, description;
    hs::sim::Fluid fluid;
    double duration = 1.0, recordInterval = 1e-3, pMin = -1e7, pMax = 1e9;

    static CircuitSettings of(const Circuit& c) {
        return {c.name, c.description, c.fluid, c.duration, c.recordInterval, c.pMin, c.pMax};
    }
    void applyTo(Circuit& c) const {
        c.name = name;
        c.description = description;
        c.fluid = fluid;
        c.duration = duration;
        c.recordInterval = recordInterval;
        c.pMin = pMin;
        c.pMax = pMax;
    }
    bool operator==(const CircuitSettings& o) const {
        return name == o.name && description == o.description && sameFluid(fluid, o.fluid) &&
               duration == o.duration && recordInterval == o.recordInterval && pMin == o.pMin && pMax == o.pMax;
    }
};

}  // namespace hs::model
