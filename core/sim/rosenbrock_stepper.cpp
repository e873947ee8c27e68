// SPDX-License-Identifier: GPL-3.0-or-later
// Adaptive L-stable Rosenbrock-W stepper "rosw3": ROS34PW2 of Rang & Angermann (BIT 45, 2005),
// four stages, order 3 with an embedded order-2 error estimate, L-stable and stiffly accurate,
// and a W-method: it keeps order 3 with any approximation of the Jacobian in the linear systems,
// so one finite-difference Jacobian (coloured_jacobian.h) serves many steps. Each step solves four
// linear systems with one LU of (I/(h gamma) - J) and takes four right-hand sides (the last one,
// f at the new state, is the first stage of the next step and the right end of the interpolant).
// No Newton iteration: nothing to fail to converge at a square-root law near zero pressure drop,
// where Newton maps +p to -p (docs/performance.md §8).
//
// Input discontinuities: the step never crosses the next one the sources declare
// (System::nextBreakpoint); it ends exactly there and the engine restarts the stepper, which
// drops the Jacobian (a valve's opening may have jumped) and starts again from the configured
// first step dt. Records are not stopping points: the stepper steps past them and gives the
// state at a record by the method's dense output of order 3 over the step that contains it.
//
// Written here rather than taken from a library: SUNDIALS 6.4 (the Debian package) has no
// Rosenbrock method, and the stepper needs the engine's breakpoints, bounds and Jacobian.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

#include "system_jacobian.h"
#include "small_lu.h"
#include "stepper.h"
#include "system.h"

namespace hs::sim {
namespace {

constexpr int kStages = 4;

// ROS34PW2 in the form (I - h g J) k_i = h f(t + alpha_i h, y + sum_j A_ij k_j)
//   + h J sum_{j<i} Gamma_ij k_j + gamma_i h^2 f_t,  y1 = y + sum b_i k_i  (b2: embedded order 2).
// Coefficients as published (Rang & Angermann 2005, Table 4.3; also PETSc TSROSWRA34PW2).
struct Tableau {
    double g = 4.3586652150845900e-01;
    double A[kStages][kStages] = {{0, 0, 0, 0},
                                  {8.7173304301691801e-01, 0, 0, 0},
                                  {8.4457060015369423e-01, -1.1299064236484185e-01, 0, 0},
                                  {0, 0, 1.0, 0}};
    double G[kStages][kStages] = {
        {4.3586652150845900e-01, 0, 0, 0},
        {-8.7173304301691801e-01, 4.3586652150845900e-01, 0, 0},
        {-9.0338057013044082e-01, 5.4180672388095326e-02, 4.3586652150845900e-01, 0},
        {2.4212380706095346e-01, -1.2232505839045147e+00, 5.4526025533510214e-01, 4.3586652150845900e-01}};
    double b[kStages] = {2.4212380706095346e-01, -1.2232505839045147e+00, 1.5452602553351020e+00,
                         4.3586652150845900e-01};
    double b2[kStages] = {3.7810903145819369e-01, -9.6042292212423178e-02, 5.0000000000000000e-01,
                          2.1793326075422950e-01};
    // Dense output of order 3: y(t + s h) = y + sum_i d_i(s) k_i, d_i(s) = sum_j B_ij s^(j+1)
    // (PETSc's binterpt for this method; d_i(1) = b_i).
    double B[kStages][3] = {{1.0564298455794094, -1.3864882699759573, 0.5721822314575016},
                            {2.296429974281067, -8.262611700275677, 4.742931142090097},
                            {-1.307599564525376, 7.250979895056055, -4.398120075195578},
                            {-1.045260255335102, 2.398120075195581, -0.9169932983520199}};
};

// The same method in the variables u_i = sum_{j<=i} Gamma_ij k_j, which need no products with J:
//   (I/(h g) - J) u_i = f(t + alpha_i h, y + sum_{j<i} a_ij u_j) + sum_{j<i} (c_ij / h) u_j
//                       + gamma_i h f_t,
//   y1 = y + sum m_i u_i, error = sum (m_i - m2_i) u_i,
// with a = A Gamma^-1, c = -Gamma^-1 below the diagonal, m = b Gamma^-1 (Hairer & Wanner II,
// §IV.7). Computed once from the published table.
struct Transformed {
    double a[kStages][kStages] = {}, c[kStages][kStages] = {}, m[kStages] = {}, e[kStages] = {};
    // Dense output in u: y(t + s h) = y + sum_i (sum_j D_ij s^(j+1)) u_i, D = (B^T Gamma^-1)^T.
    double D[kStages][3] = {};
    double alpha[kStages] = {}, gamma[kStages] = {}, g = 0;
};

Transformed transform(const Tableau& t) {
    Transformed r;
    r.g = t.g;
    double inv[kStages][kStages] = {};  // Gamma^-1, lower triangular
    for (int i = 0; i < kStages; ++i) {
        inv[i][i] = 1.0 / t.G[i][i];
        for (int j = i - 1; j >= 0; --j) {
            double s = 0.0;
            for (int k = j; k < i; ++k) s += t.G[i][k] * inv[k][j];
            inv[i][j] = -s / t.G[i][i];
        }
    }
    for (int i = 0; i < kStages; ++i) {
        for (int j = 0; j < kStages; ++j) {
            double s = 0.0;
            for (int k = 0; k < kStages; ++k) s += t.A[i][k] * inv[k][j];
            r.a[i][j] = s;
            r.c[i][j] = j < i ? -inv[i][j] : 0.0;
            r.alpha[i] += t.A[i][j];
            r.gamma[i] += t.G[i][j];
        }
        double m = 0.0, m2 = 0.0;
        for (int k = 0; k < kStages; ++k) {
            m += t.b[k] * inv[k][i];
            m2 += t.b2[k] * inv[k][i];
        }
        r.m[i] = m;
        r.e[i] = m - m2;
        for (int j = 0; j < 3; ++j) {
            double d = 0.0;
            for (int k = 0; k < kStages; ++k) d += t.B[k][j] * inv[k][i];
            r.D[i][j] = d;
        }
    }
    return r;
}

const Transformed& method() {
    static const Transformed m = transform(Tableau{});
    return m;
}

class RosenbrockW final : public Stepper {
public:
    const char* name() const override { return "rosw3"; }
    bool fixedStep() const override { return false; }

