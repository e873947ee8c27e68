// SPDX-License-Identifier: GPL-3.0-or-later
#include "spool_valve_spec.h"

namespace hs::sim {

SpecBuilder& spoolValveParams(SpecBuilder& b) {
    return b.param("Cq", "-", 0.67, 0.0, 10.0, "Flow coefficient of the metering edges")
        .param("rho", "kg/m3", 0.0, 0.0, 5000.0, "Oil density (0 = the fluid's)")
        .param("d", "m", 0.01, 1e-6, 1.0, "Spool diameter")
        .param("x_vmax", "m", 0.01, 1e-9, 1.0, "Maximum spool displacement")
        .choice("dynamics", {"first order", "second order"}, 1, "Spool lag behind its command")
        .param("tau", "s", 0.01, 1e-9, 100.0, "Time constant (first-order lag)")
        .param("omega_h", "rad/s", 100.0, 1e-3, 1e7, "Natural frequency (second-order lag)")
        .param("delta_h", "-", 1.0, 0.0, 100.0, "Damping ratio (second-order lag)")
        .choice("lag_form", {"continuous", "bilinear at the step"}, 0,
                "The lag as an ODE, or as Hopsan's bilinear (Tustin) filter at the run's fixed step, held over the step "
                "(the ODE under adaptive steppers)")
        .choice("lag_start", {"xv0", "command", "xv0 + one step"}, 0,
                "Start of the bilinear filter: at xv0, at the first command (Hopsan's 4/2 directional valve), or at xv0 "
                "and one update with the first command (Hopsan's 2/2 valves)")
        .param("xv0", "m", 0.0, -1.0, 1.0, "Initial spool position")
        .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop of the edges (0 = pure square root)")
        .state("xv", "m", "Spool position", 1e-3)
        .state("xv_dot", "m/s", "Spool velocity", 0.1);
}

SpoolGeometry readSpoolGeometry(const ParamSet& p, const Fluid& fluid) {
    SpoolGeometry g;
    g.cq = p.num("Cq");
    g.rho = p.num("rho") > 0 ? p.num("rho") : fluid.density;
    g.d = p.num("d");
    g.xvmax = p.num("x_vmax");
    g.dpTr = p.num("dp_tr");
    return g;
}

SpoolLag readSpoolLag(const ParamSet& p, double lo, double hi) {
    SpoolLag lag;
    lag.secondOrder = p.choice("dynamics") == 1;
    lag.tau = p.num("tau");
    lag.wn = p.num("omega_h");
    lag.zeta = p.num("delta_h");
    lag.lo = lo;
    lag.hi = hi;
    return lag;
}

bool discreteLag(const ParamSet& p) { return p.choice("lag_form") == 1; }
int lagStart(const ParamSet& p) { return p.choice("lag_start"); }

}  // namespace hs::sim
