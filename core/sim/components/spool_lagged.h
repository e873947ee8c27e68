// SPDX-License-Identifier: GPL-3.0-or-later
// A component whose spool (or switch) follows its command through a SpoolLag: continuous (two ODE
// states, the default) or, with lag_form "bilinear at the step", Hopsan's discrete filter at the
// run's fixed step, held over the step (step_held.h). Under an adaptive stepper the discrete form
// falls back to the ODE (stepUpdateOptional), so a circuit runs under every stepper.
#pragma once

#include <string>

#include "../component.h"
#include "spool.h"
#include "step_held.h"

namespace hs::sim {

class SpoolLagged : public Component {
public:
    bool hasStepUpdate() const override { return discrete_ && stepOn_; }
    bool stepUpdateOptional() const override { return true; }
    void useStepUpdate(bool on) override { stepOn_ = on; }
    std::string stepUpdate(Eval&, double dt) override {
        if (dt != dt_) {
            dt_ = dt;
            held_.setStep(dt);
        }
        held_.commit();
        return {};
    }
    void resetDiscrete() override { held_.reset(); }

protected:
    // The lag and its start position; discrete: Hopsan's bilinear filter of the same lag, started
    // (start, the lag_start choice) at y0, at the first command, or at y0 and one update.
    void setLag(const SpoolLag& lag, bool discrete, double y0, int start = 0) {
        lag_ = lag;
        discrete_ = discrete;
        const double num[3] = {1.0, 0.0, 0.0};
        const double den2[3] = {1.0, 2.0 * lag.zeta / lag.wn, 1.0 / (lag.wn * lag.wn)};
        const double den1[3] = {1.0, lag.tau, 0.0};
        held_.rule.setup(num, lag.secondOrder ? den2 : den1, lag.lo, lag.hi, y0);
        held_.rule.startAtInput = start == 1;
        held_.rule.primed = start == 2;
        held_.setStep(dt_);
    }
    // The position now for the command u (clamped to the travel); writes the ODE states'
    // derivatives (zero in the discrete form, where the states are unused).
    double lagged(Eval& e, double u) {
        if (!hasStepUpdate()) {
            lag_.derivatives(S(e), u, dS(e));
            return lag_.position(S(e));
        }
        dS(e)[0] = dS(e)[1] = 0.0;
        return held_.at(e.t, std::clamp(u, lag_.lo, lag_.hi));
    }
    SpoolLag lag_;

private:
    StepHeld<TustinRule> held_;
    double dt_ = 1e-3;
    bool discrete_ = false, stepOn_ = true;
};

}  // namespace hs::sim
