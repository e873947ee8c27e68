// SPDX-License-Identifier: GPL-3.0-or-later
// Equations of the valves of components/valves.cpp (the models, sources and deviations are
// described there): templates over the access object, called by the components' eval() (EvalIo)
// and by the generated circuit kernels (FrameIo). Parameters in plain structs of numbers, which
// the kernels hold as constants.
#pragma once

#include <algorithm>
#include <cstdint>

#include "../components/valve43_law.h"
#include "flow_root.h"

namespace hs::sim::eq {

// Pressure compensator: ports P (0), C (1), LS pilot (2) or signal pload (3); state K.
struct CompensatorParams {
    double c1 = 0, c2 = 0, c3 = 1, c5 = 0, dpTr = 0;
};
template <class Io>
[[gnu::always_inline]] inline void pressureCompensator(const CompensatorParams& c, const Io& io) {
    const double ps = io.p(0), pc = io.p(1);
    const double pl = io.connected(2) ? io.p(2) : io.in(3);
    const double k = io.s(0);
    const double q = std::max(k, 0.0) * flowRoot(ps - pc, c.dpTr);
    io.flow(0, q);
    io.flow(1, -q);
    io.flow(2, 0.0);
    double dk = (c.c5 - pc + pl - (c.c1 + c.c2 * (ps - pc)) * k) / c.c3;
    if (k <= 0.0 && dk < 0.0) dk = 0.0;
    io.ds(0, dk);
}

// Control throttle: ports A (0), B (1), command U (2); states k_t, k_t'.
struct ThrottleParams {
    double c6 = 0, c7 = 0, c8 = 0, c9 = 0, kmin = 0, dpTr = 0;
};
template <class Io>
[[gnu::always_inline]] inline void controlThrottle(const ThrottleParams& c, const Io& io) {
    const double q = std::max(io.s(0), c.kmin) * flowRoot(io.p(0) - io.p(1), c.dpTr);
    io.flow(0, q);
    io.flow(1, -q);
    io.ds(0, io.s(1));
    io.ds(1, (io.in(2) - c.c9) * c.c6 * c.c7 * c.c7 - 2.0 * c.c8 * c.c7 * io.s(1) - c.c7 * c.c7 * io.s(0));
}

// 2/2 on/off valve: ports A (0), B (1), opening command (2).
struct OnOffParams {
    double k = 0, dpTr = 0;
};
template <class Io>
[[gnu::always_inline]] inline void onOffValve(const OnOffParams& c, const Io& io) {
    const double u = std::clamp(io.in(2), 0.0, 1.0);
    const double q = u * c.k * flowRoot(io.p(0) - io.p(1), c.dpTr);
    io.flow(0, q);
    io.flow(1, -q);
}

// 4/3 proportional valve: ports P, A, B, T (0-3), command U (4); states Us, Us'.
struct Valve43Params {
    double kv = 0, wn = 0, zeta = 0;
    Valve43Law law;
};
template <class Io>
[[gnu::always_inline]] inline void directionalValve43(const Valve43Params& c, const Io& io) {
    const double us = io.s(0);
    double q[4];
    c.law.flows(us, io.p(0), io.p(1), io.p(2), io.p(3), q);
    io.flow(0, q[0]);
    io.flow(1, q[1]);
    io.flow(2, q[2]);
    io.flow(3, q[3]);
    io.ds(0, io.s(1));
    io.ds(1, c.kv * c.wn * c.wn * io.in(4) - 2.0 * c.zeta * c.wn * io.s(1) - c.wn * c.wn * us);
}

// Ideal shuttle: pilots A (0), B (1), output the higher pressure (2).
struct ShuttleParams {};
template <class Io>
[[gnu::always_inline]] inline void shuttleValve(const ShuttleParams&, const Io& io) {
    io.flow(0, 0.0);
    io.flow(1, 0.0);
    io.out(2, std::max(io.p(0), io.p(1)));
}

}  // namespace hs::sim::eq
