// SPDX-License-Identifier: GPL-3.0-or-later
// The differential-algebraic relaxation of Kikuuwe et al. (notes/004 §7): a virtual spring K and
// damper B between the rod position p the oil dictates and the mechanism's length l,
// f = K(p - l) + B(p' - l') (68), with f in Gamma(p'). Both couplings reduce to one resolvent call
// v = Lambda(beta, f_bar) and f = f_bar + beta*v; this gives their beta and f_bar.
#pragma once

namespace hs::sim::quasistatic {

struct ResolventInput {
    double beta = 0, fBar = 0;
    double force(double v) const { return fBar + beta * v; }
};

class DarCoupling {
public:
    DarCoupling(double k, double b) : k_(k), b_(b) {}
    void reset() { started_ = false; }
    // The implicit-Euler step (72a-b) at the start of a step of length h, l = l_k; l_{k-1} is
    // kept from the previous call (the first call takes l_{k-1} = l_k).
    ResolventInput step(double p, double l, double h) {
        if (!started_) { previousL_ = l; started_ = true; }
        const ResolventInput in{b_ + h * k_, k_ * (p - l) - b_ * (l - previousL_) / h};
        previousL_ = l;
        return in;
    }
    // The ODE form (70): p' = Lambda(B, K(p - l) - B l').
    ResolventInput ode(double p, double l, double lDot) const { return {b_, k_ * (p - l) - b_ * lDot}; }

private:
    double k_, b_;
    bool started_ = false;
    double previousL_ = 0;
};

}  // namespace hs::sim::quasistatic
