// SPDX-License-Identifier: GPL-3.0-or-later
// The stage combinations of classical RK4, shared by the serial and the partitioned stepper, on
// distinct buffers (restrict: no run-time overlap
// checks). Kept scalar on purpose: a version that loaded two states per SSE2 operation ran
// Circuit 2 about 15 % slower, because each pair load of k follows the right-hand side's two
// separate 8-byte stores and cannot be forwarded from them (a store-forwarding stall per pair).
#pragma once

#include <vector>

namespace hs::sim::rk4 {

// s = y + a*k
inline void stage(double* __restrict s, const double* __restrict y, double a, const double* __restrict k, int n) {
#pragma GCC unroll 4
    for (int i = 0; i < n; ++i) s[i] = y[i] + a * k[i];
}
// s = y + h6*(k1 + 2*(k2 + k3) + k4)
inline void combine(double* __restrict s, const double* __restrict y, double h6, const double* __restrict k1,
                    const double* __restrict k2, const double* __restrict k3, const double* __restrict k4, int n) {
#pragma GCC unroll 4
    for (int i = 0; i < n; ++i) s[i] = y[i] + h6 * (k1[i] + 2.0 * (k2[i] + k3[i]) + k4[i]);
}

// The same on the states listed in idx only (a partition's states, partitioned_stepper.cpp).
inline void stage(double* __restrict s, const double* __restrict y, double a, const double* __restrict k,
                  const std::vector<int>& idx) {
    for (int i : idx) s[i] = y[i] + a * k[i];
}
inline void combine(double* __restrict s, const double* __restrict y, double h6, const double* __restrict k1,
                    const double* __restrict k2, const double* __restrict k3, const double* __restrict k4,
                    const std::vector<int>& idx) {
    for (int i : idx) s[i] = y[i] + h6 * (k1[i] + 2.0 * (k2[i] + k3[i]) + k4[i]);
}

}  // namespace hs::sim::rk4
