// SPDX-License-Identifier: GPL-3.0-or-later
// Linear dynamics and controllers: first- and second-order transfer functions, integrator with
// limits, filtered derivative, PID with output limits and anti-windup.
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// G(s) = (a1 s + a0)/(b1 s + b0): x' = (in - b0 x)/b1, out = a1 x' + a0 x.
class TransferFunction1 final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        a1_ = p.num("a1"); a0_ = p.num("a0"); b1_ = p.num("b1"); b0_ = p.num("b0");
        return b1_ != 0 ? std::string() : std::string("b1 must not be 0 (a static gain a0/b0: use Gain)");
    }
    void eval(Eval& e) override {
        const double x = S(e)[0], dx = (in(e, 0) - b0_ * x) / b1_;
        dS(e)[0] = dx;
        out(e, 1, a1_ * dx + a0_ * x);
    }

private:
    double a1_ = 0, a0_ = 1, b1_ = 1, b0_ = 1;
};

// G(s) = (a2 s^2 + a1 s + a0)/(b2 s^2 + b1 s + b0), controllable canonical form:
// x1' = x2, x2' = (in - b0 x1 - b1 x2)/b2, out = a2 x2' + a1 x2 + a0 x1.
class TransferFunction2 final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        a2_ = p.num("a2"); a1_ = p.num("a1"); a0_ = p.num("a0");
        b2_ = p.num("b2"); b1_ = p.num("b1"); b0_ = p.num("b0");
        return b2_ != 0 ? std::string() : std::string("b2 must not be 0 (a first-order function: use TransferFunction1)");
    }
    void eval(Eval& e) override {
        const double x1 = S(e)[0], x2 = S(e)[1];
        const double dx2 = (in(e, 0) - b0_ * x1 - b1_ * x2) / b2_;
        dS(e)[0] = x2;
        dS(e)[1] = dx2;
        out(e, 1, a2_ * dx2 + a1_ * x2 + a0_ * x1);
    }

private:
    double a2_ = 0, a1_ = 0, a0_ = 1, b2_ = 1, b1_ = 1, b0_ = 1;
};

// Integrator whose state stops at its limits (it integrates again as soon as the input points
// back inside); the output is clamped as well, against a step that overshoots a limit.
class Integrator final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        lo_ = p.num("lower"); hi_ = p.num("upper"); y0_ = p.num("y0");
        if (hi_ < lo_) return "upper must not be below lower";
        return y0_ >= lo_ && y0_ <= hi_ ? std::string() : std::string("y0 must lie within [lower, upper]");
    }
    void initStates(double* s) const override { s[0] = y0_; }
    void eval(Eval& e) override {
        const double x = S(e)[0], u = in(e, 0);
        dS(e)[0] = (x >= hi_ && u > 0) || (x <= lo_ && u < 0) ? 0.0 : u;
        out(e, 1, std::clamp(x, lo_, hi_));
    }

private:
    double lo_ = -kInf, hi_ = kInf, y0_ = 0;
};

// K s/(Tf s + 1): x' = (in - x)/Tf, out = K (in - x)/Tf.
class Derivative final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override { k_ = p.num("K"); tf_ = p.num("Tf"); return {}; }
    void eval(Eval& e) override {
        const double r = (in(e, 0) - S(e)[0]) / tf_;
        dS(e)[0] = r;
        out(e, 1, k_ * r);
    }

private:
    double k_ = 1, tf_ = 1e-3;
};

// u = clamp(Kp e + uI + D, umin, umax), e = ref - meas; D = Kd (e - ef)/Tf with ef' = (e - ef)/Tf,
// or D = -Kd dmeas with derivative = 'measurement input' (derivative on measurement; dmeas open: 0).
// Anti-windup of the integral part uI: none (uI' = Ki e), clamping (uI' = 0 while the output
// saturates in the direction of the error), back-calculation (uI' = Ki e + (u - raw)/Tt),
// conditional (uI' = 0 whenever the output saturates: Hopsan's SignalPID).
class PID final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        kp_ = p.num("Kp"); ki_ = p.num("Ki"); kd_ = p.num("Kd"); tf_ = p.num("Tf");
        lo_ = p.num("umin"); hi_ = p.num("umax"); aw_ = p.choice("antiwindup"); tt_ = p.num("Tt");
        dmeasInput_ = p.choice("derivative") == 1;
        return hi_ >= lo_ ? std::string() : std::string("umax must not be below umin");
    }
    void eval(Eval& e) override {
        const double err = in(e, 0) - in(e, 1);
        const double uI = S(e)[0], ef = S(e)[1];
        const double d = (err - ef) / tf_;
        const double raw = kp_ * err + uI + (dmeasInput_ ? -kd_ * in(e, 3) : kd_ * d);
        const double u = std::clamp(raw, lo_, hi_);
        out(e, 2, u);
        double duI = ki_ * err;
        if (aw_ == 1 && ((raw > hi_ && err > 0) || (raw < lo_ && err < 0))) duI = 0;
        if (aw_ == 2) duI += (u - raw) / tt_;
        if (aw_ == 3 && (raw > hi_ || raw < lo_)) duI = 0;
        dS(e)[0] = duI;
        dS(e)[1] = d;
    }

private:
    double kp_ = 1, ki_ = 0, kd_ = 0, tf_ = 1e-2, lo_ = -kInf, hi_ = kInf, tt_ = 0.1;
    int aw_ = 2;
    bool dmeasInput_ = false;
};

}  // namespace

