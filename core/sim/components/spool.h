// SPDX-License-Identifier: GPL-3.0-or-later
// Pieces shared by the spool valves: the metering-edge flow coefficient of a sharp-edged spool
// land and the spool's position lag (first or second order), with the states the lag needs.
#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hs::sim {

// Flow coefficient of a metering edge opened by x [m] on a spool of diameter d, a fraction f of
// the circumference cut open: K = Cq*f*pi*d*max(x,0)*sqrt(2/rho), Q = K*sqrt(dp) (the orifice
// equation with the annular area; Merritt §3.3, Hopsan's spool valves use the same law).
inline double edgeCoefficient(double cq, double f, double d, double rho, double x) {
    return x > 0.0 ? cq * f * std::numbers::pi * d * x * std::sqrt(2.0 / rho) : 0.0;
}

// The spool's lag behind its commanded position u, two states (x, x'):
//   first order:  x' = (u - x)/tau                      (x'' state held at 0)
//   second order: x'' = wn^2*(u - x) - 2*zeta*wn*x'
// The position used for the openings is x clamped to [lo, hi] (Hopsan clamps its filter's state
// instead: the same whenever the command stays in range and the lag does not overshoot).
struct SpoolLag {
    bool secondOrder = true;
    double tau = 0.01, wn = 100.0, zeta = 1.0, lo = 0.0, hi = 1.0;

    double position(const double* s) const { return std::clamp(s[0], lo, hi); }
    void derivatives(const double* s, double u, double* ds) const {
        u = std::clamp(u, lo, hi);
        if (!secondOrder) {
            ds[0] = (u - s[0]) / tau;
            ds[1] = -s[1] / tau;  // keeps the unused rate state at 0
            return;
        }
        ds[0] = s[1];
        ds[1] = wn * wn * (u - s[0]) - 2.0 * zeta * wn * s[1];
    }
};

}  // namespace hs::sim
