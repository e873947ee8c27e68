// SPDX-License-Identifier: GPL-3.0-or-later
// Equations of the fixed orifices of components/restrictions.cpp, for the components' eval() and
// the generated circuit kernels (see equations/valves.h).
#pragma once

#include "flow_root.h"

namespace hs::sim::eq {

// Turbulent orifice: ports A (0), B (1); k = Cd*A*sqrt(2/rho) or given; rootTr = sqrt(dpTr),
// taken once (orificeParams()).
struct OrificeParams {
    double k = 0, dpTr = 0, rootTr = 0;
};
inline OrificeParams orificeParams(double k, double dpTr) { return {k, dpTr, __builtin_sqrt(dpTr)}; }
template <class Io>
[[gnu::always_inline]] inline void turbulentOrifice(const OrificeParams& c, const Io& io) {
    const double q = c.k * flowRoot(io.p(0) - io.p(1), c.dpTr, c.rootTr);
    io.flow(0, q);
    io.flow(1, -q);
}

// Laminar orifice: ports A (0), B (1), conductance g.
struct LaminarParams {
    double g = 0;
};
template <class Io>
[[gnu::always_inline]] inline void laminarOrifice(const LaminarParams& c, const Io& io) {
    const double q = c.g * (io.p(0) - io.p(1));
    io.flow(0, q);
    io.flow(1, -q);
}

}  // namespace hs::sim::eq
