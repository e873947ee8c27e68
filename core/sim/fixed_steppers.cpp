// Explicit Euler and classical RK4 at a fixed step: the seeds' reference integrators.
// Algebraic / inner-loop pressure methods are updated once per step (beginStep) and held
// constant during the stages, as in the seeds.
#include <cmath>

#include "stepper.h"
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

class FixedStepper : public Stepper {
public:
    bool fixedStep() const override { return true; }
    std::string init(System& sys, double, const double*, const SolverSettings& s) override {
        sys_ = &sys;
        dt_ = s.dt;
        if (!(dt_ > 0) || !std::isfinite(dt_)) return "the fixed step dt must be positive";
        const size_t n = static_cast<size_t>(sys.stateCount());
        k1_.assign(n, 0); k2_.assign(n, 0); k3_.assign(n, 0); k4_.assign(n, 0); tmp_.assign(n, 0);
        return {};
    }
    bool advance(double tOut, double& t, double* y) override {
        const int n = sys_->stateCount();
        do {
            // No states (every volume TLM, no dynamic component): the stages have nothing to
            // integrate; beginStep() below solves the components at the new time.
            if (n > 0) step(t, y, n);
            ++steps_;
            if (sys_->stageFailed()) {
                error_ = sys_->failure();
                return false;
            }
            bad_ = firstBadState(*sys_, tmp_.data());
            if (bad_ >= 0) {
                badValue_ = tmp_[bad_];
                error_ = "state left its bounds";
                return false;
            }
            for (int i = 0; i < n; ++i) y[i] = tmp_[i];
            sys_->project(y);
            // t = t0 + k*dt would be exact, but steps may be mixed with restarts; 1e-12 relative
            // drift over 1e8 steps is harmless for recording.
            t += dt_;
            // Held-pressure methods update at the new state, so a recorded sample at t shows
            // the pressure that belongs to (t, y), and the next step's stages hold it.
            if (!sys_->beginStep(t, dt_, y)) {
                error_ = sys_->failure();
                return false;
            }
        } while (t + dt_ <= tOut + 1e-9 * dt_);
        return true;
    }

protected:
    // Writes the new state into tmp_.
    virtual void step(double t, const double* y, int n) = 0;
    System* sys_ = nullptr;
    double dt_ = 0;
    std::vector<double> k1_, k2_, k3_, k4_, tmp_;
};

class Euler final : public FixedStepper {
public:
    const char* name() const override { return "euler"; }

protected:
    void step(double t, const double* y, int n) override {
        sys_->rhs(t, y, k1_.data());
        ++rhs_;
        for (int i = 0; i < n; ++i) tmp_[i] = y[i] + dt_ * k1_[i];
    }
};

class Rk4 final : public FixedStepper {
public:
    const char* name() const override { return "rk4"; }

protected:
    void step(double t, const double* y, int n) override {
        const double h = dt_, h2 = 0.5 * dt_;
        double* s = tmp_.data();
        sys_->rhs(t, y, k1_.data());
        for (int i = 0; i < n; ++i) s[i] = y[i] + h2 * k1_[i];
        sys_->rhs(t + h2, s, k2_.data());
        for (int i = 0; i < n; ++i) s[i] = y[i] + h2 * k2_[i];
        sys_->rhs(t + h2, s, k3_.data());
        for (int i = 0; i < n; ++i) s[i] = y[i] + h * k3_[i];
        sys_->rhs(t + h, s, k4_.data());
        rhs_ += 4;
        for (int i = 0; i < n; ++i) s[i] = y[i] + h / 6.0 * (k1_[i] + 2.0 * (k2_[i] + k3_[i]) + k4_[i]);
    }
};

}  // namespace

std::unique_ptr<Stepper> makeDopri5();
std::unique_ptr<Stepper> makeCvode();

std::vector<std::string> stepperNames() { return {"euler", "rk4", "dopri5", "cvode"}; }

std::unique_ptr<Stepper> makeStepper(const std::string& name, std::string& error) {
    if (name == "euler") return std::make_unique<Euler>();
    if (name == "rk4") return std::make_unique<Rk4>();
    if (name == "dopri5") return makeDopri5();
    if (name == "cvode") return makeCvode();
    error = "unknown stepper '" + name + "' (known: euler, rk4, dopri5, cvode)";
    return nullptr;
}

}  // namespace hs::sim
