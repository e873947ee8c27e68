// SPDX-License-Identifier: GPL-3.0-or-later
// Hose: a transmission line (TLM) with line friction and visco-elastic walls, after Krus,
// Weddfelt and Palmberg, "Fast pipeline models for simulation of hydraulic systems" (J. Dyn.
// Syst. Meas. Control 116, 1994), in the discrete form of Hopsan's HydraulicHose
// (componentLibraries/defaultLibrary/Hydraulic/Volumes&Lines): our own code of its equations.
//
// Each end k is a Thevenin source p_k = c_k + Z_k q_k (q into the hose) held over the step. Once
// a step, with the step's q_k and c_k:
//   R(q): laminar 128 mu L/(pi d^4) below Re = 2300, else Blasius f = 0.079 Re^-1/4 with
//         R q = 32 rho f L |q| q/(pi^2 d^5) and the slope R_L = 1.75 * 32 rho f L |q|/(pi^2 d^5);
//   R_k = (R_L(q_k) + R_k,prev)/2,  Z_k = Zc0 + B R_k,  B = 1/(2 kappa N + 1);
//   the wave entering at k, w_k = c_k + 2 Zc0 q_k, leaves the far end after N steps through
//   (1 + s/W2)/(1 + s/W1) (distributed friction, W1 = 1/(kappa T_N), W2 = W1 e^(R/(2 Zc0)),
//   R the mean of both ends') and (1 + s/W4)/(1 + s/W3) (wall viscosity: R_w = 128 eta_w L/(pi d^4),
//   W3 = R_w/(2 Zc0 T_N), W4 = W3 e^(R_w/(2 Zc0))), both bilinear at the step;
//   the friction terms: F_k <- -A1 (F_k + B R_k q_k) + B R_k q_k, E_k <- -A1 E_k + 2B (R(q_k) q_k - R_k q_k),
//   A1 = -(2 kappa N - 1)/(2 kappa N + 1);
//   c_k(next) = filtered wave from the far end + F_k - B R_k q_k + E_k.
// With mu = 0 and eta_w = 0 every filter is 1 and every friction term 0: the lossless TLM line.
// T = L/a, a = sqrt(Be/rho); Zc0 = rho a/A * T_N/T keeps the line's capacitance T/Zc.
// form: N = round(T/dt), T_N = N dt (whole steps); or Hopsan's N = T/dt + 1/2, not rounded in its
// formulas (T_N = N dt, B, A1), with the delay int(N) steps.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kPi = std::numbers::pi;

// First-order lead-lag (1 + s/wn)/(1 + s/wd), bilinear at the step; identity when wd <= 0.
struct LeadLag {
    double u = 0, y = 0;
    void reset(double v) { u = y = v; }
    double update(double x, double wn, double wd, double dt) {
        if (!(wd > 0)) {
            u = y = x;
            return x;
        }
        const double b1 = dt + 2.0 / wn, b0 = dt - 2.0 / wn, a1 = dt + 2.0 / wd, a0 = dt - 2.0 / wd;
        const double out = (b1 * x + b0 * u - a0 * y) / a1;
        u = x;
        y = out;
        return out;
    }
};

