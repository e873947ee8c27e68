// SPDX-License-Identifier: GPL-3.0-or-later
// Spool on/off valves with switching dynamics: 2/2, 3/2, 4/2, and the switchable check valve.
// Each edge is a sharp-edged annular orifice opened by the spool (spool.h); the spool follows its
// command with a first- or second-order lag, so switching takes a finite, declared time.
#include <algorithm>

#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "spool_valve_spec.h"

namespace hs::sim {
namespace {

// Command: "switch" (a signal > 0.5 drives the spool to x_vmax, else to 0, as Hopsan's
// directional valves) or "position" (the signal is the desired spool position in m, Hopsan's
// Hydraulic22Valve).
class OnOffSpoolValve : public SpoolLagged {
public:
    std::string configure(const ParamSet& p, const Fluid& fluid) override {
        g_ = readSpoolGeometry(p, fluid);
        positionCommand_ = p.choice("command") == 1;
        f_ = p.num("f");
        xv0_ = std::clamp(p.num("xv0"), 0.0, g_.xvmax);
        setLag(readSpoolLag(p, 0.0, g_.xvmax), discreteLag(p), xv0_, lagStart(p));
        return {};
    }
    void initStates(double* s) const override { s[0] = xv0_; s[1] = 0.0; }

protected:
    // Spool position now, and its derivatives from the command at signal port k.
    double spool(Eval& e, int k) {
        const double u = in(e, k);
        const double xv = lagged(e, positionCommand_ ? u : (u > 0.5 ? g_.xvmax : 0.0));
        out(e, k + 1, xv);  // the xv output follows the command input
        return xv;
    }
    double edgeFlow(const Eval& e, int from, int to, double opening) const {
        return g_.edge(f_, opening) * flowRoot(P(e, from) - P(e, to), g_.dpTr);
    }
    SpoolGeometry g_;
    bool positionCommand_ = false;
    double f_ = 1.0, xv0_ = 0.0;
};

class SpoolValve22 final : public OnOffSpoolValve {
public:
    enum { kP, kA, kIn };
    void eval(Eval& e) override {
        const double q = edgeFlow(e, kP, kA, spool(e, kIn));
        setFlow(e, kP, q);
        setFlow(e, kA, -q);
    }
    // Next to TLM nodes: one square-law edge with the spool held during the step (D14).
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (g_.dpTr > 0) return false;
        const double q = squareLawThevenin(g_.edge(f_, spool(e, kIn)), c[kP], c[kA], z[kP], z[kA]);
        if (z[kP] > 0) setPortPressure(e, kP, c[kP] - z[kP] * q);
        if (z[kA] > 0) setPortPressure(e, kA, c[kA] + z[kA] * q);
        return true;
    }
};

// P->A opens with the spool, A->T closes with it (normally A to tank).
class SpoolValve32 final : public OnOffSpoolValve {
public:
    enum { kP, kA, kT, kIn };
    void eval(Eval& e) override {
        const double xv = spool(e, kIn);
        const double qpa = edgeFlow(e, kP, kA, xv), qat = edgeFlow(e, kA, kT, g_.xvmax - xv);
        setFlow(e, kP, qpa);
        setFlow(e, kA, qat - qpa);
        setFlow(e, kT, -qat);
    }
};

// Spool at 0: P->B and A->T; at x_vmax: P->A and B->T (crossing through the middle).
class SpoolValve42 final : public OnOffSpoolValve {
public:
    enum { kP, kA, kB, kT, kIn };
    void eval(Eval& e) override {
        const double xv = spool(e, kIn), rest = g_.xvmax - xv;
        const double qpa = edgeFlow(e, kP, kA, xv), qbt = edgeFlow(e, kB, kT, xv);
        const double qpb = edgeFlow(e, kP, kB, rest), qat = edgeFlow(e, kA, kT, rest);
        setFlow(e, kP, qpa + qpb);
        setFlow(e, kA, qat - qpa);
        setFlow(e, kB, qbt - qpb);
        setFlow(e, kT, -qat - qbt);
    }
};

// 2/2 valve that is a check valve A->B when switched off and open both ways when switched on
// (Hopsan's Hydraulic22DirectionalCheckValve: the switch is a lagged 0..1 state crossing 0.5).
class SwitchableCheckValve final : public SpoolLagged {
public:
    enum { kA, kB, kIn };
    std::string configure(const ParamSet& p, const Fluid&) override {
        kOpen_ = p.num("Kv_open"); kCheck_ = p.num("Kv_check"); crack_ = p.num("p_crack");
        dpTr_ = p.num("dp_tr");
        SpoolLag lag;
        lag.secondOrder = true;
        lag.wn = p.num("omega_h"); lag.zeta = p.num("delta_h"); lag.lo = 0.0; lag.hi = 1.0;
        setLag(lag, p.choice("lag_form") == 1, 0.0, p.choice("lag_start"));
        return {};
    }
    void initStates(double* s) const override { s[0] = 0.0; s[1] = 0.0; }
    void eval(Eval& e) override {
        const double s = lagged(e, in(e, kIn) > 0.5 ? 1.0 : 0.0);
        const double dp = P(e, kA) - P(e, kB);
        double q = 0.0;
        if (s > 0.5) q = kOpen_ * flowRoot(dp, dpTr_);
        else if (dp > crack_) q = kCheck_ * flowRoot(dp, dpTr_);
        setFlow(e, kA, q);
        setFlow(e, kB, -q);
    }

private:
    double kOpen_ = 0, kCheck_ = 0, crack_ = 0, dpTr_ = 0;
};

SpecBuilder onOffSpec(const char* type, const char* title, const char* describe, const char* equations) {
    SpecBuilder b(type, "Valves", title);
    b.describe(describe).equations(std::string(equations) +
                                   "\nK(x) = Cq*f*pi*d*max(x,0)*sqrt(2/rho),  Q_edge = K(x)*ssqrt(dp)\n"
                                   "first order: xv' = (u - xv)/tau;  second order: xv'' = omega_h^2*(u - xv) - 2*delta_h*omega_h*xv'\n"
                                   "u = x_vmax if in > 0.5 else 0 (command switch), u = in (command position)")
        .source("Merritt, Hydraulic Control Systems §3.3 (annular orifice); the valve layouts of Hopsan's "
                "Hydraulic22Valve/22/32/42DirectionalValve (componentLibraries/defaultLibrary/Hydraulic/Valves)");
    return b;
}

void onOffCommon(SpecBuilder& b) {
    b.choice("command", {"switch", "position"}, 0, "Input: switch (> 0.5 opens fully) or desired spool position [m]")
        .param("f", "-", 1.0, 0.0, 1.0, "Fraction of the circumference that opens");
    spoolValveParams(b);
}

}  // namespace

