// SPDX-License-Identifier: GPL-3.0-or-later
// Gas-charged accumulators: bladder (gas law behind an inlet restriction) and piston (a moving
// piston between the oil chamber, a capacitance of the port's node, and the gas).
#include <algorithm>
#include <cmath>

#include <Eigen/Dense>

#include "../component.h"
#include "../registry.h"
#include "held_step_solve.h"
#include "library.h"

namespace hs::sim {
namespace {

// Polytropic gas: p*V^kappa = p0*V0^kappa (kappa = 1 isothermal, 1.4 adiabatic nitrogen). The gas
// volume is floored at 10 % of V0 (Hopsan's limit): a fully charged accumulator stays finite.
double gasPressure(double p0, double v0, double kappa, double vGas) {
    return p0 * std::pow(v0 / std::max(vGas, 0.1 * v0), kappa);
}

// Bladder accumulator. The oil volume V_oil is a state: the oil flows in through the inlet
// restriction Kca driven by the difference between the port pressure and the gas pressure;
// with the bladder empty (V_oil = 0) the poppet closes and no oil leaves. Below the pre-charge
// the gas cannot expand further, so an empty accumulator is at p0 whatever the port.
//
// form "Hopsan discrete at the step" (fixed steps; the ODE under adaptive steppers): Hopsan's
// HydraulicAckumulator step. Its five unknowns (charge rate v, state of charge x = V_oil/V0,
// outflow q, gas pressure pa, port pressure p) satisfy
//   v = Kca (p - pa) L'(u)/V0,  x = clamp(u, 0, 1),  u = x_(k-1) + Kca dt/(2 V0) ((p - pa) + (p - pa)_(k-1)),
//   q = -V0 v,  pa = p0/clamp(1 - x, 0.1, 1)^kappa,  p = max(c + z q, 0)  (against the TLM source),
// L'(u) = 1 inside [0, 1] and 1e-9 outside (a nearly closed inlet at empty or full), and Hopsan
// takes two Newton steps from the previous step's values, the second one damped by 0.67
// (EquationSystemSolver), so its step is not converged where the inlet opens or closes. The
// charge is trapezoidal while the node receives the step's end flow q alone: oil is not
// conserved exactly (its node's pressure creeps by about 37 kPa a cycle in Hopsan's test).
class GasAccumulator final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        v0_ = p.num("V0"); p0_ = p.num("p0"); kappa_ = p.num("kappa"); kca_ = p.num("Kca");
        voil0_ = p.num("V_oil0"); vPort_ = p.num("V_port");
        discrete_ = p.choice("form") == 1;
        if (voil0_ > 0.9 * v0_) return "initial oil volume V_oil0 must leave at least 10 % of V0 to the gas";
        return {};
    }
    void initStates(double* s) const override { s[0] = voil0_; }
    double constantVolume(int) const override { return vPort_; }
    bool hasStepUpdate() const override { return discrete_ && stepOn_; }
    bool stepUpdateOptional() const override { return true; }
    void useStepUpdate(bool on) override { stepOn_ = on; }
    void resetDiscrete() override { history_.reset(); }
    std::string prepareStep(double dt) override {
        history_.setStep(dt);
        return {};
    }
    std::string stepUpdate(Eval&, double dt) override {
        history_.commit(dt, [this](const Source& s) { return hopsanStep(s); });
        return {};
    }
    void eval(Eval& e) override {
        if (hasStepUpdate()) {
            dS(e)[0] = 0.0;  // the state is unused: the step's x is held (like a discrete spool's)
            const Step& s = atTime(e.t, P(e, 0));
            setFlow(e, 0, -s.q);
            out(e, 1, s.pa);
            out(e, 2, v0_ * (1.0 - s.x));
            return;
        }
        const double voil = S(e)[0];
        const double pg = gasPressure(p0_, v0_, kappa_, v0_ - voil);
        double q = kca_ * (P(e, 0) - pg);
        if (voil <= 0.0 && q < 0.0) q = 0.0;
        setFlow(e, 0, q);
        dS(e)[0] = q;
        out(e, 1, pg);
        out(e, 2, v0_ - voil);
    }

