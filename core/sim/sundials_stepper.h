// SPDX-License-Identifier: GPL-3.0-or-later
// What the SUNDIALS-backed steppers (CVODE, ARKODE's ESDIRK) share: the context, the state and
// per-state absolute-tolerance vectors, the dense matrix and linear solver, the right-hand side
// and error callbacks, the coloured finite-difference Jacobian handed to Newton (one right-hand
// side per colour instead of SUNDIALS' one per state), and the bounds check after each advance. Each stepper creates and frees its
// integrator memory itself; this base frees the rest afterwards.
#pragma once

#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

#include <string>
#include <vector>

#include "system_jacobian.h"
#include "stepper.h"

namespace hs::sim {

class SundialsStepper : public Stepper {
public:
    ~SundialsStepper() override;
    bool fixedStep() const override { return false; }

protected:
    // Context and vectors: y0, and atol * each state's nominal magnitude. Returns "" or an error.
    std::string createVectors(System& sys, const double* y0, const SolverSettings& s);
    // The dense matrix and linear solver for Newton (after createVectors), and the sparsity
    // pattern and colouring of the Jacobian around (t0, y0).
    void createDenseSolver(double t0, const double* y0);
    // Where the integrator must stop on its way from t at the latest: the next input
    // discontinuity (System::nextBreakpoint); CVODE also stops at a record while its step is
    // shorter than the record interval (Cvode::stopTime). Records in between are interpolated by
    // SUNDIALS' dense output (CV_NORMAL / ARK_NORMAL to tOut), so the step is not capped by the
    // record interval; the stop time keeps it from stepping over an edge of a piecewise input,
    // where the engine restarts it. A huge finite time when there is no breakpoint (SUNDIALS 6.4
    // has no call to clear a stop time).
    double stopTimeAfter(double t) const;
    // y_ holds the solution at tr: check its bounds, copy it out. False (with bad_) if outside.
    // Not projected (System::project): a shut compensator's K stays ~-1e-10 in the records (its
    // flow reads max(K, 0)); projecting it here, which also restarts the integrator from K = 0 at
    // each input edge, moved Circuit 1's held p1 by 79 kPa at t = 27 s under CVODE rtol 1e-6
    // (RRMSE p1 over 100.5 s 0.14 % instead of 0.036 %, docs/performance.md §8).
    bool acceptSolution(double tr, double& t, double* y);
    // A circuit without states (every node imposed or algebraic): time just moves to tOut, the
    // engine evaluates the records there. SUNDIALS is not set up at all (an empty N_Vector
    // crashed CVodeSVtolerances).
    static bool advanceWithoutStates(double tOut, double& t) {
        t = tOut;
        return true;
    }
    void loadState(const double* y);

    // SUNDIALS callbacks; user data is the stepper.
    static int rhsCallback(sunrealtype t, N_Vector y, N_Vector dy, void* user);
    // J = df/dy at (t, y) by SystemJacobian: assembled from the partials, or (differences) with the increments SUNDIALS' own dense
    // difference-quotient Jacobian takes (cvLsDenseDQJac / arkLsDenseDQJac:
    // max(sqrt(eps)*|y_j|, minInc/w_j), minInc = 1000*|h|*eps*n*||f||_wrms, w the error weights),
    // so that each entry is the one SUNDIALS would compute, at one rhs() per colour instead of
    // one per state; fy = f(t, y) is given. 1 (recoverable) if not finite.
    static int jacobianCallback(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix jac, void* user, N_Vector,
                                N_Vector, N_Vector);
    // The integrator's error weights and current step, for those increments.
    virtual void errorWeightsAndStep(N_Vector weights, double& h) const = 0;
    // The Jacobian when the configuration does not say (SolverSettings::jacobian empty): the
    // coloured differences. With the analytic one CVODE took 2.2x the steps on Circuit 1 over 3 s
    // and ESDIRK 1.27x over 10 s (its drained volume near the square root's kink, where Newton
    // with the tangent fares worse than with the secant of a difference quotient); on Circuit 2
    // both take fewer right-hand sides with it (docs/performance.md §10). "jacobian": "analytic"
    // asks for it.
    virtual JacobianKind defaultJacobian() const { return JacobianKind::Differences; }
    static void errorCallback(int code, const char* module, const char* function, char* msg, void* user);

    System* sys_ = nullptr;
    int n_ = 0;
    SUNContext ctx_ = nullptr;
    N_Vector y_ = nullptr, atol_ = nullptr;
    SUNMatrix a_ = nullptr;
    SUNLinearSolver ls_ = nullptr;
    SystemJacobian jacobian_;
    JacobianKind jacobianKind_ = JacobianKind::Analytic;
    long jacobianRhs_ = 0;  // rhs() evaluations spent in jacobianCallback (all segments)
    N_Vector weights_ = nullptr;
    std::vector<double> increments_;
};

}  // namespace hs::sim
