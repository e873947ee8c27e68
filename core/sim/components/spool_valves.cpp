// SPDX-License-Identifier: GPL-3.0-or-later
// Proportional spool valves: 3/3, 4/3 with closed, open or tandem centre and per-edge over/underlap,
// the load-sensing 4/3 valve, and the servo valve (rated flow, second-order spool).
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "../thevenin_flow.h"
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
        edgesAlone_ = p.choice("tlm_solve") == 1;
        return {};
    }
    void initStates(double* s) const override {
        s[0] = xv0_;
        s[1] = 0.0;
        sources_.valid = false;  // a run starts: no solve against TLM sources yet
    }
    void eval(Eval& e) override {
        const Edges k = edges(e);
        if (edgesAlone_ && sources_.valid) {
            // Between solves the flows stay the edges' solves against the last TLM sources (ports
            // on ordinary nodes at their pressure now), so that probes and sensors read the flows
            // that entered the volumes.
            double c[4], z[4];
            for (int i = 0; i < 4; ++i) {
                c[i] = sources_.z[i] > 0 ? sources_.c[i] : P(e, i);
                z[i] = sources_.z[i];
            }
            double q[4];
            edgeFlowsAlone(k, c, z, q);
            for (int i = 0; i < 4; ++i) setFlow(e, i, q[i]);
            outputs(e);
            return;
        }
        const double pp = P(e, kP), pa = P(e, kA), pb = P(e, kB), pt = P(e, kT);
        const double qpa = k.pa * flowRoot(pp - pa, g_.dpTr);
        const double qpb = k.pb * flowRoot(pp - pb, g_.dpTr);
        const double qat = k.at * flowRoot(pa - pt, g_.dpTr);
        const double qbt = k.bt * flowRoot(pb - pt, g_.dpTr);
        const double qpt = k.pt * flowRoot(pp - pt, g_.dpTr);
        setFlow(e, kP, qpa + qpb + qpt);
        setFlow(e, kA, qat - qpa);
        setFlow(e, kB, qbt - qpb);
        setFlow(e, kT, -qat - qbt - qpt);
        outputs(e);
    }
    // Next to TLM nodes. Coupled (default): false, the system solves the four ports together.
    // 'each edge alone (Hopsan)': every metering edge is solved against its two ports' Thevenin
    // sources as if it were the only path (Hopsan's Hydraulic43Valve: TurbulentFlowFunction per
    // edge), the port flows are the sums and each port's pressure c - Z*q follows from its sum;
    // a port whose pressure comes out negative is then taken as cavitating (c = 0, Z = 0) and
    // the edges solved again, as Hopsan does.
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (!edgesAlone_) return false;
        const Edges k = edges(e);
        for (int i = 0; i < 4; ++i) {
            sources_.c[i] = c[i];
            sources_.z[i] = z[i];
        }
        sources_.valid = true;
        double q[4];
        const double* p = edgeFlowsAlone(k, sources_.c, sources_.z, q);
        for (int i = 0; i < 4; ++i) {
            setFlow(e, i, q[i]);
            if (z[i] > 0) setPortPressure(e, i, p[i]);
        }
        outputs(e);
        return true;
    }
    bool theveninWritesFlows() const override { return edgesAlone_; }

protected:
    // The signal outputs eval() writes besides the flows (the spool position; a subclass adds its own).
    virtual void outputs(Eval& e) { out(e, kIn + 1, xv_); }
    double xv_ = 0;

