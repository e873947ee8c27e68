// SPDX-License-Identifier: GPL-3.0-or-later
// Valves: pressure compensator, control throttle, 2/2 on/off, 4/3 proportional directional valve,
// shuttle, check and relief valves.
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "valve43_law.h"
#include "../equations/valves.h"
#include "../kernel/kernel_emitter.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Semi-empirical pressure compensator (Handroos & Vilenius 1991), notes/000_001 §1.2:
//   Q = K*ssqrt(p_s - p_c),  dK/dt = (C5 - p_c + p_load - (C1 + C2*(p_s - p_c))*K)/C3.
// The seeds do not clamp K; a closing valve drives it negative, so K is held at >= 0 (flow uses
// max(K,0), dK/dt is not allowed to push it further below zero, and fixed-step steppers project
// K back to 0 after a step that overshot). A deviation from the seeds, documented.
class PressureCompensator final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        c1_ = p.num("C1"); c2_ = p.num("C2"); c3_ = p.num("C3"); c5_ = p.num("C5");
        k0_ = p.num("K0"); dpTr_ = p.num("dp_tr");
        eq_ = {c1_, c2_, c3_, c5_, dpTr_};
        return {};
    }
    std::string checkConnections() const override {
        if (!isConnected(2) && !isConnected(3)) return "connect the load pressure: pilot port LS or signal input pload";
        if (isConnected(2) && isConnected(3)) return "connect the load pressure to LS or to pload, not both";
        return {};
    }
    void initStates(double* s) const override { s[0] = k0_; }
    void eval(Eval& e) override { eq::pressureCompensator(eq_, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/valves.h", "hs::sim::eq::pressureCompensator", k.constant(eq_, "hs::sim::eq::CompensatorParams"));
    }
    bool jacobian(const Eval& e, JacobianSink& j) const override {
        const double ps = P(e, 0), pc = P(e, 1);
        const double pl = isConnected(2) ? P(e, 2) : in(e, 3);
        const double k = S(e)[0];
        const double slope = std::max(k, 0.0) * flowRootSlope(ps - pc, dpTr_);
        j.restriction(slope, -slope);
        if (k >= 0.0) j.restrictionInput(PartialIn::State, 0, flowRoot(ps - pc, dpTr_));
        const double dk = (c5_ - pc + pl - (c1_ + c2_ * (ps - pc)) * k) / c3_;
        if (k <= 0.0 && dk < 0.0) return true;  // held at the bound
        j.state(0, PartialIn::Pressure, 0, -c2_ * k / c3_);
        j.state(0, PartialIn::Pressure, 1, (c2_ * k - 1.0) / c3_);
        if (isConnected(2)) j.state(0, PartialIn::Pressure, 2, 1.0 / c3_);
        else j.state(0, PartialIn::Signal, 3, 1.0 / c3_);
        j.state(0, PartialIn::State, 0, -(c1_ + c2_ * (ps - pc)) / c3_);
        return true;
    }
    // Next to TLM nodes: the square law against the sources in closed form (D14), K held during
    // the step; the load-sense pilot takes no flow, so it sees its source's c.
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (dpTr_ > 0) return false;
        const double q = squareLawThevenin(std::max(S(e)[0], 0.0), c[0], c[1], z[0], z[1]);
        if (z[0] > 0) setPortPressure(e, 0, c[0] - z[0] * q);
        if (z[1] > 0) setPortPressure(e, 1, c[1] + z[1] * q);
        if (z[2] > 0) setPortPressure(e, 2, c[2]);
        return true;
    }

private:
    double c1_ = 0, c2_ = 0, c3_ = 1, c5_ = 0, k0_ = 0, dpTr_ = 0;
    eq::CompensatorParams eq_;
};

