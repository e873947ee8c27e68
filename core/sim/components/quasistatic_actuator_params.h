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
// Reads the circuit; "" or what is wrong. cRegeneration: c of the regeneration valve (a_a).
[[nodiscard]] std::string readQuasistaticCircuit(const ParamSet& p, const Fluid& fluid, quasistatic::ActuatorCircuit& circuit,
                                                 double& cRegeneration);

}  // namespace hs::sim
