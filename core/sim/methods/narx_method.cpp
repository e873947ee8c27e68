// SPDX-License-Identifier: GPL-3.0-or-later
#include "narx_method.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hs::sim {

namespace {
std::string g(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}
}  // namespace

NarxMethod::NarxMethod(learn::NarxModel model, double margin, Fallback fallback, double tol, int maxIter)
    : model_(std::move(model)), margin_(margin), fallback_(fallback), tol_(tol), maxIter_(maxIter) {}

void NarxMethod::initStates(double p0, double* y) {
    HeldPressureMethod::initStates(p0, y);
    u_.assign(static_cast<size_t>(model_.delay * narx::kInputs), 0.0);
    y_.assign(static_cast<size_t>(model_.delay), p0);
}

// Shift the histories and put the node's inputs at pressure p (components evaluated at p, the
// rest of the circuit at the new step) in front.
void NarxMethod::pushInputs(NodeAccess& node, double p) {
    inflows_.resize(static_cast<size_t>(node.componentCount()));
    node.componentInflowsAt(p, inflows_.data());
    const auto f = narx::features(inflows_.data(), static_cast<int>(inflows_.size()), node.dvol(), node.bulkModulus(p),
                                  node.volume());
    std::copy_backward(u_.begin(), u_.end() - narx::kInputs, u_.end());
    std::copy(f.begin(), f.end(), u_.begin());
    std::copy_backward(y_.begin(), y_.end() - 1, y_.end());
    y_[0] = p;
}

bool NarxMethod::fallbackStep(NodeAccess& node, const std::string& why, double& p) {
    ++stats_.guardedSteps;
    if (fallback_ == Fallback::Stop) return fail(node, why + " (fallback: stop)");
    const double pn = held_, dt = node.dt(), vol = node.volume();
    auto qs = [&](double x) { return node.netFlow(x); };
    auto be = [&](double x) { return pn + dt * node.bulkModulus(x) / vol * node.netFlow(x) - x; };
    const bool ok = fallback_ == Fallback::QuasiSteady ? solve(qs, pn, tol_, maxIter_, p) : solve(be, pn, tol_, maxIter_, p);
    if (!ok) return fail(node, why + "; the fallback failed: " + error_);
    return true;
}

bool NarxMethod::update(NodeAccess& node) {
    if (stats_.outerSteps++ == 0) {  // the initial condition: fill the histories
        const double h = model_.sampleInterval;
        if (std::abs(node.dt() - h) > 1e-9 * h)
            return fail(node, "the NARX model was trained at a sample interval of " + g(h) + " s but the step is " +
                                  g(node.dt()) + " s; a NARX network is a map over its own interval: run at " + g(h) +
                                  " s or train the model at this step");
        if (model_.exogenous() != narx::kInputs)
            return fail(node, "the model has " + std::to_string(model_.exogenous()) + " inputs, a narx volume needs " +
                                  std::to_string(narx::kInputs));
        for (int lag = 0; lag < model_.delay; ++lag) pushInputs(node, held_);
        return true;
    }
    // The inputs of the regressor were checked when they entered the history; check the newest
    // (the oldest were checked before) and the pressures.
    std::string why;
    for (int i = 0; i < narx::kInputs && why.empty(); ++i)
        if (model_.outsideRange(i, u_[static_cast<size_t>(i)]) > margin_)
            why = "input " + narx::kInputNames[static_cast<size_t>(i)] + " = " + g(u_[static_cast<size_t>(i)]) +
                  " outside its training range [" + g(model_.inLo[static_cast<size_t>(i)]) + ", " +
                  g(model_.inHi[static_cast<size_t>(i)]) + "]";
    double p = 0;
    if (why.empty()) {
        p = model_.predict(u_.data(), y_.data());
        if (!std::isfinite(p) || model_.outsideRange(narx::kInputs, p) > margin_)
            why = "predicted pressure " + g(p) + " Pa outside the training range [" + g(model_.outLo) + ", " +
                  g(model_.outHi) + "] Pa";
    }
    if (!why.empty() && !fallbackStep(node, why, p)) return false;
    accept(p);
    pushInputs(node, p);
    return true;
}

}  // namespace hs::sim
