// SPDX-License-Identifier: GPL-3.0-or-later
// Hand-fused Circuit 1 (notes/000_001 §2.1, Pub I; examples/circuit1_fcv.hydro.json): the 5 ODEs
// of the 2-way flow control valve (pressure compensator + control throttle) between a
// PRMS-driven supply and a volume draining to the tank through a fixed orifice and a PRMS-switched
// on/off valve, written out in one function with fixed-step RK4. It is the speed yardstick for
// the engine on Circuit 1: exactly the equations of the engine's components as implemented
// (core/sim/components/valves.cpp, restrictions.cpp, hydraulic_sources.cpp, signal_sources.cpp,
// fluid.h, the node continuity of system.h), so the two agree to rounding.
//
//   states: p1 (V1), p2 (V2), K (compensator), k_t, k_t' (throttle)
//   p_s(t) = PRMS seed 1, uniform in [14e6, 20e6] Pa, period 0.5 s (the supply follows it)
//   U(t)   = PRMS seed 2, uniform in [-10, 10] V, period 0.5 s (throttle command)
//   eps(t) = PRMS seed 3, levels {0, 1}, period 0.5 s (on/off valve command)
//     PRMS level of period i = floor(t/0.5): h = splitmix64(seed*0x100000001B3 + i),
//     u = (h >> 11)*2^-53, value = min + (max - min)*u, or levels[min(floor(2u), 1)]
//   compensator C1 4.65e7, C2 -1.79e4, C3 4e11, C5 1.02e6, K0 5e-11, load pressure p2 (LS pilot),
//     Q_c = max(K,0)*ssqrt(p_s - p1), K' = (C5 - p1 + p2 - (C1 + C2*(p_s - p1))*K)/C3,
//     K' not allowed to push K below 0, and K projected back to 0 after a step that overshot
//   throttle C6 5.26e-7, C7 200, C8 0.45, C9 1.2, kt0 1e-7, k_min 0,
//     Q_t = max(k_t,0)*ssqrt(p1 - p2), k_t'' = (U - C9)*C6*C7^2 - 2*C8*C7*k_t' - C7^2*k_t
//   orifice k1 5.62e-7: Q_o = k1*ssqrt(p2 - p_t);  on/off valve k2 5.73e-7: Q_v = eps*k2*ssqrt(p2 - p_t)
//   tank p_t 0 Pa; V1 1e-5 m3, V2 1e-3 m3, initial pressures 0 Pa, constant Be 1.5e9 Pa
//   p1' = Be/V1*(Q_c - Q_t),  p2' = Be/V2*(Q_t - Q_o - Q_v)
// Work the engine does and this code does not: the per-step state check (finite, pressures in
// [p_min, p_max]; 2.5 % of the engine's instructions here) and one more evaluation per recorded
// sample. tests/sim/test_fused_circuit1.cpp: the engine equals this bit for bit; note that the
// throttle opening at 2 s amplifies any rounding change to ~4e-3 in p1 (see the test's bounds).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace hs::bench {

struct FusedTrace1 {
    std::vector<double> t, p1, p2, K, kt;  // recorded every recordEvery steps (and at t = 0)
    double y[5] = {};                      // final state: p1, p2, K, k_t, k_t'
    long steps = 0;
};

// The PRMS level of the period that contains t (signal_sources.cpp, Prms::valueAt, delay 0):
// u in [0, 1) from a splitmix64 hash of (seed, period index).
inline double fusedPrmsUnit(std::uint64_t seed, double t, double period) {
    const auto i = static_cast<std::uint64_t>(std::max(std::floor(t / period), 0.0));
    std::uint64_t z = seed * 0x100000001B3ull + i;
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z = z ^ (z >> 31);
    return static_cast<double>(z >> 11) * 0x1.0p-53;
}

