// SPDX-License-Identifier: GPL-3.0-or-later
// The parameters every geometric spool valve declares (land geometry and the spool's lag), in one
// place, and reading them back into a SpoolLag and the edge constants.
#pragma once

#include "../component.h"
#include "../spec.h"
#include "spool.h"
#include "spool_lagged.h"

namespace hs::sim {

struct SpoolGeometry {
    double cq = 0.67, rho = 870.0, d = 0.01, xvmax = 0.01, dpTr = 0.0;
    double edge(double f, double x) const { return edgeCoefficient(cq, f, d, rho, x); }
};

// Cq, rho, d, x_vmax, dynamics, lag_form, tau, omega_h, delta_h, xv0, dp_tr (Hopsan's names where it has them).
SpecBuilder& spoolValveParams(SpecBuilder& b);
// Reads them; lo is the spool's lower travel limit as a multiple of x_vmax (0 or -1).
SpoolGeometry readSpoolGeometry(const ParamSet& p, const Fluid& fluid);
SpoolLag readSpoolLag(const ParamSet& p, double lo, double hi);
// True when lag_form asks for Hopsan's bilinear filter at the step (spool_lagged.h).
bool discreteLag(const ParamSet& p);
// How that filter starts (0 xv0, 1 the first command, 2 xv0 and one update; SpoolLagged::setLag).
int lagStart(const ParamSet& p);

}  // namespace hs::sim
