// SPDX-License-Identifier: GPL-3.0-or-later
// Equations of the mechanical components of components/mechanics.cpp, for the components' eval()
// and the generated circuit kernels (see equations/valves.h).
#pragma once

#include <cmath>

namespace hs::sim::eq {

// Mass with viscous friction b and a spring k to x = 0 (static, force 0, without them): node (0).
struct MassParams {
    double b = 0, k = 0;
};
template <class Io>
[[gnu::always_inline]] inline void mass(const MassParams& c, const Io& io) {
    io.flow(0, c.b == 0.0 && c.k == 0.0 ? 0.0 : -(c.b * io.v(0) + c.k * io.x(0)));
}

// LuGre friction: node (0); state z (bristle deflection).
struct LuGreParams {
    double s0 = 1, s1 = 0, kv = 0, fc = 1, fs = 1, vs = 1;
};
template <class Io>
[[gnu::always_inline]] inline void luGreFriction(const LuGreParams& c, const Io& io) {
    const double v = io.v(0), z = io.s(0);
    const double r = v / c.vs;
    const double g = (c.fc + (c.fs - c.fc) * std::exp(-r * r)) / c.s0;
    const double zd = v - std::abs(v) * z / g;
    io.ds(0, zd);
    io.flow(0, -(c.s0 * z + c.s1 * zd + c.kv * v));
}

}  // namespace hs::sim::eq
