// SPDX-License-Identifier: GPL-3.0-or-later
#include "actuator_map.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hs::sim::quasistatic {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double clamp(double x, double lo, double hi) { return std::max(lo, std::min(hi, x)); }

// S(v)/u2 with the limit of a closed valve (u2 = 0): no flow unless v = 0, so an infinite
// pressure drop of the sign of v. The outer max/min of Gamma absorb it (notes §5, "Division by
// zero"), without the paper's epsilon.
double valveDrop(double v, double u2) {
    if (u2 > 0) return signedSquare(v) / u2;
    return v > 0 ? kInf : v < 0 ? -kInf : 0.0;
}

// The root of the increasing quadratic piece alpha x^2 + beta x + gamma on which the root lies
// (the root where the derivative is +sqrt(D)), without cancellation.
double increasingRoot(double alpha, double beta, double gamma) {
    const double disc = std::sqrt(std::max(beta * beta - 4.0 * alpha * gamma, 0.0));
    if (beta >= 0) return beta + disc > 0 ? -2.0 * gamma / (beta + disc) : 0.0;
    return (-beta + disc) / (2.0 * alpha);  // beta < 0 needs alpha > 0 on an increasing piece
}

}  // namespace

double signedSquare(double x) { return x < 0 ? -x * x : x * x; }

double seriesOpening(double a2, double b2) { return a2 > 0 && b2 > 0 ? a2 * b2 / (a2 + b2) : 0.0; }

double phiA(double b, double c, double a) {
    if (!(a > 0) || c == 0) return 0.0;
    return -2.0 * a * c / (a * b + std::sqrt(a * a * b * b + 4.0 * a * std::abs(c)));
}

// g(x) = S(x)/a0 + S(x - x1)/a1 + b x + c increases strictly and is quadratic between its
// breakpoints 0 and x1: the signs of g there say which piece holds the root, whose quadratic is
// solved in a stable form. This is the closed form of Proposition 2; it replaces the paper's
// four printed branch conditions, one of which carries a misprint (notes §2, §12 item 1).
double phiB(double b, double c, double a0, double a1, double x1) {
    if (!(a0 > 0)) return 0.0;
    if (!(a1 > 0)) return x1;
    const double lo = std::min(0.0, x1), hi = std::max(0.0, x1);
    auto g = [&](double x) { return signedSquare(x) / a0 + signedSquare(x - x1) / a1 + b * x + c; };
    // on a piece, S(x) = s0 x^2 and S(x - x1) = s1 (x - x1)^2
    auto solve = [&](double s0, double s1) {
        const double alpha = s0 / a0 + s1 / a1;
        const double beta = -2.0 * s1 * x1 / a1 + b;
        const double gamma = s1 * x1 * x1 / a1 + c;
        return increasingRoot(alpha, beta, gamma);
    };
    double x, pieceLo = lo, pieceHi = hi;
    if (g(lo) >= 0) { x = solve(-1.0, -1.0); pieceLo = -kInf; pieceHi = lo; }
    else if (g(hi) <= 0) { x = solve(1.0, 1.0); pieceLo = hi; pieceHi = kInf; }
    else x = x1 >= 0 ? solve(1.0, -1.0) : solve(-1.0, 1.0);
    // The expanded quadratic cancels when 1/a1 is large and x is near x1 (a nearly closed
    // bleed: terms of 1e10 N for a force of 1e5 N). One Newton step on g, whose terms are
    // evaluated without the expansion, restores the digits; the piece bounds the result
    // (rounding at a breakpoint may also put the piece's root a hair outside it).
    const double slope = 2.0 * std::abs(x) / a0 + 2.0 * std::abs(x - x1) / a1 + b;
    x -= g(x) / slope;
    return clamp(x, pieceLo, pieceHi);
}

ValveOpenings ValveOpenings::fromCommand(double uc, double ub) {
    const double c = clamp(uc, -1.0, 1.0);
    ValveOpenings u;
    u.pumpToHead = u.rodToTank = std::max(c, 0.0);
    u.pumpToRod = u.headToTank = std::max(-c, 0.0);
    u.bleed = clamp(ub, 0.0, 1.0);
    return u;
}