    // Next to a TLM node: q = Kca*(p - p_gas) with p = c - z*q is linear; an empty accumulator
    // whose port is below the gas pressure takes nothing (p = c).
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (!(z[0] > 0)) return true;
        if (hasStepUpdate()) {
            begin(c[0]);
            const Step& s = history_.solveAt(e.t, {c[0], z[0]}, [this](const Source& src) { return hopsanStep(src); });
            setPortPressure(e, 0, s.p);
            return true;
        }
        const double voil = S(e)[0];
        const double pg = gasPressure(p0_, v0_, kappa_, v0_ - voil);
        double q = kca_ * (c[0] - pg) / (1.0 + kca_ * z[0]);
        if (voil <= 0.0 && q < 0.0) q = 0.0;
        setPortPressure(e, 0, c[0] - z[0] * q);
        return true;
    }

private:
    struct Step {
        double v = 0, x = 0, q = 0, pa = 0, p = 0;  // Hopsan's unknowns; q = outflow into the node
    };
    struct Source {
        double c = 0, z = 0;  // the port's TLM source p = c + z q (z = 0: the port at pressure c)
    };
    static constexpr double kLimitSlope = 1e-9;               // Hopsan's dxLimit outside the limits
    static constexpr double kNewtonWeights[2] = {1.0, 0.67};  // its EquationSystemSolver

    // One Hopsan step against the source.
    Step hopsanStep(const Source& s) const {
        const double c = s.c, z = s.z;
        const Step& held = history_.committed();
        const double kk = kca_ * history_.dt() / (2.0 * v0_);
        const double d = kk * (held.p - held.pa) + held.x;  // the trapezoid's delayed part
        Eigen::Matrix<double, 5, 1> y(held.v, held.x, held.q, held.pa, held.p);
        for (double w : kNewtonWeights) {
            const double v = y[0], x = y[1], q = y[2], pa = y[3], p = y[4];
            const double u = kk * (p - pa) + d;
            const double lu = u >= 1.0 || u <= 0.0 ? kLimitSlope : 1.0;
            const double gas = 1.0 - x, gasC = std::clamp(gas, 0.1, 1.0), lg = gas >= 1.0 || gas <= 0.1 ? kLimitSlope : 1.0;
            const double onP = p > 0.0 ? 1.0 : 0.0, src = c + q * z * onP, ls = src <= 0.0 ? kLimitSlope : 1.0;
            Eigen::Matrix<double, 5, 1> f;
            f << v - kca_ * (p - pa) * lu / v0_, x - std::clamp(u, 0.0, 1.0), q + v0_ * v,
                pa - p0_ * std::pow(1.0 / gasC, kappa_), p - std::max(src, 0.0);
            Eigen::Matrix<double, 5, 5> j = Eigen::Matrix<double, 5, 5>::Zero();
            j(0, 0) = 1.0; j(0, 3) = kca_ * lu / v0_; j(0, 4) = -kca_ * lu / v0_;
            j(1, 1) = 1.0; j(1, 3) = kk * lu; j(1, 4) = -kk * lu;
            j(2, 0) = v0_; j(2, 2) = 1.0;
            j(3, 1) = -kappa_ * p0_ * lg * std::pow(gasC, -1.0 - kappa_); j(3, 3) = 1.0;
            j(4, 2) = -z * ls * onP; j(4, 4) = 1.0;
            y -= w * j.partialPivLu().solve(f);
        }
        return {y[0], y[1], y[2], y[3], y[4]};
    }
    // The first call starts the history at rest: the initial charge, its gas pressure and the
    // port at pressure p (Hopsan's start values).
    void begin(double p) {
        history_.begin([&] {
            const double x0 = voil0_ / v0_;
            return Step{0.0, x0, 0.0, p0_ * std::pow(1.0 / std::clamp(1.0 - x0, 0.1, 1.0), kappa_), p};
        });
    }
    // The step's values at time t (held_step_solve.h); p is the port's pressure now.
    const Step& atTime(double t, double p) {
        begin(p);
        return history_.at(t, {p, 0.0}, [this](const Source& s) { return hopsanStep(s); });
    }

    double v0_ = 0, p0_ = 0, kappa_ = 1, kca_ = 0, voil0_ = 0, vPort_ = 0;
    bool discrete_ = false, stepOn_ = true;
    HeldStepSolve<Step, Source> history_;
};

