// SPDX-License-Identifier: GPL-3.0-or-later
// Proportional spool valves: 3/3, 4/3 with closed, open or tandem centre and per-edge over/underlap,
// the load-sensing 4/3 valve, and the servo valve (rated flow, second-order spool).
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "spool_valve_spec.h"

namespace hs::sim {
namespace {

// Lap of an edge: positive = overlap (the spool travels that far before the edge opens),
// negative = underlap (the edge is already open by that much at centre). Hopsan's x_pa... .
struct Laps {
    double pa = 0, pb = 0, at = 0, bt = 0;
};

// 3/3: positive spool P->A, negative A->T, centre closed (with positive laps).
class SpoolValve33 final : public SpoolLagged {
public:
    enum { kP, kA, kT, kIn };
    std::string configure(const ParamSet& p, const Fluid& fluid) override {
        g_ = readSpoolGeometry(p, fluid);
        setLag(readSpoolLag(p, -g_.xvmax, g_.xvmax), discreteLag(p), std::clamp(p.num("xv0"), -g_.xvmax, g_.xvmax), lagStart(p));
        xpa_ = p.num("x_pa"); xat_ = p.num("x_at"); fpa_ = p.num("f_pa"); fat_ = p.num("f_at");
        xv0_ = std::clamp(p.num("xv0"), -g_.xvmax, g_.xvmax);
        return {};
    }
    void initStates(double* s) const override { s[0] = xv0_; s[1] = 0.0; }
    void eval(Eval& e) override {
        const double xv = lagged(e, in(e, kIn));
        out(e, kIn + 1, xv);
        const double qpa = g_.edge(fpa_, xv - xpa_) * flowRoot(P(e, kP) - P(e, kA), g_.dpTr);
        const double qat = g_.edge(fat_, -xv - xat_) * flowRoot(P(e, kA) - P(e, kT), g_.dpTr);
        setFlow(e, kP, qpa);
        setFlow(e, kA, qat - qpa);
        setFlow(e, kT, -qat);
    }

private:
    SpoolGeometry g_;
    double xpa_ = 0, xat_ = 0, fpa_ = 1, fat_ = 1, xv0_ = 0;
};

// 4/3: positive spool P->A, B->T; negative P->B, A->T. Centre:
//   closed: only the laps decide (underlapped edges leak at centre),
//   open:   every edge also has a centre opening max(x_c - |xv|, 0): all ports connected at centre,
//   tandem: a P->T bypass with opening max(x_c - |xv|, 0): pump unloaded, A and B blocked.
class SpoolValve43 : public SpoolLagged {
public:
    enum { kP, kA, kB, kT, kIn };
    enum Centre { kClosed, kOpen, kTandem };
    std::string configure(const ParamSet& p, const Fluid& fluid) override {
        g_ = readSpoolGeometry(p, fluid);
        setLag(readSpoolLag(p, -g_.xvmax, g_.xvmax), discreteLag(p), std::clamp(p.num("xv0"), -g_.xvmax, g_.xvmax), lagStart(p));
        lap_ = {p.num("x_pa"), p.num("x_pb"), p.num("x_at"), p.num("x_bt")};
        f_ = {p.num("f_pa"), p.num("f_pb"), p.num("f_at"), p.num("f_bt")};
        centre_ = p.choice("centre");
        xc_ = p.num("x_c");
        xv0_ = std::clamp(p.num("xv0"), -g_.xvmax, g_.xvmax);
        return {};
    }
    void initStates(double* s) const override { s[0] = xv0_; s[1] = 0.0; }
    void eval(Eval& e) override {
        xv_ = lagged(e, in(e, kIn));
        out(e, kIn + 1, xv_);
        const double centreOpening = centre_ == kClosed ? 0.0 : std::max(xc_ - std::abs(xv_), 0.0);
        const double extra = centre_ == kOpen ? centreOpening : 0.0;
        auto k = [&](double f, double x) { return g_.edge(f, x) + g_.edge(f, extra); };
        const double pp = P(e, kP), pa = P(e, kA), pb = P(e, kB), pt = P(e, kT);
        const double qpa = k(f_.pa, xv_ - lap_.pa) * flowRoot(pp - pa, g_.dpTr);
        const double qpb = k(f_.pb, -xv_ - lap_.pb) * flowRoot(pp - pb, g_.dpTr);
        const double qat = k(f_.at, -xv_ - lap_.at) * flowRoot(pa - pt, g_.dpTr);
        const double qbt = k(f_.bt, xv_ - lap_.bt) * flowRoot(pb - pt, g_.dpTr);
        const double qpt = centre_ == kTandem ? g_.edge(1.0, centreOpening) * flowRoot(pp - pt, g_.dpTr) : 0.0;
        setFlow(e, kP, qpa + qpb + qpt);
        setFlow(e, kA, qat - qpa);
        setFlow(e, kB, qbt - qpb);
        setFlow(e, kT, -qat - qbt - qpt);
    }

protected:
    double xv_ = 0;

private:
    SpoolGeometry g_;
    Laps lap_, f_;
    int centre_ = kClosed;
    double xc_ = 0, xv0_ = 0;
};

// The 4/3 valve with a load-sense output: the pressure of the work port being fed (A for a
// positive spool, B otherwise), as Hopsan's Hydraulic43LoadSensingValve gives at its PL port.
// Ours gives it as a signal; a hydraulic LS line is then a PressureSource driven by it.
class LoadSensingValve43 final : public SpoolValve43 {
public:
    enum { kLs = kIn + 2 };
    void eval(Eval& e) override {
        SpoolValve43::eval(e);
        out(e, kLs, xv_ >= 0.0 ? P(e, kA) : P(e, kB));
    }
};

// Servo valve from its catalogue data: rated flow Q_n at rated valve drop dp_n (both edges, so
// dp_n/2 per edge), critically lapped; normalised spool s in [-1, 1] with a second-order lag
// of the command i (normalised, 1 = rated current).
class ServoValve final : public Component {
public:
    enum { kP, kA, kB, kT, kIn };
    std::string configure(const ParamSet& p, const Fluid&) override {
        kEdge_ = p.num("Q_n") / std::sqrt(0.5 * p.num("dp_n"));
        lag_.secondOrder = true;
        lag_.wn = p.num("wn"); lag_.zeta = p.num("zeta"); lag_.lo = -1.0; lag_.hi = 1.0;
        leak_ = p.num("G_leak"); dpTr_ = p.num("dp_tr");
        return {};
    }
    void initStates(double* s) const override { s[0] = 0.0; s[1] = 0.0; }
    void eval(Eval& e) override {
        lag_.derivatives(S(e), in(e, kIn), dS(e));
        const double s = lag_.position(S(e));
        const double kp = kEdge_ * std::max(s, 0.0), kn = kEdge_ * std::max(-s, 0.0);
        const double pp = P(e, kP), pa = P(e, kA), pb = P(e, kB), pt = P(e, kT);
        const double qpa = kp * flowRoot(pp - pa, dpTr_) + leak_ * (pp - pa);
        const double qbt = kp * flowRoot(pb - pt, dpTr_) + leak_ * (pb - pt);
        const double qpb = kn * flowRoot(pp - pb, dpTr_) + leak_ * (pp - pb);
        const double qat = kn * flowRoot(pa - pt, dpTr_) + leak_ * (pa - pt);
        setFlow(e, kP, qpa + qpb);
        setFlow(e, kA, qat - qpa);
        setFlow(e, kB, qbt - qpb);
        setFlow(e, kT, -qat - qbt);
    }

private:
    SpoolLag lag_;
    double kEdge_ = 0, leak_ = 0, dpTr_ = 0;
};

const char* kEdgeLaw = "K(x) = Cq*f*pi*d*max(x,0)*sqrt(2/rho),  Q_edge = K(x)*ssqrt(dp)\n"
                       "second order: xv'' = omega_h^2*(clamp(in) - xv) - 2*delta_h*omega_h*xv'; first order: xv' = (clamp(in) - xv)/tau";

void fourEdges(SpecBuilder& b) {
    b.param("x_pa", "m", 0.0, -1.0, 1.0, "Lap of edge P-A (positive overlap, negative underlap)")
        .param("x_pb", "m", 0.0, -1.0, 1.0, "Lap of edge P-B")
        .param("x_at", "m", 0.0, -1.0, 1.0, "Lap of edge A-T")
        .param("x_bt", "m", 0.0, -1.0, 1.0, "Lap of edge B-T")
        .param("f_pa", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening P-A")
        .param("f_pb", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening P-B")
        .param("f_at", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening A-T")
        .param("f_bt", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening B-T")
        .choice("centre", {"closed", "open", "tandem"}, 0, "Centre position: closed, open (all connected), tandem (P->T, A and B blocked)")
        .param("x_c", "m", 1e-3, 0.0, 1.0, "Centre opening of the open and tandem centres (closes as |xv| grows)");
    spoolValveParams(b);
}

SpecBuilder valve43Spec(const char* type, const char* title, const char* describe, const char* extraEquation) {
    SpecBuilder b(type, "Valves", title);
    b.describe(describe)
        .equations(std::string("xv > 0 opens P->A and B->T, xv < 0 P->B and A->T:\n"
                               "Q_PA = K(xv - x_pa), Q_BT = K(xv - x_bt), Q_PB = K(-xv - x_pb), Q_AT = K(-xv - x_at)\n"
                               "open centre: + K(max(x_c - |xv|,0)) on every edge; tandem: Q_PT = K(max(x_c - |xv|,0))*ssqrt(pP - pT)\n") +
                   kEdgeLaw + extraEquation)
        .source("Merritt §3.3 (critical centre, open centre and tandem valves); edge law and laps as Hopsan's "
                "Hydraulic43Valve (Valves/FlowControlValves)")
        .hydraulic("P", "Pressure inlet").hydraulic("A", "Work port A").hydraulic("B", "Work port B")
        .hydraulic("T", "Tank port").input("in", "Desired spool position [m] (limited to +-x_vmax)")
        .output("xv", "Spool position [m]");
    return b;
}

}  // namespace

void registerSpoolValves(Registry& r) {
    SpecBuilder v33("SpoolValve33", "Valves", "3/3 proportional spool valve");
    v33.describe("Three-port proportional spool valve: a positive spool opens P->A, a negative one A->T; laps per edge.")
        .equations(std::string("Q_PA = K(xv - x_pa)*ssqrt(pP - pA),  Q_AT = K(-xv - x_at)*ssqrt(pA - pT)\n") + kEdgeLaw)
        .source("Hopsan's Hydraulic33Valve (Valves/FlowControlValves); Merritt §3.3")
        .hydraulic("P", "Pressure inlet").hydraulic("A", "Work port").hydraulic("T", "Tank port")
        .input("in", "Desired spool position [m] (limited to +-x_vmax)")
        .output("xv", "Spool position [m]")
        .param("x_pa", "m", 0.0, -1.0, 1.0, "Lap of edge P-A (positive overlap, negative underlap)")
        .param("x_at", "m", 0.0, -1.0, 1.0, "Lap of edge A-T")
        .param("f_pa", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening P-A")
        .param("f_at", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening A-T");
    spoolValveParams(v33);
    r.add(v33.factory<SpoolValve33>());

    SpecBuilder v43 = valve43Spec("SpoolValve43", "4/3 proportional spool valve",
                                  "Four-port three-position proportional spool valve from its land geometry, with closed, "
                                  "open or tandem centre and over/underlap per edge. (DirectionalValve43 is the seeds' "
                                  "closed-centre valve with its own constants.)",
                                  "");
    fourEdges(v43);
    r.add(v43.factory<SpoolValve43>());

    SpecBuilder ls = valve43Spec("LoadSensingValve43", "4/3 load-sensing valve",
                                 "The 4/3 spool valve with a load-sense output: the pressure of the work port it feeds.",
                                 "\npLS = pA if xv >= 0 else pB");
    ls.output("pLS", "Load-sense pressure [Pa]");
    fourEdges(ls);
    r.add(ls.factory<LoadSensingValve43>());

    r.add(SpecBuilder("ServoValve", "Valves", "Servo valve")
              .describe("Four-way servo valve from catalogue data: rated flow at rated valve pressure drop, critically "
                        "lapped, second-order spool dynamics, optional laminar leakage of each edge.")
              .equations("s'' = wn^2*(clamp(i,-1,1) - s) - 2*zeta*wn*s'\n"
                         "K = Q_n/sqrt(dp_n/2);  s > 0: Q_PA = K*s*ssqrt(pP - pA), Q_BT = K*s*ssqrt(pB - pT)\n"
                         "s < 0: Q_PB = -K*s*ssqrt(pP - pB), Q_AT = -K*s*ssqrt(pA - pT);  + G_leak*dp on every edge")
              .source("Moog catalogue convention (rated flow at 70 bar valve drop, 35 bar per edge); Merritt §3.3")
              .hydraulic("P", "Pressure inlet").hydraulic("A", "Work port A").hydraulic("B", "Work port B")
              .hydraulic("T", "Tank port")
              .input("i", "Normalised command (1 = rated current)")
              .param("Q_n", "m3/s", 6.67e-4, 0.0, 1.0, "Rated flow at the rated valve pressure drop (40 L/min)")
              .param("dp_n", "Pa", 7e6, 1e3, 1e9, "Rated valve pressure drop (both edges)")
              .param("wn", "rad/s", 628.0, 1e-3, 1e7, "Spool natural frequency")
              .param("zeta", "-", 0.7, 0.0, 100.0, "Spool damping ratio")
              .param("G_leak", "m3/(s*Pa)", 0.0, 0.0, 1e-6, "Laminar leakage of each edge")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .state("s", "-", "Normalised spool position", 1.0)
              .state("s_dot", "1/s", "Normalised spool velocity", 100.0)
              .factory<ServoValve>());
}

}  // namespace hs::sim
