// SPDX-License-Identifier: GPL-3.0-or-later
// Discrete blocks updated once per fixed step and held over it, as Hopsan computes its filters
// and limiters (HopsanCore ComponentUtilities: FirstOrderTransferFunction and
// SecondOrderTransferFunction are bilinear (Tustin) filters; SignalRateLimiter moves its output
// by at most c*dt a step). Hopsan's value at t_k already includes the move made with the input
// at t_k; a continuous lag trails it by about half a step, which its relative validation rule
// sees as a large error wherever the value crosses zero (docs/components.md, "Discrete blocks").
//
// StepHeld<Rule> gives a component's eval() the block's value at the time it is evaluated:
//   - inside the step whose value is committed (t < t_c + 0.75 dt): that value, held;
//   - at the next step's time: the candidate Rule computes from the input now (not committed).
// The component's stepUpdate() commits the candidate once per step, after the step's solve at
// t_k (System::beginStepWork), so every evaluation at t_k (the step's solve, the recorder, the
// previous step's last RK4 stage) sees the same value and the history moves once.
#pragma once

#include <algorithm>
#include <cmath>

namespace hs::sim {

// The bilinear discretisation of (n0 + n1 s + n2 s^2)/(d0 + d1 s + d2 s^2) at step dt (s =
// (2/dt)(1 - q^-1)/(1 + q^-1)), its output clamped to [lo, hi] and the clamped value kept as
// the delayed output; order 1 when n2 = d2 = 0 (one delay), else 2.
class TustinRule {
public:
    void setup(const double num[3], const double den[3], double lo, double hi, double y0) {
        for (int i = 0; i < 3; ++i) { num_[i] = num[i]; den_[i] = den[i]; }
        order_ = (num[2] == 0.0 && den[2] == 0.0) ? 1 : 2;
        lo_ = lo; hi_ = hi; y0_ = std::clamp(y0, lo, hi);
    }
    void setStep(double dt) {
        const double t2 = dt * dt;
        if (order_ == 1) {
            cu_[0] = num_[0] * dt + 2.0 * num_[1]; cu_[1] = num_[0] * dt - 2.0 * num_[1]; cu_[2] = 0;
            cy_[0] = den_[0] * dt + 2.0 * den_[1]; cy_[1] = den_[0] * dt - 2.0 * den_[1]; cy_[2] = 0;
            return;
        }
        cu_[0] = num_[0] * t2 + 2.0 * num_[1] * dt + 4.0 * num_[2];
        cu_[1] = 2.0 * num_[0] * t2 - 8.0 * num_[2];
        cu_[2] = num_[0] * t2 - 2.0 * num_[1] * dt + 4.0 * num_[2];
        cy_[0] = den_[0] * t2 + 2.0 * den_[1] * dt + 4.0 * den_[2];
        cy_[1] = 2.0 * den_[0] * t2 - 8.0 * den_[2];
        cy_[2] = den_[0] * t2 - 2.0 * den_[1] * dt + 4.0 * den_[2];
    }
    // The history starts at rest at y0 (input and output both y0, Hopsan's initialize()); with
    // startAtInput at the first input (clamped), as Hopsan's 4/2 directional valve; with
    // primed one update with the first input is made at the start, as the Hopsan blocks that
    // call simulateOneTimestep() from initialize() (2/2 valves, the 2/2 check valve).
    bool startAtInput = false, primed = false;
    double start(double u) {
        const double y0 = startAtInput ? std::clamp(u, lo_, hi_) : y0_;
        u1_ = u2_ = y1_ = y2_ = y0;
        if (!primed) return y0;
        const double y = candidate(u);
        accept(u, y);
        return y;
    }
    double candidate(double u) const {
        const double y = (cu_[0] * u + cu_[1] * u1_ + cu_[2] * u2_ - cy_[1] * y1_ - cy_[2] * y2_) / cy_[0];
        return std::clamp(y, lo_, hi_);
    }
    void accept(double u, double y) {
        u2_ = u1_; u1_ = u; y2_ = y1_; y1_ = y;
    }

private:
    double num_[3] = {1, 0, 0}, den_[3] = {1, 0, 0}, cu_[3] = {1, 0, 0}, cy_[3] = {1, 0, 0};
    double u1_ = 0, u2_ = 0, y1_ = 0, y2_ = 0, lo_ = 0, hi_ = 0, y0_ = 0;
    int order_ = 1;
};

// Hopsan's SignalRateLimiter: y_k = u_k when |u_k - y_{k-1}| <= c dt, else y_{k-1} +- c dt.
class RateLimitRule {
public:
    void setup(double rise, double fall, bool fromInput, double y0) {
        rise_ = rise; fall_ = fall; fromInput_ = fromInput; y0_ = y0;
    }
    void setStep(double dt) { dt_ = dt; }
    double start(double u) { return y_ = fromInput_ ? u : y0_; }
    double candidate(double u) const {
        const double d = u - y_;
        if (d >= 0) return d > rise_ * dt_ ? y_ + rise_ * dt_ : u;
        return -d > fall_ * dt_ ? y_ - fall_ * dt_ : u;
    }
    void accept(double, double y) { y_ = y; }

private:
    double rise_ = 1, fall_ = 1, y0_ = 0, dt_ = 1e-3, y_ = 0;
    bool fromInput_ = false;
};

template <class Rule>
class StepHeld {
public:
    Rule rule;
    void setStep(double dt) {
        dt_ = dt;
        rule.setStep(dt);
    }
    void reset() { started_ = pending_ = false; }
    // The block's value at time t for input u (see the header comment).
    double at(double t, double u) {
        if (!started_) {
            started_ = true;
            tc_ = t;
            yc_ = rule.start(u);
            return yc_;
        }
        if (t < tc_ + 0.75 * dt_) return yc_;
        pu_ = u;
        py_ = rule.candidate(u);
        pt_ = t;
        pending_ = true;
        return py_;
    }
    // Once per step, after the step's solve: the candidate becomes the held value.
    void commit() {
        if (!pending_) return;
        rule.accept(pu_, py_);
        tc_ = pt_;
        yc_ = py_;
        pending_ = false;
    }

private:
    double dt_ = 1e-3, tc_ = 0, yc_ = 0, pu_ = 0, py_ = 0, pt_ = 0;
    bool started_ = false, pending_ = false;
};

}  // namespace hs::sim
