// SPDX-License-Identifier: GPL-3.0-or-later
// Time delay: out(t) = in(t - T), from the input sampled at the start of every fixed step.
#include <cmath>
#include <vector>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The input is stored once per outer step (stepUpdate, with the step's start values) in a ring
// of T/dt + 2 samples sized by prepareStep(dt); the output interpolates linearly between the
// stored samples at t - T, so it is exact at every sample time and piecewise linear between.
// Before the first sample the output is the input (no history yet); for t - T before the first
// sample, the first sample. Adaptive steppers have no steps to sample at: the builder refuses
// the block with them (it is a per-step component, like the TLM line).
class TimeDelay final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override { delay_ = p.num("delay"); return {}; }
    bool hasStepUpdate() const override { return true; }
    void resetDiscrete() override { count_ = 0; }
    std::string prepareStep(double dt) override {
        if (dt_ == dt) return {};
        if (delay_ < dt * (1 - 1e-9))
            return "delay " + std::to_string(delay_) + " s is shorter than the step " + std::to_string(dt) + " s";
        dt_ = dt;
        ring_.assign(static_cast<size_t>(std::ceil(delay_ / dt - 1e-9)) + 2, 0.0);
        count_ = 0;
        return {};
    }
    std::string stepUpdate(Eval& e, double dt) override {
        if (dt_ != dt) {
            std::string err = prepareStep(dt);
            if (!err.empty()) return err;
        }
        if (count_ == 0) t0_ = e.t;
        ring_[count_ % ring_.size()] = in(e, 0);
        ++count_;
        return {};
    }
    void eval(Eval& e) override {
        if (count_ == 0) { out(e, 1, in(e, 0)); return; }
        const double s = (e.t - delay_ - t0_) / dt_;  // sample index of t - T
        if (s <= 0) { out(e, 1, first()); return; }
        const double last = static_cast<double>(count_ - 1);
        const double sc = std::min(s, last);
        const auto j = static_cast<long long>(std::floor(sc));
        const double f = sc - static_cast<double>(j);
        const double a = sample(j), b = f > 0 ? sample(j + 1) : a;
        out(e, 1, a + (b - a) * f);
    }

private:
    double sample(long long j) const {
        const long long oldest = static_cast<long long>(count_) - static_cast<long long>(ring_.size());
        return ring_[static_cast<size_t>(std::max(j, oldest < 0 ? 0 : oldest)) % ring_.size()];
    }
    double first() const { return sample(0); }

    double delay_ = 1e-3, dt_ = 0, t0_ = 0;
    std::vector<double> ring_;
    size_t count_ = 0;
};

}  // namespace

void registerSignalDelay(Registry& r) {
    r.add(SpecBuilder("TimeDelay", "Signals", "Time delay")
              .describe("Delays its input by T; needs a fixed-step stepper (the input is sampled once per step). "
                        "Before t = T the output is the first sample.")
              .equations("out(t) = in(t - T), linear between the samples at the start of each step")
              .source("Hopsan SignalTimeDelay (a ring buffer of T/dt samples, the same at sample times)")
              .input("in", "Input").output("out", "Output")
              .param("delay", "s", 1e-2, 0.0, kInf, "Delay T (at least one step)")
              .factory<TimeDelay>());
}

}  // namespace hs::sim
