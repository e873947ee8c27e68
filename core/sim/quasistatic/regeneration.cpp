// SPDX-License-Identifier: GPL-3.0-or-later
#include "regeneration.h"

#include <algorithm>
#include <cmath>

namespace hs::sim::quasistatic {
namespace {

// Root of an increasing function on [lo, hi] with f(lo) <= 0 <= f(hi), by bisection: the
// functions here are monotone but only piecewise smooth (clamps, and with the bleed closed a
// jump), where bisection cannot fail. 200 halvings reach the resolution of doubles.
template <class F>
double increasingRoot(F f, double lo, double hi) {
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        (f(mid) < 0 ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

}  // namespace

RegenerativeActuatorMap::RegenerativeActuatorMap(const ActuatorCircuit& k, const ValveOpenings& u, double cRegeneration,
                                                 double ua)
    : base_(k, u) {
    const double a = cRegeneration * std::clamp(ua, 0.0, 1.0);
    ua2_ = a * a / (k.rodArea * k.rodArea * k.rodArea);
    ratio_ = k.rodArea / k.headArea;
    // (92)-(93) hold while extending with the rod-to-tank valve open (the paper's restriction)
    active_ = ua2_ > 0 && base_.mode() == ActuatorMode::Extend && u.rodToTank > 0;
}

double RegenerativeActuatorMap::xiV(double v, double va) const {
    return signedSquare(va) - ua2_ * (base_.rodPlus(v - va) - ratio_ * base_.headPlus(v - ratio_ * va));
}

double RegenerativeActuatorMap::regenerationVelocity(double v) const {
    if (!active_ || !(v > 0) || xiV(v, 0.0) >= 0) return 0.0;
    return increasingRoot([&](double va) { return xiV(v, va); }, 0.0, v);  // Xi_v(v, v) > 0
}

ForceInterval RegenerativeActuatorMap::gamma(double v) const {
    const double va = regenerationVelocity(v);
    if (va == 0) return base_.gamma(v);
    const double f = base_.headPlus(v - ratio_ * va) - base_.rodPlus(v - va);
    return {f, f};
}

double RegenerativeActuatorMap::resolvent(double beta, double fBar) const {
    const double v0 = base_.resolvent(beta, fBar);
    if (!active_ || !(v0 > 0) || xiV(v0, 0.0) >= 0) return v0;
    // beta*v + f_bar - Gamma_reg(v) increases in v; it is <= 0 at Lambda (Gamma_reg >= Gamma)
    // and >= 0 where beta*v + f_bar reaches F_hM, the largest force of Gamma_reg.
    const double hi = std::max(v0, (base_.headReliefForce() - fBar) / beta);
    return increasingRoot([&](double v) { return beta * v + fBar - gamma(v).lower; }, v0, hi);
}

}  // namespace hs::sim::quasistatic
