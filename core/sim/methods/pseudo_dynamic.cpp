// SPDX-License-Identifier: GPL-3.0-or-later
// Pseudo-dynamic solvers (PDS): an inner loop relaxes the node pressure towards the balance of
// its flows by integrating dp/dt = Be(p)/V_pseudo * Q(p) with RK4 at an inner step, the outer
// system frozen. notes/000_001 §3.2 (classic, Aman & Handroos) and §3.3 (advanced, Pub I).
#include <cmath>

#include "pseudo_dynamic.h"

namespace hs::sim {

bool PseudoDynamicMethod::update(NodeAccess& node) {
    ++stats_.outerSteps;
    // Classic PDS: only the components that feed the node at the outer step are re-evaluated;
    // the outflows are frozen (Q_out computed in the outer loop). Advanced: every flow of the
    // node is recomputed inside the loop (the "consistency" change of Pub I).
    if (!advanced_) {
        mask_.assign(static_cast<size_t>(node.componentCount()), 0);
        for (int i = 0; i < node.componentCount(); ++i) mask_[static_cast<size_t>(i)] = node.componentInflow(i) > 0.0;
    }
    auto f = [&](double p) {
        const double q = advanced_ ? node.netFlow(p) : node.netFlowPartial(p, mask_);
        return node.bulkModulus(p) / vPseudo_ * q;
    };
    double p = held_;
    const double h = dtInner_;
    std::int64_t it = 0;
    bool converged = false;
    while (it < maxIter_) {
        ++it;
        const double k1 = f(p);
        const double k2 = f(p + 0.5 * h * k1);
        const double k3 = f(p + 0.5 * h * k2);
        const double k4 = f(p + h * k3);
        const double pn = p + h / 6.0 * (k1 + 2.0 * (k2 + k3) + k4);
        if (!std::isfinite(pn)) {
            stats_.countInner(it);
            return fail(node, "the inner loop produced a non-finite pressure (inner step too large for V_pseudo?)");
        }
        const double dp = pn - p;
        p = pn;
        // Pub I's Algorithm 1 compares the signed change; |dp| is what makes sense (notes §3.3).
        const double tol = advanced_ ? (p < pSwitch_ ? tolLow_ : tolHigh_) : tolHigh_;
        if (std::abs(dp) < tol) { converged = true; break; }
    }
    stats_.countInner(it);
    if (!converged) {
        ++stats_.capHits;
        accept(p);  // the papers do not say what happens at the cap; keep the last iterate
        return fail(node, "inner loop reached its cap of " + std::to_string(maxIter_) + " iterations without meeting the tolerance");
    }
    accept(p);
    return true;
}

}  // namespace hs::sim
