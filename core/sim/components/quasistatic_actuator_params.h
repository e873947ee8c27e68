// SPDX-License-Identifier: GPL-3.0-or-later
// Parameters shared by the quasistatic actuator components (declared once here): the circuit of
// Kikuuwe et al.'s Fig. 1 with the §3.4 (66) values as defaults, and the DAR coupling K, B.
#pragma once

#include <string>

#include "../component.h"
#include "../quasistatic/actuator_map.h"
#include "../spec.h"

namespace hs::sim {

void declareQuasistaticCircuitParams(SpecBuilder& b);
void declareDarCouplingParams(SpecBuilder& b);
// Reads the circuit; "" or what is wrong. valveScale = Cd*sqrt(2/rho): c = valveScale*a for a
// valve of maximum area a (the regeneration valve of QuasistaticActuator).
[[nodiscard]] std::string readQuasistaticCircuit(const ParamSet& p, const Fluid& fluid, quasistatic::ActuatorCircuit& circuit,
                                                 double& valveScale);

}  // namespace hs::sim
