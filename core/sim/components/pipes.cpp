// SPDX-License-Identifier: GPL-3.0-or-later
// Lumped pipe: one pi segment with fluid inertance and laminar or laminar/turbulent friction.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

// Pi model: half the pipe's oil volume on each end node (the ends are the circuit's own nodes, so
// a Volume placed there picks their pressure method, and they join whatever else is connected)
// and the flow q between them as a state with the pipe's inertance and friction:
//   (rho*L/A)*dq/dt = pA - pB - dp_f(q).
// A T model would need an internal pressure node with its own method: the pi model puts the
// capacitance where the circuit already has nodes. Longer lines: chain pipes (one segment each;
// the lowest mode of n segments converges on the distributed line's as 1/n^2).
class Pipe final : public Component {
public:
    enum { kA, kB };
    std::string configure(const ParamSet& p, const Fluid& f) override {
        len_ = p.num("L"); d_ = p.num("d"); mu_ = p.num("mu"); q0_ = p.num("q0");
        rho_ = p.num("rho") > 0 ? p.num("rho") : f.density;
        area_ = std::numbers::pi * d_ * d_ / 4.0;
        inertance_ = rho_ * len_ / area_;
        rLam_ = 128.0 * mu_ * len_ / (std::numbers::pi * d_ * d_ * d_ * d_);
        turbulent_ = p.choice("friction") == 1;
        endVolume_ = p.choice("ends") == 0 ? 0.5 * area_ * len_ : 0.0;
        return {};
    }
    double constantVolume(int) const override { return endVolume_; }
    double inertance() const override { return inertance_; }
    void initStates(double* s) const override { s[0] = q0_; }
    void eval(Eval& e) override {
        const double q = S(e)[0];
        setFlow(e, kA, q);
        setFlow(e, kB, -q);
        dS(e)[0] = (P(e, kA) - P(e, kB) - frictionDrop(q)) / inertance_;
    }
    // Next to TLM nodes the flow is the state: each end's pressure follows in closed form.
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        const double q = S(e)[0];
        if (z[kA] > 0) setPortPressure(e, kA, c[kA] - z[kA] * q);
        if (z[kB] > 0) setPortPressure(e, kB, c[kB] + z[kB] * q);
        return true;
    }
    // Darcy-Weisbach with f = max(64/Re, 0.3164*Re^-0.25): Hagen-Poiseuille below Re ~ 1190 and
    // Blasius above; the two meet there, so the drop is continuous in q.
    double frictionDrop(double q) const {
        const double lam = rLam_ * q;
        if (!turbulent_) return lam;
        const double vel = std::abs(q) / area_;
        const double re = rho_ * vel * d_ / mu_;
        if (re < 1190.0) return lam;
        const double fr = 0.3164 * std::pow(re, -0.25);
        return (q < 0 ? -1.0 : 1.0) * fr * len_ / d_ * 0.5 * rho_ * vel * vel;
    }

private:
    double len_ = 1, d_ = 0.01, mu_ = 0.03, rho_ = 870, q0_ = 0, area_ = 0, inertance_ = 1, rLam_ = 0, endVolume_ = 0;
    bool turbulent_ = true;
};

}  // namespace

void registerPipes(Registry& r) {
    r.add(SpecBuilder("Pipe", "Lines", "Pipe (lumped)")
              .describe("Lumped pipe, one pi segment: half its oil volume on each end node, the flow between them with the "
                        "fluid's inertance and laminar (Hagen-Poiseuille) or laminar/turbulent (Blasius) friction. Chain "
                        "pipes for a longer line; 'ends = external' leaves the end volumes to Volume components.")
              .equations("(rho*L/A)*dq/dt = pA - pB - dp_f(q),  A = pi*d^2/4\n"
                         "laminar: dp_f = 128*mu*L*q/(pi*d^4);  turbulent: f = max(64/Re, 0.3164*Re^-0.25), "
                         "dp_f = f*(L/d)*rho*v*|v|/2\n"
                         "end volumes: A*L/2 on each port's node (ends = pipe)")
              .source("Lumped pi line model (Merritt §4; Watton, Fluid Power Systems §2); Blasius friction")
              .hydraulic("A", "End A")
              .hydraulic("B", "End B")
              .param("L", "m", 1.0, 1e-4, 1e4, "Length")
              .param("d", "m", 0.01, 1e-5, 10.0, "Inner diameter")
              .param("mu", "Pa*s", 0.03, 1e-6, 10.0, "Dynamic viscosity")
              .param("rho", "kg/m3", 0.0, 0.0, 5000.0, "Density (0 = the fluid's)")
              .choice("friction", {"laminar", "laminar + turbulent"}, 1, "Friction law")
              .choice("ends", {"pipe", "external"}, 0, "End volumes: half the pipe's volume on each end node, or none")
              .param("q0", "m3/s", 0.0, -1.0, 1.0, "Initial flow A->B")
              .state("q", "m3/s", "Flow A->B", 1e-4)
              .factory<Pipe>());
}

}  // namespace hs::sim
