// SPDX-License-Identifier: GPL-3.0-or-later
// N quasistatic actuators on one pump (Kikuuwe et al. §6; notes/004 §10): they share the pump
// node's pressure P, the bleed and the pump relief, each behind its own pump check valve. Given
// the velocities (or the resolvent's beta and f_bar per actuator), P is the root of the pump node's
// flow balance, found by bisection on [0, P_M] (the balance decreases in P).
#pragma once

#include <cstddef>
#include <vector>

#include "actuator_map.h"

namespace hs::sim::quasistatic {

struct SharedPump {
    double flow = 500.0 / 60e3;  // Q [m3/s]
    double relief = 36e6;        // P_M [Pa]
    double cBleed = 0;           // c_b = Cd*a*sqrt(2/rho)
    double bleedOpening = 0;     // u_b
};

struct PumpNode {
    double pressure = 0;    // P [Pa]
    double reliefFlow = 0;  // Xi_P at P: the flow through the pump relief [m3/s]
};

class SharedPumpActuators {
public:
    // One circuit and one opening vector per actuator; their own pump data are not used.
    SharedPumpActuators(const SharedPump& pump, std::vector<ActuatorCircuit> circuits, std::vector<ValveOpenings> openings);

    // (114)-(118): the forces (intervals where v_j = 0) at the given velocities.
    PumpNode forces(const std::vector<double>& velocity, std::vector<ForceInterval>& force) const;
    // (119)-(126): velocity_j = Lambda_j(P, beta_j, fBar_j) with P from (123b).
    PumpNode resolvent(const std::vector<double>& beta, const std::vector<double>& fBar, std::vector<double>& velocity) const;

private:
    ActuatorMap mapAt(std::size_t j, double pressure) const;
    // P = P_M when the balance at P_M is >= 0 (relief open), else its root in [0, P_M].
    template <class Balance>
    PumpNode solvePressure(Balance balance) const;

    SharedPump pump_;
    std::vector<ActuatorCircuit> circuits_;
    std::vector<ValveOpenings> openings_;
};

}  // namespace hs::sim::quasistatic
