// SPDX-License-Identifier: GPL-3.0-or-later
// Explicit Euler and classical RK4 at a fixed step: the seeds' reference integrators.
// Algebraic / inner-loop pressure methods are updated once per step (beginStep) and held
// constant during the stages, as in the seeds.
#include <cmath>

#include "fixed_stepper.h"
#include "kernel/kernel_compiler.h"
#include "rk4_stages.h"
#include "system.h"

namespace hs::sim {

int firstBadState(const System& sys, const double* y) {
    // Fast path: a finite sum means every state is finite; then only pressures need the bounds.
    double sum = 0.0;
    const int n = sys.stateCount();
    for (int i = 0; i < n; ++i) sum += y[i] * 0.0;
    if (sum == 0.0) {
        for (int i : sys.pressureStateIndices())
            if (y[i] < sys.pMin || y[i] > sys.pMax) return i;
        return -1;
    }
    for (int i = 0; i < n; ++i) {
        const double v = y[i];
        if (!std::isfinite(v)) return i;
        if (sys.states[i].kind == StateKind::Pressure && (v < sys.pMin || v > sys.pMax)) return i;
    }
    return -1;
}

namespace {

class Euler final : public FixedStepper {
public:
    const char* name() const override { return "euler"; }

protected:
    bool step(double t, const double* y, int n) override {
        sys_->rhs(t, y, k1_.data());
        ++rhs_;
        rk4::stage(tmp_.data(), y, dt_, k1_.data(), n);
        return true;
    }
};

class Rk4 final : public FixedStepper {
public:
    const char* name() const override { return "rk4"; }

protected:
    bool step(double t, const double* y, int n) override {
        if (const GeneratedKernel* kernel = sys_->kernel()) {  // the same step, compiled for this circuit
            kernel->rk4Step(t, dt_, y, tmp_.data());
            rhs_ += 4;
            return true;
        }
        const double h = dt_, h2 = 0.5 * dt_;
        double* s = tmp_.data();
        sys_->rhs(t, y, k1_.data());
        rk4::stage(s, y, h2, k1_.data(), n);
        sys_->rhs(t + h2, s, k2_.data());
        rk4::stage(s, y, h2, k2_.data(), n);
        sys_->rhs(t + h2, s, k3_.data());
        rk4::stage(s, y, h, k3_.data(), n);
        sys_->rhs(t + h, s, k4_.data());
        rhs_ += 4;
        rk4::combine(s, y, h / 6.0, k1_.data(), k2_.data(), k3_.data(), k4_.data(), n);
        return true;
    }
};

}  // namespace

std::unique_ptr<Stepper> makeDopri5();
std::unique_ptr<Stepper> makeCvode();
std::unique_ptr<Stepper> makeImplicitEuler();
std::unique_ptr<Stepper> makeSdirk2();
std::unique_ptr<Stepper> makeEsdirk3();
std::unique_ptr<Stepper> makeRosenbrockW3();

std::vector<std::string> stepperNames() {
    std::vector<std::string> v;
    for (const auto& s : builtinSteppers()) v.push_back(s.name);
    return v;
}

bool isFixedStepper(const std::string& name) {
    const StepperSpec* s = findBuiltinStepper(name);
    return s && !s->adaptive;
}

std::unique_ptr<Stepper> makeStepper(const std::string& name, std::string& error) {
    // One factory per declared spec (a test checks that every spec makes its stepper).
    if (name == "euler") return std::make_unique<Euler>();
    if (name == "rk4") return std::make_unique<Rk4>();
    if (name == "implicit_euler") return makeImplicitEuler();
    if (name == "sdirk2") return makeSdirk2();
    if (name == "dopri5") return makeDopri5();
    if (name == "cvode") return makeCvode();
    if (name == "esdirk3") return makeEsdirk3();
    if (name == "rosw3") return makeRosenbrockW3();
    error = "unknown stepper '" + name + "' (known: " + stepperList() + ")";
    return nullptr;
}

}  // namespace hs::sim