// Control throttle of the 2-way flow control valve (Circuit 1), notes/000_001 §1.3:
//   Q = max(k_t, k_min)*ssqrt(pA - pB),  k_t'' = (U - C9)*C6*C7^2 - 2*C8*C7*k_t' - C7^2*k_t.
// Pub I prints the opening dynamics as first order; the preprint and the dissertation have this
// second-order form, which we take. k_min (default 0) keeps the opening non-negative.
class ControlThrottle final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        c6_ = p.num("C6"); c7_ = p.num("C7"); c8_ = p.num("C8"); c9_ = p.num("C9");
        kt0_ = p.num("kt0"); kmin_ = p.num("kt_min"); dpTr_ = p.num("dp_tr");
        eq_ = {c6_, c7_, c8_, c9_, kmin_, dpTr_};
        return {};
    }
    void initStates(double* s) const override { s[0] = kt0_; s[1] = 0.0; }
    void eval(Eval& e) override { eq::controlThrottle(eq_, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/valves.h", "hs::sim::eq::controlThrottle", k.constant(eq_, "hs::sim::eq::ThrottleParams"));
    }
    bool jacobian(const Eval& e, JacobianSink& j) const override {
        const double* s = S(e);
        const double dp = P(e, 0) - P(e, 1);
        const double slope = std::max(s[0], kmin_) * flowRootSlope(dp, dpTr_);
        j.restriction(slope, -slope);
        if (s[0] >= kmin_) j.restrictionInput(PartialIn::State, 0, flowRoot(dp, dpTr_));
        j.state(0, PartialIn::State, 1, 1.0);
        j.state(1, PartialIn::Signal, 2, c6_ * c7_ * c7_);
        j.state(1, PartialIn::State, 1, -2.0 * c8_ * c7_);
        j.state(1, PartialIn::State, 0, -c7_ * c7_);
        return true;
    }
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (dpTr_ > 0) return false;
        const double q = squareLawThevenin(std::max(S(e)[0], kmin_), c[0], c[1], z[0], z[1]);
        if (z[0] > 0) setPortPressure(e, 0, c[0] - z[0] * q);
        if (z[1] > 0) setPortPressure(e, 1, c[1] + z[1] * q);
        return true;
    }

private:
    double c6_ = 0, c7_ = 0, c8_ = 0, c9_ = 0, kt0_ = 0, kmin_ = 0, dpTr_ = 0;
    eq::ThrottleParams eq_;
};

// 2/2 on/off valve switched by a signal (0 closed, 1 open; values between open partly).
class OnOffValve final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        k_ = p.num("k"); dpTr_ = p.num("dp_tr");
        eq_ = {k_, dpTr_};
        return {};
    }
    void eval(Eval& e) override { eq::onOffValve(eq_, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/valves.h", "hs::sim::eq::onOffValve", k.constant(eq_, "hs::sim::eq::OnOffParams"));
    }
    bool jacobian(const Eval& e, JacobianSink& j) const override {
        const double cmd = in(e, 2), u = std::clamp(cmd, 0.0, 1.0), dp = P(e, 0) - P(e, 1);
        const double slope = u * k_ * flowRootSlope(dp, dpTr_);
        j.restriction(slope, -slope);
        if (cmd > 0.0 && cmd < 1.0) j.restrictionInput(PartialIn::Signal, 2, k_ * flowRoot(dp, dpTr_));
        return true;
    }
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (dpTr_ > 0) return false;
        const double q = squareLawThevenin(std::clamp(in(e, 2), 0.0, 1.0) * k_, c[0], c[1], z[0], z[1]);
        if (z[0] > 0) setPortPressure(e, 0, c[0] - z[0] * q);
        if (z[1] > 0) setPortPressure(e, 1, c[1] + z[1] * q);
        return true;
    }

private:
    double k_ = 0, dpTr_ = 0;
    eq::OnOffParams eq_;
};

