// SPDX-License-Identifier: GPL-3.0-or-later
#include "sundials_stepper.h"

#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "system.h"

namespace hs::sim {

int firstBadState(const System& sys, const double* y);

SundialsStepper::~SundialsStepper() {
    if (ls_) SUNLinSolFree(ls_);
    if (a_) SUNMatDestroy(a_);
    if (y_) N_VDestroy(y_);
    if (weights_) N_VDestroy(weights_);
    if (atol_) N_VDestroy(atol_);
    if (ctx_) SUNContext_Free(&ctx_);
}

std::string SundialsStepper::createVectors(System& sys, const double* y0, const SolverSettings& s) {
    sys_ = &sys;
    n_ = sys.stateCount();
    if (!(s.rtol > 0) || !(s.atol > 0)) return std::string(name()) + " needs positive rtol and atol";
    jacobianKind_ = defaultJacobian();
    if (!parseJacobianKind(s.jacobian, jacobianKind_))
        return std::string(name()) + ": unknown jacobian '" + s.jacobian + "' (expected analytic or differences)";
    if (SUNContext_Create(nullptr, &ctx_) != 0) return std::string(name()) + ": cannot create a SUNDIALS context";
    y_ = N_VNew_Serial(n_, ctx_);
    atol_ = N_VNew_Serial(n_, ctx_);
    for (int i = 0; i < n_; ++i) {
        NV_Ith_S(y_, i) = y0[i];
        NV_Ith_S(atol_, i) = s.atol * sys.states[static_cast<size_t>(i)].nominal;
    }
    return {};
}

void SundialsStepper::createDenseSolver(double t0, const double* y0) {
    a_ = SUNDenseMatrix(n_, n_, ctx_);
    ls_ = SUNLinSol_Dense(y_, a_, ctx_);
    jacobian_.setUp(*sys_, t0, y0, jacobianKind_);
    weights_ = N_VClone(y_);
    increments_.assign(static_cast<size_t>(n_), 0.0);
}

int SundialsStepper::jacobianCallback(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix jac, void* user, N_Vector,
                                      N_Vector, N_Vector) {
    auto* self = static_cast<SundialsStepper*>(user);
    double h = 0.0;
    self->errorWeightsAndStep(self->weights_, h);
    const double eps = std::numeric_limits<double>::epsilon(), srur = std::sqrt(eps);
    const double fnorm = N_VWrmsNorm(fy, self->weights_);
    const double minInc = fnorm != 0.0 ? 1000.0 * std::abs(h) * eps * self->n_ * fnorm : 1.0;
    const double* yv = NV_DATA_S(y);
    const double* w = NV_DATA_S(self->weights_);
    for (int i = 0; i < self->n_; ++i)
        self->increments_[static_cast<size_t>(i)] = std::max(srur * std::abs(yv[i]), minInc / w[i]);
    double* j = SM_DATA_D(jac);  // column-major, leading dimension n
    self->jacobianRhs_ += self->jacobian_.evaluate(*self->sys_, t, NV_DATA_S(y), NV_DATA_S(fy), j, self->n_,
                                                   self->increments_.data());
    for (long k = 0; k < static_cast<long>(self->n_) * self->n_; ++k)
        if (!std::isfinite(j[k])) return 1;
    return 0;
}

double SundialsStepper::stopTimeAfter(double t) const {
    const double bp = sys_->nextBreakpoint(t);
    return std::isfinite(bp) ? bp : std::numeric_limits<double>::max();
}

void SundialsStepper::loadState(const double* y) {
    for (int i = 0; i < n_; ++i) NV_Ith_S(y_, i) = y[i];
}

bool SundialsStepper::acceptSolution(double tr, double& t, double* y) {
    bad_ = firstBadState(*sys_, NV_DATA_S(y_));
    if (bad_ >= 0) {
        badValue_ = NV_Ith_S(y_, bad_);
        error_ = "state left its bounds";
        return false;
    }
    t = tr;
    for (int i = 0; i < n_; ++i) y[i] = NV_Ith_S(y_, i);
    return true;
}

int SundialsStepper::rhsCallback(sunrealtype t, N_Vector y, N_Vector dy, void* user) {
    auto* self = static_cast<SundialsStepper*>(user);
    self->sys_->rhs(t, NV_DATA_S(y), NV_DATA_S(dy));
    for (int i = 0; i < self->n_; ++i)
        if (!std::isfinite(NV_Ith_S(dy, i))) return 1;  // recoverable: the integrator retries smaller
    return 0;
}

void SundialsStepper::errorCallback(int code, const char* module, const char* function, char* msg, void* user) {
    auto* self = static_cast<SundialsStepper*>(user);
    if (code < 0) self->error_ = std::string(self->name()) + " (" + module + " " + function + "): " + msg;
}

}  // namespace hs::sim
