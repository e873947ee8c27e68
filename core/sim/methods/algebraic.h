#pragma once

#include "held_method.h"

namespace hs::sim {

// Quasi-steady (singular perturbation, Tikhonov): the node is algebraic, sum Q(p) = 0.
// With mms = true, the multiple-scales first-order correction of Pub II eq. 21 is added.
class QuasiSteadyMethod final : public HeldPressureMethod {
public:
    QuasiSteadyMethod(bool mms, bool corrector, double tol, int maxIter)
        : mms_(mms), corrector_(corrector), tol_(tol), maxIter_(maxIter) {}
    const char* id() const override { return mms_ ? "multiple_scales" : "quasi_steady"; }
    bool update(NodeAccess& node) override;

private:
    bool mms_, corrector_;
    double tol_;
    int maxIter_;
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
