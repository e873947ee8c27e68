// SPDX-License-Identifier: GPL-3.0-or-later
// Fixed orifices: turbulent (square-root law) and laminar.
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "../thevenin_flow.h"
#include "library.h"
#include "../equations/restrictions.h"
#include "../kernel/kernel_emitter.h"

namespace hs::sim {
namespace {

// Q = k * sign(dp) * sqrt(|dp|), k = Cd * A * sqrt(2/rho) or given directly. With dp_tr > 0 the
// root is replaced below |dp| < dp_tr by a cubic with the same value and slope at dp_tr (finite
// conductance at dp = 0, the two-regime idea of Aman et al. cited in notes/000_001 §1.1).
class TurbulentOrifice final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid& f) override {
        double rho = p.num("rho") > 0 ? p.num("rho") : f.density;
        k_ = p.choice("spec") == 0 ? p.num("Cd") * p.num("A") * std::sqrt(2.0 / rho) : p.num("k");
        dpTr_ = p.num("dp_tr");
        eq_ = eq::orificeParams(k_, dpTr_);
        band_ = bandedOrificeConstants(k_, dpTr_);
        return {};
    }
    void eval(Eval& e) override { eq::turbulentOrifice(eq_, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/restrictions.h", "hs::sim::eq::turbulentOrifice", k.constant(eq_, "hs::sim::eq::OrificeParams"));
    }
    bool jacobian(const Eval& e, JacobianSink& j) const override {
        const double slope = k_ * flowRootSlope(P(e, 0) - P(e, 1), dpTr_);
        j.restriction(slope, -slope);
        return true;
    }
    // Burton's square-law orifice between Thevenin sources (notes/003 §1.7, D14); with a
    // laminar transition, the cubic branch solved for the pressure drop when the square-law
    // solution falls inside it (turbulentOrificeThevenin).
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        const double q = dpTr_ > 0 ? turbulentOrificeThevenin(band_, c[0], c[1], z[0], z[1])
                                   : squareLawThevenin(k_, c[0], c[1], z[0], z[1]);
        if (z[0] > 0) setPortPressure(e, 0, c[0] - z[0] * q);
        if (z[1] > 0) setPortPressure(e, 1, c[1] + z[1] * q);
        setFlow(e, 0, q);
        setFlow(e, 1, -q);
        return true;
    }
    bool theveninWritesFlows() const override { return true; }
    RestrictionLaw restrictionLaw() const override { return {RestrictionLaw::Kind::SquareRoot, k_, dpTr_}; }

private:
    double k_ = 0, dpTr_ = 0;
    eq::OrificeParams eq_;
    BandedOrificeConstants band_;
};

class LaminarOrifice final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        g_ = p.num("G");
        hopsanCavitation_ = p.choice("cavitation") == 1;
        return {};
    }
    void eval(Eval& e) override { eq::laminarOrifice({g_}, EvalIo{*this, e}); }
    bool jacobian(const Eval&, JacobianSink& j) const override {
        j.restriction(g_, -g_);
        return true;
    }
    // notes/003 §1.7 (D13): Q = G*(c1 - c2)/(1 + G*(Z1 + Z2)).
    // cavitation "Hopsan: ports held at 0 Pa": a port whose pressure would fall below 0 Pa is
    // taken as a source of 0 Pa (c = 0, Z = 0), the flow solved again, and a pressure still below
    // 0 Pa written as 0 (Hopsan's HydraulicLaminarOrifice cavitation check).
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        double q = g_ * (c[0] - c[1]) / (1.0 + g_ * (z[0] + z[1]));
        double p1 = c[0] - z[0] * q, p2 = c[1] + z[1] * q;
        if (hopsanCavitation_ && (p1 < 0.0 || p2 < 0.0)) {
            const double c1 = p1 < 0.0 ? 0.0 : c[0], z1 = p1 < 0.0 ? 0.0 : z[0];
            const double c2 = p2 < 0.0 ? 0.0 : c[1], z2 = p2 < 0.0 ? 0.0 : z[1];
            q = g_ * (c1 - c2) / (1.0 + g_ * (z1 + z2));
            p1 = std::max(c1 - z1 * q, 0.0);
            p2 = std::max(c2 + z2 * q, 0.0);
        }
        if (z[0] > 0) setPortPressure(e, 0, p1);
        if (z[1] > 0) setPortPressure(e, 1, p2);
        setFlow(e, 0, q);
        setFlow(e, 1, -q);
        return true;
    }
    bool theveninWritesFlows() const override { return true; }
    RestrictionLaw restrictionLaw() const override {
        if (hopsanCavitation_) return {};  // the generic per-component solve carries the check
        return {RestrictionLaw::Kind::Laminar, g_, 0.0};
    }

private:
    double g_ = 0;
    bool hopsanCavitation_ = false;
};

}  // namespace

void registerRestrictions(Registry& r) {
    r.add(SpecBuilder("TurbulentOrifice", "Restrictions", "Turbulent orifice")
              .describe("Sharp-edged orifice with the square-root flow law, signed for reverse flow. "
                        "Optional laminar transition near dp = 0.")
              .equations("Q = k*sign(pA-pB)*sqrt(|pA-pB|),  k = Cd*A*sqrt(2/rho)\n"
                         "|dp| < dp_tr: Q = k*dp/sqrt(dp_tr)*(1.25 - 0.25*(dp/dp_tr)^2)")
              .source("notes/000_001 §0 and §2.4 (three-orifice circuit)")
              .hydraulic("A", "Inlet (positive flow A -> B)")
              .hydraulic("B", "Outlet")
              .choice("spec", {"CdA", "k"}, 0, "Give the orifice as Cd and area, or as a flow coefficient k")
              .param("Cd", "-", 0.6, 0.0, 2.0, "Discharge coefficient")
              .param("A", "m2", 7.853981633974483e-7, 0.0, 1.0, "Orifice area")
              .param("rho", "kg/m3", 0.0, 0.0, 5000.0, "Density (0 = the circuit fluid's)")
              .param("k", "m3/(s*Pa^0.5)", 1e-8, 0.0, 1.0, "Flow coefficient (when spec = k)")
              .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
              .alwaysConducts()
              .factory<TurbulentOrifice>());
    r.add(SpecBuilder("LaminarOrifice", "Restrictions", "Laminar orifice")
              .describe("Laminar restriction (capillary, leakage path): flow proportional to the pressure drop.")
              .equations("Q = G*(pA - pB)")
              .source("notes/003 §1.7 (D13)")
              .hydraulic("A", "Inlet (positive flow A -> B)")
              .hydraulic("B", "Outlet")
              .param("G", "m3/(s*Pa)", 1e-11, 0.0, 1.0, "Conductance")
              .choice("cavitation", {"none", "Hopsan: ports held at 0 Pa"}, 0,
                      "none: the linear law at every pressure; Hopsan: ports held at 0 Pa (next to TLM volumes, "
                      "fixed steps): a port that would go below 0 Pa is solved as a 0 Pa source and written as 0 Pa, "
                      "as Hopsan's HydraulicLaminarOrifice")
              .alwaysConducts()
              .factory<LaminarOrifice>());
}

}  // namespace hs::sim
