// SPDX-License-Identifier: GPL-3.0-or-later
#include "quasistatic_actuator_params.h"

#include <cmath>

namespace hs::sim {

void declareQuasistaticCircuitParams(SpecBuilder& b) {
    b.param("A_h", "m2", 0.024, 1e-9, 10.0, "Head-side piston area")
        .param("A_r", "m2", 0.012, 1e-9, 10.0, "Rod-side annulus area")
        .param("Cd", "-", 0.6, 1e-3, 1.0, "Discharge coefficient of every valve")
        .param("a_ph", "m2", 1e-4, 0.0, 1.0, "Maximum area of the pump-to-head valve")
        .param("a_tr", "m2", 1e-4, 0.0, 1.0, "Maximum area of the rod-to-tank valve")
        .param("a_pr", "m2", 1e-4, 0.0, 1.0, "Maximum area of the pump-to-rod valve")
        .param("a_th", "m2", 1e-4, 0.0, 1.0, "Maximum area of the head-to-tank valve")
        .param("a_b", "m2", 1e-4, 0.0, 1.0, "Maximum area of the bleed valve")
        .param("rho", "kg/m3", 850.0, 0.0, 1e5, "Oil density (0 = the circuit fluid's)")
        .param("P_hM", "Pa", 42e6, 0.0, 1e9, "Head-side relief setting")
        .param("P_rM", "Pa", 40e6, 0.0, 1e9, "Rod-side relief setting")
        .param("P_M", "Pa", 36e6, 0.0, 1e9, "Pump relief setting")
        .param("Q", "m3/s", 500.0 / 60e3, 0.0, 10.0, "Pump flow");
}

void declareDarCouplingParams(SpecBuilder& b) {
    b.param("K", "N/m", 5e7, 1e-6, 1e13, "Virtual spring stiffness (rigid: as large as stability allows)")
        .param("B", "N*s/m", 2.5e6, 1e-6, 1e12, "Virtual damping")
        .choice("coupling", {"step", "ode", "auto"}, 2,
                "step: the implicit-Euler step (72) once per fixed step (fixed-step steppers only); ode: the resolvent "
                "ODE (70), any stepper; auto: (72) under fixed-step steppers, (70) under adaptive ones (CVODE)");
}

std::string readQuasistaticCircuit(const ParamSet& p, const Fluid& fluid, quasistatic::ActuatorCircuit& circuit,
                                   double& valveScale) {
    const double rho = p.num("rho") > 0 ? p.num("rho") : fluid.density;
    if (!(rho > 0)) return "density rho must be positive (or the circuit fluid's)";
    const double scale = p.num("Cd") * std::sqrt(2.0 / rho);
    circuit.headArea = p.num("A_h");
    circuit.rodArea = p.num("A_r");
    circuit.headRelief = p.num("P_hM");
    circuit.rodRelief = p.num("P_rM");
    circuit.pumpRelief = p.num("P_M");
    circuit.pumpFlow = p.num("Q");
    circuit.cPumpToHead = scale * p.num("a_ph");
    circuit.cRodToTank = scale * p.num("a_tr");
    circuit.cPumpToRod = scale * p.num("a_pr");
    circuit.cHeadToTank = scale * p.num("a_th");
    circuit.cBleed = scale * p.num("a_b");
    valveScale = scale;
    if (!(p.num("K") > 0) || !(p.num("B") > 0)) return "the coupling needs K > 0 and B > 0 (the resolvent needs B + h*K > 0)";
    return {};
}

}  // namespace hs::sim