private:
    // The edges' flow coefficients K at the spool position now (moves the spool: call once per evaluation).
    struct Edges {
        double pa, pb, at, bt, pt;
    };
    Edges edges(Eval& e) {
        xv_ = lagged(e, in(e, kIn));
        const double centreOpening = centre_ == kClosed ? 0.0 : std::max(xc_ - std::abs(xv_), 0.0);
        const double extra = centre_ == kOpen ? centreOpening : 0.0;
        auto k = [&](double f, double x) { return g_.edge(f, x) + g_.edge(f, extra); };
        return {k(f_.pa, xv_ - lap_.pa), k(f_.pb, -xv_ - lap_.pb), k(f_.at, -xv_ - lap_.at), k(f_.bt, xv_ - lap_.bt),
                centre_ == kTandem ? g_.edge(1.0, centreOpening) : 0.0};
    }
    // The port flows q (into the valve at P, A, B, T) of the edges each solved alone against the
    // ports' sources c - z*q, then Hopsan's cavitation rule: a port whose pressure comes out
    // negative is taken at c = 0, z = 0 and the edges are solved again. Returns the ports' pressures.
    const double* edgeFlowsAlone(const Edges& k, const double* c, const double* z, double* q) {
        double* cc = alone_.c;
        double* zz = alone_.z;
        for (int i = 0; i < 4; ++i) {
            cc[i] = c[i];
            zz[i] = z[i];
        }
        auto solve = [&] {
            const double qpa = edgeFlow(k.pa, cc[kP], cc[kA], zz[kP], zz[kA]);
            const double qpb = edgeFlow(k.pb, cc[kP], cc[kB], zz[kP], zz[kB]);
            const double qat = edgeFlow(k.at, cc[kA], cc[kT], zz[kA], zz[kT]);
            const double qbt = edgeFlow(k.bt, cc[kB], cc[kT], zz[kB], zz[kT]);
            const double qpt = edgeFlow(k.pt, cc[kP], cc[kT], zz[kP], zz[kT]);
            q[kP] = qpa + qpb + qpt;
            q[kA] = qat - qpa;
            q[kB] = qbt - qpb;
            q[kT] = -qat - qbt - qpt;
        };
        solve();
        bool cavitating = false;
        for (int i = 0; i < 4; ++i)
            if (cc[i] - zz[i] * q[i] < 0.0) {
                cc[i] = zz[i] = 0.0;
                cavitating = true;
            }
        if (cavitating) solve();
        for (int i = 0; i < 4; ++i) alone_.p[i] = cc[i] - zz[i] * q[i];
        return alone_.p;
    }
    // One edge of coefficient k between the Thevenin sources p0 = c0 - z0*q and p1 = c1 + z1*q.
    double edgeFlow(double k, double c0, double c1, double z0, double z1) const {
        if (!(k > 0)) return 0.0;
        if (z0 + z1 == 0) return k * flowRoot(c0 - c1, g_.dpTr);
        return g_.dpTr > 0 ? turbulentOrificeThevenin(k, g_.dpTr, c0, c1, z0, z1) : squareLawThevenin(k, c0, c1, z0, z1);
    }
    SpoolGeometry g_;
    Laps lap_, f_;
    int centre_ = kClosed;
    double xc_ = 0, xv0_ = 0;
    bool edgesAlone_ = false;
    struct Sources {
        double c[4] = {0, 0, 0, 0}, z[4] = {0, 0, 0, 0};
        bool valid = false;
    };
    mutable Sources sources_;  // the last solveThevenin()'s (eval() between solves); reset by initStates()
    struct Alone {
        double c[4], z[4], p[4];
    } alone_{};  // edgeFlowsAlone()'s working sources and the ports' pressures
};

// The 4/3 valve with a load-sense output: the pressure of the work port being fed (A for a
// positive spool, B otherwise), as Hopsan's Hydraulic43LoadSensingValve gives at its PL port.
// Ours gives it as a signal; a hydraulic LS line is then a PressureSource driven by it.
class LoadSensingValve43 final : public SpoolValve43 {
public:
    enum { kLs = kIn + 2 };
protected:
    void outputs(Eval& e) override {
        SpoolValve43::outputs(e);
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
        .param("x_c", "m", 1e-3, 0.0, 1.0, "Centre opening of the open and tandem centres (closes as |xv| grows)")
        .choice("tlm_solve", {"coupled", "each edge alone (Hopsan)"}, 0,
                "Next to TLM volumes: coupled solves the four ports together; 'each edge alone' solves every metering "
                "edge against its two ports' TLM sources as if it were the only path and sums the edges' flows per port, "
                "with Hopsan's cavitation rule (a negative port pressure: that port's source taken as 0 Pa), as "
                "Hopsan's Hydraulic43Valve does (for reproducing Hopsan's results)");
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
