// SPDX-License-Identifier: GPL-3.0-or-later
// Fixed-step implicit steppers over the whole state: backward Euler (order 1) and Alexander's
// two-stage SDIRK (order 2, L-stable, stiffly accurate). Both are what a real-time simulator
// runs when a circuit is stiff: the step is chosen for accuracy, not stability, and the cost per
// step is fixed. Every stage solves Y = b + c*f(ts, Y) by modified Newton with a finite-difference
// Jacobian (one right-hand side per colour of its sparsity pattern, coloured_jacobian.h) that is
// kept across stages and steps while the iteration converges, and refreshed (once per stage) when
// it does not. The Newton tolerances are the configuration's rtol and atol
// (atol relative to each state's nominal magnitude, as for the adaptive steppers).
#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <limits>

#include "system_jacobian.h"
#include "fixed_stepper.h"

namespace hs::sim {

namespace {

class ImplicitStepper : public FixedStepper {
public:
    std::string init(System& sys, double t0, const double* y0, const SolverSettings& s) override {
        if (auto e = FixedStepper::init(sys, t0, y0, s); !e.empty()) return e;
        if (!(s.rtol > 0) || !(s.atol > 0)) return "the Newton tolerances rtol and atol must be positive";
        rtol_ = s.rtol;
        atol_ = s.atol;
        const int n = sys.stateCount();
        jac_.resize(n, n);
        f_.assign(static_cast<size_t>(n), 0.0);
        b_.assign(static_cast<size_t>(n), 0.0);
        stage_.assign(static_cast<size_t>(n), 0.0);
        trial_.assign(static_cast<size_t>(n), 0.0);
        r_.resize(n);
        rt_.resize(n);
        d_.resize(n);
        haveLu_ = false;
        // The coloured differences unless asked: with the analytic Jacobian SDIRK2 at 5e-4 s took
        // 3.7x the right-hand sides on Circuit 1 over 100.5 s (Newton refreshing it at a drained
        // volume near the square root's kink, docs/performance.md §10).
        JacobianKind kind = JacobianKind::Differences;
        if (!parseJacobianKind(s.jacobian, kind)) return "unknown jacobian '" + s.jacobian + "' (expected analytic or differences)";
        jacobian_.setUp(sys, t0, y0, kind);
        return {};
    }

protected:
    // One step of size h from (t, y) into out; false if a stage did not converge.
    virtual bool takeStep(double t, const double* y, double h, double* out, int n) = 0;

    // The configuration's step, split in halves (recursively, up to 1/256) where a stage's Newton
    // iteration fails: at a valve that shuts or a compensator that reaches K = 0 the flows are
    // not smooth, and a smaller step brings the guess close enough to converge.
    bool step(double t, const double* y, int n) override { return advanceBy(t, y, dt_, tmp_.data(), n, 0); }
    bool advanceBy(double t, const double* y, double h, double* out, int n, int depth) {
        if (takeStep(t, y, h, out, n)) return true;
        if (depth >= kMaxSplit) return false;
        ++splits_;
        std::vector<double> mid(static_cast<size_t>(n));
        if (!advanceBy(t, y, 0.5 * h, mid.data(), n, depth + 1)) return false;
        return advanceBy(t + 0.5 * h, mid.data(), 0.5 * h, out, n, depth + 1);
    }
    static constexpr int kMaxSplit = 8;