// 4/3 proportional directional valve, closed centre, with second-order spool dynamics and the
// consistent sign convention of notes/000_001 §1.5 (opening o = max(|Us| - Ud, 0), gain
// G = Cv*o or Cv*o^2). The seeds print (Us - Ud) for negative spool, which jumps at -Ud and
// flips a sign; we take the note's consistent form. Linear law is the default (Cv's unit).
class DirectionalValve43 final : public Component {
public:
    enum { kP, kA, kB, kT, kU };
    std::string configure(const ParamSet& p, const Fluid& fluid) override {
        kv_ = p.num("Kv"); wn_ = p.num("wn"); zeta_ = p.num("zeta");
        law_.ud = p.num("Ud"); law_.squared = p.choice("law") == 1; law_.dpTr = p.num("dp_tr");
        law_.k = p.choice("sizing") == 1 ? Valve43Law::nominalGain(p.num("q_nom"), p.num("dp_nom"), p.num("rho_nom"), fluid.density)
                                         : p.num("Cv");
        us0_ = p.num("Us0");
        eq_ = {kv_, wn_, zeta_, law_};
        return {};
    }
    void initStates(double* s) const override { s[0] = us0_; s[1] = 0.0; }
    void eval(Eval& e) override { eq::directionalValve43(eq_, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/valves.h", "hs::sim::eq::directionalValve43", k.constant(eq_, "hs::sim::eq::Valve43Params"));
    }
    bool jacobian(const Eval& e, JacobianSink& j) const override {
        const double* s = S(e);
        double dq[4][5];
        law_.flowPartials(s[0], P(e, kP), P(e, kA), P(e, kB), P(e, kT), dq);
        for (int port = 0; port < 4; ++port) {
            for (int k = 0; k < 4; ++k) j.flow(port, PartialIn::Pressure, k, dq[port][k]);
            j.flow(port, PartialIn::State, 0, dq[port][4]);
        }
        j.state(0, PartialIn::State, 1, 1.0);
        j.state(1, PartialIn::Signal, kU, kv_ * wn_ * wn_);
        j.state(1, PartialIn::State, 1, -2.0 * zeta_ * wn_);
        j.state(1, PartialIn::State, 0, -wn_ * wn_);
        return true;
    }

private:
    double kv_ = 0, wn_ = 0, zeta_ = 0, us0_ = 0;
    Valve43Law law_;
    eq::Valve43Params eq_;
};

// Ideal shuttle valve used as a load-sensing selector: outputs max(pA, pB), draws no flow.
class ShuttleValve final : public Component {
public:
    std::string configure(const ParamSet&, const Fluid&) override { return {}; }
    void eval(Eval& e) override { eq::shuttleValve(eq::ShuttleParams{}, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/valves.h", "hs::sim::eq::shuttleValve", k.constant(eq::ShuttleParams{}, "hs::sim::eq::ShuttleParams"));
    }
    bool jacobian(const Eval& e, JacobianSink& j) const override {
        j.add(PartialOut::Signal, 2, PartialIn::Pressure, P(e, 0) >= P(e, 1) ? 0 : 1, 1.0);
        return true;
    }
};

// Check valve A -> B: closed below the cracking pressure, opening linearly over dp_open.
class CheckValve final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        k_ = p.num("k"); pc_ = p.num("p_crack"); dpo_ = p.num("dp_open"); dpTr_ = p.num("dp_tr");
        return {};
    }
    void eval(Eval& e) override {
        const double dp = P(e, 0) - P(e, 1);
        double open = dpo_ > 0 ? std::clamp((dp - pc_) / dpo_, 0.0, 1.0) : (dp > pc_ ? 1.0 : 0.0);
        const double q = dp > 0 ? open * k_ * flowRoot(dp, dpTr_) : 0.0;
        setFlow(e, 0, q);
        setFlow(e, 1, -q);
    }
    bool jacobian(const Eval& e, JacobianSink& j) const override {
        const double dp = P(e, 0) - P(e, 1);
        if (!(dp > 0)) return true;
        const double open = dpo_ > 0 ? std::clamp((dp - pc_) / dpo_, 0.0, 1.0) : (dp > pc_ ? 1.0 : 0.0);
        const double dOpen = dpo_ > 0 && dp - pc_ > 0 && dp - pc_ < dpo_ ? 1.0 / dpo_ : 0.0;
        const double slope = k_ * (open * flowRootSlope(dp, dpTr_) + dOpen * flowRoot(dp, dpTr_));
        j.restriction(slope, -slope);
        return true;
    }

private:
    double k_ = 0, pc_ = 0, dpo_ = 0, dpTr_ = 0;
};

// Instantaneous relief valve with a linear pressure-flow gradient (notes/003 §1.7, eq. 2.11):
//   Q = Kq*(pP - pT - p_crack) when positive, else 0.
class ReliefValve final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        pc_ = p.num("p_crack"); kq_ = p.num("Kq");
        return {};
    }
    void eval(Eval& e) override {
        const double q = std::max(kq_ * (P(e, 0) - P(e, 1) - pc_), 0.0);
        setFlow(e, 0, q);
        setFlow(e, 1, -q);
    }
    bool jacobian(const Eval& e, JacobianSink& j) const override {
        if (kq_ * (P(e, 0) - P(e, 1) - pc_) > 0.0) j.restriction(kq_, -kq_);
        return true;
    }
    // notes/003 eqs. 2.14-2.16: open iff c_P - c_T > p_crack (then q = 0 would put p_P = c_P).
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        const double q = std::max(kq_ * (c[0] - c[1] - pc_) / (1.0 + kq_ * (z[0] + z[1])), 0.0);
        if (z[0] > 0) setPortPressure(e, 0, c[0] - z[0] * q);
        if (z[1] > 0) setPortPressure(e, 1, c[1] + z[1] * q);
        return true;
    }

