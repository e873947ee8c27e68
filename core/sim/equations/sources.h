// SPDX-License-Identifier: GPL-3.0-or-later
// Equations of the sources of components/hydraulic_sources.cpp and signal_sources.cpp (pressure
// source, square wave, seeded PRMS), for the components' eval() and the generated circuit kernels
// (see equations/valves.h). The held signal sources keep their level with the exact interval of
// its period or half period (interval_cache.h); the cache is the caller's (the component's, or
// the kernel's context).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "interval_cache.h"

namespace hs::sim::eq {

// Ideal pressure source: port P (0) at p, or at the signal of input p (1) when connected.
struct PressureSourceParams {
    double p = 0;
};
template <class Io>
[[gnu::always_inline]] inline void pressureSource(const PressureSourceParams& c, const Io& io) {
    io.setP(0, io.connected(1) ? io.in(1) : c.p);
    io.flow(0, 0.0);  // the source supplies whatever the node draws
}

// Square / pulse: high for duty*period at the start of every period after the delay. Output (0).
struct SquareParams {
    double per = 1, duty = 0.5, lo = 0, hi = 1, d = 0;
};
// Half periods numbered monotonically in t: 0 before the delay, then 2k+1 (high) and 2k+2 (low)
// in period k.
inline std::uint64_t squareHalfPeriodOf(const SquareParams& c, double t) {
    if (t < c.d) return 0;
    const double u = t - c.d;
    const double k = std::floor(u / c.per);
    const double ph = u - c.per * k;  // cheaper than fmod, same in [0, per)
    if (!(k < 0x1p62)) return ph < c.duty * c.per ? 1 : 2;  // NaN or no end in sight: not cached in practice
    return 2 * static_cast<std::uint64_t>(k) + (ph < c.duty * c.per ? 1 : 2);
}
// Twice per period: out of line, so the evaluation saves no registers for it.
[[gnu::noinline]] inline void squareNewHalfPeriod(const SquareParams& c, IntervalCache& cache, double t) {
    const std::uint64_t j = squareHalfPeriodOf(c, t);
    cache.store(t, j, j % 2 == 1 ? c.hi : c.lo, [&c](double u) { return squareHalfPeriodOf(c, u); },
                [&c](std::uint64_t i) {
                    const double start = c.d + static_cast<double>((i - 1) / 2) * c.per;
                    return i % 2 == 1 ? start : start + c.duty * c.per;
                });
}
template <class Io>
[[gnu::always_inline]] inline void square(const SquareParams& c, IntervalCache& cache, const Io& io) {
    if (!cache.holds(io.t())) squareNewHalfPeriod(c, cache, io.t());
    io.out(0, cache.value());
}

// Deterministic hash of (seed, index): the value of period i is random-access and independent of
// the stepper, so every configuration of a circuit sees the same input sequence.
inline std::uint64_t mix(std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Pseudo-random multilevel signal: a new level every period, uniform in [lo, hi], or one of
// `levels` (nLevels > 0). Output (0).
struct PrmsParams {
    double per = 0.5, lo = 0, hi = 1, d = 0;
    std::uint64_t seed = 1, nLevels = 0;
};
inline std::uint64_t prmsPeriodOf(const PrmsParams& c, double t) {
    return static_cast<std::uint64_t>(std::max(std::floor((t - c.d) / c.per), 0.0));
}
inline double prmsLevelOf(const PrmsParams& c, const double* levels, std::uint64_t i) {
    const std::uint64_t h = mix(c.seed * 0x100000001B3ull + i);
    const double u = static_cast<double>(h >> 11) * 0x1.0p-53;
    if (c.nLevels > 0) return levels[std::min<std::uint64_t>(static_cast<std::uint64_t>(u * static_cast<double>(c.nLevels)), c.nLevels - 1)];
    return c.lo + (c.hi - c.lo) * u;
}
// Once per period: out of line (see squareNewHalfPeriod).
[[gnu::noinline]] inline double prmsNewPeriod(const PrmsParams& c, const double* levels, IntervalCache& cache, double t) {
    const std::uint64_t i = prmsPeriodOf(c, t);
    const double level = prmsLevelOf(c, levels, i);
    cache.store(t, i, level, [&c](double u) { return prmsPeriodOf(c, u); },
                [&c](std::uint64_t j) { return c.d + static_cast<double>(j) * c.per; });
    return level;
}
// An evaluation asks the same period again thousands of times before the next one (Circuit 1:
// 27 % of the engine's instructions when every call hashed): the level is kept with the exact
// time interval of its period.
inline double prmsValueAt(const PrmsParams& c, const double* levels, IntervalCache& cache, double t) {
    return cache.holds(t) ? cache.value() : prmsNewPeriod(c, levels, cache, t);
}
template <class Io>
[[gnu::always_inline]] inline void prms(const PrmsParams& c, const double* levels, IntervalCache& cache, const Io& io) {
    io.out(0, prmsValueAt(c, levels, cache, io.t()));
}

}  // namespace hs::sim::eq
