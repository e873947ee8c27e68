// SPDX-License-Identifier: GPL-3.0-or-later
// Pressure and flow control valves: pressure reducing, sequence, counterbalance (over-centre),
// pilot-operated check, flow control, throttle-check valves and the flow divider.
// The spool-type pressure valves share one shape: a static characteristic gives the opening the
// pressures ask for, o* = clamp((p_act - p_set)/dp_band, 0, 1), and the opening follows it with a
// first-order lag tau (a direct-acting spool's response, and what keeps a small downstream volume
// from being switched between open and closed within one step).
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

double opening(const double* s) { return std::clamp(s[0], 0.0, 1.0); }
double band(double excess, double width) {
    return width > 0 ? std::clamp(excess / width, 0.0, 1.0) : (excess > 0 ? 1.0 : 0.0);
}

// Normally open; closes as the outlet pressure rises through [p_set - dp_reg, p_set]. With the
// drain T connected it is a reducing/relieving valve: the same spool opens A->T as the outlet
// rises through [p_set, p_set + dp_reg], so a trapped outlet is brought back to the setting.
// One signed spool state x in [-1, 1]: x > 0 opens P->A, x < 0 opens A->T.
class PressureReducingValve final : public Component {
public:
    enum { kP, kA, kT };
    std::string configure(const ParamSet& p, const Fluid&) override {
        pset_ = p.num("p_set"); dpReg_ = p.num("dp_reg"); k_ = p.num("k"); tau_ = p.num("tau");
        dpTr_ = p.num("dp_tr");
        return {};
    }
    void initStates(double* s) const override { s[0] = 1.0; }
    void eval(Eval& e) override {
        const double pa = P(e, kA);
        const double lo = isConnected(kT) ? -1.0 : 0.0;
        const double target = dpReg_ > 0 ? std::clamp((pset_ - pa) / dpReg_, lo, 1.0) : (pa < pset_ ? 1.0 : lo);
        dS(e)[0] = (target - S(e)[0]) / tau_;
        const double x = std::clamp(S(e)[0], lo, 1.0);
        const double qpa = std::max(x, 0.0) * k_ * flowRoot(P(e, kP) - pa, dpTr_);
        const double qat = isConnected(kT) ? std::max(-x, 0.0) * k_ * flowRoot(pa - P(e, kT), dpTr_) : 0.0;
        setFlow(e, kP, qpa);
        setFlow(e, kA, qat - qpa);
        if (isConnected(kT)) setFlow(e, kT, -qat);
    }

private:
    double pset_ = 0, dpReg_ = 0, k_ = 0, tau_ = 1, dpTr_ = 0;
};

// Normally closed; opens as the pilot pressure (the inlet's, or port X when connected) rises
// through [p_crack, p_crack + dp_open], then passes flow P->A to the secondary circuit.
class SequenceValve final : public Component {
public:
    enum { kP, kA, kX };
    std::string configure(const ParamSet& p, const Fluid&) override {
        crack_ = p.num("p_crack"); dpOpen_ = p.num("dp_open"); k_ = p.num("k"); tau_ = p.num("tau");
        dpTr_ = p.num("dp_tr");
        return {};
    }
    void initStates(double* s) const override { s[0] = 0.0; }
    void eval(Eval& e) override {
        const double pilot = isConnected(kX) ? P(e, kX) : P(e, kP);
        dS(e)[0] = (band(pilot - crack_, dpOpen_) - S(e)[0]) / tau_;
        const double q = opening(S(e)) * k_ * flowRoot(P(e, kP) - P(e, kA), dpTr_);
        setFlow(e, kP, q);
        setFlow(e, kA, -q);
        if (isConnected(kX)) setFlow(e, kX, 0.0);
    }

private:
    double crack_ = 0, dpOpen_ = 0, k_ = 0, tau_ = 1, dpTr_ = 0;
};

// Counterbalance (over-centre) valve between a load-holding chamber A and the directional
// valve B: free flow B->A through its check; A->B only when the load pressure plus the pilot
// pressure times the area ratio reaches the setting (pA + ratio*pX >= p_set).
class CounterbalanceValve final : public Component {
public:
    enum { kA, kB, kX };
    std::string configure(const ParamSet& p, const Fluid&) override {
        pset_ = p.num("p_set"); ratio_ = p.num("ratio"); dpOpen_ = p.num("dp_open"); k_ = p.num("k");
        kCheck_ = p.num("k_check"); crack_ = p.num("p_check"); tau_ = p.num("tau"); dpTr_ = p.num("dp_tr");
        return {};
    }
    void initStates(double* s) const override { s[0] = 0.0; }
    void eval(Eval& e) override {
        const double pa = P(e, kA), pb = P(e, kB), px = P(e, kX);
        dS(e)[0] = (band(pa + ratio_ * px - pset_, dpOpen_) - S(e)[0]) / tau_;
        double q = opening(S(e)) * k_ * flowRoot(pa - pb, dpTr_);  // A->B through the relief spool
        if (pb - pa > crack_) q -= kCheck_ * flowRoot(pb - pa - crack_, dpTr_);  // B->A through the check
        setFlow(e, kA, q);
        setFlow(e, kB, -q);
        setFlow(e, kX, 0.0);
    }

private:
    double pset_ = 0, ratio_ = 0, dpOpen_ = 0, k_ = 0, kCheck_ = 0, crack_ = 0, tau_ = 1, dpTr_ = 0;
};

