// SPDX-License-Identifier: GPL-3.0-or-later
// The parameters every geometric spool valve declares (land geometry and the spool's lag), in one
// place, and reading them back into a SpoolLag and the edge constants.
#pragma once

#include "../component.h"
#include "../spec.h"
#include "spool.h"

namespace hs::sim {

struct SpoolGeometry {
    double cq = 0.67, rho = 870.0, d = 0.01, xvmax = 0.01, dpTr = 0.0;
    double edge(double f, double x) const { return edgeCoefficient(cq, f, d, rho, x); }
};

// Cq, rho, d, x_vmax, dynamics, tau, omega_h, delta_h, xv0, dp_tr (Hopsan's names where it has them).
SpecBuilder& spoolValveParams(SpecBuilder& b);
// Reads them; lo is the spool's lower travel limit as a multiple of x_vmax (0 or -1).
SpoolGeometry readSpoolGeometry(const ParamSet& p, const Fluid& fluid);
SpoolLag readSpoolLag(const ParamSet& p, double lo, double hi);

}  // namespace hs::sim
