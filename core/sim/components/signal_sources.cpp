// SPDX-License-Identifier: GPL-3.0-or-later
// Signal sources: constant, step, ramp, sine, square/pulse, seeded pseudo-random multilevel,
// piecewise-linear table, smooth C^k polynomial transition.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>

#include "../component.h"
#include "../registry.h"
#include "../equations/sources.h"
#include "../kernel/kernel_emitter.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

class Constant final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override { v_ = p.num("value"); return {}; }
    bool isStatic() const override { return true; }
    void eval(Eval& e) override { out(e, 0, v_); }

private:
    double v_ = 0;
};

class Step final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        t0_ = p.num("t0"); a_ = p.num("before"); b_ = p.num("after");
        return {};
    }
    void eval(Eval& e) override { out(e, 0, e.t < t0_ ? a_ : b_); }
    double nextBreakpoint(double t) const override { return t < t0_ ? t0_ : kInf; }

private:
    double t0_ = 0, a_ = 0, b_ = 1;
};

class Ramp final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        t0_ = p.num("t0"); off_ = p.num("offset"); slope_ = p.num("slope");
        return {};
    }
    void eval(Eval& e) override { out(e, 0, off_ + slope_ * std::max(e.t - t0_, 0.0)); }
    double nextBreakpoint(double t) const override { return t < t0_ ? t0_ : kInf; }

private:
    double t0_ = 0, off_ = 0, slope_ = 1;
};

class Sine final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        a_ = p.num("amplitude"); w_ = p.num("omega"); ph_ = p.num("phase"); off_ = p.num("offset");
        return {};
    }
    void eval(Eval& e) override { out(e, 0, off_ + a_ * std::sin(w_ * e.t + ph_)); }

private:
    double a_ = 1, w_ = 1, ph_ = 0, off_ = 0;
};

// Square / pulse: high for duty*period at the start of every period after the delay
// (equations/sources.h).
class Square final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        per_ = p.num("period"); duty_ = p.num("duty"); lo_ = p.num("low"); hi_ = p.num("high"); d_ = p.num("delay");
        eq_ = {per_, duty_, lo_, hi_, d_};
        cache_.reset();
        return {};
    }
    const IntervalCache* heldOutputs() const override { return &cache_; }
    void eval(Eval& e) override { eq::square(eq_, cache_, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/sources.h", "hs::sim::eq::square", k.constant(eq_, "hs::sim::eq::SquareParams"), k.cache());
    }
    double nextBreakpoint(double t) const override {
        if (t < d_) return d_;
        const double k = std::floor((t - d_) / per_);
        const double start = d_ + k * per_, mid = start + duty_ * per_;
        return t < mid ? mid : start + per_;
    }

private:
    double per_ = 1, duty_ = 0.5, lo_ = 0, hi_ = 1, d_ = 0;
    eq::SquareParams eq_;
    IntervalCache cache_;
};

// Pseudo-random multilevel signal (PRMS): a new level every period, uniform in [min, max], or
// drawn from a list of levels (equations/sources.h). The seeds only plot their sequences; this is
// the seeded equivalent with the stated ranges and periods (notes/000_001 §2.1).
class Prms final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        per_ = p.num("period"); lo_ = p.num("min"); hi_ = p.num("max"); d_ = p.num("delay");
        seed_ = static_cast<std::uint64_t>(p.num("seed"));
        levels_.clear();
        cache_.reset();
        if (p.choice("mode") == 1) {
            std::istringstream in(p.text("levels"));
            in.imbue(std::locale::classic());
            std::string tok;
            while (std::getline(in, tok, ',')) {
                std::istringstream t(tok);
                t.imbue(std::locale::classic());
                double v;
                if (!(t >> v)) return "levels must be numbers separated by commas, e.g. 0, 1";
                levels_.push_back(v);
            }
            if (levels_.empty()) return "levels mode needs at least one level";
        }
        if (!(per_ > 0)) return "period must be positive";
        eq_ = {per_, lo_, hi_, d_, seed_, levels_.size()};
        return {};
    }
    const IntervalCache* heldOutputs() const override { return &cache_; }
    void eval(Eval& e) override { eq::prms(eq_, levels_.data(), cache_, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/sources.h", "hs::sim::eq::prms", k.constant(eq_, "hs::sim::eq::PrmsParams"),
                      k.array(levels_), k.cache());
    }
    double nextBreakpoint(double t) const override {
        if (t < d_) return d_ + per_;
        return d_ + (std::floor((t - d_) / per_) + 1.0) * per_;
    }

