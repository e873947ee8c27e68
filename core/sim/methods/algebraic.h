// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "held_method.h"

namespace hs::sim {

// Quasi-steady (singular perturbation, Tikhonov): the node is algebraic, sum Q(p) = 0.
// With mms = true, the multiple-scales first-order correction of Pub II eq. 21 is added.
// Its blind spot: a node whose flows vanish (closed off on every side) has no unique root, and
// one whose root lies further away than its flows can carry it within a step is not fast. Such
// steps are counted with their time spans in the statistics; `fallback` chooses what the node
// does on them: keep the balance's root (the papers' method), hold the last pressure, or take
// one backward-Euler step (the compressible node).
class QuasiSteadyMethod final : public HeldPressureMethod {
public:
    enum class Fallback { Root, Hold, Implicit };
    QuasiSteadyMethod(bool mms, bool corrector, double tol, int maxIter, Fallback fallback = Fallback::Root)
        : mms_(mms), corrector_(corrector), tol_(tol), maxIter_(maxIter), fallback_(fallback) {}
    const char* id() const override { return mms_ ? "multiple_scales" : "quasi_steady"; }
    bool update(NodeAccess& node) override;

private:
    // True when the balance does not pin the pressure this step (see above); root = its root.
    bool indeterminate(const NodeAccess& node, double root) const;
    void countIndeterminate(double t0, double t1);

    bool mms_, corrector_;
    double tol_;
    int maxIter_;
    Fallback fallback_;
    bool lastIndeterminate_ = false;
};

// Backward Euler or trapezoidal rule on this node alone, scalar Newton per step, the rest of the
// circuit explicit and frozen during the solve (a semi-implicit split).
class LocalImplicitMethod final : public HeldPressureMethod {
public:
    LocalImplicitMethod(bool trapezoidal, double tol, int maxIter) : trap_(trapezoidal), tol_(tol), maxIter_(maxIter) {}
    const char* id() const override { return "local_implicit"; }
    bool update(NodeAccess& node) override;

private:
    bool trap_;
    double tol_;
    double fPrev_ = 0.0;  // dp/dt at the last solution (trapezoidal rule)
    int maxIter_;
};

}  // namespace hs::sim
