// SPDX-License-Identifier: GPL-3.0-or-later
#include "system_jacobian.h"

#include "system.h"

namespace hs::sim {

bool parseJacobianKind(const std::string& name, JacobianKind& kind) {
    if (name.empty()) return true;
    if (name == "analytic") kind = JacobianKind::Analytic;
    else if (name == "differences") kind = JacobianKind::Differences;
    else return false;
    return true;
}

void SystemJacobian::setUp(System& sys, double t, const double* y, JacobianKind kind) {
    reason_ = kind == JacobianKind::Analytic ? AnalyticJacobian::unsupportedReason(sys) : std::string();
    analytic_ = kind == JacobianKind::Analytic && reason_.empty();
    if (analytic_) analyticJ_.setUp(sys);
    else coloured_.setUp(sys, t, y);
}

int SystemJacobian::evaluate(System& sys, double t, double* y, const double* f0, double* jac, int ld,
                             const double* increments) {
    if (analytic_) return analyticJ_.evaluate(sys, t, y, jac, ld);
    return coloured_.evaluate(sys, t, y, f0, jac, ld, increments);
}

}  // namespace hs::sim
