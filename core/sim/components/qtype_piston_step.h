// SPDX-License-Identifier: GPL-3.0-or-later
// One fixed step of a Q-type piston integrated by discrete (bilinear, Tustin) filters whose
// damping includes the impedance of the TLM chambers on its ports, with an inelastic stroke
// limit: the form of Hopsan's HydraulicCylinderQ (read from its source, written anew here).
//
// The chambers are Thevenin sources p_k = c_k + Zc_k*q_k (q_k the flow out of the cylinder into
// the chamber, q_A = -A1*v, q_B = A2*v), so the hydraulic force on the piston is
//   A1*p_A - A2*p_B = (A1*c_A - A2*c_B) - (A1^2*Zc_A + A2^2*Zc_B)*v = F_c - Z_x*v
// and the piston's equation m*x'' + (b + Z_x)*x' + k*x = F_c + F_load is linear with the chamber
// impedance as damping. Position and velocity are two separate filters of it, discretised with
// s = (2/T)(1 - q^-1)/(1 + q^-1):
//   x: 1/(m s^2 + B s + k) of u = F_c + F_load,   v: 1/(m s + B) of u - k*x,   B = b + Z_x,
// implicit in the step's own force (B sits in the denominators), so the step is stable for any
// impedance and step. The stop is inelastic: a position filter output outside [0, stroke] is
// clamped (its history takes the clamped value) and the velocity and its filter's history are
// set to zero. A chamber whose pressure comes out negative is taken at 0 Pa (c = Zc = 0) and the
// step recomputed once for that port, as Hopsan's cavitation check does.
#pragma once

#include <algorithm>

namespace hs::sim {

struct QPistonParams {
    double a1 = 0, a2 = 0;  // piston and annulus areas [m2]
    double b = 0;           // viscous friction [N s/m]
    double k = 0;           // load spring to x = 0 [N/m]
    double m = 0;           // moving mass [kg] (> 0)
    double stroke = 0;      // limits [0, stroke] [m]
};

// The filters' memory: the previous step's inputs and outputs (two of each for the position).
struct QPistonHistory {
    double u1 = 0, u2 = 0, x1 = 0, x2 = 0;  // position filter: u_(k-1), u_(k-2), x_(k-1), x_(k-2)
    double w1 = 0, v1 = 0;                  // velocity filter: its input and output at k-1
    static QPistonHistory atRest(double x0, double stroke) {
        const double x = std::clamp(x0, 0.0, stroke);
        return {0.0, 0.0, x, x, 0.0, 0.0};
    }
};

struct QPistonStep {
    double x = 0, v = 0;    // piston position and velocity at the end of the step
    double pA = 0, pB = 0;  // chamber port pressures
    bool atStop = false;    // the position was clamped at 0 or the stroke
    QPistonHistory next;    // the memory for the following step
};

// One step of length dt from history h against the chambers (cA, zA), (cB, zB) (z = 0: a port
// at the fixed pressure c) with the load force fLoad along x (held over the step).
inline QPistonStep qPistonStep(const QPistonParams& p, const QPistonHistory& h, double dt, double cA, double zA, double cB,
                               double zB, double fLoad) {
    bool cavA = false, cavB = false;
    for (;;) {
        QPistonStep s;
        const double zx = p.a1 * p.a1 * zA + p.a2 * p.a2 * zB;
        const double u = p.a1 * cA - p.a2 * cB + fLoad, damp = p.b + zx, t2 = dt * dt;
        const double y0 = p.k * t2 + 2.0 * damp * dt + 4.0 * p.m, y1 = 2.0 * p.k * t2 - 8.0 * p.m,
                     y2 = p.k * t2 - 2.0 * damp * dt + 4.0 * p.m;
        double x = (t2 * (u + 2.0 * h.u1 + h.u2) - y1 * h.x1 - y2 * h.x2) / y0;
        s.atStop = x <= 0.0 || x >= p.stroke;
        x = std::clamp(x, 0.0, p.stroke);
        s.next = h;
        s.next.u2 = h.u1;
        s.next.u1 = u;
        s.next.x2 = h.x1;
        s.next.x1 = x;
        double v = 0.0, w = 0.0;
        if (!s.atStop) {
            w = u - p.k * x;
            v = (dt * (w + h.w1) - (damp * dt - 2.0 * p.m) * h.v1) / (damp * dt + 2.0 * p.m);
        }
        s.next.w1 = w;
        s.next.v1 = v;
        s.x = x;
        s.v = v;
        s.pA = cA - zA * p.a1 * v;
        s.pB = cB + zB * p.a2 * v;
        bool again = false;
        if (s.pA < 0.0) {
            s.pA = cA = zA = 0.0;
            again = again || !cavA;
            cavA = true;
        }
        if (s.pB < 0.0) {
            s.pB = cB = zB = 0.0;
            again = again || !cavB;
            cavB = true;
        }
        if (!again) return s;
    }
}

}  // namespace hs::sim
