// SPDX-License-Identifier: GPL-3.0-or-later
// Closed-form and one-dimensional solves of flow laws against Thevenin sources (TLM ports), inline:
// the turbulent orifice's solveThevenin() and the flat TLM step's restriction loop
// (flat_tlm_step.cpp) both run it without a call.
#pragma once

#include <cmath>

#include "component.h"

namespace hs::sim {

// The banded orifice's constants of its Thevenin solve: sqrt(dpTr) and 1/dpTr^2, taken once per
// orifice (BandedOrificeConstants) or where the band needs them (BandedOrificeLazy). Both are
// correctly rounded operations of the constant, so where they are taken changes no bit.
struct BandedOrificeConstants {
    double k = 0, dpTr = 0, sqrtTr = 0, invTr2 = 0;
    double rootTr() const { return sqrtTr; }
    double inv2() const { return invTr2; }
};
inline BandedOrificeConstants bandedOrificeConstants(double k, double dpTr) {
    return {k, dpTr, std::sqrt(dpTr), 1.0 / (dpTr * dpTr)};
}
struct BandedOrificeLazy {
    double k = 0, dpTr = 0;
    double rootTr() const { return std::sqrt(dpTr); }
    double inv2() const { return 1.0 / (dpTr * dpTr); }
};

// Flow q = k*flowRoot(p0 - p1, dpTr) between the Thevenin sources p0 = c0 - z0*q and
// p1 = c1 + z1*q (z0 + z1 > 0). The square-law solution is exact when its pressure drop lies
// outside the laminar band; inside it the drop d solves d + a*d*(1.25 - 0.25*(d/dpTr)^2) = c0 - c1,
// a = k*(z0 + z1)/sqrt(dpTr), increasing in d on the band, concave on the side of its root:
// Newton from the linear estimate approaches the root monotonically (no overshoot).
template <class Constants>
[[gnu::always_inline]] inline double turbulentOrificeThevenin(const Constants& o, double c0, double c1, double z0, double z1) {
    const double k = o.k, dpTr = o.dpTr;
    const double q = squareLawThevenin(k, c0, c1, z0, z1);
    const double zSum = z0 + z1, dc = c0 - c1;
    if (!(dpTr > 0) || !(zSum > 0) || k <= 0) return q;
    const double d = dc - zSum * q;  // the square law's pressure drop
    if (std::abs(d) >= dpTr) return q;
    // Inside the band: g(d) = d*(1 + a*(1.25 - 0.25*(d/dpTr)^2)) - dc, g' >= 1 + 0.5*a > 0.
    // For dc > 0 the root lies in (0, min(dc, dpTr)) where g is concave, so Newton from the
    // left (the linear estimate is below the root) increases monotonically to it; dc < 0 is the
    // mirror image.
    const double a = k * zSum / o.rootTr();
    const double sign = dc < 0 ? -1.0 : 1.0, target = std::abs(dc), inv2 = o.inv2();
    double x = target / (1.0 + 1.25 * a);
    for (int it = 0; it < 60; ++it) {
        const double r2 = x * x * inv2;
        const double g = x * (1.0 + a * (1.25 - 0.25 * r2)) - target;
        const double dg = 1.0 + a * (1.25 - 0.75 * r2);
        const double step = g / dg;
        x -= step;
        if (!(std::abs(step) > 1e-15 * x)) break;
    }
    if (x > dpTr) x = dpTr;
    // The flow from the law at the solved drop: (dc - d)/Z would lose digits when the drop is
    // most of dc (a small impedance).
    return sign * k * flowRoot(x, dpTr, o.rootTr());
}
inline double turbulentOrificeThevenin(double k, double dpTr, double c0, double c1, double z0, double z1) {
    return turbulentOrificeThevenin(BandedOrificeLazy{k, dpTr}, c0, c1, z0, z1);
}

}  // namespace hs::sim
