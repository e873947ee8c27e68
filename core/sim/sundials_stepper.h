// SPDX-License-Identifier: GPL-3.0-or-later
// What the SUNDIALS-backed steppers (CVODE, ARKODE's ESDIRK) share: the context, the state and
// per-state absolute-tolerance vectors, the dense matrix and linear solver, the right-hand side
// and error callbacks, and the bounds check after each advance. Each stepper creates and frees its
// integrator memory itself; this base frees the rest afterwards.
#pragma once

#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

#include <string>

#include "stepper.h"

namespace hs::sim {

class SundialsStepper : public Stepper {
public:
    ~SundialsStepper() override;
    bool fixedStep() const override { return false; }

protected:
    // Context and vectors: y0, and atol * each state's nominal magnitude. Returns "" or an error.
    std::string createVectors(System& sys, const double* y0, const SolverSettings& s);
    // The dense matrix and linear solver for Newton (after createVectors).
    void createDenseSolver();
    // y_ holds the solution at tr: check its bounds, copy it out. False (with bad_) if outside.
    bool acceptSolution(double tr, double& t, double* y);
    void loadState(const double* y);

    // SUNDIALS callbacks; user data is the stepper.
    static int rhsCallback(sunrealtype t, N_Vector y, N_Vector dy, void* user);
    static void errorCallback(int code, const char* module, const char* function, char* msg, void* user);

    System* sys_ = nullptr;
    int n_ = 0;
    SUNContext ctx_ = nullptr;
    N_Vector y_ = nullptr, atol_ = nullptr;
    SUNMatrix a_ = nullptr;
    SUNLinearSolver ls_ = nullptr;
};

}  // namespace hs::sim
