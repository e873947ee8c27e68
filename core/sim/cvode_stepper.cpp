// SPDX-License-Identifier: GPL-3.0-or-later
// SUNDIALS CVODE (BDF, Newton with a dense matrix from the coloured finite-difference Jacobian of
// sundials_stepper.h): the ground truth.
// Absolute tolerances are per state: atol * nominal magnitude (1e5 Pa for pressures, ...).
#include <cvode/cvode.h>

#include <algorithm>
#include <cmath>

#include "sundials_stepper.h"

namespace hs::sim {
namespace {

class Cvode final : public SundialsStepper {
public:
    ~Cvode() override {
        if (mem_) CVodeFree(&mem_);
    }
    const char* name() const override { return "cvode"; }

    std::string init(System& sys, double t0, const double* y0, const SolverSettings& s) override {
        if (std::string e = createVectors(sys, y0, s); !e.empty()) return e;
        if (n_ == 0) return {};  // nothing to integrate (SUNDIALS cannot take an empty vector)
        mem_ = CVodeCreate(CV_BDF, ctx_);
        if (!mem_) return "cvode: CVodeCreate failed";
        CVodeSetErrHandlerFn(mem_, &errorCallback, this);
        if (CVodeInit(mem_, &rhsCallback, t0, y_) < 0) return "cvode: CVodeInit failed";
        CVodeSetUserData(mem_, this);
        if (CVodeSVtolerances(mem_, s.rtol, atol_) < 0) return "cvode: tolerances refused";
        createDenseSolver(t0, y0);
        if (CVodeSetLinearSolver(mem_, ls_, a_) < 0) return "cvode: cannot attach the dense linear solver";
        CVodeSetJacFn(mem_, &jacobianCallback);
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
        if (n_ == 0) return;
        loadState(y);
        // CVodeReInit sets CVODE's counters to zero: keep what was done before the restart.
        stepsBefore_ = steps_;
        rhsBefore_ = rhs_ - jacobianRhs_;
        CVodeReInit(mem_, t, y_);
    }

    bool advance(double tOut, double& t, double* y) override {
        if (n_ == 0) return advanceWithoutStates(tOut, t);
        CVodeSetStopTime(mem_, stopTime(t, tOut));
        double tr = t;
        const int flag = CVode(mem_, tOut, y_, &tr, CV_NORMAL);
        long ns = 0, nf = 0;
        CVodeGetNumSteps(mem_, &ns);
        CVodeGetNumRhsEvals(mem_, &nf);
        steps_ = stepsBefore_ + ns;
        rhs_ = rhsBefore_ + nf + jacobianRhs_;
        if (flag < 0) {
            if (error_.empty()) error_ = "cvode failed with flag " + std::to_string(flag);
            return false;
        }
        return acceptSolution(tr, t, y);
    }

private:
    // Where CVODE must stop on its way from the engine's t to the record at tOut: at tOut itself
    // while its next step is shorter than that record interval. Such steps gain nothing from
    // dense output (a step ends inside every record interval anyway), and landing on the records
    // is what kept CVODE out of a chatter at a drained volume (p = 0, where the square-root flow
    // law has an unbounded slope): stepping past every record, its step locked at ~4e-6 s with
    // p = +-2.7 Pa alternating, 5x the steps on Circuit 1 (docs/performance.md §8,
    // sim_test_drained_volume). A step that spans the record interval steps past it, and the
    // record is interpolated by CVODE's dense output (CV_NORMAL). Never beyond the next input
    // discontinuity (stopTimeAfter). A stop behind CVODE's own time (it already stepped past
    // tOut) would be refused; there tOut is interpolated.
    double stopTime(double t, double tOut) const {
        const double atBreakpoint = stopTimeAfter(t);
        double tn = t, h = 0.0;
        CVodeGetCurrentTime(mem_, &tn);
        CVodeGetCurrentStep(mem_, &h);
        if (tn < tOut && std::abs(h) < tOut - t) return std::min(tOut, atBreakpoint);
        return atBreakpoint;
    }
    void errorWeightsAndStep(N_Vector weights, double& h) const override {
        CVodeGetErrWeights(mem_, weights);
        CVodeGetCurrentStep(mem_, &h);
    }
    void* mem_ = nullptr;
    // counts of the segments before the last restart (rhs: CVODE's own, without the Jacobians')
    long stepsBefore_ = 0, rhsBefore_ = 0;
};

}  // namespace

std::unique_ptr<Stepper> makeCvode() { return std::make_unique<Cvode>(); }

}  // namespace hs::sim