    std::string init(System& sys, double t0, const double* y0, const SolverSettings& s) override {
        sys_ = &sys;
        if (!(s.rtol > 0) || !(s.atol > 0)) return "rosw3 needs positive rtol and atol";
        rtol_ = s.rtol;
        atol_ = s.atol;
        h0_ = s.dt > 0 ? s.dt : 1e-6;
        hmax_ = s.maxStep > 0 ? s.maxStep : std::numeric_limits<double>::infinity();
        n_ = sys.stateCount();
        const size_t n = static_cast<size_t>(n_);
        for (auto* v : {&y_, &f_, &yPrev_, &ynew_, &stage_, &fs_, &ft_, &ftTmp_, &absTol_})
            v->assign(n, 0.0);
        u_.assign(kStages * n, 0.0);
        uPrev_.assign(kStages * n, 0.0);
        cubic_.assign(3 * n, 0.0);
        jac_.assign(n * n, 0.0);
        for (int i = 0; i < n_; ++i) absTol_[static_cast<size_t>(i)] = atol_ * sys.states[static_cast<size_t>(i)].nominal;
        // The analytic Jacobian unless asked otherwise: fewer steps and right-hand sides on
        // Circuits 1 and 2 (docs/performance.md §10); a W-method needs no Newton convergence.
        JacobianKind kind = JacobianKind::Analytic;
        if (!parseJacobianKind(s.jacobian, kind)) return "unknown jacobian '" + s.jacobian + "' (expected analytic or differences)";
        if (n_ > 0) jacobian_.setUp(sys, t0, y0, kind);
        restart(t0, y0);
        return {};
    }

    // An input discontinuity at t: new right-hand side, Jacobian dropped, first step again.
    void restart(double t, const double* y) override {
        t_ = tPrev_ = t;
        std::copy(y, y + n_, y_.begin());
        evalRhs(t_, y_.data(), f_.data());
        yPrev_ = y_;
        h_ = std::min(firstStep(), hmax_);
        haveJ_ = false;
        haveAccepted_ = false;
        stop_ = sys_->nextBreakpoint(t_);
    }

    void restrictInterpolation(std::vector<int> states) override { readStates_ = std::move(states); }
    void completeState(double t, double* y) override { interpolateAll(t, y); }
    double denseUntil() const override { return t_ > tPrev_ ? t_ : -std::numeric_limits<double>::infinity(); }
    void sampleStates(const double* times, int count, const int* idx, int nIdx, double* const* out) override {
        if (!cubicReady_) formCubic();
        const int n = n_;
        const double h = t_ - tPrev_;
        sampleS_.resize(static_cast<size_t>(count));
        double* __restrict sr = sampleS_.data();
        for (int r = 0; r < count; ++r) sr[r] = std::max(0.0, (times[r] - tPrev_) / h);
        const double* __restrict y0 = yPrev_.data();
        const double* __restrict c1 = cubic_.data();
        for (int j = 0; j < nIdx; ++j) {
            const int i = idx[j];
            const double a = y0[i], b1 = c1[i], b2 = c1[i + n], b3 = c1[i + 2 * n];
            double* __restrict o = out[j];
            for (int r = 0; r < count; ++r) o[r] = a + sr[r] * (b1 + sr[r] * (b2 + sr[r] * b3));
        }
    }

