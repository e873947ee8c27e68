// SPDX-License-Identifier: GPL-3.0-or-later
// Smooth Stribeck friction on a mechanical node (the thesis's Damper_withStribeckfriction).
#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "stribeck.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

class StribeckFriction final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        law_ = {p.num("sigma"), p.num("F_c0"), p.num("F_s0"), p.num("c_s"), p.num("gamma")};
        return {};
    }
    void eval(Eval& e) override { setForce(e, 0, -law_.force(V(e, 0))); }

private:
    StribeckLaw law_;
};

}  // namespace

void registerStribeckFriction(Registry& r) {
    r.add(SpecBuilder("StribeckFriction", "Mechanics", "Stribeck friction (smooth)")
              .describe("Viscous, Coulomb and Stribeck friction with atan regularisation: smooth in the velocity, so an "
                        "inverse run can differentiate it.")
              .equations("s = (2/pi)*atan(gamma*v),  F = -(sigma*v + s*(F_c0 + F_s0*exp(-v*s/c_s)))")
              .source("Saad 2014 Damper_withStribeckfriction, Liermann 2012 smoothing (notes/002 §2.4)")
              .mechanical("m", "Mechanical node")
              .param("sigma", "N*s/m", 1000.0, 0.0, 1e9, "Viscous coefficient")
              .param("F_c0", "N", 100.0, 0.0, 1e8, "Coulomb force")
              .param("F_s0", "N", 50.0, 0.0, 1e8, "Stribeck (static excess) force")
              .param("c_s", "m/s", 0.01, 1e-9, 100.0, "Stribeck velocity")
              .param("gamma", "s/m", 1000.0, 1e-6, 1e9, "Sharpness of the sign regularisation")
              .factory<StribeckFriction>());
}

}  // namespace hs::sim