    // Solves Y = b + c*f(ts, Y) for Y, starting from the guess in Y. Modified Newton while it
    // contracts well; when it does not (a stale Jacobian, or a square-root law near zero pressure
    // drop, whose slope changes fast), the Jacobian is refreshed at the current iterate, which
    // makes it full Newton through the hard part. Each step is damped (halved) until the scaled
    // residual falls: plain Newton on Q ~ sqrt|p| around p = 0 jumps between +p and -p forever.
    bool solveStage(double ts, const double* b, double c, double* Y, int n) {
        constexpr int kMaxIter = 40, kMaxHalvings = 6;
        if ((!haveLu_ || luC_ != c) && !factor(ts, Y, c, n)) return failStage(ts);
        Eigen::VectorXd& r = r_;
        Eigen::VectorXd& rt = rt_;
        Eigen::VectorXd& d = d_;
        std::vector<double>& yt = trial_;
        double rn = residual(ts, b, c, Y, n, r);
        double prev = std::numeric_limits<double>::infinity();
        int sinceFactor = 0;
        for (int it = 0; it < kMaxIter && std::isfinite(rn); ++it) {
            ++newton_;
            d.noalias() = lu_.solve(r);
            const double dn = scaledMax(d, Y, n);
            if (!std::isfinite(dn)) break;
            if (dn <= 1.0) {
                for (int i = 0; i < n; ++i) Y[i] -= d(i);
                sys_->project(Y);
                return true;
            }
            // Accept a step that at least halves the residual per unit of lambda (a mirror image
            // of the iterate, the square-root trap, reduces it by almost nothing).
            double lambda = 1.0, rtn = 0.0;
            for (int h = 0; h <= kMaxHalvings; ++h, lambda *= 0.5) {
                for (int i = 0; i < n; ++i) yt[static_cast<size_t>(i)] = Y[i] - lambda * d(i);
                sys_->project(yt.data());
                rtn = residual(ts, b, c, yt.data(), n, rt);
                if (rtn <= (1.0 - 0.5 * lambda) * rn) break;
            }
            for (int i = 0; i < n; ++i) Y[i] = yt[static_cast<size_t>(i)];
            r.swap(rt);
            rn = rtn;
            ++sinceFactor;
            if (dn > 0.3 * prev || sinceFactor > 4) {
                if (!factor(ts, Y, c, n)) break;
                sinceFactor = 0;
                prev = std::numeric_limits<double>::infinity();
                rn = residual(ts, b, c, Y, n, r);
            } else {
                prev = dn;
            }
        }
        return failStage(ts);
    }

private:
    // r = Y - b - c*f(ts, Y); returns its scaled 2-norm (the scale of the Newton tolerance).
    double residual(double ts, const double* b, double c, const double* Y, int n, Eigen::VectorXd& r) {
        sys_->rhs(ts, Y, f_.data());
        ++rhs_;
        double sum = 0.0;
        for (int i = 0; i < n; ++i) {
            r(i) = Y[i] - b[i] - c * f_[static_cast<size_t>(i)];
            // A state held at its lower bound (compensator opening K >= 0) whose equation wants
            // it lower is an active constraint, not a residual: the explicit steppers project it
            // there too.
            if (Y[i] <= sys_->states[static_cast<size_t>(i)].lower && r(i) > 0) r(i) = 0.0;
            const double e = r(i) / scale(i, Y[i]);
            sum += e * e;
        }
        return std::sqrt(sum);
    }
    double scaledMax(const Eigen::VectorXd& d, const double* Y, int n) const {
        double m = 0.0;
        for (int i = 0; i < n; ++i) m = std::max(m, std::abs(d(i)) / scale(i, Y[i]));
        return m;
    }
    double scale(int i, double y) const {
        return rtol_ * std::abs(y) + atol_ * sys_->states[static_cast<size_t>(i)].nominal;
    }

    bool failStage(double ts) {
        char buf[200];
        std::snprintf(buf, sizeof buf,
                      "%s: the Newton iteration of an implicit stage did not converge at t = %.6g s (step %.3g s); "
                      "reduce the step or loosen rtol/atol",
                      name(), ts, dt_);
        error_ = buf;
        haveLu_ = false;
        return false;
    }

    // Finite-difference Jacobian at (ts, Y), one rhs() per colour of its columns
    // (coloured_jacobian.h), and the LU factors of I - c*J.
    bool factor(double ts, double* Y, double c, int n) {
        sys_->rhs(ts, Y, stage_.data());
        ++rhs_;
        rhs_ += jacobian_.evaluate(*sys_, ts, Y, stage_.data(), jac_.data(), n);
        if (!jac_.allFinite()) return false;
        ++jacobians_;
        lu_.compute(Eigen::MatrixXd::Identity(n, n) - c * jac_);
        luC_ = c;
        haveLu_ = true;
        return true;
    }

protected:
    std::vector<double> f_, b_, stage_, trial_;

private:
    Eigen::MatrixXd jac_;
    SystemJacobian jacobian_;
    Eigen::VectorXd r_, rt_, d_;  // Newton scratch, sized once
    Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
    double luC_ = 0.0, rtol_ = 1e-6, atol_ = 1e-6;
    bool haveLu_ = false;
};

class ImplicitEuler final : public ImplicitStepper {
public:
    const char* name() const override { return "implicit_euler"; }

protected:
    bool takeStep(double t, const double* y, double h, double* out, int n) override {
        for (int i = 0; i < n; ++i) out[i] = y[i];
        return solveStage(t + h, y, h, out, n);
    }
};

// Alexander (1977): gamma = 1 - 1/sqrt(2);
//   Y1 = y + h*gamma*f(t + gamma*h, Y1)
//   Y2 = y + h*(1 - gamma)*f(Y1) + h*gamma*f(t + h, Y2),   y_next = Y2.
// f(Y1) is taken from the stage equation, (Y1 - y)/(h*gamma), which saves an evaluation and is
// exact to the Newton tolerance. Both stages share c = h*gamma and so one factorisation.
class Sdirk2 final : public ImplicitStepper {
public:
    const char* name() const override { return "sdirk2"; }

protected:
    bool takeStep(double t, const double* y, double h, double* Y, int n) override {
        const double g = 1.0 - std::sqrt(0.5), c = g * h;
        for (int i = 0; i < n; ++i) Y[i] = y[i];
        if (!solveStage(t + c, y, c, Y, n)) return false;
        for (int i = 0; i < n; ++i) {
            const double k1 = (Y[i] - y[i]) / c;
            b_[static_cast<size_t>(i)] = y[i] + (1.0 - g) * h * k1;
            Y[i] = y[i] + h * k1;  // guess: the explicit continuation of stage 1
        }
        return solveStage(t + h, b_.data(), c, Y, n);
    }
};

}  // namespace

std::unique_ptr<Stepper> makeImplicitEuler() { return std::make_unique<ImplicitEuler>(); }
std::unique_ptr<Stepper> makeSdirk2() { return std::make_unique<Sdirk2>(); }

}  // namespace hs::sim
