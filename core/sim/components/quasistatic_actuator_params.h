// SPDX-License-Identifier: GPL-3.0-or-later
// Parameters shared by the quasistatic actuator components (declared once here): the circuit of
// Kikuuwe et al.'s Fig. 1 with the §3.4 (66) values as defaults, and the DAR coupling K, B.
#pragma once

#include <string>

#include "../component.h"
#include "../quasistatic/actuator_map.h"
#include "../spec.h"

namespace hs::sim {

// Which DAR coupling runs, from the choice "coupling": "step" the implicit-Euler step (72) in
// stepUpdate() (fixed-step steppers only), "ode" the resolvent ODE (70) in eval() (any stepper),
// "auto" (default) the step (72) under fixed-step steppers and the ODE (70) under adaptive ones:
// the builder tells the component through Component::useStepUpdate().
class DarCouplingChoice {
public:
    void read(const ParamSet& p) {
        choice_ = p.choice("coupling");
        stepping_ = choice_ != kOde;
    }
    bool stepping() const { return stepping_; }
    bool optional() const { return choice_ == kAuto; }
    void use(bool step) {
        if (choice_ == kAuto) stepping_ = step;
    }

private:
    enum { kStep = 0, kOde = 1, kAuto = 2 };
    int choice_ = kAuto;
    bool stepping_ = true;
};

void declareQuasistaticCircuitParams(SpecBuilder& b);
void declareDarCouplingParams(SpecBuilder& b);
// Reads the circuit; "" or what is wrong. valveScale = Cd*sqrt(2/rho): c = valveScale*a for a
// valve of maximum area a (the regeneration valve of QuasistaticActuator).
[[nodiscard]] std::string readQuasistaticCircuit(const ParamSet& p, const Fluid& fluid, quasistatic::ActuatorCircuit& circuit,
                                                 double& valveScale);

}  // namespace hs::sim
