// SPDX-License-Identifier: GPL-3.0-or-later
// Equations of the fixed orifices of components/restrictions.cpp, for the components' eval() and
// the generated circuit kernels (see equations/valves.h).
#pragma once

#include "flow_root.h"

namespace hs::sim::eq {

// Turbulent orifice: ports A (0), B (1); k = Cd*A*sqrt(2/rho) or given.
struct OrificeParams {
    double k = 0, dpTr = 0;
};
template <class Io>
[[gnu::always_inline]] inline void turbulentOrifice(const OrificeParams& c, const Io& io) {
    const double q = c.k * flowRoot(io.p(0) - io.p(1), c.dpTr);
    io.flow(0, q);
    io.flow(1, -q);
}

}  // namespace hs::sim::eq
