// SPDX-License-Identifier: GPL-3.0-or-later
// The signed square root of the flow laws, with an optional laminar transition (below |dp| < dpTr
// a cubic that matches value and slope of sqrt at dpTr, finite slope at dp = 0; beyond it
// sign(dp)*sqrt(|dp|)), and its slope. Standard headers only: the generated circuit kernels
// (sim/kernel/) include it as the interpreted components do.
#pragma once

namespace hs::sim {

// rootTr = sqrt(dpTr), for callers that take it once per restriction instead of per evaluation:
// sqrt is correctly rounded, so the value (and every result bit) is the same.
[[gnu::always_inline]] inline double flowRoot(double dp, double dpTr, double rootTr) {
    double a = dp < 0 ? -dp : dp;
    if (a >= dpTr) return dp < 0 ? -__builtin_sqrt(a) : __builtin_sqrt(a);
    double r = dp / dpTr;
    return dp / rootTr * (1.25 - 0.25 * r * r);
}
[[gnu::always_inline]] inline double flowRoot(double dp, double dpTr) {
    double a = dp < 0 ? -dp : dp;
    if (a >= dpTr) return dp < 0 ? -__builtin_sqrt(a) : __builtin_sqrt(a);
    return flowRoot(dp, dpTr, __builtin_sqrt(dpTr));
}

// d flowRoot/d dp. Without a laminar band (dpTr = 0) the root's slope is unbounded at dp = 0;
// below kRootSlopeFloor it is taken as the slope there. Measured on Circuit 1, whose drained
// volume sits within a pascal of the tank (docs/performance.md §10): with 1 Pa, CVODE rtol 1e-6
// took 19x the steps of the finite differences over 3 s, rosw3 1.3x; with 1e-2 Pa rosw3 and
// SDIRK2 take the steps of the differences (CVODE 2.2x; 1e-4 Pa: 2.6x).
inline constexpr double kRootSlopeFloor = 1e-2;  // [Pa]
inline double flowRootSlope(double dp, double dpTr) {
    const double a = dp < 0 ? -dp : dp;
    if (a >= dpTr) return 0.5 / __builtin_sqrt(a > kRootSlopeFloor ? a : kRootSlopeFloor);
    const double r = dp / dpTr;
    return (1.25 - 0.75 * r * r) / __builtin_sqrt(dpTr);
}

}  // namespace hs::sim