    bool advance(double tOut, double& t, double* y) override {
        if (n_ == 0) {
            t = tOut;
            return true;
        }
        if (tOut <= t_) {  // inside the last step: records are often many per step
            interpolate(tOut, y);
            t = tOut;
            return true;
        }
        const double eps = 1e-13 * std::max(1.0, std::abs(tOut));
        while (t_ < tOut - eps) {
            if (t_ >= stop_ - eps) restart(t_, y_.data());  // a breakpoint the engine has not restarted at
            if (!step()) {
                t = tPrev_;
                std::copy(y_.begin(), y_.end(), y);
                return false;
            }
        }
        interpolate(tOut, y);
        t = tOut;
        return true;
    }

private:
    // One accepted step (after as many rejected tries as needed) from (t_, y_).
    bool step() {
        const Transformed& M = method();
        int rejects = 0;
        for (;;) {
            double h = std::min(h_, hmax_);
            bool toStop = false;
            if (t_ + h >= stop_ - 1e-9 * h) {  // never past an input discontinuity; land on it exactly
                h = stop_ - t_;
                toStop = true;
            }
            if (!haveJ_ && !refreshJacobian(h)) return fail("the Jacobian is not finite");
            if (!factor(h)) return fail("the step matrix is singular");
            double err = 0.0;
            const bool finite = stages(M, h) && (err = errorNorm(M), std::isfinite(err));
            if (finite && err <= 1.0) {
                sys_->project(ynew_.data());
                bad_ = firstBadState(*sys_, ynew_.data());
                // A step that ends out of bounds is halved until it is tiny: the run then stops
                // where the solution leaves its physical range, not a long step before it.
                if (bad_ >= 0 && h > 1e-9 * std::max(1.0, std::abs(t_))) {
                    bad_ = -1;
                    h_ = 0.5 * h;
                    ++rejects;
                    continue;
                }
                if (bad_ >= 0) {
                    badValue_ = ynew_[static_cast<size_t>(bad_)];
                    error_ = "state left its bounds";
                    return false;
                }
                tPrev_ = t_;
                uPrev_.swap(u_);
                cubicReady_ = false;
                yPrev_.swap(y_);
                y_.swap(ynew_);
                t_ = toStop ? stop_ : t_ + h;
                evalRhs(t_, y_.data(), f_.data());
                if (sys_->stageFailed()) return fail(sys_->failure().c_str());
                ++steps_;
                ++jacAge_;
                h_ = h * growth(h, err, rejects > 0);
                if (jacAge_ >= kMaxJacobianAge) haveJ_ = false;
                if (toStop) stop_ = sys_->nextBreakpoint(t_);
                return true;
            }
            // Rejected: the step shrinks; a second rejection in a row refreshes a stale Jacobian
            // (the W-method's order does not need it, but its error constant and damping do).
            ++rejects;
            if (jacAge_ > 0 && rejects >= 2) haveJ_ = false;
            const double fac = finite ? std::clamp(0.9 / std::cbrt(err), 0.2, 0.9) : 0.25;
            h_ = h * fac;
            if (rejects > 60 || h_ < 1e-14 * std::max(1.0, std::abs(t_)))
                return fail("step size underflow (the error test failed repeatedly)");
        }
    }

    // The first step after a start or an input discontinuity: the configured dt, or longer when
    // the state moves slowly against its tolerance (Hairer, Norsett & Wanner I, II.4: 1 % of the
    // time the state needs to move by itself, in the error norm).
    double firstStep() const {
        double d0 = 0.0, d1 = 0.0;
        for (int i = 0; i < n_; ++i) {
            const size_t k = static_cast<size_t>(i);
            const double sc = absTol_[k] + rtol_ * std::abs(y_[k]);
            d0 += (y_[k] / sc) * (y_[k] / sc);
            d1 += (f_[k] / sc) * (f_[k] / sc);
        }
        const double guess = d0 > 1e-10 && d1 > 1e-10 ? 0.01 * std::sqrt(d0 / d1) : h0_;
        return std::max(h0_, guess);
    }

