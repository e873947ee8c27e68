// SPDX-License-Identifier: GPL-3.0-or-later
// Accuracy guidance for a volume solved by TLM (notes/003 §1.3): the parasitic inertance the
// method adds, how it compares with the physical inertance of the adjoining lines, and the step
// that keeps the parasitic pressure Ppar ~ I*|dq/dt| below a target.
#pragma once

#include <string>

namespace hs::sim {

class System;

struct TlmGuidance {
    double parasiticInertance = 0;  // factor*Be*dt^2/V [kg/m4] (eq. 2.22; factor 1 for two ports)
    double lineInertance = 0;       // smallest rho*L/A of the adjoining lines, 0 if none
    double expectedPpar = 0;        // I*|dq/dt| [Pa]
    double stepForTarget = 0;       // dt with Ppar = target: sqrt(target*V/(factor*Be*|dq/dt|)) [s]
    // The largest step whose parasitic inertance stays at or below the line's (rounded down to
    // three significant digits, so that the printed step removes the warning), 0 if no line.
    double stepForLine = 0;
    bool warn = false;              // parasitic inertance above a line's physical one
    std::string text;
};

// For volume V [m3] with bulk modulus Be [Pa] at step dt [s], next to lines of inertance
// lineInertance (0 = none), with flows changing at |dq/dt| = dqdt [m3/s2] and a target Ppar [Pa].
// factor: the method's PressureMethod::parasiticFactor() ((N/2)*n^2; 1 for the thesis' two-port
// volume-as-line).
TlmGuidance tlmGuidance(double volume, double be, double dt, double lineInertance, double dqdt, double pparTarget,
                        double factor = 1.0);

// The same for hydraulic node n of a built system (volume and Be at its current pressure, the
// adjoining components' inertance(), the factor of its method if it is TLM, else 1).
TlmGuidance tlmGuidance(const System& sys, int node, double dt, double dqdt, double pparTarget);

}  // namespace hs::sim
