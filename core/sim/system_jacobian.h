// SPDX-License-Identifier: GPL-3.0-or-later
// The Jacobian df/dy the implicit steppers use: assembled from the components' partial
// derivatives (analytic_jacobian.h) where the system's right-hand side allows it, else (or when
// the configuration asks for "differences") the coloured finite differences (coloured_jacobian.h).
#pragma once

#include <string>

#include "analytic_jacobian.h"
#include "coloured_jacobian.h"

namespace hs::sim {

enum class JacobianKind { Analytic, Differences };

// "analytic" or "differences" (SolverSettings::jacobian); "" leaves kind (the stepper's default);
// false for anything else.
bool parseJacobianKind(const std::string& name, JacobianKind& kind);

class SystemJacobian {
public:
    void setUp(System& sys, double t, const double* y, JacobianKind kind);
    // J (column-major, leading dimension ld) at (t, y), f0 = f(t, y); y restored bit for bit.
    // increments: the finite differences' column increments (ignored by the analytic Jacobian).
    // Returns the number of rhs() evaluations.
    int evaluate(System& sys, double t, double* y, const double* f0, double* jac, int ld,
                 const double* increments = nullptr);
    bool analytic() const { return analytic_; }
    // Why the analytic Jacobian is not used ("" when it is, or when differences were asked for).
    const std::string& fallbackReason() const { return reason_; }
    const AnalyticJacobian& assembled() const { return analyticJ_; }

private:
    bool analytic_ = false;
    std::string reason_;
    AnalyticJacobian analyticJ_;
    ColouredJacobian coloured_;
};

}  // namespace hs::sim
