// SPDX-License-Identifier: GPL-3.0-or-later
// Equations of the double-acting cylinder of components/actuators.cpp, for the component's
// eval() and the generated circuit kernels (see equations/valves.h).
#pragma once

#include <algorithm>
#include <cstdint>

namespace hs::sim::eq {

// Ports A (0), B (1), rod (2). Chambers part of the nodes of A and B, or external (the
// displacement flows into the nodes' own volumes).
struct CylinderParams {
    double a1 = 0, a2 = 0, s = 0, vda = 0, vdb = 0, leak = 0, kStop = 0, cStop = 0, b = 0, kLoad = 0;
    std::int64_t externalChambers = 0;
};
template <class Io>
[[gnu::always_inline]] inline void cylinder(const CylinderParams& c, const Io& io) {
    const double x = io.x(2), v = io.v(2);
    const double pa = io.p(0), pb = io.p(1);
    const double ql = c.leak * (pa - pb);
    if (c.externalChambers) {
        io.flow(0, ql + c.a1 * v);
        io.flow(1, -ql - c.a2 * v);
    } else {
        double va = c.a1 * x + c.vda, dva = c.a1 * v;
        if (va < 0.01 * c.vda) { va = 0.01 * c.vda; dva = 0.0; }
        double vb = c.a2 * (c.s - x) + c.vdb, dvb = -c.a2 * v;
        if (vb < 0.01 * c.vdb) { vb = 0.01 * c.vdb; dvb = 0.0; }
        io.volume(0, va, dva);
        io.volume(1, vb, dvb);
        io.flow(0, ql);
        io.flow(1, -ql);
    }
    double f = pa * c.a1 - pb * c.a2;
    if (c.b != 0.0 || c.kLoad != 0.0) f -= c.b * v + c.kLoad * x;  // guarded: old circuits keep their bits
    if (x < 0.0) f += std::max(-c.kStop * x - c.cStop * v, 0.0);
    else if (x > c.s) f += std::min(-c.kStop * (x - c.s) - c.cStop * v, 0.0);
    io.flow(2, f);
}

}  // namespace hs::sim::eq
