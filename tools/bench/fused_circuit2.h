// SPDX-License-Identifier: GPL-3.0-or-later
// Hand-fused Circuit 2 (notes/000_001 §2.2, dissertation parameters): the 9 ODEs of the
// pressure-compensated 4/3 proportional valve driving a differential cylinder, written out in one
// function with fixed-step RK4. It is the speed yardstick for the engine: exactly the equations of
// the engine's components (core/sim/components/valves.cpp, actuators.cpp, mechanics.cpp,
// hydraulic_sources.cpp, signal_sources.cpp and fluid.h), so the two agree to rounding.
//
//   states: Us, Us', K, p_v, p1, p2, x, v, z
//   p_s 140e5 Pa, tank 9e5 Pa, initial pressures 9e5 Pa
//   compensator C1 4.65e7, C2 -1.79e4, C3 4e11, C5 1e6, K0 0.05e-9, p_load = max(p1, p2),
//     Q = max(K,0)*ssqrt(p_s - p_v), K' = (C5 - p_v + p_load - (C1 + C2*(p_s - p_v))*K)/C3,
//     K' not allowed to push K below 0, and K projected back to 0 after a step that overshot
//   V_v 1e-5 m3
//   4/3 valve Kv 0.99, wn 331, zeta 0.62, Cv 2.315e-9, Ud 2 V, linear opening o = max(|Us| - Ud, 0)
//     Us > 0: P->A and B->T; Us < 0: P->B and A->T (notes §1.5 sign convention)
//   cylinder A1 8.04e-4, A2 4.24e-4, stroke 1 m, dead volumes 1e-3 m3, x0 0.5 m, no leakage,
//     end stops k 1e8 N/m, c 1e5 N*s/m, chamber volumes floored at 1 % of the dead volume
//   load mass 200 kg, LuGre sigma0 320, sigma1 6.368, kv 1.28e3, Fc 2.15e6, Fs 1.1376e10, vs 347
//   Be(p) = 0.5*1.8e9*log10(max(90*p/2.8e7 + 3, 1)) at each node's own pressure
//   valve command: square wave, period 2 s, duty 0.5, high 8 V (first), low -5 V
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace hs::bench {

struct FusedTrace {
    std::vector<double> t, x, pv;  // recorded every recordEvery steps (and at t = 0)
    double y[9] = {};              // final state: Us, Us', K, p_v, p1, p2, x, v, z
    long steps = 0;
};

inline FusedTrace fusedCircuit2(double duration, double dt, int recordEvery) {
    // parameters
    constexpr double ps = 140e5, pt = 9e5, p0 = 9e5;
    constexpr double C1 = 4.65e7, C2 = -1.79e4, C3 = 4.0e11, C5 = 1.0e6, K0 = 0.05e-9;
    constexpr double Vv = 1e-5;
    constexpr double Kv = 0.99, wn = 331.0, zeta = 0.62, Cv = 2.315e-9, Ud = 2.0;
    constexpr double A1 = 8.04e-4, A2 = 4.24e-4, S = 1.0, VdA = 1e-3, VdB = 1e-3, x0 = 0.5;
    constexpr double kStop = 1e8, cStop = 1e5;
    constexpr double m = 200.0;
    constexpr double s0 = 320.0, s1 = 6.368, kvis = 1.28e3, Fc = 2.15e6, Fs = 1.1376e10, vs = 347.0;
    constexpr double a1 = 0.5, a2 = 90.0, a3 = 3.0, Emax = 1.8e9, pmax = 2.8e7, minArg = 3.0;
    constexpr double period = 2.0, duty = 0.5, low = -5.0, high = 8.0;
    constexpr double invLn10 = 0.43429448190325182765;

    auto be = [](double p) {
        double arg = a2 * p / pmax + a3;
        if (arg < minArg) arg = minArg;
        return a1 * Emax * (std::log(arg) * invLn10);
    };
    auto ssqrt = [](double d) { return d < 0 ? -std::sqrt(-d) : std::sqrt(d); };

    auto f = [&](double t, const double* y, double* dy) {
        const double us = y[0], usd = y[1], k = y[2], pv = y[3], p1 = y[4], p2 = y[5], x = y[6], v = y[7], z = y[8];
        // command
        const double u = std::fmod(t, period) < duty * period ? high : low;
        // compensator, load pressure from the shuttle
        const double pl = std::max(p1, p2);
        const double q = std::max(k, 0.0) * ssqrt(ps - pv);
        double dk = (C5 - pv + pl - (C1 + C2 * (ps - pv)) * k) / C3;
        if (k <= 0.0 && dk < 0.0) dk = 0.0;
        // 4/3 valve: flows into the valve at P, A, B
        const double o = std::max(std::abs(us) - Ud, 0.0);
        const double g = Cv * o;
        double qp = 0, qa = 0, qb = 0;
        if (g > 0.0) {
            if (us > 0) {
                const double qpa = g * ssqrt(pv - p1), qbt = g * ssqrt(p2 - pt);
                qp = qpa; qa = -qpa; qb = qbt;
            } else {
                const double qpb = g * ssqrt(pv - p2), qat = g * ssqrt(p1 - pt);
                qp = qpb; qb = -qpb; qa = qat;
            }
        }
        // cylinder chambers and rod force
        double va = A1 * x + VdA, dva = A1 * v;
        if (va < 0.01 * VdA) { va = 0.01 * VdA; dva = 0.0; }
        double vb = A2 * (S - x) + VdB, dvb = -A2 * v;
        if (vb < 0.01 * VdB) { vb = 0.01 * VdB; dvb = 0.0; }
        double fc = p1 * A1 - p2 * A2;
        if (x < 0.0) fc += std::max(-kStop * x - cStop * v, 0.0);
        else if (x > S) fc += std::min(-kStop * (x - S) - cStop * v, 0.0);
        // LuGre
        const double r = v / vs;
        const double gl = (Fc + (Fs - Fc) * std::exp(-r * r)) / s0;
        const double zd = v - std::abs(v) * z / gl;
        const double ff = -(s0 * z + s1 * zd + kvis * v);
        // derivatives
        dy[0] = usd;
        dy[1] = Kv * wn * wn * u - 2.0 * zeta * wn * usd - wn * wn * us;
        dy[2] = dk;
        dy[3] = be(pv) / Vv * (q - qp);
        dy[4] = be(p1) / va * (-qa - dva);
        dy[5] = be(p2) / vb * (-qb - dvb);
        dy[6] = v;
        dy[7] = (fc + ff) / m;
        dy[8] = zd;
    };

    FusedTrace tr;
    double y[9] = {0.0, 0.0, K0, p0, p0, p0, x0, 0.0, 0.0};
    double k1[9], k2[9], k3[9], k4[9], s[9];
    const long n = static_cast<long>(std::llround(duration / dt));
    const size_t records = static_cast<size_t>(n / std::max(recordEvery, 1)) + 1;
    tr.t.reserve(records);
    tr.x.reserve(records);
    tr.pv.reserve(records);
    auto record = [&](double t) {
        tr.t.push_back(t);
        tr.x.push_back(y[6]);
        tr.pv.push_back(y[3]);
    };
    double t = 0.0;
    record(t);
    const double h = dt, h2 = 0.5 * dt;
    for (long i = 1; i <= n; ++i) {
        f(t, y, k1);
        for (int j = 0; j < 9; ++j) s[j] = y[j] + h2 * k1[j];
        f(t + h2, s, k2);
        for (int j = 0; j < 9; ++j) s[j] = y[j] + h2 * k2[j];
        f(t + h2, s, k3);
        for (int j = 0; j < 9; ++j) s[j] = y[j] + h * k3[j];
        f(t + h, s, k4);
        for (int j = 0; j < 9; ++j) y[j] = y[j] + h / 6.0 * (k1[j] + 2.0 * (k2[j] + k3[j]) + k4[j]);
        if (y[2] < 0.0) y[2] = 0.0;  // K >= 0: projected after the step, as the engine does
        t += dt;
        if (i % recordEvery == 0) record(t);
    }
    tr.steps = n;
    std::copy(y, y + 9, tr.y);
    return tr;
}

}  // namespace hs::bench