class TlmHose final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid& f) override {
        d_ = p.num("d");
        len_ = p.num("L");
        if (!(d_ > 0)) return "parameter 'd' (diameter) must be positive";
        if (!(len_ > 0)) return "parameter 'L' (length) must be positive";
        p0_ = p.num("p0");
        rho_ = p.num("rho") > 0 ? p.num("rho") : f.density;
        const double be = p.num("Be") > 0 ? p.num("Be") : f.bulk(p0_);
        mu_ = p.num("mu");
        kappa_ = p.num("kappa");
        hopsanForm_ = p.choice("form") == 1;
        hopsanStart_ = p.choice("start") == 1;
        area_ = kPi * d_ * d_ / 4.0;
        speed_ = std::sqrt(be / rho_);
        delay_ = len_ / speed_;
        rLam_ = 128.0 * mu_ * len_ / (kPi * std::pow(d_, 4));
        rWall_ = 128.0 * p.num("eta_w") * len_ / (kPi * std::pow(d_, 4));
        setStepConstants(0.0);
        return {};
    }
    bool hasStepUpdate() const override { return true; }
    double inertance() const override { return rho_ * len_ / area_; }
    void resetDiscrete() override {
        for (int k = 0; k < 2; ++k) {
            c_[k] = p0_;
            rl_[k] = rLam_;
            z_[k] = zc0_ + b_ * rl_[k];
            fric_[k] = 0.0;  // Hopsan: R q0 (1 - B) with the start flow q0 = 0
            turb_[k] = 0.0;
            ring_[k].assign(static_cast<size_t>(n_), p0_);
            filt_[k].reset(p0_);
            wall_[k].reset(p0_);
        }
        pos_ = 0;
        started_ = false;
    }
    void eval(Eval& e) override {
        setFlow(e, 0, (P(e, 0) - c_[0]) / z_[0]);
        setFlow(e, 1, (P(e, 1) - c_[1]) / z_[1]);
    }
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        for (int k = 0; k < 2; ++k)
            if (z[k] > 0) setPortPressure(e, k, (z_[k] * c[k] + z[k] * c_[k]) / (z_[k] + z[k]));
        return true;
    }
    std::string prepareStep(double dt) override {
        if (dt_ == dt) return {};
        if (delay_ < 0.5 * dt)
            return "hose delay L/c (" + std::to_string(delay_) + " s) is shorter than half the step (" + std::to_string(dt) +
                   " s); use a longer hose or a smaller step";
        setStepConstants(dt);
        resetDiscrete();
        return {};
    }
    std::string stepUpdate(Eval& e, double dt) override {
        if (dt_ != dt) {
            std::string err = prepareStep(dt);
            if (!err.empty()) return err;
        }
        double q[2], rq[2];
        for (int k = 0; k < 2; ++k) {
            double pn = 0;
            if (!neighbourPressureFlow(e, k, pn, q[k])) q[k] = hopsanStart_ && !started_ ? 0.0 : (P(e, k) - c_[k]) / z_[k];
            double rNow = 0;
            rq[k] = resistance(q[k], rNow);
            rl_[k] = 0.5 * (rNow + rl_[k]);
        }
        const double rMean = 0.5 * (rl_[0] + rl_[1]);
        const double w1 = 1.0 / (kappa_ * tn_), w2 = w1 * std::exp(rMean / (2.0 * zc0_));
        const double w3 = rWall_ / (2.0 * zc0_ * tn_), w4 = w3 * std::exp(rWall_ / (2.0 * zc0_));
        const size_t n = ring_[0].size(), oldest = (pos_ + 1) % n;
        double arriving[2];
        for (int k = 0; k < 2; ++k) {
            ring_[k][pos_] = c_[k] + 2.0 * zc0_ * q[k];
            arriving[k] = wall_[k].update(filt_[k].update(ring_[k][oldest], w2, w1, dt), w4, w3, dt);
        }
        pos_ = oldest;
        for (int k = 0; k < 2; ++k) {
            const double brq = b_ * rl_[k] * q[k];
            fric_[k] = -a1_ * (fric_[k] + brq) + brq;
            turb_[k] = -a1_ * turb_[k] + 2.0 * b_ * (rq[k] - rl_[k] * q[k]);
            c_[k] = arriving[1 - k] + fric_[k] - brq + turb_[k];
            z_[k] = zc0_ + b_ * rl_[k];
        }
        started_ = true;
        return {};
    }

private:
    // Steady line resistance: returns R(q)*q and writes the slope R_L used in the impedance.
    double resistance(double q, double& rl) const {
        if (!(mu_ > 0)) {
            rl = 0.0;
            return 0.0;
        }
        const double re = std::abs(4.0 * rho_ * q / (kPi * d_ * mu_));
        if (re < 2300.0) {
            rl = rLam_;
            return rLam_ * q;
        }
        const double f = 0.079 * std::pow(re, -0.25), k = 32.0 * rho_ * f * len_ / (kPi * kPi * std::pow(d_, 5));
        rl = 1.75 * k * std::abs(q);
        return k * std::abs(q) * q;
    }
    // dt = 0 (not known yet): the delay's own length, as for a step that divides it.
    void setStepConstants(double dt) {
        double steps = dt > 0 ? delay_ / dt : 1.0;
        if (hopsanForm_) steps += 0.5;
        else steps = std::max(1.0, std::round(steps));
        n_ = std::max(1, static_cast<int>(steps));
        tn_ = dt > 0 ? steps * dt : delay_;
        zc0_ = rho_ * speed_ / area_ * tn_ / delay_;
        if (hopsanForm_ && steps < 1.0) {  // Hopsan: N = 1 after Zc0 is set
            steps = 1.0;
            tn_ = dt;
        }
        const double den = 2.0 * kappa_ * steps + 1.0;
        b_ = 1.0 / den;
        a1_ = -(2.0 * kappa_ * steps - 1.0) / den;
        dt_ = dt;
    }

    double d_ = 0, len_ = 0, p0_ = 0, rho_ = 0, mu_ = 0, kappa_ = 1.25, area_ = 0, speed_ = 0, delay_ = 0;
    double rLam_ = 0, rWall_ = 0, dt_ = 0, tn_ = 0, zc0_ = 0, b_ = 0, a1_ = 0;
    int n_ = 1;
    bool hopsanForm_ = false, hopsanStart_ = false, started_ = false;
    double c_[2] = {0, 0}, z_[2] = {1, 1}, rl_[2] = {0, 0}, fric_[2] = {0, 0}, turb_[2] = {0, 0};
    std::vector<double> ring_[2];  // waves entering at each end, the last n
    size_t pos_ = 0;
    LeadLag filt_[2], wall_[2];  // per direction, named by the entering end
};

}  // namespace