// Pilot-operated check valve: open when pA + phi*pX - pB exceeds the cracking pressure (free
// flow A->B, and B->A once the pilot lifts the poppet), then a square-law restriction both ways.
class PilotCheckValve final : public Component {
public:
    enum { kA, kB, kX };
    std::string configure(const ParamSet& p, const Fluid&) override {
        phi_ = p.num("phi"); crack_ = p.num("p_crack"); dpOpen_ = p.num("dp_open"); k_ = p.num("k");
        dpTr_ = p.num("dp_tr");
        return {};
    }
    void eval(Eval& e) override {
        const double pa = P(e, kA), pb = P(e, kB);
        const double o = band(pa + phi_ * P(e, kX) - pb - crack_, dpOpen_);
        const double q = o * k_ * flowRoot(pa - pb, dpTr_);
        setFlow(e, kA, q);
        setFlow(e, kB, -q);
        setFlow(e, kX, 0.0);
    }

private:
    double phi_ = 0, crack_ = 0, dpOpen_ = 0, k_ = 0, dpTr_ = 0;
};

// Pressure-compensated 2-way flow control valve with an ideal compensator: A->B passes the
// throttle's flow k*sqrt(dp) until it reaches Q_set, then Q_set whatever the pressure drop;
// reverse flow passes the throttle only.
class FlowControlValve final : public Component {
public:
    enum { kA, kB, kQ };
    std::string configure(const ParamSet& p, const Fluid&) override {
        qset_ = p.num("Q_set"); k_ = p.num("k"); dpTr_ = p.num("dp_tr");
        return {};
    }
    void eval(Eval& e) override {
        const double qset = std::max(isConnected(kQ) ? in(e, kQ) : qset_, 0.0);
        double q = k_ * flowRoot(P(e, kA) - P(e, kB), dpTr_);
        if (q > qset) q = qset;
        setFlow(e, kA, q);
        setFlow(e, kB, -q);
    }

private:
    double qset_ = 0, k_ = 0, dpTr_ = 0;
};

// Throttle A<->B with a check valve in parallel that bypasses it B->A.
class ThrottleCheckValve final : public Component {
public:
    enum { kA, kB };
    std::string configure(const ParamSet& p, const Fluid&) override {
        kt_ = p.num("k_throttle"); kc_ = p.num("k_check"); crack_ = p.num("p_crack"); dpOpen_ = p.num("dp_open");
        dpTr_ = p.num("dp_tr");
        return {};
    }
    void eval(Eval& e) override {
        const double dp = P(e, kA) - P(e, kB);
        double q = kt_ * flowRoot(dp, dpTr_);
        if (-dp > 0) q -= band(-dp - crack_, dpOpen_) * kc_ * flowRoot(-dp, dpTr_);
        setFlow(e, kA, q);
        setFlow(e, kB, -q);
    }

private:
    double kt_ = 0, kc_ = 0, crack_ = 0, dpOpen_ = 0, dpTr_ = 0;
};

// Ideal spool-type flow divider: the compensating spool throttles the less loaded outlet so the
// inlet flow splits r : (1 - r) whatever the loads; the more loaded branch's metering orifice sets
// the total. Dividing only: no flow while the inlet is below an outlet (the combining mode of a
// divider/combiner is not modelled).
class FlowDivider final : public Component {
public:
    enum { kP, kA, kB };
    std::string configure(const ParamSet& p, const Fluid&) override {
        r_ = p.num("ratio"); k_ = p.num("k"); dpTr_ = p.num("dp_tr");
        if (!(r_ > 0.0 && r_ < 1.0)) return "ratio must lie strictly between 0 and 1";
        return {};
    }
    void eval(Eval& e) override {
        const double pp = P(e, kP);
        const double qa = k_ * flowRoot(pp - P(e, kA), dpTr_), qb = k_ * flowRoot(pp - P(e, kB), dpTr_);
        const double q = std::max(std::min(qa / r_, qb / (1.0 - r_)), 0.0);
        setFlow(e, kP, q);
        setFlow(e, kA, -r_ * q);
        setFlow(e, kB, -(1.0 - r_) * q);
    }

private:
    double r_ = 0.5, k_ = 0, dpTr_ = 0;
};

