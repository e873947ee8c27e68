// SPDX-License-Identifier: GPL-3.0-or-later
// Metering of the closed-centre 4/3 proportional valve (DirectionalValve43), one law for the
// component and the inverse solve. Spool position us (>0: P->A and B->T, <0: P->B and A->T),
// opening o = max(|us| - Ud, 0), conductance G = k*o (linear) or k*o^2 (squared), flows
// Q = G*flowRoot(dp, dp_tr). k is the flow gain: Cv as given, or from a nominal point (the
// OpenHydraulics sizing, notes/002 §2.2): k = q_nom/sqrt(dp_nom)*sqrt(rho_nom/rho), i.e. a fully
// open edge (o = 1) passes q_nom*sqrt(rho_nom/rho) at dp_nom.
#pragma once

#include <cmath>

#include "../component.h"

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
    void flows(double us, double pp, double pa, double pb, double pt, double* q) const {
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
    // The spool position whose conductance is g (>= 0) on the side `positive`: the inverse of
    // conductance() (the dead band added back).
    double spoolFor(double g, bool positive) const {
        const double o = squared ? std::sqrt(std::max(g, 0.0) / k) : std::max(g, 0.0) / k;
        const double us = o + (o > 0 ? ud : 0.0);
        return positive ? us : -us;
    }
};

}  // namespace hs::sim
