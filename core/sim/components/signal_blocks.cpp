// SPDX-License-Identifier: GPL-3.0-or-later
// Signal blocks: gain, sum, P/PI controller.
#include <algorithm>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

class Gain final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override { k_ = p.num("k"); return {}; }
    void eval(Eval& e) override { out(e, 1, k_ * in(e, 0)); }

private:
    double k_ = 1;
};

class Sum final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override { a_ = p.num("a"); b_ = p.num("b"); return {}; }
    void eval(Eval& e) override { out(e, 2, a_ * in(e, 0) + b_ * in(e, 1)); }

private:
    double a_ = 1, b_ = 1;
};

// PI controller u = Kp*e + Ki*integral(e), e = ref - meas, output limited to [umin, umax]; the
// integrator stops while the output saturates in the direction of the error (anti-windup).
// Ki = 0 gives a P controller.
class PIController final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        kp_ = p.num("Kp"); ki_ = p.num("Ki"); lo_ = p.num("umin"); hi_ = p.num("umax");
        return hi_ >= lo_ ? std::string() : std::string("umax must not be below umin");
    }
    void eval(Eval& e) override {
        const double err = in(e, 0) - in(e, 1);
        const double raw = kp_ * err + ki_ * S(e)[0];
        const double u = std::clamp(raw, lo_, hi_);
        out(e, 2, u);
        const bool windup = (raw > hi_ && err > 0) || (raw < lo_ && err < 0);
        dS(e)[0] = windup ? 0.0 : err;
    }

private:
    double kp_ = 1, ki_ = 0, lo_ = -kInf, hi_ = kInf;
};

}  // namespace

void registerSignalBlocks(Registry& r) {
    r.add(SpecBuilder("Gain", "Signals", "Gain")
              .describe("Multiplies its input by k.").equations("out = k*in").source("-")
              .input("in", "Input").output("out", "Output")
              .param("k", "-", 1.0, -kInf, kInf, "Gain")
              .factory<Gain>());
    r.add(SpecBuilder("Sum", "Signals", "Sum")
              .describe("Weighted sum of two inputs.").equations("out = a*in1 + b*in2").source("-")
              .input("in1", "Input 1").input("in2", "Input 2", true).output("out", "Output")
              .param("a", "-", 1.0, -kInf, kInf, "Weight of in1")
              .param("b", "-", 1.0, -kInf, kInf, "Weight of in2")
              .factory<Sum>());
    r.add(SpecBuilder("PIController", "Signals", "P/PI controller")
              .describe("Proportional-integral controller with output limits and anti-windup (Ki = 0: P controller).")
              .equations("e = ref - meas,  u = clamp(Kp*e + Ki*integral(e), umin, umax)").source("-")
              .input("ref", "Reference").input("meas", "Measurement").output("u", "Control output")
              .param("Kp", "-", 1.0, -kInf, kInf, "Proportional gain")
              .param("Ki", "1/s", 0.0, -kInf, kInf, "Integral gain")
              .param("umin", "-", -10.0, -kInf, kInf, "Lower output limit")
              .param("umax", "-", 10.0, -kInf, kInf, "Upper output limit")
              .state("integral", "-*s", "Integral of the error", 1.0)
              .factory<PIController>());
}

}  // namespace hs::sim
