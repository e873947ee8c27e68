// SPDX-License-Identifier: GPL-3.0-or-later
#include "tlm_guidance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "system.h"

namespace hs::sim {

namespace {

// x rounded down to three significant digits.
double floor3(double x) {
    if (!(x > 0) || !std::isfinite(x)) return x;
    const double unit = std::pow(10.0, std::floor(std::log10(x)) - 2);
    return std::floor(x / unit * (1 + 1e-12)) * unit;
}

}  // namespace

TlmGuidance tlmGuidance(double volume, double be, double dt, double lineInertance, double dqdt, double pparTarget,
                        double factor) {
    TlmGuidance g;
    if (!(factor > 0)) factor = 1.0;
    g.parasiticInertance = factor * be * dt * dt / volume;
    g.lineInertance = lineInertance;
    g.expectedPpar = g.parasiticInertance * std::abs(dqdt);
    g.stepForTarget = dqdt != 0 ? std::sqrt(pparTarget * volume / (factor * be * std::abs(dqdt))) : 0.0;
    if (lineInertance > 0) {
        g.stepForLine = floor3(std::sqrt(lineInertance * volume / (factor * be)));
        // If the floor lands a rounding error above the exact step, one unit lower.
        if (factor * be * g.stepForLine * g.stepForLine / volume > lineInertance)
            g.stepForLine -= std::pow(10.0, std::floor(std::log10(g.stepForLine)) - 2);
    }
    g.warn = lineInertance > 0 && g.parasiticInertance > lineInertance;
    char what[64] = "Be*dt^2/V";  // the thesis' two-port element; others show their factor
    if (factor != 1.0) std::snprintf(what, sizeof what, "%.3g*Be*dt^2/V", factor);
    char buf[400];
    if (g.warn)
        std::snprintf(buf, sizeof buf,
                      "parasitic inertance %s = %.3g kg/m4 at dt = %.3g s exceeds the adjoining line's "
                      "rho*L/A = %.3g kg/m4: the TLM volume distorts the line dynamics; use dt <= %.3g s",
                      what, g.parasiticInertance, dt, lineInertance, g.stepForLine);
    else
        std::snprintf(buf, sizeof buf, "parasitic inertance %s = %.3g kg/m4; expected Ppar %.3g Pa", what,
                      g.parasiticInertance, g.expectedPpar);
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
    const double factor = n.method && n.method->parasiticFactor() > 0 ? n.method->parasiticFactor() : 1.0;
    return tlmGuidance(sys.nodeVolume(node), n.be(sys.nodePressure(node)), dt, line, dqdt, pparTarget, factor);
}

}  // namespace hs::sim