private:
    double per_ = 0.5, lo_ = 0, hi_ = 1, d_ = 0;
    std::uint64_t seed_ = 1;
    std::vector<double> levels_;
    eq::PrmsParams eq_;
    IntervalCache cache_;
};

// Piecewise-linear table "t0 v0; t1 v1; ...", held constant outside.
class Table final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        ts_.clear(); vs_.clear();
        std::istringstream in(p.text("points"));
        std::string row;
        while (std::getline(in, row, ';')) {
            std::istringstream r(row);
            r.imbue(std::locale::classic());
            double t, v;
            if (!(r >> t)) continue;  // empty row
            if (!(r >> v)) return "each point needs a time and a value: 't v; t v; ...'";
            if (!ts_.empty() && t < ts_.back()) return "table times must not decrease";
            ts_.push_back(t);
            vs_.push_back(v);
        }
        if (ts_.empty()) return "the table needs at least one point 't v'";
        return {};
    }
    void eval(Eval& e) override {
        const double t = e.t;
        if (t <= ts_.front()) { out(e, 0, vs_.front()); return; }
        if (t >= ts_.back()) { out(e, 0, vs_.back()); return; }
        auto it = std::upper_bound(ts_.begin(), ts_.end(), t);
        const size_t i = static_cast<size_t>(it - ts_.begin());
        const double dt = ts_[i] - ts_[i - 1];
        out(e, 0, dt > 0 ? vs_[i - 1] + (vs_[i] - vs_[i - 1]) * (t - ts_[i - 1]) / dt : vs_[i]);
    }
    double nextBreakpoint(double t) const override {
        auto it = std::upper_bound(ts_.begin(), ts_.end(), t);
        return it == ts_.end() ? kInf : *it;
    }

private:
    std::vector<double> ts_, vs_;
};

// Smooth transition from v0 to v1 between t0 and t1 with a polynomial that is C^k at both ends
// (k = 1: 3s^2-2s^3; k = 2: 10s^3-15s^4+6s^5; k = 3: 35s^4-84s^5+70s^6-20s^7).
class SmoothTransition final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        t0_ = p.num("t0"); t1_ = p.num("t1"); v0_ = p.num("v0"); v1_ = p.num("v1");
        k_ = static_cast<int>(p.num("order"));
        return t1_ > t0_ ? std::string() : std::string("t1 must be later than t0");
    }
    static double shape(double s, int k) {
        switch (k) {
        case 1: return s * s * (3 - 2 * s);
        case 2: return s * s * s * (10 + s * (-15 + 6 * s));
        default: return s * s * s * s * (35 + s * (-84 + s * (70 - 20 * s)));
        }
    }
    void eval(Eval& e) override {
        const double s = std::clamp((e.t - t0_) / (t1_ - t0_), 0.0, 1.0);
        out(e, 0, v0_ + (v1_ - v0_) * shape(s, k_));
    }

private:
    double t0_ = 0, t1_ = 1, v0_ = 0, v1_ = 1;
    int k_ = 2;
};

}  // namespace

