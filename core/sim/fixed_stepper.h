// SPDX-License-Identifier: GPL-3.0-or-later
// Base of the fixed-step steppers: the outer-step loop with the per-step state check, the
// projection of bounded states and the held-pressure methods' update after every step.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "stepper.h"
#include "system.h"

namespace hs::sim {

// What every fixed-step stepper keeps: the system, the step and the stage buffers (shared by
// the serial steppers below and the partitioned one, which has its own outer loop).
class FixedStepBase : public Stepper {
public:
    bool fixedStep() const override { return true; }
    std::string init(System& sys, double, const double*, const SolverSettings& s) override {
        sys_ = &sys;
        dt_ = s.dt;
        if (!(dt_ > 0) || !std::isfinite(dt_)) return "the fixed step dt must be positive";
        const size_t n = static_cast<size_t>(sys.stateCount());
        k1_.assign(n, 0); k2_.assign(n, 0); k3_.assign(n, 0); k4_.assign(n, 0); tmp_.assign(n, 0);
        return {};
    }

protected:
    System* sys_ = nullptr;
    double dt_ = 0;
    std::vector<double> k1_, k2_, k3_, k4_, tmp_;
};

class FixedStepper : public FixedStepBase {
public:
    std::string init(System& sys, double t0, const double* y0, const SolverSettings& s) override {
        std::string e = FixedStepBase::init(sys, t0, y0, s);
        cur_.assign(static_cast<size_t>(sys.stateCount()), 0.0);
        return e;
    }
    // The steps alternate between two buffers (the state in cur_, the next one written into
    // tmp_ by step(), then swapped): no copy per step; y receives the last good state once.
    bool advance(double tOut, double& t, double* y) override {
        const int n = sys_->stateCount();
        std::copy(y, y + n, cur_.begin());
        const bool ok = advanceFrom(tOut, t, n);
        std::copy(cur_.begin(), cur_.begin() + n, y);
        return ok;
    }

protected:
    std::vector<double> cur_;

private:
    bool advanceFrom(double tOut, double& t, int n) {
        do {
            // No states (every volume TLM, no dynamic component): the stages have nothing to
            // integrate; beginStep() below solves the components at the new time.
            if (n > 0 && !step(t, cur_.data(), n)) return false;  // error_ says why; cur_ still holds the last good state
            ++steps_;
            if (n > 0) {  // (no states: nothing was integrated, nothing to check or accept)
                if (sys_->stageFailed()) {
                    error_ = sys_->failure();
                    return false;
                }
                if (!sys_->statesPlausible(tmp_.data())) {
                    bad_ = firstBadState(*sys_, tmp_.data());
                    if (bad_ >= 0) {
                        badValue_ = tmp_[bad_];
                        error_ = "state left its bounds";
                        return false;
                    }
                }
                sys_->project(tmp_.data());
                cur_.swap(tmp_);
            }
            // t = t0 + k*dt would be exact, but steps may be mixed with restarts; 1e-12 relative
            // drift over 1e8 steps is harmless for recording.
            t += dt_;
            // Held-pressure methods update at the new state, so a recorded sample at t shows
            // the pressure that belongs to (t, y), and the next step's stages hold it.
            if (!sys_->beginStep(t, dt_, cur_.data())) {
                error_ = sys_->failure();
                return false;
            }
        } while (t + dt_ <= tOut + 1e-9 * dt_);
        return true;
    }

protected:
    // Writes the new state into tmp_. Returns false (error_ set) if the step cannot be taken,
    // e.g. an implicit stage whose Newton iteration does not converge.
    virtual bool step(double t, const double* y, int n) = 0;
};

}  // namespace hs::sim