    // Step-size factor after an accepted step with error err (scaled, <= 1): the error of the
    // embedded order-2 solution scales as h^3; Gustafsson's predictive controller (Hairer &
    // Wanner II, IV.8, as in RODAS) takes the smaller of the plain and the predicted factor, which
    // damps the accept-grow-reject cycle of the plain one.
    double growth(double h, double err, bool afterReject) {
        err = std::max(err, 1e-10);
        double fac = 0.9 / std::cbrt(err);
        if (haveAccepted_) {
            const double pred = 0.9 * (h / hAcc_) / std::cbrt(err * err / errAcc_);
            fac = std::min(fac, pred);
        }
        haveAccepted_ = true;
        hAcc_ = h;
        errAcc_ = std::max(1e-2, err);
        fac = std::clamp(fac, 0.2, 6.0);
        return afterReject ? std::min(fac, 1.0) : fac;  // no growth right after a rejection
    }

    // The four stages into u_, ynew_ = y + sum m_i u_i. False if a stage is not finite.
    bool stages(const Transformed& M, double h) {
        const int n = n_;
        double* u = u_.data();
        double ch[kStages][kStages];
        for (int s = 0; s < kStages; ++s)
            for (int j = 0; j < s; ++j) ch[s][j] = M.c[s][j] / h;
        for (int s = 0; s < kStages; ++s) {
            const double* fs = f_.data();
            if (s > 0) {
                for (int i = 0; i < n; ++i) {
                    double v = y_[static_cast<size_t>(i)];
                    for (int j = 0; j < s; ++j) v += M.a[s][j] * u[j * n + i];
                    stage_[static_cast<size_t>(i)] = v;
                }
                evalRhs(stageTime(t_ + M.alpha[s] * h), stage_.data(), fs_.data());
                fs = fs_.data();
            }
            double* us = u + s * n;
            double finite = 0.0;
            for (int i = 0; i < n; ++i) {
                double v = fs[i];
                for (int j = 0; j < s; ++j) v += ch[s][j] * u[j * n + i];
                if (timeDependent_) v += M.gamma[s] * h * ft_[static_cast<size_t>(i)];
                us[i] = v;
                finite += v * 0.0;  // NaN iff v is not finite
            }
            if (finite != 0.0) return false;
            lu_.solve(us);
        }
        for (int i = 0; i < n; ++i) {
            double v = y_[static_cast<size_t>(i)];
            for (int s = 0; s < kStages; ++s) v += M.m[s] * u[s * n + i];
            ynew_[static_cast<size_t>(i)] = v;
        }
        return true;
    }

    // A stage at the end of a step that lands on an input discontinuity belongs to the segment
    // before it: the sources switch at the discontinuity itself, so the stage takes the last time
    // before it (one ulp earlier).
    double stageTime(double ts) const {
        return ts < stop_ ? ts : std::nextafter(stop_, -std::numeric_limits<double>::infinity());
    }

    // Root mean square of the embedded error over the scale atol*nominal + rtol*|y|.
    double errorNorm(const Transformed& M) const {
        double sum = 0.0;
        for (int i = 0; i < n_; ++i) {
            double e = 0.0;
            for (int s = 0; s < kStages; ++s) e += M.e[s] * u_[static_cast<size_t>(s * n_ + i)];
            const size_t k = static_cast<size_t>(i);
            const double sc = absTol_[k] + rtol_ * std::max(std::abs(y_[k]), std::abs(ynew_[k]));
            sum += (e / sc) * (e / sc);
        }
        return std::sqrt(sum / n_);
    }

    // Finite-difference Jacobian at (t_, y_) (one rhs per colour) and, by a forward difference
    // in t that stays inside the current input segment, the explicit time dependence f_t
    // (exactly zero for piecewise-constant inputs, then skipped).
    bool refreshJacobian(double h) {
        rhs_ += jacobian_.evaluate(*sys_, t_, y_.data(), f_.data(), jac_.data(), n_);
        ++jacobians_;
        jacAge_ = 0;
        haveJ_ = true;
        const double dt = std::min(1e-7 * std::max(std::abs(t_), h), 0.5 * (stop_ - t_));
        timeDependent_ = false;
        if (dt > 0) {
            evalRhs(t_ + dt, y_.data(), ftTmp_.data());
            for (int i = 0; i < n_; ++i) {
                const size_t k = static_cast<size_t>(i);
                ft_[k] = (ftTmp_[k] - f_[k]) / dt;
                if (ft_[k] != 0.0) timeDependent_ = true;
            }
        }
        double finite = 0.0;
        for (double v : jac_) finite += v * 0.0;
        return finite == 0.0;
    }