void registerTlmHose(Registry& r) {
    r.add(SpecBuilder("TlmHose", "Lines", "Hose (TLM, visco-elastic walls)")
              .describe("Transmission line with line friction (laminar/turbulent, frequency dependence by a low-pass on "
                        "the transmitted waves) and visco-elastic walls (a second low-pass set by the wall viscosity "
                        "eta_w). With mu = 0 and eta_w = 0 it is the lossless TLM line. Needs a fixed-step run; the "
                        "delay is a whole number of steps.")
              .equations("p_k = c_k + Z_k q_k (q into the hose),  Z_k = Zc0 + B R_k,  B = 1/(2 kappa N + 1)\n"
                         "c_A(next) = W(F(c_B + 2 Zc0 q_B delayed N steps)) + friction terms (Krus et al. 1994)\n"
                         "F = (1 + s/W2)/(1 + s/W1), W1 = 1/(kappa N dt), W2 = W1 exp(R/(2 Zc0))\n"
                         "W = (1 + s/W4)/(1 + s/W3), W3 = Rw/(2 Zc0 N dt), W4 = W3 exp(Rw/(2 Zc0)), Rw = 128 eta_w L/(pi d^4)\n"
                         "R: 128 mu L/(pi d^4) (Re < 2300) or Blasius 0.079 Re^-1/4; a = sqrt(Be/rho), Zc0 = rho a/A * N dt/(L/a)")
              .source("Krus, Weddfelt, Palmberg 1994 (J. Dyn. Syst. Meas. Control 116); discrete form of Hopsan's "
                      "HydraulicHose (componentLibraries/defaultLibrary/Hydraulic/Volumes&Lines)")
              .hydraulic("A", "End A")
              .hydraulic("B", "End B")
              .param("L", "m", 1.0, 0.0, 1e5, "Length")
              .param("d", "m", 0.03, 0.0, 10.0, "Inner diameter")
              .param("mu", "Pa*s", 0.03, 0.0, 10.0, "Dynamic viscosity of the oil (0 = no line friction)")
              .param("eta_w", "Pa*s", 0.03, 0.0, 1e3, "Equivalent wall viscosity (0 = elastic walls, no wall damping)")
              .param("Be", "Pa", 1e9, 0.0, 1e11, "Effective bulk modulus of oil and wall (0 = the fluid's at p0)")
              .param("rho", "kg/m3", 0.0, 0.0, 5000.0, "Density (0 = the fluid's)")
              .param("kappa", "-", 1.25, 0.5, 10.0, "Friction filter time constant in delays (Krus et al.: 1.25)")
              .param("p0", "Pa", 0.0, -1e7, 1e9, "Initial pressure along the hose")
              .choice("form", {"whole steps", "Hopsan (N = T/dt + 1/2)"}, 0,
                      "Delay and filters from N = round(T/dt) steps, or Hopsan's unrounded N = T/dt + 1/2 in T_N, B and "
                      "the filters with a delay of int(N) steps (the import's choice)")
              .choice("start", {"solved", "Hopsan start values"}, 0,
                      "Waves of the first step: from the solve at t0, or (Hopsan) from p0 and no flow at each end, "
                      "except where a Hopsan Q-type neighbour computed its start (the import's choice)")
              .factory<TlmHose>());
}

}  // namespace hs::sim