inline FusedTrace1 fusedCircuit1(double duration, double dt, int recordEvery) {
    // parameters (examples/circuit1_fcv.hydro.json)
    constexpr double per = 0.5;                                     // the three PRMS periods
    constexpr double psMin = 14e6, psMax = 20e6;                    // ps_cmd, seed 1
    constexpr double uMin = -10.0, uMax = 10.0;                     // u_cmd, seed 2
    constexpr double C1 = 4.65e7, C2 = -1.79e4, C3 = 4e11, C5 = 1.02e6, K0 = 5e-11;
    constexpr double C6 = 5.26e-7, C7 = 200.0, C8 = 0.45, C9 = 1.2, kt0 = 1e-7, ktMin = 0.0;
    constexpr double k1 = 5.62e-7, k2 = 5.73e-7, pt = 0.0;
    constexpr double V1 = 1e-5, V2 = 1e-3, Be = 1.5e9, p10 = 0.0, p20 = 0.0;
    constexpr std::uint64_t seedPs = 1, seedU = 2, seedEps = 3;

    auto ssqrt = [](double d) { return d < 0 ? -std::sqrt(-d) : std::sqrt(d); };

    auto f = [&](double t, const double* y, double* dy) {
        const double p1 = y[0], p2 = y[1], k = y[2], kt = y[3], ktd = y[4];
        // inputs
        const double ps = psMin + (psMax - psMin) * fusedPrmsUnit(seedPs, t, per);
        const double u = uMin + (uMax - uMin) * fusedPrmsUnit(seedU, t, per);
        // levels {0, 1}: levels[min(size_t(2u), 1)], i.e. 1 when u >= 0.5
        const double eps = fusedPrmsUnit(seedEps, t, per) * 2.0 >= 1.0 ? 1.0 : 0.0;
        // compensator, load-sensed at p2
        const double qc = std::max(k, 0.0) * ssqrt(ps - p1);
        double dk = (C5 - p1 + p2 - (C1 + C2 * (ps - p1)) * k) / C3;
        if (k <= 0.0 && dk < 0.0) dk = 0.0;
        // control throttle
        const double qt = std::max(kt, ktMin) * ssqrt(p1 - p2);
        // fixed orifice and on/off valve to the tank
        const double qo = k1 * ssqrt(p2 - pt);
        const double qv = std::clamp(eps, 0.0, 1.0) * k2 * ssqrt(p2 - pt);
        // derivatives
        dy[0] = Be / V1 * (qc - qt);
        dy[1] = Be / V2 * (qt - qo - qv);
        dy[2] = dk;
        dy[3] = ktd;
        dy[4] = (u - C9) * C6 * C7 * C7 - 2.0 * C8 * C7 * ktd - C7 * C7 * kt;
    };

    FusedTrace1 tr;
    double y[5] = {p10, p20, K0, kt0, 0.0};
    double s1[5], s2[5], s3[5], s4[5], s[5];
    const long n = static_cast<long>(std::llround(duration / dt));
    const size_t records = static_cast<size_t>(n / std::max(recordEvery, 1)) + 1;
    for (auto* v : {&tr.t, &tr.p1, &tr.p2, &tr.K, &tr.kt}) v->reserve(records);
    auto record = [&](double t) {
        tr.t.push_back(t);
        tr.p1.push_back(y[0]);
        tr.p2.push_back(y[1]);
        tr.K.push_back(y[2]);
        tr.kt.push_back(y[3]);
    };
    double t = 0.0;
    record(t);
    const double h = dt, h2 = 0.5 * dt;
    for (long i = 1; i <= n; ++i) {
        f(t, y, s1);
        for (int j = 0; j < 5; ++j) s[j] = y[j] + h2 * s1[j];
        f(t + h2, s, s2);
        for (int j = 0; j < 5; ++j) s[j] = y[j] + h2 * s2[j];
        f(t + h2, s, s3);
        for (int j = 0; j < 5; ++j) s[j] = y[j] + h * s3[j];
        f(t + h, s, s4);
        for (int j = 0; j < 5; ++j) y[j] = y[j] + h / 6.0 * (s1[j] + 2.0 * (s2[j] + s3[j]) + s4[j]);
        if (y[2] < 0.0) y[2] = 0.0;  // K >= 0: projected after the step, as the engine does
        t += dt;
        if (i % recordEvery == 0) record(t);
    }
    tr.steps = n;
    std::copy(y, y + 5, tr.y);
    return tr;
}

}  // namespace hs::bench