ActuatorMap::ActuatorMap(const ActuatorCircuit& k, const ValveOpenings& u) {
    ah_ = k.headArea;
    ar_ = k.rodArea;
    fhM_ = k.headRelief * ah_;
    frM_ = k.rodRelief * ar_;
    ahPM_ = k.pumpRelief * ah_;
    arPM_ = k.pumpRelief * ar_;
    q_ = k.pumpFlow;
    auto sq = [](double x) { return x * x; };
    const double ah3 = ah_ * ah_ * ah_, ar3 = ar_ * ar_ * ar_;
    ph2_ = sq(k.cPumpToHead * u.pumpToHead) / ah3;
    th2_ = sq(k.cHeadToTank * u.headToTank) / ah3;
    pr2_ = sq(k.cPumpToRod * u.pumpToRod) / ar3;
    tr2_ = sq(k.cRodToTank * u.rodToTank) / ar3;
    ub2_ = sq(k.cBleed * u.bleed);
    // Mode from the raw openings (notes §12 item 12): extend if a valve of U+ is open, retract
    // if one of U- is, hold otherwise. Openings of both directions at once are outside the model
    // (the command mapping (67) never makes them); extending wins then.
    if (ph2_ > 0 || tr2_ > 0) mode_ = ActuatorMode::Extend;
    else if (pr2_ > 0 || th2_ > 0) mode_ = ActuatorMode::Retract;
    else mode_ = ActuatorMode::Hold;
    setZeroInterval();
}

ActuatorMap ActuatorMap::atPumpPressure(const ActuatorCircuit& circuit, const ValveOpenings& u, double pumpPressure) {
    ActuatorMap m(circuit, u);
    m.pumpPressureGiven_ = true;
    m.ahPM_ = m.ah_ * pumpPressure;
    m.arPM_ = m.ar_ * pumpPressure;
    m.setZeroInterval();
    return m;
}

// The vertical segment (65), never (64) at v = 0 (notes §5, §12 item 3). The pump alone would
// raise the pressure to S(Q/U_b) through the bleed, capped by the pump relief; with the pump
// pressure given, (107): A_h*P and A_r*P (the notes' correction of (107m)).
void ActuatorMap::setZeroInterval() {
    const double bleedPressure = pumpPressureGiven_ ? kInf : ub2_ > 0 ? q_ * q_ / ub2_ : (q_ > 0 ? kInf : 0.0);
    const double headPlus0 = ph2_ > 0 ? std::min({fhM_, ahPM_, ah_ * bleedPressure}) : 0.0;
    const double rodPlus0 = tr2_ > 0 ? 0.0 : frM_;
    const double headMinus0 = th2_ > 0 ? 0.0 : fhM_;
    const double rodMinus0 = pr2_ > 0 ? std::min({frM_, arPM_, ar_ * bleedPressure}) : 0.0;
    atZero_ = {headPlus0 - rodPlus0, headMinus0 - rodMinus0};
}

double ActuatorMap::pumpSegmentHead(double v) const {
    if (pumpPressureGiven_) return kInf;
    const double d = v - q_ / ah_;
    if (ub2_ > 0) return -(ah_ * ah_ * ah_ / ub2_) * signedSquare(d);
    return d < 0 ? kInf : d > 0 ? -kInf : 0.0;
}

double ActuatorMap::pumpSegmentRod(double v) const {
    if (pumpPressureGiven_) return kInf;
    const double d = v + q_ / ar_;
    if (ub2_ > 0) return (ar_ * ar_ * ar_ / ub2_) * signedSquare(d);
    return d > 0 ? kInf : d < 0 ? -kInf : 0.0;
}

double ActuatorMap::headPlus(double v) const {
    return clamp(std::min(ahPM_, pumpSegmentHead(v)) - valveDrop(v, ph2_), 0.0, fhM_);
}
double ActuatorMap::headMinus(double v) const { return clamp(-valveDrop(v, th2_), 0.0, fhM_); }
double ActuatorMap::rodPlus(double v) const { return clamp(valveDrop(v, tr2_), 0.0, frM_); }
double ActuatorMap::rodMinus(double v) const {
    return clamp(std::min(arPM_, pumpSegmentRod(v)) + valveDrop(v, pr2_), 0.0, frM_);
}

double ActuatorMap::gammaPlus(double v) const { return v > 0 ? headPlus(v) - rodPlus(v) : atZero_.lower; }
double ActuatorMap::gammaMinus(double v) const { return v < 0 ? headMinus(v) - rodMinus(v) : atZero_.upper; }

