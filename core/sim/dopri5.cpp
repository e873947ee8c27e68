// SPDX-License-Identifier: GPL-3.0-or-later
// Adaptive Dormand-Prince 5(4) with FSAL and a standard PI-free step controller. It lands exactly
// on every requested output time (the step is shortened to hit it), so no dense output is needed.
#include <algorithm>
#include <cmath>

#include "stepper.h"
#include "system.h"

namespace hs::sim {
namespace {

class Dopri5 final : public Stepper {
public:
    const char* name() const override { return "dopri5"; }
    bool fixedStep() const override { return false; }
    std::string init(System& sys, double t0, const double* y0, const SolverSettings& s) override {
        sys_ = &sys;
        rtol_ = s.rtol;
        atol_ = s.atol;
        hmax_ = s.maxStep > 0 ? s.maxStep : std::numeric_limits<double>::infinity();
        h_ = s.dt > 0 ? s.dt : 1e-6;
        if (!(rtol_ > 0) || !(atol_ > 0)) return "dopri5 needs positive rtol and atol";
        const size_t n = static_cast<size_t>(sys.stateCount());
        for (auto* v : {&k1_, &k2_, &k3_, &k4_, &k5_, &k6_, &k7_, &ytmp_, &ynew_, &scale_}) v->assign(n, 0.0);
        for (size_t i = 0; i < n; ++i) scale_[i] = atol_ * sys.states[i].nominal;
        restart(t0, y0);
        return {};
    }
    void restart(double t, const double* y) override {
        sys_->rhs(t, y, k1_.data());
        ++rhs_;
    }
    bool advance(double tOut, double& t, double* y) override {
        const int n = sys_->stateCount();
        static constexpr double c2 = 1. / 5, c3 = 3. / 10, c4 = 4. / 5, c5 = 8. / 9;
        static constexpr double a21 = 1. / 5, a31 = 3. / 40, a32 = 9. / 40, a41 = 44. / 45, a42 = -56. / 15,
                                a43 = 32. / 9, a51 = 19372. / 6561, a52 = -25360. / 2187, a53 = 64448. / 6561,
                                a54 = -212. / 729, a61 = 9017. / 3168, a62 = -355. / 33, a63 = 46732. / 5247,
                                a64 = 49. / 176, a65 = -5103. / 18656, a71 = 35. / 384, a73 = 500. / 1113,
                                a74 = 125. / 192, a75 = -2187. / 6784, a76 = 11. / 84;
        static constexpr double e1 = 71. / 57600, e3 = -71. / 16695, e4 = 71. / 1920, e5 = -17253. / 339200,
                                e6 = 22. / 525, e7 = -1. / 40;
        int rejects = 0;
        while (t < tOut - 1e-14 * std::max(1.0, std::abs(tOut))) {
            double h = std::min({h_, hmax_, tOut - t});
            const bool last = h >= tOut - t;
            double* s = ytmp_.data();
            for (int i = 0; i < n; ++i) s[i] = y[i] + h * a21 * k1_[i];
            sys_->rhs(t + c2 * h, s, k2_.data());
            for (int i = 0; i < n; ++i) s[i] = y[i] + h * (a31 * k1_[i] + a32 * k2_[i]);
            sys_->rhs(t + c3 * h, s, k3_.data());
            for (int i = 0; i < n; ++i) s[i] = y[i] + h * (a41 * k1_[i] + a42 * k2_[i] + a43 * k3_[i]);
            sys_->rhs(t + c4 * h, s, k4_.data());
            for (int i = 0; i < n; ++i) s[i] = y[i] + h * (a51 * k1_[i] + a52 * k2_[i] + a53 * k3_[i] + a54 * k4_[i]);
            sys_->rhs(t + c5 * h, s, k5_.data());
            for (int i = 0; i < n; ++i)
                s[i] = y[i] + h * (a61 * k1_[i] + a62 * k2_[i] + a63 * k3_[i] + a64 * k4_[i] + a65 * k5_[i]);
            sys_->rhs(t + h, s, k6_.data());
            for (int i = 0; i < n; ++i)
                ynew_[i] = y[i] + h * (a71 * k1_[i] + a73 * k3_[i] + a74 * k4_[i] + a75 * k5_[i] + a76 * k6_[i]);
            sys_->rhs(t + h, ynew_.data(), k7_.data());
            rhs_ += 6;
            double err = 0.0;
            for (int i = 0; i < n; ++i) {
                const double ei = h * (e1 * k1_[i] + e3 * k3_[i] + e4 * k4_[i] + e5 * k5_[i] + e6 * k6_[i] + e7 * k7_[i]);
                const double sc = scale_[i] + rtol_ * std::max(std::abs(y[i]), std::abs(ynew_[i]));
                err += (ei / sc) * (ei / sc);
            }
            err = std::sqrt(err / std::max(n, 1));
            if (!std::isfinite(err)) err = 1e10;
            const double fac = std::clamp(0.9 * std::pow(std::max(err, 1e-10), -0.2), 0.2, 5.0);
            if (err <= 1.0) {
                bad_ = firstBadState(*sys_, ynew_.data());
                if (bad_ >= 0) { badValue_ = ynew_[bad_]; error_ = "state left its bounds"; return false; }
                t = last ? tOut : t + h;
                std::copy(ynew_.begin(), ynew_.end(), y);
                std::swap(k1_, k7_);
                ++steps_;
                rejects = 0;
                if (!last || fac < 1.0) h_ = h * fac;
            } else {
                h_ = h * std::min(fac, 0.5);
                if (++rejects > 60 || h_ < 1e-14 * std::max(1.0, std::abs(t))) {
                    error_ = "dopri5: step size underflow (the error test failed repeatedly)";
                    return false;
                }
            }
        }
        return true;
    }

private:
    System* sys_ = nullptr;
    double rtol_ = 1e-6, atol_ = 1e-8, h_ = 1e-6, hmax_ = 0;
    std::vector<double> k1_, k2_, k3_, k4_, k5_, k6_, k7_, ytmp_, ynew_, scale_;
};

}  // namespace

std::unique_ptr<Stepper> makeDopri5() { return std::make_unique<Dopri5>(); }

}  // namespace hs::sim