    // LU of I/(h g) - J.
    bool factor(double h) {
        std::vector<double>& w = lu_.storage();
        w.resize(jac_.size());
        const double d = 1.0 / (h * method().g);
        for (size_t k = 0; k < jac_.size(); ++k) w[k] = -jac_[k];
        for (int i = 0; i < n_; ++i) w[static_cast<size_t>(i * n_ + i)] += d;
        return lu_.factor(w, n_);
    }

    // The method's dense output over the last step [tPrev_, t_] (order 3, from its stages: no
    // derivative values, which in a stiff component are large even where the solution is flat).
    // Its cubic in s = (t - tPrev_)/h is formed once per step, at the first record inside it:
    // records are often many per step.
    // Inside a step only the states named by restrictInterpolation() are filled (all when none
    // were named): a record reads a few probes, and interpolating every state for each of
    // Circuit 2's 20 001 records was a quarter of the run's instructions.
    void interpolate(double tOut, double* __restrict y) {
        if (readStates_.empty() || tOut >= t_ || !(t_ > tPrev_)) {
            interpolateAll(tOut, y);
            return;
        }
        if (!cubicReady_) formCubic();
        const double s = std::max(0.0, (tOut - tPrev_) / (t_ - tPrev_));
        for (const int i : readStates_) y[i] = cubicAt(s, i);
    }
    void interpolateAll(double tOut, double* __restrict y) {
        if (tOut >= t_ || !(t_ > tPrev_)) {
            std::copy(y_.begin(), y_.end(), y);
            return;
        }
        if (!cubicReady_) formCubic();
        const double s = std::max(0.0, (tOut - tPrev_) / (t_ - tPrev_));
        for (int i = 0; i < n_; ++i) y[i] = cubicAt(s, i);
    }
    // State i of the dense output at s = (t - tPrev_)/h (the cubic formed).
    double cubicAt(double s, int i) const {
        const double* c = cubic_.data();
        return yPrev_[static_cast<size_t>(i)] + s * (c[i] + s * (c[i + n_] + s * c[i + 2 * n_]));
    }
    void formCubic() {
        const Transformed& M = method();
        const int n = n_;
        std::fill(cubic_.begin(), cubic_.end(), 0.0);
        for (int k = 0; k < kStages; ++k)
            for (int j = 0; j < 3; ++j) {
                const double d = M.D[k][j];
                const double* __restrict u = uPrev_.data() + k * n;
                double* __restrict c = cubic_.data() + j * n;
                for (int i = 0; i < n; ++i) c[i] += d * u[i];
            }
        cubicReady_ = true;
    }

    void evalRhs(double t, const double* y, double* f) {
        sys_->rhs(t, y, f);
        ++rhs_;
    }

    bool fail(const char* why) {
        char buf[240];
        std::snprintf(buf, sizeof buf, "rosw3 at t = %.6g s (step %.3g s): %s", t_, h_, why);
        error_ = buf;
        return false;
    }

    // A Jacobian serves at most this many accepted steps. Measured on Circuits 1 and 2
    // (docs/performance.md §9): a fresh one every step takes the fewest steps, 20 steps ~1.5x the
    // steps; 4 costs the least in all (a Jacobian is 6-9 right-hand sides, a step 4).
    static constexpr int kMaxJacobianAge = 4;

    System* sys_ = nullptr;
    int n_ = 0;
    double rtol_ = 1e-6, atol_ = 1e-6, h0_ = 1e-6, hmax_ = 0, h_ = 1e-6;
    double t_ = 0, tPrev_ = 0, stop_ = 0;
    bool haveJ_ = false, timeDependent_ = false, haveAccepted_ = false;
    double hAcc_ = 0, errAcc_ = 1;  // step and error of the last accepted step (step controller)
    int jacAge_ = 0;
    std::vector<double> y_, f_, yPrev_, ynew_, stage_, fs_, ft_, ftTmp_, absTol_;
    // Stage increments u_i (stage-major, kStages x n) of the step being taken and of the last
    // accepted one (for the dense output).
    std::vector<double> u_, uPrev_;
    std::vector<double> cubic_;  // dense output: coefficients of s, s^2, s^3 (3 x n), valid if cubicReady_
    bool cubicReady_ = false;
    std::vector<int> readStates_;  // the states the caller reads between steps (empty: all)
    std::vector<double> sampleS_;  // sampleStates(): s = (t - tPrev_)/h of each time
    std::vector<double> jac_;  // J, column-major
    SmallLu lu_;
    SystemJacobian jacobian_;
};

}  // namespace

std::unique_ptr<Stepper> makeRosenbrockW3() { return std::make_unique<RosenbrockW>(); }

}  // namespace hs::sim
