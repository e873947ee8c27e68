// SPDX-License-Identifier: GPL-3.0-or-later
// The base of every sensor: it measures one value into its signal output, either as it is now
// ("current", the default) or as Hopsan's sensors give it ("previous step"): Hopsan runs its
// signal components (sensors included) before the C- and Q-type components of a step, so a
// sensor's output at t_k is the node's value of step k-1 (HopsanCore ComponentSystem::simulate).
// The previous-step form needs a fixed step; under adaptive steppers it reads the current value.
#pragma once

#include <string>

#include "../component.h"

namespace hs::sim {

inline constexpr const char* kSamplingHelp =
    "current: the node's value now; previous step: the value of the step before, held over the step, as Hopsan's "
    "sensors (fixed-step runs only; current under adaptive steppers)";

class SampledSensor : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid& fluid) final {
        delayed_ = p.choice("sampling") == 1;
        return configureSensor(p, fluid);
    }
    void eval(Eval& e) final {
        const double v = measure(e);
        out(e, outPort(), hasStepUpdate() && committed_ ? (e.t >= tc_ + 0.75 * dt_ ? now_ : before_) : v);
    }
    bool hasStepUpdate() const override { return delayed_ && stepOn_; }
    bool stepUpdateOptional() const override { return true; }
    void useStepUpdate(bool on) override { stepOn_ = on; }
    void resetDiscrete() override { committed_ = false; }
    // After the step's solve at t_k: its value becomes the output from the next step on.
    std::string stepUpdate(Eval& e, double dt) override {
        const double m = measure(e);
        before_ = committed_ ? now_ : m;
        now_ = m;
        tc_ = e.t;
        dt_ = dt;
        committed_ = true;
        return {};
    }

protected:
    virtual std::string configureSensor(const ParamSet&, const Fluid&) { return {}; }
    // The value now; also writes what the sensor's ports draw (no flow, no force).
    virtual double measure(Eval& e) = 0;
    virtual int outPort() const = 0;

private:
    double now_ = 0, before_ = 0, tc_ = 0, dt_ = 1e-3;
    bool delayed_ = false, stepOn_ = true, committed_ = false;
};

}  // namespace hs::sim