void registerOnOffValves(Registry& r) {
    SpecBuilder v22 = onOffSpec("SpoolValve22", "2/2 spool valve (switching)",
                                "Two-port spool valve, normally closed, with first- or second-order switching dynamics.",
                                "Q_PA = K(xv)*ssqrt(pP - pA)");
    v22.hydraulic("P", "Inlet").hydraulic("A", "Outlet").input("in", "Command (switch or position)").output("xv", "Spool position [m]");
    onOffCommon(v22);
    r.add(v22.factory<SpoolValve22>());

    SpecBuilder v32 = onOffSpec("SpoolValve32", "3/2 spool valve (switching)",
                                "Three-port spool valve: A to tank when off, P to A when on, with switching dynamics.",
                                "Q_PA = K(xv)*ssqrt(pP - pA),  Q_AT = K(x_vmax - xv)*ssqrt(pA - pT)");
    v32.hydraulic("P", "Pressure inlet").hydraulic("A", "Work port").hydraulic("T", "Tank port")
        .input("in", "Command (switch or position)").output("xv", "Spool position [m]");
    onOffCommon(v32);
    r.add(v32.factory<SpoolValve32>());

    SpecBuilder v42 = onOffSpec("SpoolValve42", "4/2 spool valve (switching)",
                                "Four-port two-position spool valve: P->B, A->T when off; P->A, B->T when on.",
                                "Q_PA = K(xv)*ssqrt(pP - pA),  Q_BT = K(xv)*ssqrt(pB - pT)\n"
                                "Q_PB = K(x_vmax - xv)*ssqrt(pP - pB),  Q_AT = K(x_vmax - xv)*ssqrt(pA - pT)");
    v42.hydraulic("P", "Pressure inlet").hydraulic("A", "Work port A").hydraulic("B", "Work port B")
        .hydraulic("T", "Tank port").input("in", "Command (switch or position)").output("xv", "Spool position [m]");
    onOffCommon(v42);
    r.add(v42.factory<SpoolValve42>());

    r.add(SpecBuilder("SwitchableCheckValve", "Valves", "2/2 valve with check")
              .describe("A check valve A->B when switched off, open both ways when switched on; the switch follows "
                        "its command with a second-order lag and acts when it crosses 0.5.")
              .equations("s'' = omega_h^2*(u - s) - 2*delta_h*omega_h*s',  u = 1 if in > 0.5 else 0\n"
                         "s > 0.5: Q = Kv_open*ssqrt(pA - pB)\n"
                         "s <= 0.5: Q = Kv_check*sqrt(pA - pB) if pA - pB > p_crack, else 0")
              .source("Hopsan's Hydraulic22DirectionalCheckValve (Valves/DirectionalValves)")
              .hydraulic("A", "Inlet (free direction when checked)")
              .hydraulic("B", "Outlet")
              .input("in", "Switch (> 0.5 open)")
              .param("Kv_open", "m3/(s*Pa^0.5)", 5e-7, 0.0, 1.0, "Flow coefficient when open")
              .param("Kv_check", "m3/(s*Pa^0.5)", 5e-7, 0.0, 1.0, "Flow coefficient of the check")
              .param("p_crack", "Pa", 0.0, 0.0, 1e9, "Check cracking pressure (spring preload)")
              .param("omega_h", "rad/s", 100.0, 1e-3, 1e7, "Natural frequency of the switch")
              .param("delta_h", "-", 1.0, 0.0, 100.0, "Damping ratio of the switch")
              .choice("lag_form", {"continuous", "bilinear at the step"}, 0,
                      "The switch's lag as an ODE, or as Hopsan's bilinear filter at the run's fixed step (spool valves' lag_form)")
              .choice("lag_start", {"xv0", "command", "xv0 + one step"}, 0,
                      "Start of the bilinear filter (spool valves' lag_start; Hopsan's check valve: xv0 + one step)")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .state("s", "-", "Switch position (0 checked, 1 open)", 1.0)
              .state("s_dot", "1/s", "Switch velocity", 100.0)
              .factory<SwitchableCheckValve>());
}

}  // namespace hs::sim