void registerSignalDynamics(Registry& r) {
    r.add(SpecBuilder("TransferFunction1", "Signals", "First-order transfer function")
              .describe("G(s) = (a1 s + a0)/(b1 s + b0); a lag 1/(tau s + 1) is a1 = 0, a0 = 1, b1 = tau, b0 = 1. "
                        "The state starts at 0.")
              .equations("x' = (in - b0 x)/b1,  out = a1 x' + a0 x")
              .source("Hopsan SignalFirstOrderTransferFunction (same coefficients; Hopsan discretises with Tustin)")
              .input("in", "Input").output("out", "Output")
              .param("a1", "-", 0.0, -kInf, kInf, "Numerator s^1 coefficient")
              .param("a0", "-", 1.0, -kInf, kInf, "Numerator s^0 coefficient")
              .param("b1", "-", 1.0, -kInf, kInf, "Denominator s^1 coefficient (not 0)")
              .param("b0", "-", 1.0, -kInf, kInf, "Denominator s^0 coefficient")
              .state("x", "-", "Filter state", 1.0)
              .factory<TransferFunction1>());
    r.add(SpecBuilder("TransferFunction2", "Signals", "Second-order transfer function")
              .describe("G(s) = (a2 s^2 + a1 s + a0)/(b2 s^2 + b1 s + b0); a second-order lag is a0 = w^2, "
                        "b2 = 1, b1 = 2 zeta w, b0 = w^2. The states start at 0.")
              .equations("x1' = x2,  x2' = (in - b0 x1 - b1 x2)/b2,  out = a2 x2' + a1 x2 + a0 x1")
              .source("Hopsan SignalSecondOrderTransferFunction (same coefficients; Hopsan discretises with Tustin)")
              .input("in", "Input").output("out", "Output")
              .param("a2", "-", 0.0, -kInf, kInf, "Numerator s^2 coefficient")
              .param("a1", "-", 0.0, -kInf, kInf, "Numerator s^1 coefficient")
              .param("a0", "-", 1.0, -kInf, kInf, "Numerator s^0 coefficient")
              .param("b2", "-", 1.0, -kInf, kInf, "Denominator s^2 coefficient (not 0)")
              .param("b1", "-", 1.0, -kInf, kInf, "Denominator s^1 coefficient")
              .param("b0", "-", 1.0, -kInf, kInf, "Denominator s^0 coefficient")
              .state("x1", "-", "First state", 1.0)
              .state("x2", "-", "Second state (x1')", 1.0)
              .factory<TransferFunction2>());
    r.add(SpecBuilder("Integrator", "Signals", "Integrator with limits")
              .describe("Integrates its input from y0; the state stops at lower and upper until the input points back.")
              .equations("x' = in, except 0 when x >= upper and in > 0 or x <= lower and in < 0;  out = clamp(x, lower, upper)")
              .source("Hopsan SignalIntegrator2 without limits (trapezoidal at its step; ours continuous)")
              .input("in", "Input").output("out", "Output")
              .param("lower", "-", -kInf, -kInf, kInf, "Lower limit")
              .param("upper", "-", kInf, -kInf, kInf, "Upper limit")
              .param("y0", "-", 0.0, -kInf, kInf, "Initial value")
              .state("x", "-", "Integral", 1.0)
              .factory<Integrator>());
    r.add(SpecBuilder("Derivative", "Signals", "Filtered derivative")
              .describe("Derivative of the input through a first-order filter: K s/(Tf s + 1). The filter state starts "
                        "at 0, so an input that starts away from 0 gives a pulse of width Tf.")
              .equations("x' = (in - x)/Tf,  out = K (in - x)/Tf")
              .source("-")
              .input("in", "Input").output("out", "Output")
              .param("K", "s", 1.0, -kInf, kInf, "Gain")
              .param("Tf", "s", 1e-3, 1e-12, kInf, "Filter time constant")
              .state("x", "-", "Filtered input", 1.0)
              .factory<Derivative>());
    r.add(SpecBuilder("PID", "Signals", "PID controller")
              .describe("PID on the error ref - meas with a filtered derivative (or the measurement's derivative as an "
                        "input), output limits and a choice of anti-windup for the integral part.")
              .equations("e = ref - meas;  ef' = (e - ef)/Tf;  raw = Kp e + uI + Kd (e - ef)/Tf (derivative error) or Kp e + uI - Kd dmeas (measurement input);  "
                         "u = clamp(raw, umin, umax);  uI' = Ki e (none), 0 while saturated in the error's direction (clamping), "
                         "Ki e + (u - raw)/Tt (back-calculation), 0 while saturated (conditional)")
              .source("Astrom & Hagglund, Advanced PID Control (2006), ch. 3 (derivative filter, back-calculation)")
              .input("ref", "Reference").input("meas", "Measurement").output("u", "Control output")
              .input("dmeas", "Derivative of the measurement (derivative = measurement input)", true)
              .param("Kp", "-", 1.0, -kInf, kInf, "Proportional gain")
              .param("Ki", "1/s", 0.0, -kInf, kInf, "Integral gain")
              .param("Kd", "s", 0.0, -kInf, kInf, "Derivative gain")
              .choice("derivative", {"error", "measurement input"}, 0,
                      "D part: Kd times the filtered derivative of the error, or -Kd times the dmeas input")
              .param("Tf", "s", 1e-2, 1e-12, kInf, "Derivative filter time constant")
              .param("umin", "-", -kInf, -kInf, kInf, "Lower output limit")
              .param("umax", "-", kInf, -kInf, kInf, "Upper output limit")
              .choice("antiwindup", {"none", "clamping", "back-calculation", "conditional"}, 2,
                      "Anti-windup of the integral part (conditional: frozen whenever the output saturates, as Hopsan's)")
              .param("Tt", "s", 0.1, 1e-12, kInf, "Tracking time constant (back-calculation)")
              .state("uI", "-", "Integral part of the output", 1.0)
              .state("ef", "-", "Filtered error (derivative part)", 1.0)
              .factory<PID>());
}

}  // namespace hs::sim
