// Adaptive L-stable ESDIRK (SUNDIALS ARKODE, ARKStep with the ESDIRK324L2SA_4_2_3 table: four
// stages, order 3 with an embedded order-2 error estimate, L-stable and stage-accurate; Kennedy &
// Carpenter 2016). Newton with a dense finite-difference Jacobian, as CVODE here. The engine
// restarts it at every input discontinuity (System::nextBreakpoint), so piecewise-constant inputs
// (Circuit 1's PRMS signals, square waves) are met exactly instead of being stepped over.
// ARKODE rather than our own ESDIRK: the library has the error control, step-size selection and
// Jacobian reuse heuristics tuned and tested; we add only the system and the bounds check.
#include <arkode/arkode_arkstep.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <cmath>

#include "stepper.h"
#include "system.h"

namespace hs::sim {

int firstBadState(const System& sys, const double* y);

namespace {

class Esdirk final : public Stepper {
public:
    ~Esdirk() override { release(); }
    const char* name() const override { return "esdirk3"; }
    bool fixedStep() const override { return false; }

    std::string init(System& sys, double t0, const double* y0, const SolverSettings& s) override {
        sys_ = &sys;
        n_ = sys.stateCount();
        if (!(s.rtol > 0) || !(s.atol > 0)) return "esdirk3 needs positive rtol and atol";
        if (SUNContext_Create(nullptr, &ctx_) != 0) return "esdirk3: cannot create a SUNDIALS context";
        y_ = N_VNew_Serial(n_, ctx_);
        atol_ = N_VNew_Serial(n_, ctx_);
        for (int i = 0; i < n_; ++i) {
            NV_Ith_S(y_, i) = y0[i];
            NV_Ith_S(atol_, i) = s.atol * sys.states[i].nominal;
        }
        mem_ = ARKStepCreate(nullptr, &Esdirk::f, t0, y_, ctx_);
        if (!mem_) return "esdirk3: ARKStepCreate failed";
        ARKStepSetErrHandlerFn(mem_, &Esdirk::onError, this);
        ARKStepSetUserData(mem_, this);
        if (ARKStepSetTableNum(mem_, ARKODE_ESDIRK324L2SA_4_2_3, ARKODE_ERK_NONE) < 0)
            return "esdirk3: the ESDIRK324L2SA table is not available in this SUNDIALS";
        if (ARKStepSVtolerances(mem_, s.rtol, atol_) < 0) return "esdirk3: tolerances refused";
        a_ = SUNDenseMatrix(n_, n_, ctx_);
        ls_ = SUNLinSol_Dense(y_, a_, ctx_);
        if (ARKStepSetLinearSolver(mem_, ls_, a_) < 0) return "esdirk3: cannot attach the dense linear solver";
        ARKStepSetMaxNumSteps(mem_, 1000000);
        // As for CVODE: the square-root orifice law is not Lipschitz at dp = 0; let the step shrink.
        ARKStepSetMaxErrTestFails(mem_, 20);
        // A fresh Jacobian and Newton matrix at every step. With ARKODE's default reuse, the
        // Jacobian evaluated at the start (equal pressures: the square-root law's slope is
        // unbounded) stayed in use; Newton's corrections through it were ~0, the stages were never
        // solved, and the error test passed pressures oscillating by +-2 MPa (three-orifice
        // circuit, rtol 1e-4 and 1e-6 alike). A Newton matrix kept across a change of step also
        // let a laminar fill at rtol 1e-8 end 1e-5 of p_s off. Both every step: 4.7e-9 there.
        ARKStepSetJacEvalFrequency(mem_, 1);
        ARKStepSetLSetupFrequency(mem_, 1);
        if (s.maxStep > 0) ARKStepSetMaxStep(mem_, s.maxStep);
        if (s.dt > 0) ARKStepSetInitStep(mem_, s.dt);
        return {};
    }

    void restart(double t, const double* y) override {
        for (int i = 0; i < n_; ++i) NV_Ith_S(y_, i) = y[i];
        ARKStepReset(mem_, t, y_);
    }

    bool advance(double tOut, double& t, double* y) override {
        ARKStepSetStopTime(mem_, tOut);
        double tr = t;
        const int flag = ARKStepEvolve(mem_, tOut, y_, &tr, ARK_NORMAL);
        long ns = 0, nfe = 0, nfi = 0, nni = 0, nje = 0;
        ARKStepGetNumSteps(mem_, &ns);
        ARKStepGetNumRhsEvals(mem_, &nfe, &nfi);
        ARKStepGetNumNonlinSolvIters(mem_, &nni);
        ARKStepGetNumJacEvals(mem_, &nje);
        steps_ = ns;
        rhs_ = nfi + nje * n_;
        newton_ = nni;
        jacobians_ = nje;
        if (flag < 0) {
            if (error_.empty()) error_ = "esdirk3 failed with flag " + std::to_string(flag);
            return false;
        }
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

private:
    static int f(sunrealtype t, N_Vector y, N_Vector dy, void* user) {
        auto* self = static_cast<Esdirk*>(user);
        self->sys_->rhs(t, NV_DATA_S(y), NV_DATA_S(dy));
        for (int i = 0; i < self->n_; ++i)
            if (!std::isfinite(NV_Ith_S(dy, i))) return 1;  // recoverable: ARKODE retries smaller
        return 0;
    }
    static void onError(int code, const char* module, const char* function, char* msg, void* user) {
        auto* self = static_cast<Esdirk*>(user);
        if (code < 0) self->error_ = std::string("esdirk3 (") + module + " " + function + "): " + msg;
    }
    void release() {
        if (mem_) ARKStepFree(&mem_);
        if (ls_) SUNLinSolFree(ls_);
        if (a_) SUNMatDestroy(a_);
        if (y_) N_VDestroy(y_);
        if (atol_) N_VDestroy(atol_);
        if (ctx_) SUNContext_Free(&ctx_);
    }

    System* sys_ = nullptr;
    int n_ = 0;
    SUNContext ctx_ = nullptr;
    N_Vector y_ = nullptr, atol_ = nullptr;
    SUNMatrix a_ = nullptr;
    SUNLinearSolver ls_ = nullptr;
    void* mem_ = nullptr;
};

}  // namespace

std::unique_ptr<Stepper> makeEsdirk3() { return std::make_unique<Esdirk>(); }

}  // namespace hs::sim