void registerSignalSources(Registry& r) {
    r.add(SpecBuilder("Constant", "Signals", "Constant")
              .describe("Constant signal.").equations("out = value").source("-")
              .output("out", "Signal").param("value", "-", 1.0, -kInf, kInf, "Value")
              .factory<Constant>());
    r.add(SpecBuilder("Step", "Signals", "Step")
              .describe("Step from 'before' to 'after' at t0.").equations("out = before (t < t0), after (t >= t0)").source("-")
              .output("out", "Signal")
              .param("t0", "s", 0.0, 0.0, kInf, "Step time")
              .param("before", "-", 0.0, -kInf, kInf, "Value before t0")
              .param("after", "-", 1.0, -kInf, kInf, "Value from t0 on")
              .factory<Step>());
    r.add(SpecBuilder("Ramp", "Signals", "Ramp")
              .describe("Ramp starting at t0.").equations("out = offset + slope*max(t - t0, 0)").source("-")
              .output("out", "Signal")
              .param("t0", "s", 0.0, 0.0, kInf, "Start time")
              .param("offset", "-", 0.0, -kInf, kInf, "Value before the ramp")
              .param("slope", "1/s", 1.0, -kInf, kInf, "Slope")
              .factory<Ramp>());
    r.add(SpecBuilder("Sine", "Signals", "Sine")
              .describe("Sine wave.").equations("out = offset + amplitude*sin(omega*t + phase)").source("Pub II inputs sin(0.25t), sin(0.75t)")
              .output("out", "Signal")
              .param("amplitude", "-", 10.0, -kInf, kInf, "Amplitude")
              .param("omega", "rad/s", 0.25, 0.0, kInf, "Angular frequency")
              .param("phase", "rad", 0.0, -kInf, kInf, "Phase")
              .param("offset", "-", 0.0, -kInf, kInf, "Offset")
              .factory<Sine>());
    r.add(SpecBuilder("Square", "Signals", "Square / pulse")
              .describe("Square wave or pulse train: 'high' for duty*period at the start of each period after the delay, else 'low'.")
              .equations("out = high if (t - delay) mod period < duty*period, else low").source("Pub II pulse input")
              .output("out", "Signal")
              .param("period", "s", 1.0, 1e-9, kInf, "Period")
              .param("duty", "-", 0.5, 0.0, 1.0, "Fraction of the period at 'high'")
              .param("low", "-", -10.0, -kInf, kInf, "Low value")
              .param("high", "-", 10.0, -kInf, kInf, "High value")
              .param("delay", "s", 0.0, 0.0, kInf, "Start of the first period (low before)")
              .factory<Square>());
    r.add(SpecBuilder("PRMS", "Signals", "Pseudo-random multilevel")
              .describe("Seeded pseudo-random multilevel signal: holds a random level for each period. "
                        "Same seed, same sequence, on every machine and in every configuration.")
              .equations("out = level(floor((t - delay)/period), seed), uniform in [min, max] or from the list of levels")
              .source("Inputs of Pub I / Pub III (notes/000_001 §2.1, §2.2), seeded equivalents")
              .output("out", "Signal")
              .param("period", "s", 0.5, 1e-9, kInf, "Hold time of each level")
              .choice("mode", {"range", "levels"}, 0, "Uniform in [min, max], or one of the listed levels")
              .param("min", "-", -10.0, -kInf, kInf, "Lower end of the range")
              .param("max", "-", 10.0, -kInf, kInf, "Upper end of the range")
              .text("levels", "0, 1", "Levels (levels mode), comma separated")
              .param("seed", "-", 1.0, 0.0, 4294967295.0, "Seed")
              .param("delay", "s", 0.0, 0.0, kInf, "Time of the first period")
              .factory<Prms>());
    r.add(SpecBuilder("Table", "Signals", "Piecewise-linear table")
              .describe("Piecewise-linear interpolation of (time, value) points, held constant outside.")
              .equations("out = linear interpolation of the points").source("-")
              .output("out", "Signal")
              .text("points", "0 0; 1 1", "Points 't v; t v; ...' with non-decreasing times")
              .factory<Table>());
    r.add(SpecBuilder("SmoothTransition", "Signals", "Smooth transition")
              .describe("Polynomial transition from v0 to v1 between t0 and t1, continuous up to the k-th derivative.")
              .equations("s = clamp((t-t0)/(t1-t0), 0, 1); out = v0 + (v1-v0)*h_k(s), h_1 = 3s^2-2s^3, h_2 = 10s^3-15s^4+6s^5, h_3 = 35s^4-84s^5+70s^6-20s^7")
              .source("-")
              .output("out", "Signal")
              .param("t0", "s", 0.0, 0.0, kInf, "Start")
              .param("t1", "s", 1.0, 0.0, kInf, "End")
              .param("v0", "-", 0.0, -kInf, kInf, "Initial value")
              .param("v1", "-", 1.0, -kInf, kInf, "Final value")
              .param("order", "-", 2.0, 1.0, 3.0, "Smoothness k (1, 2 or 3)")
              .factory<SmoothTransition>());
}

}  // namespace hs::sim
