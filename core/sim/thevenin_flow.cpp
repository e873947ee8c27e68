// SPDX-License-Identifier: GPL-3.0-or-later
// Closed-form and one-dimensional solves of flow laws against Thevenin sources (TLM ports).
#include <cmath>

#include "component.h"

namespace hs::sim {

double turbulentOrificeThevenin(double k, double dpTr, double c0, double c1, double z0, double z1) {
    const double q = squareLawThevenin(k, c0, c1, z0, z1);
    const double zSum = z0 + z1, dc = c0 - c1;
    if (!(dpTr > 0) || !(zSum > 0) || k <= 0) return q;
    const double d = dc - zSum * q;  // the square law's pressure drop
    if (std::abs(d) >= dpTr) return q;
    // Inside the band: g(d) = d*(1 + a*(1.25 - 0.25*(d/dpTr)^2)) - dc, g' >= 1 + 0.5*a > 0.
    // For dc > 0 the root lies in (0, min(dc, dpTr)) where g is concave, so Newton from the
    // left (the linear estimate is below the root) increases monotonically to it; dc < 0 is the
    // mirror image.
    const double a = k * zSum / std::sqrt(dpTr);
    const double sign = dc < 0 ? -1.0 : 1.0, target = std::abs(dc), inv2 = 1.0 / (dpTr * dpTr);
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
    return sign * k * flowRoot(x, dpTr);
}

}  // namespace hs::sim
