// SPDX-License-Identifier: GPL-3.0-or-later
// Chambers of a multi-chamber piston as C-type TLM elements of their own (the FourChamberCylinder's
// form "Hopsan C-type chambers at the step"; the scheme of Hopsan's HydraulicFourChamberPiston,
// componentLibraries/defaultLibrary/Hydraulic/LinearActuators, written from its equations).
//
// Chamber k is a TLM volume with three ports: the external hydraulic port (e), the piston (i)
// and the internal leakage path (l). Each port j sees p_j = c_j + Z q_j, q_j the flow INTO the
// chamber through it, Z = (N/2) Be dt / (V (1 - alpha)) with N = 3 ports, V the chamber volume
// at the step's start. Once per step, from the flows at the
// step's start:
//   pMean = (sum_j c_j + 2 Z q_j) / N,   c_j <- max(0, alpha c_j + (1 - alpha) (2 pMean - c_j - 2 Z q_j))
// The waves are held over the next step: the external port is a Thevenin source (the node's
// component, e.g. a pressure source, draws q_e = (p_node - c_e)/Z into the chamber), the piston
// feels p_i = c_i + Z q_i with q_i = -s_k A_k v its displacement flow (s_k = +1 for chambers
// that extend the rod), so the rod force sum_k s_k A_k p_i,k = sum_k s_k A_k c_i,k - (sum_k A_k^2 Z_k) v
// is a force source plus a damper of the chambers' impedance, as Hopsan's node force c5 + Zx5 v5.
// The leakage between chambers j and k is solved against their leakage waves,
// q_jk = L (c_l,j - c_l,k)/(1 + L (Z_j + Z_k)).
#pragma once

#include <algorithm>
#include <array>

namespace hs::sim {

template <int K>
class TlmChambers {
public:
    struct Chamber {
        double area = 0, sign = 1;  // s_k
        double ci = 0, cl = 0, ce = 0, z = 0;
    };
    std::array<Chamber, K> ch{};
    std::array<std::array<double, K>, K> leak{};  // L_jk, j < k [m3/(s Pa)]
    double alpha = 0.1;

    static constexpr double kPorts = 3.0;  // external, piston, leakage
    double impedance(double vol, double be, double dt) const { return 0.5 * kPorts * be * dt / (vol * (1.0 - alpha)); }
    // Hopsan's initialize(): every port's wave at the start pressure p0 plus its start flow
    // (piston flow from the start velocity, leakage at the start pressures), Z at the start volume.
    void start(const std::array<double, K>& p0, const std::array<double, K>& vol, double be, double dt, double v) {
        std::array<double, K> ql{};
        for (int j = 0; j < K; ++j)
            for (int k = j + 1; k < K; ++k) {
                const double q = leak[j][k] * (p0[j] - p0[k]);
                ql[j] += q;
                ql[k] -= q;
            }
        for (int k = 0; k < K; ++k) {
            Chamber& c = ch[k];
            c.z = impedance(vol[k], be, dt);
            c.ci = p0[k] + c.z * pistonFlow(c, v);
            c.cl = p0[k] - c.z * ql[k];
            c.ce = p0[k];
        }
    }
    // One C-type step: the waves for the next step from the external inflows qe (against the
    // waves and Z held over the step just ended), the piston velocity v and the chamber volumes.
    void step(const std::array<double, K>& qe, const std::array<double, K>& vol, double be, double dt, double v) {
        std::array<double, K> ql{};  // net leakage out of each chamber, against the old waves and Z
        for (int j = 0; j < K; ++j)
            for (int k = j + 1; k < K; ++k) {
                const double l = leak[j][k];
                if (l == 0) continue;
                const double q = l * (ch[j].cl - ch[k].cl) / (1.0 + l * (ch[j].z + ch[k].z));
                ql[j] += q;
                ql[k] -= q;
            }
        for (int k = 0; k < K; ++k) {
            Chamber& c = ch[k];
            c.z = impedance(vol[k], be, dt);
            const double qi = pistonFlow(c, v), qlIn = -ql[k];
            const double pMean = ((c.ci + 2.0 * c.z * qi) + (c.cl + 2.0 * c.z * qlIn) + (c.ce + 2.0 * c.z * qe[k])) / kPorts;
            c.ci = filtered(c.ci, pMean, c.z * qi);
            c.cl = filtered(c.cl, pMean, c.z * qlIn);
            c.ce = filtered(c.ce, pMean, c.z * qe[k]);
        }
    }
    // Rod force of the chambers at rod velocity v (positive extending): sum s A (c_i + Z q_i).
    double force(double v) const {
        double f = 0;
        for (const Chamber& c : ch) f += c.sign * c.area * (c.ci + c.z * pistonFlow(c, v));
        return f;
    }
    // Flow from the node into chamber k's external port at node pressure p.
    double externalFlow(int k, double p) const { return (p - ch[k].ce) / ch[k].z; }

private:
    static double pistonFlow(const Chamber& c, double v) { return -c.sign * c.area * v; }
    double filtered(double c, double pMean, double zq) const {
        return std::max(0.0, alpha * c + (1.0 - alpha) * (2.0 * pMean - c - 2.0 * zq));
    }
};

}  // namespace hs::sim
