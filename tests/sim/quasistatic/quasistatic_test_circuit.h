// SPDX-License-Identifier: GPL-3.0-or-later
// The actuator of the paper's numerical example §3.4, (66): every valve C = 0.6, a = 1e-4 m2,
// rho = 850 kg/m3 (notes/004 §6).
#pragma once

#include <cmath>

#include "sim/quasistatic/actuator_map.h"

namespace hs::sim::quasistatic::test {

inline ActuatorCircuit paperCircuit() {
    ActuatorCircuit k;  // areas, reliefs and pump flow default to (66)
    const double c = 0.6 * 1e-4 * std::sqrt(2.0 / 850.0);
    k.cPumpToHead = k.cRodToTank = k.cPumpToRod = k.cHeadToTank = k.cBleed = c;
    return k;
}

inline ActuatorMap paperMap(double uc, double ub) { return ActuatorMap(paperCircuit(), ValveOpenings::fromCommand(uc, ub)); }

}  // namespace hs::sim::quasistatic::test
