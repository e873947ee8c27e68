// SPDX-License-Identifier: GPL-3.0-or-later
// The stage combinations of classical RK4 over a state padded to an even length, two states per
// operation (SSE2 on x86-64; the -O2 build does not vectorise these loops by itself). Each state
// gets exactly the operations of the scalar loops, in the same order: the results are the same bits.
// The padding entries stay zero as long as the right-hand side leaves them at zero.
#pragma once

#include <cstring>

namespace hs::sim::rk4 {

// Length of the state buffers a stepper allocates for n states.
constexpr int paddedLength(int n) { return (n + 1) & ~1; }

#if defined(__GNUC__)
using Pair = double __attribute__((vector_size(16)));
inline Pair load(const double* p) {
    Pair v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
inline void store(double* p, Pair v) { std::memcpy(p, &v, sizeof v); }

// s = y + a*k (np = paddedLength(n))
inline void stage(double* __restrict s, const double* __restrict y, double a, const double* __restrict k, int np) {
    for (int i = 0; i < np; i += 2) store(s + i, load(y + i) + a * load(k + i));
}
// s = y + h6*(k1 + 2*(k2 + k3) + k4)
inline void combine(double* __restrict s, const double* __restrict y, double h6, const double* __restrict k1,
                    const double* __restrict k2, const double* __restrict k3, const double* __restrict k4, int np) {
    for (int i = 0; i < np; i += 2)
        store(s + i, load(y + i) + h6 * (load(k1 + i) + 2.0 * (load(k2 + i) + load(k3 + i)) + load(k4 + i)));
}
#else
inline void stage(double* s, const double* y, double a, const double* k, int np) {
    for (int i = 0; i < np; ++i) s[i] = y[i] + a * k[i];
}
inline void combine(double* s, const double* y, double h6, const double* k1, const double* k2, const double* k3,
                    const double* k4, int np) {
    for (int i = 0; i < np; ++i) s[i] = y[i] + h6 * (k1[i] + 2.0 * (k2[i] + k3[i]) + k4[i]);
}
#endif

}  // namespace hs::sim::rk4