// Piston accumulator: piston of area A between the oil chamber (V = A*x + V_dead, the node's
// capacitance, as a cylinder chamber) and the gas (V_gas = V0 - A*x). Seal friction: viscous
// plus a smoothed Coulomb force; end stops at x = 0 and at the stroke V0*0.9/A.
class PistonAccumulator final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        a_ = p.num("A"); v0_ = p.num("V0"); p0_ = p.num("p0"); kappa_ = p.num("kappa");
        m_ = p.num("m"); b_ = p.num("b"); fc_ = p.num("F_c"); vc_ = p.num("v_c");
        vDead_ = p.num("V_dead"); x0_ = p.num("x0"); k_ = p.num("k_stop"); c_ = p.num("c_stop");
        stroke_ = 0.9 * v0_ / a_;
        if (!(vDead_ > 0)) return "dead volume V_dead must be positive (the oil chamber must never reach zero volume)";
        if (x0_ < 0 || x0_ > stroke_) return "initial piston position x0 must lie within [0, 0.9*V0/A]";
        return {};
    }
    bool hasVariableVolume() const override { return true; }
    double initialVolume(int) const override { return a_ * x0_ + vDead_; }
    void initStates(double* s) const override { s[0] = x0_; s[1] = 0.0; }
    void eval(Eval& e) override {
        const double x = S(e)[0], v = S(e)[1];
        setVolume(e, 0, a_ * std::max(x, 0.0) + vDead_, x > 0.0 || v > 0.0 ? a_ * v : 0.0);
        setFlow(e, 0, 0.0);
        double f = (P(e, 0) - gasPressure(p0_, v0_, kappa_, v0_ - a_ * x)) * a_ - b_ * v - fc_ * std::tanh(v / vc_);
        if (x < 0.0) f += std::max(-k_ * x - c_ * v, 0.0);
        else if (x > stroke_) f += std::min(-k_ * (x - stroke_) - c_ * v, 0.0);
        dS(e)[0] = v;
        dS(e)[1] = f / m_;
    }

private:
    double a_ = 0, v0_ = 0, p0_ = 0, kappa_ = 1, m_ = 1, b_ = 0, fc_ = 0, vc_ = 1, vDead_ = 0, x0_ = 0;
    double k_ = 0, c_ = 0, stroke_ = 0;
};

}  // namespace