ForceInterval ActuatorMap::gamma(double v) const {
    // With the bleed closed the pump flow has nowhere else to go: at v = Q/A_h (extending) or
    // -Q/A_r (retracting) the pump segment is vertical, and Gamma is an interval there too,
    // between its limits from either side.
    if (!pumpPressureGiven_ && ub2_ == 0 && v > 0 && v == q_ / ah_)
        return {gammaPlus(std::nextafter(v, kInf)), gammaPlus(std::nextafter(v, -kInf))};
    if (!pumpPressureGiven_ && ub2_ == 0 && v < 0 && v == -q_ / ar_)
        return {gammaMinus(std::nextafter(v, kInf)), gammaMinus(std::nextafter(v, -kInf))};
    if (v > 0) return {gammaPlus(v), gammaPlus(v)};
    if (v < 0) return {gammaMinus(v), gammaMinus(v)};
    return atZero_;
}

double ActuatorMap::lambdaPlus(double b, double f) const {
    const double psi = seriesOpening(ph2_, tr2_), pumpA1 = ub2_ / (ah_ * ah_ * ah_), x1 = q_ / ah_;
    const double v0a = phiA(b, f - fhM_, tr2_), v0b = (fhM_ - frM_ - f) / b;
    const double v1 = pumpPressureGiven_ ? kInf : std::max(phiB(b, f, psi, pumpA1, x1), phiB(b, f + frM_, ph2_, pumpA1, x1));
    const double v2a = phiA(b, f - ahPM_, psi), v2b = phiA(b, f - ahPM_ + frM_, ph2_);
    const double v3 = phiA(b, f, tr2_), vrM = (-frM_ - f) / b;
    return std::max({std::min({std::max(v0a, v0b), v1, std::max(v2a, v2b)}), v3, vrM});
}

double ActuatorMap::lambdaMinus(double b, double f) const {
    const double psi = seriesOpening(pr2_, th2_), pumpA1 = ub2_ / (ar_ * ar_ * ar_), x1 = -q_ / ar_;
    const double v0a = phiA(b, f + frM_, th2_), v0b = (fhM_ - frM_ - f) / b;
    const double v1 = pumpPressureGiven_ ? -kInf : std::min(phiB(b, f, psi, pumpA1, x1), phiB(b, f - fhM_, pr2_, pumpA1, x1));
    const double v2a = phiA(b, f + arPM_, psi), v2b = phiA(b, f + arPM_ - fhM_, pr2_);
    const double v3 = phiA(b, f, th2_), vhM = (fhM_ - f) / b;
    return std::min({std::max({std::min(v0a, v0b), v1, std::min(v2a, v2b)}), v3, vhM});
}

// (74f): the branch by Theorem 2, each branch by Theorem 3.
double ActuatorMap::resolvent(double beta, double fBar) const {
    if (fBar < atZero_.lower)
        return mode_ == ActuatorMode::Extend ? lambdaPlus(beta, fBar) : (-frM_ - fBar) / beta;
    if (fBar > atZero_.upper)
        return mode_ == ActuatorMode::Retract ? lambdaMinus(beta, fBar) : (fhM_ - fBar) / beta;
    return 0.0;
}

// Gamma^-1(f) as the resolvent in the limit beta -> 0: beta*v then shifts the force by less
// than 1e-9 N for any |v| < 1e3 m/s.
double ActuatorMap::velocityUnderLoad(double f) const { return resolvent(1e-12, f); }

// (108): the meter-in valve's flow with the chamber on the other side at its steady force.
double ActuatorMap::pumpInflow(double v, double f) const {
    const double pumpPressure = ahPM_ / ah_;
    if (mode_ == ActuatorMode::Extend) {
        const double drop = ah_ * pumpPressure - clamp(valveDrop(v, tr2_), 0.0, frM_) - f;
        return ah_ * std::sqrt(ph2_) * std::sqrt(std::max(drop, 0.0));  // A_h u_hat_ph R(.)
    }
    if (mode_ == ActuatorMode::Retract) {
        const double drop = ar_ * pumpPressure - clamp(-valveDrop(v, th2_), 0.0, fhM_) + f;
        return ar_ * std::sqrt(pr2_) * std::sqrt(std::max(drop, 0.0));
    }
    return 0.0;
}

}  // namespace hs::sim::quasistatic
