// SPDX-License-Identifier: GPL-3.0-or-later
// Steppers (odeint-shaped): advance a System's state. Fixed-step steppers call the pressure
// methods' beginStep() once per outer step; adaptive ones integrate to the requested time.
#pragma once

#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "netlist.h"
#include "stepper_spec.h"

namespace hs::sim {

class System;

// Per-step check after every accepted step: returns the index of the first state that is not
// finite or out of its physical bounds, or -1.
int firstBadState(const System& sys, const double* y);

class Stepper {
public:
    virtual ~Stepper() = default;
    virtual const char* name() const = 0;
    virtual bool fixedStep() const = 0;
    // Returns "" or an error (bad settings, solver set-up failure).
    [[nodiscard]] virtual std::string init(System& sys, double t0, const double* y0, const SolverSettings& s) = 0;
    // Advance towards tOut. Fixed-step: whole steps while they end at or before tOut (at least
    // one). Adaptive: exactly to tOut. Returns false on failure: error() says why, badState()
    // names the state if the cause was a non-finite / out-of-bounds value, t and y hold the last
    // good state.
    [[nodiscard]] virtual bool advance(double tOut, double& t, double* y) = 0;
    // Adaptive steppers restart after an input discontinuity at t.
    virtual void restart(double /*t*/, const double* /*y*/) {}
    // A stepper that steps past the requested times fills y there by interpolation. When the
    // caller reads only some states at those times (the records' probes), it names them here;
    // advance() may then leave the other entries of y stale whenever tOut falls inside a step,
    // until completeState() fills them all at the time of the last advance(). Default: every
    // advance() fills all of y, and both calls do nothing.
    virtual void restrictInterpolation(std::vector<int> /*states*/) {}
    virtual void completeState(double /*t*/, double* /*y*/) {}
    // A stepper with dense output returns the end of its last step; records strictly inside it
    // can then be taken all at once by sampleStates() instead of one advance() each. Default:
    // -infinity (no dense output).
    virtual double denseUntil() const { return -std::numeric_limits<double>::infinity(); }
    // States idx[j] (j < nIdx) at times[r] (r < count, each inside the last step) into out[j][r],
    // with exactly the arithmetic advance() would use for them.
    virtual void sampleStates(const double* /*times*/, int /*count*/, const int* /*idx*/, int /*nIdx*/,
                              double* const* /*out*/) {}
    long steps() const { return steps_; }
    long rhsEvaluations() const { return rhs_; }
    // Implicit steppers: Newton iterations, Jacobian evaluations, steps split after a failed solve.
    long newtonIterations() const { return newton_; }
    long jacobians() const { return jacobians_; }
    long splitSteps() const { return splits_; }
    const std::string& error() const { return error_; }
    int badState() const { return bad_; }
    // The offending value of that state (not finite or out of bounds); y keeps the last good one.
    double badValue() const { return badValue_; }

protected:
    long steps_ = 0, rhs_ = 0, newton_ = 0, jacobians_ = 0, splits_ = 0;
    std::string error_;
    int bad_ = -1;
    double badValue_ = 0.0;
};

// The names of builtinSteppers(), in order.
std::vector<std::string> stepperNames();
// Steppers that take a fixed step dt (StepperSpec::adaptive false).
bool isFixedStepper(const std::string& name);
[[nodiscard]] std::unique_ptr<Stepper> makeStepper(const std::string& name, std::string& error);

}  // namespace hs::sim