private:
    double pc_ = 0, kq_ = 0;
};

}  // namespace

void registerValves(Registry& r) {
    r.add(SpecBuilder("PressureCompensator", "Valves", "Pressure compensator")
              .describe("Semi-empirical pressure compensator: a throttle whose flow coefficient K follows a first-order "
                        "law driven by the compensated and load pressures. Holds p_c - p_load near C5.")
              .equations("Q = max(K,0)*ssqrt(p_s - p_c)\n"
                         "dK/dt = (C5 - p_c + p_load - (C1 + C2*(p_s - p_c))*K)/C3,  K held >= 0")
              .source("Handroos & Vilenius 1991; Ustinov 2023 (notes/000_001 §1.2)")
              .hydraulic("P", "Supply inlet (p_s)")
              .hydraulic("C", "Compensated outlet (p_c)")
              .pilot("LS", "Load-sense pilot (no flow)", true)
              .input("pload", "Load pressure as a signal [Pa] (instead of LS)", true)
              .param("C1", "-", 4.65e7, -kInf, kInf, "Model constant C1")
              .param("C2", "-", -1.79e4, -kInf, kInf, "Model constant C2 (flow force)")
              .param("C3", "-", 4.0e11, 1e-30, kInf, "Model constant C3 (time scale)")
              .param("C5", "Pa", 1.0e6, -kInf, kInf, "Compensator setting (pressure held across the metering edge)")
              .param("K0", "m3/(s*Pa^0.5)", 0.05e-9, 0.0, 1.0, "Initial flow coefficient K")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .state("K", "m3/(s*Pa^0.5)", "Flow coefficient", 1e-6, 0.0)
              .factory<PressureCompensator>());
    r.add(SpecBuilder("ControlThrottle", "Valves", "Control throttle")
              .describe("Electrically controlled throttle whose flow coefficient follows a second-order lag of the command "
                        "(the control edge of the 2-way flow control valve, Circuit 1).")
              .equations("Q = max(k_t, k_min)*ssqrt(pA - pB)\n"
                         "k_t'' = (U - C9)*C6*C7^2 - 2*C8*C7*k_t' - C7^2*k_t")
              .source("Malysheva, Ustinov, Handroos 2021 (Pub I, preprint form); notes/000_001 §1.3")
              .hydraulic("A", "Inlet")
              .hydraulic("B", "Outlet")
              .input("U", "Command [V]")
              .param("C6", "m3/(s*Pa^0.5*V)", 5.26e-7, -kInf, kInf, "Static gain")
              .param("C7", "rad/s", 200.0, 1e-6, 1e7, "Natural frequency")
              .param("C8", "-", 0.45, 0.0, 100.0, "Damping ratio")
              .param("C9", "V", 1.2, -kInf, kInf, "Command offset (dead zone)")
              .param("kt0", "m3/(s*Pa^0.5)", 1.0e-7, -1.0, 1.0, "Initial flow coefficient")
              .param("kt_min", "m3/(s*Pa^0.5)", 0.0, 0.0, 1.0, "Lower bound of the flow coefficient used in the flow")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .state("kt", "m3/(s*Pa^0.5)", "Flow coefficient", 1e-7)
              .state("kt_dot", "m3/(s^2*Pa^0.5)", "Rate of the flow coefficient", 1e-5)
              .factory<ControlThrottle>());
    r.add(SpecBuilder("OnOffValve", "Valves", "2/2 on/off valve")
              .describe("Two-port valve switched instantly by a signal: 0 closed, 1 open (clamped to [0,1]).")
              .equations("Q = clamp(u,0,1)*k*ssqrt(pA - pB)")
              .source("notes/000_001 §1.4 (Circuit 1)")
              .hydraulic("A", "Inlet")
              .hydraulic("B", "Outlet")
              .input("open", "Opening command (0..1)")
              .param("k", "m3/(s*Pa^0.5)", 5.73e-7, 0.0, 1.0, "Flow coefficient when open")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .factory<OnOffValve>());
    r.add(SpecBuilder("DirectionalValve43", "Valves", "4/3 proportional valve")
              .describe("Closed-centre 4/3 proportional directional valve with second-order spool dynamics and a dead band. "
                        "Positive spool: P->A and B->T; negative: P->B and A->T.")
              .equations("Us'' = Kv*wn^2*U - 2*zeta*wn*Us' - wn^2*Us\n"
                         "o = max(|Us| - Ud, 0),  G = k*o (linear) or k*o^2 (squared)\n"
                         "k = Cv, or q_nom/sqrt(dp_nom)*sqrt(rho_nom/rho) (sizing = nominal point; wn = 2*pi*bandwidth)\n"
                         "Us > 0: Q_PA = G*ssqrt(pP - pA), Q_BT = G*ssqrt(pB - pT)\n"
                         "Us < 0: Q_PB = G*ssqrt(pP - pB), Q_AT = G*ssqrt(pA - pT)")
              .source("Ustinov 2023 §3.2 with the consistent sign convention of notes/000_001 §1.5; nominal-point "
                      "sizing as OpenHydraulics V4_3CC (notes/002 §2.2)")
              .hydraulic("P", "Pressure inlet")
              .hydraulic("A", "Work port A")
              .hydraulic("B", "Work port B")
              .hydraulic("T", "Tank port")
              .input("U", "Command [V]")
              .param("Kv", "-", 0.99, -kInf, kInf, "Spool static gain")
              .param("wn", "rad/s", 331.0, 1e-6, 1e7, "Spool natural frequency")
              .param("zeta", "-", 0.62, 0.0, 100.0, "Spool damping ratio")
              .choice("sizing", {"Cv", "nominal point"}, 0,
                      "Flow gain: Cv as given, or from the nominal point (q_nom at dp_nom, OpenHydraulics sizing)")
              .param("Cv", "m3/(s*V*Pa^0.5)", 2.315e-9, 0.0, 1.0, "Flow gain per volt of opening (per V^2 with the squared law)")
              .param("q_nom", "m3/s", 1e-3, 1e-12, 100.0, "Nominal flow of a fully open edge (Us = 1 + Ud) at dp_nom (sizing = nominal point)")
              .param("dp_nom", "Pa", 1e6, 1.0, 1e9, "Pressure drop of the nominal point (sizing = nominal point)")
              .param("rho_nom", "kg/m3", 850.0, 1.0, 1e4, "Oil density of the nominal point; the flow scales with sqrt(rho_nom/rho)")
              .param("Ud", "V", 2.0, 0.0, 100.0, "Dead band")
              .choice("law", {"linear", "squared"}, 0, "Opening law")
              .param("Us0", "V", 0.0, -100.0, 100.0, "Initial spool signal")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .state("Us", "V", "Spool position (as signal)", 1.0)
              .state("Us_dot", "V/s", "Spool velocity (as signal)", 100.0)
              .factory<DirectionalValve43>());
    r.add(SpecBuilder("ShuttleValve", "Valves", "Shuttle valve")
              .describe("Ideal load-sensing shuttle: outputs the higher of its two pilot pressures as a signal; draws no flow.")
              .equations("p_out = max(pA, pB)")
              .source("notes/000_001 §1.1")
              .pilot("A", "Pilot A")
              .pilot("B", "Pilot B")
              .output("p", "Selected pressure [Pa]")
              .factory<ShuttleValve>());
    r.add(SpecBuilder("CheckValve", "Valves", "Check valve")
              .describe("One-way valve A -> B with cracking pressure and a linear opening range.")
              .equations("open = clamp((dp - p_crack)/dp_open, 0, 1),  Q = open*k*sqrt(dp) for dp > 0, else 0")
              .source("Standard poppet check valve model")
              .hydraulic("A", "Inlet")
              .hydraulic("B", "Outlet")
              .param("k", "m3/(s*Pa^0.5)", 1e-6, 0.0, 1.0, "Flow coefficient when fully open")
              .param("p_crack", "Pa", 1e5, 0.0, 1e9, "Cracking pressure")
              .param("dp_open", "Pa", 1e5, 0.0, 1e9, "Pressure range from cracking to fully open (0 = instant)")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .factory<CheckValve>());
    r.add(SpecBuilder("ReliefValve", "Valves", "Pressure relief valve")
              .describe("Instantaneous relief valve with a linear pressure-flow gradient above the cracking pressure.")
              .equations("Q = Kq*(pP - pT - p_crack) if positive, else 0")
              .source("Pollmeier thesis eq. 2.11 (notes/003 §1.7)")
              .hydraulic("P", "Inlet")
              .hydraulic("T", "Outlet")
              .param("p_crack", "Pa", 1.2e7, 0.0, 1e9, "Cracking pressure")
              .param("Kq", "m3/(s*Pa)", 1e-7, 0.0, 1.0, "Pressure-flow gradient")
              .factory<ReliefValve>());
}

}  // namespace hs::sim
