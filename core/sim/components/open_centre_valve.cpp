// SPDX-License-Identifier: GPL-3.0-or-later
// The 6/3 open-centre valve of mobile hydraulics: a 4/3 spool valve (P, A, B, T) with a separate
// neutral (bypass) channel C1 -> C2 that is open at centre and closes as the spool strokes either
// way. Several sections in series along their C channels give the classic open-centre bank: the
// pump flows through every neutral gallery to tank until a spool moves.
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "spool_valve_spec.h"

namespace hs::sim {
namespace {

class OpenCentreValve63 final : public SpoolLagged {
public:
    enum { kP, kA, kB, kT, kC1, kC2, kIn, kXv };
    std::string configure(const ParamSet& p, const Fluid& fluid) override {
        g_ = readSpoolGeometry(p, fluid);
        xv0_ = std::clamp(p.num("xv0"), -g_.xvmax, g_.xvmax);
        setLag(readSpoolLag(p, -g_.xvmax, g_.xvmax), discreteLag(p), xv0_, lagStart(p));
        for (int i = 0; i < 5; ++i) {
            lap_[i] = p.num(std::string("x_") + kEdges[i]);
            f_[i] = p.num(std::string("f_") + kEdges[i]);
        }
        return {};
    }
    void initStates(double* s) const override { s[0] = xv0_; s[1] = 0.0; }
    void eval(Eval& e) override {
        const double xv = lagged(e, in(e, kIn));
        out(e, kXv, xv);
        const double pp = P(e, kP), pa = P(e, kA), pb = P(e, kB), pt = P(e, kT);
        auto q = [&](int edge, double opening, double dp) { return g_.edge(f_[edge], opening) * flowRoot(dp, g_.dpTr); };
        const double qpa = q(0, xv - lap_[0], pp - pa);
        const double qpb = q(1, -xv - lap_[1], pp - pb);
        const double qat = q(2, -xv - lap_[2], pa - pt);
        const double qbt = q(3, xv - lap_[3], pb - pt);
        // The neutral channel: fully open (x_vmax) at centre, closing once |xv| passes its lap.
        const double centreOpening = g_.xvmax - std::clamp(std::abs(xv) - lap_[4], 0.0, g_.xvmax);
        const double qcc = q(4, centreOpening, P(e, kC1) - P(e, kC2));
        setFlow(e, kP, qpa + qpb);
        setFlow(e, kA, qat - qpa);
        setFlow(e, kB, qbt - qpb);
        setFlow(e, kT, -qat - qbt);
        setFlow(e, kC1, qcc);
        setFlow(e, kC2, -qcc);
    }

private:
    static constexpr const char* kEdges[5] = {"pa", "pb", "at", "bt", "cc"};
    SpoolGeometry g_;
    double lap_[5] = {}, f_[5] = {1, 1, 1, 1, 1};
    double xv0_ = 0;
};

}  // namespace

void registerOpenCentreValve(Registry& r) {
    SpecBuilder b("OpenCentreValve63", "Valves", "6/3 open-centre valve");
    b.describe("Open-centre directional valve section: a 4/3 spool (xv > 0 P->A and B->T, xv < 0 P->B and A->T) "
               "with a neutral channel C1->C2 that is fully open at centre and closes as the spool strokes either "
               "way. Chain sections along C1/C2 for an open-centre valve bank.")
        .equations("Q_PA = K_pa(xv - x_pa)*ssqrt(pP - pA),  Q_BT = K_bt(xv - x_bt)*ssqrt(pB - pT)\n"
                   "Q_PB = K_pb(-xv - x_pb)*ssqrt(pP - pB),  Q_AT = K_at(-xv - x_at)*ssqrt(pA - pT)\n"
                   "Q_C1C2 = K_cc(x_vmax - clamp(|xv| - x_cc, 0, x_vmax))*ssqrt(pC1 - pC2)\n"
                   "K_e(x) = Cq*f_e*pi*d*max(x,0)*sqrt(2/rho)\n"
                   "second order: xv'' = omega_h^2*(clamp(in) - xv) - 2*delta_h*omega_h*xv'; first order: xv' = (clamp(in) - xv)/tau")
        .source("Hopsan's HydraulicOpenCenterValve (Valves/FlowControlValves): the same edges, neutral opening and "
                "second-order spool; Merritt §3.3 for the orifice law")
        .hydraulic("P", "Pressure inlet").hydraulic("A", "Work port A").hydraulic("B", "Work port B")
        .hydraulic("T", "Tank port").hydraulic("C1", "Neutral channel inlet").hydraulic("C2", "Neutral channel outlet")
        .input("in", "Desired spool position [m] (limited to +-x_vmax)")
        .output("xv", "Spool position [m]")
        .param("x_pa", "m", 0.0, -1.0, 1.0, "Lap of edge P-A (positive overlap, negative underlap)")
        .param("x_pb", "m", 0.0, -1.0, 1.0, "Lap of edge P-B")
        .param("x_at", "m", 0.0, -1.0, 1.0, "Lap of edge A-T")
        .param("x_bt", "m", 0.0, -1.0, 1.0, "Lap of edge B-T")
        .param("x_cc", "m", 0.0, -1.0, 1.0, "Lap of the neutral channel: the stroke before it starts to close")
        .param("f_pa", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening P-A")
        .param("f_pb", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening P-B")
        .param("f_at", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening A-T")
        .param("f_bt", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening B-T")
        .param("f_cc", "-", 1.0, 0.0, 1.0, "Fraction of the circumference opening the neutral channel");
    spoolValveParams(b);
    r.add(b.factory<OpenCentreValve63>());
}

}  // namespace hs::sim
