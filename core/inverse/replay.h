// SPDX-License-Identifier: GPL-3.0-or-later
// The round trip (notes/002 §6 item 1): the inverse's command u(t) becomes a Table input of a
// forward run of the same circuit (the valve's command rewired to it, the chambers and spool
// started from the inverse's consistent initial state), and the forward piston position is
// compared with the prescribed one.
#pragma once

#include <string>

#include "drive.h"
#include "inverse_solve.h"
#include "sim/simulator.h"

namespace hs::inverse {

struct ReplayResult {
    std::string error;   // build or run failure ("" when it ran)
    sim::RunResult run;  // probes: the rod position "x_forward" and the command "u"
    double maxError = 0; // max |x_forward - x_prescribed| over the recorded times [m]
    double maxErrorTime = 0;
};

// The forward netlist: net with the valve's command driven by a Table of r.gridU and the initial
// state of the inverse (cylinder pA0/pB0, volumes' p0, valve Us0).
sim::Netlist replayNetlist(const sim::Netlist& net, const ValveCylinderDrive& d, const InverseResult& r);

// Runs it with fixed-step RK4 at the inverse's step for the inverse's duration.
ReplayResult replayForward(const sim::Registry& reg, const sim::Netlist& net, const ValveCylinderDrive& d,
                           const InverseResult& r, double recordInterval);

}  // namespace hs::inverse
