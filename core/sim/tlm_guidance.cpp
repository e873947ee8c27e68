#include "tlm_guidance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "system.h"

namespace hs::sim {

TlmGuidance tlmGuidance(double volume, double be, double dt, double lineInertance, double dqdt, double pparTarget) {
    TlmGuidance g;
    g.parasiticInertance = be * dt * dt / volume;
    g.lineInertance = lineInertance;
    g.expectedPpar = g.parasiticInertance * std::abs(dqdt);
    g.stepForTarget = dqdt != 0 ? std::sqrt(pparTarget * volume / (be * std::abs(dqdt))) : 0.0;
    g.warn = lineInertance > 0 && g.parasiticInertance > lineInertance;
    char buf[400];
    if (g.warn)
        std::snprintf(buf, sizeof buf,
                      "parasitic inertance Be*dt^2/V = %.3g kg/m4 exceeds the adjoining line's rho*L/A = %.3g kg/m4: the TLM "
                      "volume distorts the line dynamics; use dt <= %.3g s",
                      g.parasiticInertance, lineInertance, std::sqrt(lineInertance * volume / be));
    else
        std::snprintf(buf, sizeof buf, "parasitic inertance Be*dt^2/V = %.3g kg/m4; expected Ppar %.3g Pa", g.parasiticInertance,
                      g.expectedPpar);
    g.text = buf;
    if (dqdt != 0) {
        std::snprintf(buf, sizeof buf, "; dt for Ppar = %.3g Pa: %.3g s", pparTarget, g.stepForTarget);
        g.text += buf;
    }
    return g;
}

TlmGuidance tlmGuidance(const System& sys, int node, double dt, double dqdt, double pparTarget) {
    double line = 0;
    for (int c : sys.nodeComps[static_cast<size_t>(node)]) {
        const double i = sys.comps[static_cast<size_t>(c)]->inertance();
        if (i > 0) line = line > 0 ? std::min(line, i) : i;
    }
    const auto& n = sys.hyd[static_cast<size_t>(node)];
    return tlmGuidance(sys.nodeVolume(node), n.be(sys.nodePressure(node)), dt, line, dqdt, pparTarget);
}

}  // namespace hs::sim
