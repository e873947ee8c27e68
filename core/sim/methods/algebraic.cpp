// SPDX-License-Identifier: GPL-3.0-or-later
#include "algebraic.h"

#include <algorithm>
#include <cmath>

namespace hs::sim {

bool QuasiSteadyMethod::update(NodeAccess& node) {
    ++stats_.outerSteps;
    const double vol = node.volume(), dt = node.dt();
    // Optional flow corrector: pure SPT drops the flow that compresses the oil, V/Be*dp/dt, and
    // its position error drifts with time (notes §3.4; the paper's corrector is not published).
    // Ours adds that flow back, discretised implicitly over the step:
    //   sum Q(p) - dV/dt - V/Be(p) * (p - p_prev)/dt = 0,
    // which makes it the backward-Euler local implicit method. An explicit estimate from the last
    // two solutions was tried first and is unstable (Circuit 2 at 1e-3 s: x error 6 %, p_v 225 %).
    if (corrector_ && stats_.outerSteps == 1) return true;  // initial condition: no step to take
    auto g = [&](double p) {
        const double q = node.netFlow(p);
        return corrector_ && dt > 0 ? q - vol / node.bulkModulus(p) * (p - held_) / dt : q;
    };
    double p0 = held_;
    if (!solve(g, held_, tol_, maxIter_, p0)) return fail(node, error_);
    double p = p0;
    const bool blind = !corrector_ && stats_.outerSteps > 1 && dt > 0 && indeterminate(node, p0);
    if (blind) countIndeterminate(node.t() - dt, node.t());
    lastIndeterminate_ = blind;
    if (blind && fallback_ == Fallback::Hold) {
        accept(held_);
        return true;
    }
    if (blind && fallback_ == Fallback::Implicit) {
        // one backward-Euler step of the compressible node: sum Q(p) - V/Be (p - p_prev)/dt = 0
        auto gc = [&](double x) { return node.netFlow(x) - vol / node.bulkModulus(x) * (x - held_) / dt; };
        double pc = held_;
        if (!solve(gc, held_, tol_, maxIter_, pc)) return fail(node, error_);
        accept(pc);
        return true;
    }
    if (mms_) {
        // Pub II eq. 21 / dissertation eq. 4.18, as printed:
        //   p = p0 - (1/t) * (8 V/Be) * [Qin/(p_up - p0) + Qout/(p0 - p_down)]^-1
        // For square-root-law edges Q/dp = 2 dQ/d(dp), so the bracket is 2G with G = -dQnet/dp
        // at p0: p = p0 - 4 V/(Be G t). Dimensionally this adds seconds/seconds to pascals, and
        // is tiny (notes §3.5); we implement it faithfully and report its size in the stats.
        const int paths = node.flowPaths();
        if (paths > 2)
            return fail(node, "multiple scales is derived for a volume with one inlet and one outlet; this node has " +
                                  std::to_string(paths) + " flow paths (use quasi_steady)");
        const double t = node.t();
        if (paths == 2 && t > 0) {
            const double h = std::max(1.0, 1e-6 * std::abs(p0));
            const double gPrime = -(node.netFlow(p0 + h) - node.netFlow(p0 - h)) / (2 * h);
            if (gPrime > 0) {
                const double corr = 4.0 * vol / (node.bulkModulus(p0) * gPrime * t);
                p = p0 - corr;
                stats_.maxAbsCorrection = std::max(stats_.maxAbsCorrection, std::abs(corr));
            }
        }
    }
    accept(p);
    return true;
}

bool QuasiSteadyMethod::indeterminate(const NodeAccess& node, double root) const {
    // The flows at the outer-step evaluation: the new state with the node at its held pressure.
    double net = 0, thru = 0;
    for (int i = 0; i < node.componentCount(); ++i) {
        const double q = node.componentInflow(i);
        net += q;
        thru += std::abs(q);
    }
    thru *= 0.5;
    const double c = node.volume() / node.bulkModulus(held_), dt = node.dt();
    // Vanishing flows: in one step they could not move the pressure by the solve tolerance.
    if (thru * dt <= c * tol_) return true;
    // Not fast: the root is further away than the net flow at the held pressure carries the node
    // within the step (a secant time constant c*|dp|/|q| above dt). For a node that really is fast
    // this is V/(Be*G) against dt.
    return c * std::abs(root - held_) > dt * std::abs(net) + c * tol_;
}

void QuasiSteadyMethod::countIndeterminate(double t0, double t1) {
    ++stats_.indeterminateSteps;
    stats_.indeterminateTime += t1 - t0;
    const auto k = stats_.indeterminateSpanCount;
    if (lastIndeterminate_ && k > 0) {
        if (k <= MethodStats::kSpans) stats_.indeterminateSpans[static_cast<size_t>(k - 1)][1] = t1;
        return;
    }
    if (k < MethodStats::kSpans) stats_.indeterminateSpans[static_cast<size_t>(k)] = {t0, t1};
    ++stats_.indeterminateSpanCount;
}

bool LocalImplicitMethod::update(NodeAccess& node) {
    // Called after every step at the new time t with the other states already at t: advance the
    // node from its value at t - dt to t, implicitly, with the neighbours at t. The value found
    // belongs to t (what a sample at t shows) and is held during the next step's stages.
    const double dt = node.dt(), vol = node.volume();
    auto f = [&](double p) { return node.bulkModulus(p) / vol * node.netFlow(p); };
    if (stats_.outerSteps++ == 0) {  // the initial condition: nothing to advance yet
        fPrev_ = f(held_);
        return true;
    }
    const double pn = held_;
    auto g = [&](double p) { return trap_ ? pn + 0.5 * dt * (fPrev_ + f(p)) - p : pn + dt * f(p) - p; };
    double p = pn;
    if (!solve(g, pn, tol_, maxIter_, p)) return fail(node, error_);
    fPrev_ = f(p);
    accept(p);
    return true;
}

}  // namespace hs::sim
