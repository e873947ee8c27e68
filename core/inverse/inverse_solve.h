// SPDX-License-Identifier: GPL-3.0-or-later
// The inverse solve of a valve-controlled cylinder (notes/002 §1.4, with its corrections [D]):
// the piston motion x_p(t) is prescribed; p_B is the dummy (algebraic) state of the force balance,
// p_A the only integrated state (RK4). Each step the differentiated force balance and the two
// continuity equations give the valve opening in closed form on the branch the sign of the
// required flow selects, then the spool is inverted to the command u (central differences of
// x_v on the step grid). Energies are integrated as probes; diagnostics are results.
#pragma once

#include <string>
#include <vector>

#include "drive.h"

namespace hs::inverse {

struct InverseOptions {
    double duration = 1.0;
    double dt = 1e-5;              // integration step of p_A (and the grid of x_v, u)
    double recordInterval = 1e-3;  // rows of the result table
};

struct Diagnostic {
    enum class Kind { ValveSaturated, Infeasible, EndOfTravel, PressureAbove, PressureBelow };
    Kind kind;
    double time = 0;   // first occurrence
    double value = 0;  // worst value (opening, pressure, position)
    std::string message;
};

struct InverseResult {
    bool ok = false;          // false: the run stopped (infeasible); diagnostics say why and when
    double endTime = 0;       // where it stopped (duration when ok)
    std::vector<std::string> names, units;
    std::vector<double> time;                  // recorded rows
    std::vector<std::vector<double>> columns;  // one per name
    std::vector<double> gridU;                 // u on the step grid (t = i*dt), for the replay
    double dt = 0;
    double pA0 = 0, pB0 = 0, xv0 = 0;          // consistent initial state
    std::vector<Diagnostic> diagnostics;
    int column(const std::string& name) const;
};

InverseResult solveInverse(const ValveCylinderDrive& d, const InverseOptions& o);

}  // namespace hs::inverse
