// SPDX-License-Identifier: GPL-3.0-or-later
// Metering of the closed-centre 4/3 proportional valve (DirectionalValve43), one law for the
// component and the inverse solve. Spool position us (>0: P->A and B->T, <0: P->B and A->T),
// opening o = max(|us| - Ud, 0), conductance G = k*o (linear) or k*o^2 (squared), flows
// Q = G*flowRoot(dp, dp_tr). k is the flow gain: Cv as given, or from a nominal point (the
// OpenHydraulics sizing, notes/002 §2.2): k = q_nom/sqrt(dp_nom)*sqrt(rho_nom/rho), i.e. a fully
// open edge (o = 1) passes q_nom*sqrt(rho_nom/rho) at dp_nom.
#pragma once

#include <algorithm>
#include <cmath>

#include "../equations/flow_root.h"

namespace hs::sim {

struct Valve43Law {
    double k = 0, ud = 0, dpTr = 0;
    bool squared = false;

    static double nominalGain(double qNom, double dpNom, double rhoNom, double rho) {
        return qNom / std::sqrt(dpNom) * std::sqrt(rhoNom / rho);
    }
    double opening(double us) const { return std::max(std::abs(us) - ud, 0.0); }
    double conductance(double us) const {
        const double o = opening(us);
        return k * (squared ? o * o : o);
    }
    // Flows into the valve at P, A, B, T (q[0..3]).
    [[gnu::always_inline]] void flows(double us, double pp, double pa, double pb, double pt, double* q) const {
        q[0] = q[1] = q[2] = q[3] = 0.0;
        const double g = conductance(us);
        if (!(g > 0.0)) return;
        if (us > 0) {
            const double qpa = g * flowRoot(pp - pa, dpTr), qbt = g * flowRoot(pb - pt, dpTr);
            q[0] = qpa; q[1] = -qpa; q[2] = qbt; q[3] = -qbt;
        } else {
            const double qpb = g * flowRoot(pp - pb, dpTr), qat = g * flowRoot(pa - pt, dpTr);
            q[0] = qpb; q[2] = -qpb; q[1] = qat; q[3] = -qat;
        }
    }
    // d q[port]/d (pp, pa, pb, pt, us) of flows(): dq[port][0..3] the pressures, dq[port][4] the spool.
    void flowPartials(double us, double pp, double pa, double pb, double pt, double dq[4][5]) const {
        for (int i = 0; i < 4; ++i)
            for (int k = 0; k < 5; ++k) dq[i][k] = 0.0;
        const double g = conductance(us);
        if (!(g > 0.0)) return;
        const double o = opening(us);
        const double dg = k * (squared ? 2.0 * o : 1.0) * (us > 0 ? 1.0 : -1.0);  // dG/dus (o > 0 here)
        // One edge from port a to port b: q into a = G*flowRoot(p_a - p_b), into b its negative.
        auto edge = [&](int a, int b, double dp) {
            const double s = g * flowRootSlope(dp, dpTr), r = dg * flowRoot(dp, dpTr);
            dq[a][a] += s; dq[a][b] -= s; dq[a][4] += r;
            dq[b][a] -= s; dq[b][b] += s; dq[b][4] -= r;
        };
        if (us > 0) {
            edge(0, 1, pp - pa);
            edge(2, 3, pb - pt);
        } else {
            edge(0, 2, pp - pb);
            edge(1, 3, pa - pt);
        }
    }
    // The spool position whose conductance is g (>= 0) on the side `positive`: the inverse of
    // conductance() (the dead band added back).
    double spoolFor(double g, bool positive) const {
        const double o = squared ? std::sqrt(std::max(g, 0.0) / k) : std::max(g, 0.0) / k;
        const double us = o + (o > 0 ? ud : 0.0);
        return positive ? us : -us;
    }
};

}  // namespace hs::sim
