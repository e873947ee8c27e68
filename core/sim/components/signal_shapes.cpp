// SPDX-License-Identifier: GPL-3.0-or-later
// Signal sources shaped in time: a single pulse and Hopsan's soft (half-cosine) step.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Fixed steps accumulate t += dt (simulator.cpp), so the step meant to land on an edge time can
// arrive a few ulps early: an edge counts as reached within 1e-9 of it (relative, at least 1e-9 s),
// as Hopsan's sources test t + dt/2 for the same reason.
bool reached(double t, double edge) { return t >= edge - 1e-9 * std::max(1.0, std::abs(edge)); }

class Pulse final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        base_ = p.num("base"); amp_ = p.num("amplitude"); t0_ = p.num("t_start"); t1_ = p.num("t_end");
        return t1_ >= t0_ ? std::string() : std::string("t_end must not be before t_start");
    }
    void eval(Eval& e) override { out(e, 0, reached(e.t, t0_) && !reached(e.t, t1_) ? base_ + amp_ : base_); }
    double nextBreakpoint(double t) const override { return t < t0_ ? t0_ : t < t1_ ? t1_ : kInf; }

private:
    double base_ = 0, amp_ = 1, t0_ = 1, t1_ = 2;
};

// y0 + A (1 - cos(pi (t - t0)/(t1 - t0)))/2 between t0 and t1: continuous slope at both ends.
class SoftStep final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        y0_ = p.num("y0"); amp_ = p.num("amplitude"); t0_ = p.num("t_start"); t1_ = p.num("t_end");
        return t1_ > t0_ ? std::string() : std::string("t_end must be later than t_start");
    }
    void eval(Eval& e) override {
        double v = y0_;
        if (reached(e.t, t1_)) v = y0_ + amp_;
        else if (e.t >= t0_) v = y0_ + 0.5 * amp_ * (1 - std::cos(std::numbers::pi * (e.t - t0_) / (t1_ - t0_)));
        out(e, 0, v);
    }
    double nextBreakpoint(double t) const override { return t < t0_ ? t0_ : t < t1_ ? t1_ : kInf; }

private:
    double y0_ = 0, amp_ = 1, t0_ = 1, t1_ = 2;
};

}  // namespace

void registerSignalShapes(Registry& r) {
    r.add(SpecBuilder("Pulse", "Signals", "Pulse")
              .describe("base + amplitude from t_start until t_end, base outside.")
              .equations("out = base + amplitude (t_start <= t < t_end), base otherwise")
              .source("Hopsan SignalPulse (the same at step times: both snap an edge the steps reach within rounding)")
              .output("out", "Signal")
              .param("base", "-", 0.0, -kInf, kInf, "Base value")
              .param("amplitude", "-", 1.0, -kInf, kInf, "Pulse height above the base")
              .param("t_start", "s", 1.0, 0.0, kInf, "Start of the pulse")
              .param("t_end", "s", 2.0, 0.0, kInf, "End of the pulse")
              .factory<Pulse>());
    r.add(SpecBuilder("SoftStep", "Signals", "Soft step")
              .describe("Step from y0 to y0 + amplitude along a half cosine between t_start and t_end.")
              .equations("out = y0 + amplitude (1 - cos(pi (t - t_start)/(t_end - t_start)))/2 between, y0 before, y0 + amplitude after")
              .source("Hopsan SignalSoftStep (the same)")
              .output("out", "Signal")
              .param("y0", "-", 0.0, -kInf, kInf, "Value before t_start")
              .param("amplitude", "-", 1.0, -kInf, kInf, "Height of the step")
              .param("t_start", "s", 1.0, 0.0, kInf, "Start of the transition")
              .param("t_end", "s", 2.0, 0.0, kInf, "End of the transition")
              .factory<SoftStep>());
}

}  // namespace hs::sim
