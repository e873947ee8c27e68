// SUNDIALS CVODE (BDF, Newton with a dense finite-difference Jacobian): the ground truth.
// Absolute tolerances are per state: atol * nominal magnitude (1e5 Pa for pressures, ...).
#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <cmath>
#include <cstdio>

#include "stepper.h"
#include "system.h"

namespace hs::sim {
namespace {

class Cvode final : public Stepper {
public:
    ~Cvode() override { release(); }
    const char* name() const override { return "cvode"; }
    bool fixedStep() const override { return false; }

    std::string init(System& sys, double t0, const double* y0, const SolverSettings& s) override {
        sys_ = &sys;
        n_ = sys.stateCount();
        if (!(s.rtol > 0) || !(s.atol > 0)) return "cvode needs positive rtol and atol";
        if (SUNContext_Create(nullptr, &ctx_) != 0) return "cvode: cannot create a SUNDIALS context";
        y_ = N_VNew_Serial(n_, ctx_);
        atol_ = N_VNew_Serial(n_, ctx_);
        for (int i = 0; i < n_; ++i) {
            NV_Ith_S(y_, i) = y0[i];
            NV_Ith_S(atol_, i) = s.atol * sys.states[i].nominal;
        }
        mem_ = CVodeCreate(CV_BDF, ctx_);
        if (!mem_) return "cvode: CVodeCreate failed";
        CVodeSetErrHandlerFn(mem_, &Cvode::onError, this);
        if (CVodeInit(mem_, &Cvode::f, t0, y_) < 0) return "cvode: CVodeInit failed";
        CVodeSetUserData(mem_, this);
        CVodeSVtolerances(mem_, s.rtol, atol_);
        a_ = SUNDenseMatrix(n_, n_, ctx_);
        ls_ = SUNLinSol_Dense(y_, a_, ctx_);
        if (CVodeSetLinearSolver(mem_, ls_, a_) < 0) return "cvode: cannot attach the dense linear solver";
        CVodeSetMaxNumSteps(mem_, 1000000);
        // The square-root orifice law is not Lipschitz at dp = 0 (start-up from equal pressures):
        // the default of 7 error-test failures per step made tight-tolerance runs of the
        // three-orifice circuit abort near t = 0. More retries let the step shrink past the kink.
        CVodeSetMaxErrTestFails(mem_, 20);
        if (s.maxStep > 0) CVodeSetMaxStep(mem_, s.maxStep);
        if (s.dt > 0) CVodeSetInitStep(mem_, s.dt);
        return {};
    }

    void restart(double t, const double* y) override {
        for (int i = 0; i < n_; ++i) NV_Ith_S(y_, i) = y[i];
        // CVodeReInit sets CVODE's counters to zero: keep what was done before the restart.
        stepsBefore_ = steps_;
        rhsBefore_ = rhs_;
        CVodeReInit(mem_, t, y_);
    }

    bool advance(double tOut, double& t, double* y) override {
        CVodeSetStopTime(mem_, tOut);
        double tr = t;
        const int flag = CVode(mem_, tOut, y_, &tr, CV_NORMAL);
        long ns = 0, nf = 0;
        CVodeGetNumSteps(mem_, &ns);
        CVodeGetNumRhsEvals(mem_, &nf);
        long nje = 0;
        CVodeGetNumJacEvals(mem_, &nje);
        steps_ = stepsBefore_ + ns;
        rhs_ = rhsBefore_ + nf + nje * n_;
        if (flag < 0) {
            if (error_.empty()) error_ = "cvode failed with flag " + std::to_string(flag);
            return false;
        }
        bad_ = firstBadState(*sys_, NV_DATA_S(y_));
        if (bad_ >= 0) { badValue_ = NV_Ith_S(y_, bad_); error_ = "state left its bounds"; return false; }
        t = tr;
        for (int i = 0; i < n_; ++i) y[i] = NV_Ith_S(y_, i);
        return true;
    }

private:
    static int f(sunrealtype t, N_Vector y, N_Vector dy, void* user) {
        auto* self = static_cast<Cvode*>(user);
        self->sys_->rhs(t, NV_DATA_S(y), NV_DATA_S(dy));
        for (int i = 0; i < self->n_; ++i)
            if (!std::isfinite(NV_Ith_S(dy, i))) return 1;  // recoverable: CVODE retries smaller
        return 0;
    }
    static void onError(int code, const char* module, const char* function, char* msg, void* user) {
        auto* self = static_cast<Cvode*>(user);
        if (code < 0) self->error_ = std::string("cvode (") + module + " " + function + "): " + msg;
    }
    void release() {
        if (mem_) CVodeFree(&mem_);
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
    long stepsBefore_ = 0, rhsBefore_ = 0;  // counts of the segments before the last restart
};

}  // namespace

std::unique_ptr<Stepper> makeCvode() { return std::make_unique<Cvode>(); }

}  // namespace hs::sim