SpecBuilder& laggedOpening(SpecBuilder& b, const char* opening = "Opening (0 closed, 1 fully open)") {
    return b.param("tau", "s", 2e-3, 1e-7, 10.0, "Time constant of the opening")
        .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
        .state("x", "-", opening, 1.0);
}

}  // namespace

void registerPressureValves(Registry& r) {
    SpecBuilder reducing("PressureReducingValve", "Valves", "Pressure reducing valve");
    reducing.describe("Direct-acting pressure reducing valve: normally open, closes as the outlet pressure rises "
                      "to the setting, so the outlet stays within [p_set - dp_reg, p_set] while the inlet is higher. "
                      "With the drain T connected it also relieves the outlet to tank above the setting "
                      "(reducing/relieving valve).")
        .equations("x* = clamp((p_set - pA)/dp_reg, -1 (T connected) or 0, 1),  x' = (x* - x)/tau\n"
                   "Q_PA = max(x,0)*k*ssqrt(pP - pA),  Q_AT = max(-x,0)*k*ssqrt(pA - pT)")
        .source("Static characteristic with a proportional band (Merritt §7; Exner et al., Hydraulics, Bosch Rexroth)")
        .hydraulic("P", "Inlet (primary)").hydraulic("A", "Reduced outlet (secondary)")
        .hydraulic("T", "Drain to tank (optional: relieving)", true)
        .param("p_set", "Pa", 5e6, 0.0, 1e9, "Setting: the outlet pressure at which the valve closes")
        .param("dp_reg", "Pa", 5e5, 0.0, 1e8, "Regulation band: closed at p_set, fully open at p_set - dp_reg")
        .param("k", "m3/(s*Pa^0.5)", 1e-6, 0.0, 1.0, "Flow coefficient when fully open");
    laggedOpening(reducing, "Spool (1 P->A fully open, 0 closed, -1 A->T fully open)");
    r.add(reducing.factory<PressureReducingValve>());

    SpecBuilder sequence("SequenceValve", "Valves", "Sequence valve");
    sequence.describe("Direct-acting sequence valve: normally closed, opens P->A once its pilot pressure (the inlet, "
                      "or the external pilot X when connected) reaches the cracking pressure.")
        .equations("x* = clamp((p_pilot - p_crack)/dp_open, 0, 1),  x' = (x* - x)/tau,  p_pilot = pX or pP\n"
                   "Q = clamp(x,0,1)*k*ssqrt(pP - pA)")
        .source("Static characteristic with a proportional band (Merritt §7)")
        .hydraulic("P", "Inlet (primary)").hydraulic("A", "Outlet (secondary circuit)")
        .pilot("X", "External pilot (optional; else the inlet)", true)
        .param("p_crack", "Pa", 1e7, 0.0, 1e9, "Cracking pressure")
        .param("dp_open", "Pa", 5e5, 0.0, 1e8, "Pressure rise from cracking to fully open")
        .param("k", "m3/(s*Pa^0.5)", 1e-6, 0.0, 1.0, "Flow coefficient when fully open");
    laggedOpening(sequence);
    r.add(sequence.factory<SequenceValve>());

    SpecBuilder cbv("CounterbalanceValve", "Valves", "Counterbalance valve");
    cbv.describe("Counterbalance (over-centre) valve: holds a load on port A; free flow B->A through its check; A->B "
                 "opens when the load pressure plus the pilot pressure times the area ratio reaches the setting.")
        .equations("x* = clamp((pA + ratio*pX - p_set)/dp_open, 0, 1),  x' = (x* - x)/tau\n"
                   "Q_AB = clamp(x,0,1)*k*ssqrt(pA - pB) - k_check*sqrt(pB - pA - p_check) [when pB - pA > p_check]")
        .source("Over-centre valve static characteristic (Hopsan's HydraulicOverCenterValve without the flow-force "
                "term and hysteresis; Merritt §7)")
        .hydraulic("A", "Load port (cylinder)").hydraulic("B", "Valve port (to the directional valve)")
        .pilot("X", "Pilot (the opposite cylinder line)")
        .param("p_set", "Pa", 2e7, 0.0, 1e9, "Setting (opening pressure at zero pilot)")
        .param("ratio", "-", 3.0, 0.0, 100.0, "Pilot area ratio")
        .param("dp_open", "Pa", 1e6, 0.0, 1e8, "Pressure rise from cracking to fully open")
        .param("k", "m3/(s*Pa^0.5)", 1e-6, 0.0, 1.0, "Flow coefficient A->B when fully open")
        .param("k_check", "m3/(s*Pa^0.5)", 1e-6, 0.0, 1.0, "Flow coefficient of the check B->A (0 = no check)")
        .param("p_check", "Pa", 2e5, 0.0, 1e8, "Cracking pressure of the check");
    laggedOpening(cbv);
    r.add(cbv.factory<CounterbalanceValve>());

    r.add(SpecBuilder("PilotCheckValve", "Valves", "Pilot-operated check valve")
              .describe("Check valve A->B that the pilot pressure X opens for reverse flow: open when "
                        "pA + phi*pX - pB exceeds the cracking pressure.")
              .equations("o = clamp((pA + phi*pX - pB - p_crack)/dp_open, 0, 1) (step when dp_open = 0)\n"
                         "Q = o*k*ssqrt(pA - pB)")
              .source("Hopsan's HydraulicPilotControlledCheckValve (Restrictors), with an optional opening range")
              .hydraulic("A", "Inlet (free direction)").hydraulic("B", "Outlet")
              .pilot("X", "Pilot")
              .param("phi", "-", 3.5, 0.0, 100.0, "Pilot ratio")
              .param("p_crack", "Pa", 1e5, 0.0, 1e9, "Cracking pressure")
              .param("dp_open", "Pa", 0.0, 0.0, 1e8, "Pressure range from cracking to fully open (0 = instant)")
              .param("k", "m3/(s*Pa^0.5)", 5e-7, 0.0, 1.0, "Flow coefficient when open")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .factory<PilotCheckValve>());
    r.add(SpecBuilder("FlowControlValve", "Valves", "Flow control valve (2-way)")
              .describe("Pressure-compensated 2-way flow control valve with an ideal compensator: A->B flow limited to "
                        "Q_set whatever the pressure drop, once the drop is large enough to pass it. PressureCompensator "
                        "+ ControlThrottle is the same valve with the compensator's own dynamics.")
              .equations("Q = min(k*ssqrt(pA - pB), Q_set)  (Q_set from input Q when connected)")
              .source("Ideal 2-way flow regulator (Merritt §7)")
              .hydraulic("A", "Inlet").hydraulic("B", "Outlet")
              .input("Q", "Flow setting [m3/s] (overrides Q_set)", true)
              .param("Q_set", "m3/s", 1e-4, 0.0, 1.0, "Flow setting")
              .param("k", "m3/(s*Pa^0.5)", 1e-6, 0.0, 1.0, "Flow coefficient of the fully open throttle")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .factory<FlowControlValve>());
    r.add(SpecBuilder("ThrottleCheckValve", "Valves", "Throttle-check valve")
              .describe("Adjustable throttle A<->B with a check valve in parallel that bypasses it from B to A (meter-in "
                        "or meter-out speed control).")
              .equations("Q_AB = k_throttle*ssqrt(pA - pB) - clamp((pB - pA - p_crack)/dp_open,0,1)*k_check*sqrt(pB - pA)")
              .source("Throttle and check in parallel")
              .hydraulic("A", "Throttled side").hydraulic("B", "Free side")
              .param("k_throttle", "m3/(s*Pa^0.5)", 1e-7, 0.0, 1.0, "Flow coefficient of the throttle")
              .param("k_check", "m3/(s*Pa^0.5)", 1e-6, 0.0, 1.0, "Flow coefficient of the check when fully open")
              .param("p_crack", "Pa", 1e5, 0.0, 1e9, "Check cracking pressure")
              .param("dp_open", "Pa", 1e5, 0.0, 1e9, "Pressure range of the check from cracking to fully open")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .factory<ThrottleCheckValve>());
    r.add(SpecBuilder("FlowDivider", "Valves", "Flow divider")
              .describe("Ideal spool-type flow divider: splits the inlet flow ratio : (1 - ratio) between A and B whatever "
                        "their loads; the more loaded branch's metering orifice limits the total. Dividing only.")
              .equations("Q = max(min(k*ssqrt(pP - pA)/ratio, k*ssqrt(pP - pB)/(1 - ratio)), 0)\n"
                         "Q_A = ratio*Q,  Q_B = (1 - ratio)*Q")
              .source("Ideal pressure-compensated flow divider (Merritt §7)")
              .hydraulic("P", "Inlet").hydraulic("A", "Outlet A").hydraulic("B", "Outlet B")
              .param("ratio", "-", 0.5, 1e-3, 0.999, "Share of the inlet flow that goes to A")
              .param("k", "m3/(s*Pa^0.5)", 1e-6, 1e-15, 1.0, "Flow coefficient of each metering orifice")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .factory<FlowDivider>());
}

}  // namespace hs::sim