void registerAccumulators(Registry& r) {
    r.add(SpecBuilder("GasAccumulator", "Volumes", "Bladder accumulator")
              .describe("Gas-charged bladder accumulator: polytropic gas behind an inlet restriction. The oil volume is a "
                        "state; nothing leaves an empty accumulator. V_port is the port's own oil volume (the node's "
                        "capacitance; 0 when a Volume sits on the node).")
              .equations("p_gas = p0*(V0/max(V0 - V_oil, 0.1*V0))^kappa\n"
                         "Q_in = Kca*(p - p_gas) (0 when V_oil = 0 and Q_in < 0),  dV_oil/dt = Q_in\n"
                         "form Hopsan: x_k = clamp(x_(k-1) + Kca dt/(2 V0) ((p - pa)_k + (p - pa)_(k-1)), 0, 1),  "
                         "pa = p0/clamp(1 - x, 0.1, 1)^kappa,  Q_in = Kca (p - pa)_k (times 1e-9 outside [0, 1]),  p >= 0,  "
                         "two Newton steps (weights 1, 0.67) from the previous step")
              .source("Polytropic gas law; inlet-coefficient form of Hopsan's HydraulicAckumulator (Volumes&Lines)")
              .hydraulic("P", "Oil port")
              .output("p_gas", "Gas pressure [Pa]")
              .output("V_gas", "Gas volume [m3]")
              .param("V0", "m3", 1e-3, 1e-9, 10.0, "Gas volume at pre-charge (accumulator size)")
              .param("p0", "Pa", 1e7, 1e3, 1e9, "Pre-charge pressure")
              .param("kappa", "-", 1.2, 1.0, 2.0, "Polytropic exponent (1 isothermal, 1.4 adiabatic)")
              .param("Kca", "m3/(s*Pa)", 1e-8, 1e-15, 1e-3, "Inlet flow coefficient")
              .param("V_oil0", "m3", 0.0, 0.0, 10.0, "Initial oil volume")
              .param("V_port", "m3", 1e-6, 0.0, 1.0, "Oil volume of the port (capacitance it adds to its node)")
              .choice("form", {"continuous", "Hopsan discrete at the step"}, 0,
                      "continuous: the ODE above (conserves oil); Hopsan discrete at the step: Hopsan's step (trapezoidal "
                      "charge, the node fed the step's end flow, 1e-9 of the inlet law at empty or full, port held >= 0 Pa, "
                      "two damped Newton steps), fixed-step runs only (the ODE under adaptive steppers); V_oil is then unused")
              .state("V_oil", "m3", "Oil volume in the accumulator", 1e-4, 0.0)
              .factory<GasAccumulator>());
    r.add(SpecBuilder("PistonAccumulator", "Volumes", "Piston accumulator")
              .describe("Gas-charged piston accumulator: a piston with mass and seal friction between the oil chamber (the "
                        "capacitance of the port's node) and the polytropic gas; end stops at empty and 90 % full.")
              .equations("V_oil = A*x + V_dead,  V_gas = V0 - A*x,  p_gas = p0*(V0/max(V_gas, 0.1*V0))^kappa\n"
                         "m*x'' = (p - p_gas)*A - b*x' - F_c*tanh(x'/v_c) + F_stop")
              .source("Polytropic gas law and Newton; stops as the Cylinder's")
              .hydraulic("P", "Oil port")
              .param("A", "m2", 2e-3, 1e-7, 1.0, "Piston area")
              .param("V0", "m3", 1e-3, 1e-9, 10.0, "Gas volume at x = 0 (pre-charge)")
              .param("p0", "Pa", 1e7, 1e3, 1e9, "Pre-charge pressure")
              .param("kappa", "-", 1.2, 1.0, 2.0, "Polytropic exponent")
              .param("m", "kg", 1.0, 1e-6, 1e4, "Piston mass")
              .param("b", "N*s/m", 500.0, 0.0, 1e8, "Viscous seal friction")
              .param("F_c", "N", 50.0, 0.0, 1e7, "Coulomb seal friction")
              .param("v_c", "m/s", 1e-3, 1e-9, 10.0, "Velocity scale of the smoothed Coulomb force")
              .param("V_dead", "m3", 1e-5, 0.0, 1.0, "Dead oil volume")
              .param("x0", "m", 0.0, 0.0, 100.0, "Initial piston position")
              .param("k_stop", "N/m", 1e8, 0.0, 1e13, "End-stop stiffness")
              .param("c_stop", "N*s/m", 1e5, 0.0, 1e10, "End-stop damping")
              .state("x", "m", "Piston position (oil side grows)", 1e-2)
              .state("v", "m/s", "Piston velocity", 0.1)
              .factory<PistonAccumulator>());
}

}  // namespace hs::sim
