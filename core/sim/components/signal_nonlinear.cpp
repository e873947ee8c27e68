// SPDX-License-Identifier: GPL-3.0-or-later
// Static and rate nonlinearities: saturation, dead zone, rate limiter, 1-D lookup table,
// relay with hysteresis.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "step_held.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

class Saturation final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        lo_ = p.num("lower"); hi_ = p.num("upper");
        return hi_ >= lo_ ? std::string() : std::string("upper must not be below lower");
    }
    void eval(Eval& e) override { out(e, 1, std::clamp(in(e, 0), lo_, hi_)); }

private:
    double lo_ = -1, hi_ = 1;
};

// Hopsan's dead zone: zero between start and end, the input shifted by the nearer edge outside.
class DeadZone final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        a_ = p.num("start"); b_ = p.num("end");
        return b_ >= a_ ? std::string() : std::string("end must not be below start");
    }
    void eval(Eval& e) override {
        const double u = in(e, 0);
        out(e, 1, u < a_ ? u - a_ : u > b_ ? u - b_ : 0.0);
    }

private:
    double a_ = -1, b_ = 1;
};

// Continuous rate limiter: the output tracks the input with time constant Tf, its slope held
// within [-fall, rise]. Tf -> 0 is the ideal limiter; Tf adds an eigenvalue -1/Tf. Starting at
// the input (Hopsan's start): the state is the output's offset from the input's value at the
// first evaluation (t = 0, initial state), latched then and cleared by initStates().
class RateLimiter final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        rise_ = p.num("rise"); fall_ = p.num("fall"); tf_ = p.num("Tf"); y0_ = p.num("y0");
        fromInput_ = p.choice("start") == 1;
        discrete_ = p.choice("form") == 1;
        held_.rule.setup(rise_, fall_, fromInput_, y0_);
        return {};
    }
    void initStates(double* s) const override {
        s[0] = fromInput_ ? 0.0 : y0_;
        latched_ = false;
    }
    void eval(Eval& e) override {
        if (hasStepUpdate()) {  // Hopsan's discrete limiter, held over the step (step_held.h)
            out(e, 1, held_.at(e.t, in(e, 0)));
            dS(e)[0] = 0.0;
            return;
        }
        if (fromInput_ && !latched_) {
            u0_ = in(e, 0);
            latched_ = true;
        }
        const double y = (fromInput_ ? u0_ : 0.0) + S(e)[0];
        out(e, 1, y);
        dS(e)[0] = std::clamp((in(e, 0) - y) / tf_, -fall_, rise_);
    }
    bool hasStepUpdate() const override { return discrete_ && stepOn_; }
    bool stepUpdateOptional() const override { return true; }
    void useStepUpdate(bool on) override { stepOn_ = on; }
    void resetDiscrete() override { held_.reset(); }
    std::string stepUpdate(Eval&, double dt) override {
        if (dt != dt_) held_.setStep(dt_ = dt);
        held_.commit();
        return {};
    }

private:
    double rise_ = 1, fall_ = 1, tf_ = 1e-3, y0_ = 0, dt_ = 0;
    bool fromInput_ = false, discrete_ = false, stepOn_ = true;
    mutable bool latched_ = false;
    double u0_ = 0;
    StepHeld<RateLimitRule> held_;
};

// y = f(u), piecewise linear through the points, held or extrapolated outside them. The points
// come from 'points' or, when 'file' names one, from a CSV file: two numbers a row (separated by
// a comma, semicolon or white space), rows that do not start with a number (a header) skipped.
class LookupTable1D final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        xs_.clear(); ys_.clear();
        extrapolate_ = p.choice("outside") == 1;
        const std::string& file = p.text("file");
        if (file.empty()) return readRows(p.text("points"), ';', "points");
        std::ifstream in(file);
        if (!in) return "file: cannot open '" + file + "'";
        std::stringstream text;
        text << in.rdbuf();
        return readRows(text.str(), '\n', "file '" + file + "'");
    }
    void eval(Eval& e) override { out(e, 1, valueAt(in(e, 0))); }
    double valueAt(double u) const {
        if (!extrapolate_) {
            if (u <= xs_.front()) return ys_.front();
            if (u >= xs_.back()) return ys_.back();
        }
        const auto it = std::upper_bound(xs_.begin() + 1, xs_.end() - 1, u);
        const size_t i = static_cast<size_t>(it - xs_.begin());  // segment [i-1, i]
        return ys_[i - 1] + (ys_[i] - ys_[i - 1]) * (u - xs_[i - 1]) / (xs_[i] - xs_[i - 1]);
    }

private:
    std::string readRows(const std::string& text, char separator, const std::string& where) {
        std::istringstream rows(text);
        std::string row;
        int line = 0;
        while (std::getline(rows, row, separator)) {
            ++line;
            for (char& c : row)
                if (c == ',' || c == ';' || c == '\t' || c == '\r') c = ' ';
            std::istringstream r(row);
            r.imbue(std::locale::classic());
            double x, y;
            if (!(r >> x)) continue;  // empty row or a header
            const std::string at = separator == '\n' ? where + " line " + std::to_string(line) : where;
            if (!(r >> y)) return at + ": each point needs an input and an output value";
            if (!xs_.empty() && !(x > xs_.back())) return at + ": input values must increase strictly";
            xs_.push_back(x);
            ys_.push_back(y);
        }
        if (xs_.size() < 2) return where + ": at least two points are needed";
        return {};
    }

    std::vector<double> xs_, ys_;
    bool extrapolate_ = false;
};

// Relay (Schmitt trigger): switches to 'high' when the input rises above 'on', back to 'low'
// when it falls below 'off'; holds in between. The switch state changes at the evaluation that
// first sees the threshold crossed (adaptive steppers: possibly a trial point of a step that is
// then rejected; the switch stands).
class Relay final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        on_ = p.num("on"); off_ = p.num("off"); hi_ = p.num("high"); lo_ = p.num("low");
        highAtStart_ = p.choice("initial") == 1;
        high_ = highAtStart_;
        return on_ >= off_ ? std::string() : std::string("'on' must not be below 'off' (hysteresis width on - off >= 0)");
    }
    void initStates(double*) const override { high_ = highAtStart_; }
    void eval(Eval& e) override {
        const double u = in(e, 0);
        if (!high_ && u > on_) high_ = true;
        else if (high_ && u < off_) high_ = false;
        out(e, 1, high_ ? hi_ : lo_);
    }

private:
    double on_ = 1, off_ = -1, hi_ = 1, lo_ = 0;
    bool highAtStart_ = false;
    mutable bool high_ = false;
};

}  // namespace

void registerSignalNonlinear(Registry& r) {
    r.add(SpecBuilder("Saturation", "Signals", "Saturation")
              .describe("Limits its input to [lower, upper].").equations("out = min(max(in, lower), upper)")
              .source("Hopsan SignalSaturation (the same)")
              .input("in", "Input").output("out", "Output")
              .param("lower", "-", -1.0, -kInf, kInf, "Lower limit")
              .param("upper", "-", 1.0, -kInf, kInf, "Upper limit")
              .factory<Saturation>());
    r.add(SpecBuilder("DeadZone", "Signals", "Dead zone")
              .describe("Zero between start and end; outside, the input minus the nearer edge.")
              .equations("out = in - start (in < start), 0 (start <= in <= end), in - end (in > end)")
              .source("Hopsan SignalDeadZone (the same)")
              .input("in", "Input").output("out", "Output")
              .param("start", "-", -1.0, -kInf, kInf, "Start of the dead zone")
              .param("end", "-", 1.0, -kInf, kInf, "End of the dead zone")
              .factory<DeadZone>());
    r.add(SpecBuilder("RateLimiter", "Signals", "Rate limiter")
              .describe("Output follows the input with its slope limited to [-fall, rise]; a continuous limiter "
                        "tracking with time constant Tf (Tf much shorter than the signal's own times).")
              .equations("dy/dt = clamp((in - y)/Tf, -fall, rise),  out = y,  y(0) = y0 or in(0)\n"
                         "discrete: y_k = y_(k-1) + clamp(in_k - y_(k-1), -fall*dt, rise*dt), held over the step")
              .source("Hopsan SignalRateLimiter is discrete (out follows in when a step allows); Tf = Hopsan's step on import")
              .input("in", "Input").output("out", "Output")
              .param("rise", "1/s", 1.0, 0.0, kInf, "Largest rate of increase [unit/s]")
              .param("fall", "1/s", 1.0, 0.0, kInf, "Largest rate of decrease [unit/s], positive")
              .param("Tf", "s", 1e-3, 1e-12, kInf, "Tracking time constant")
              .choice("start", {"y0", "input"}, 0, "Initial output: y0, or the input's value at the start")
              .choice("form", {"continuous", "discrete at the step"}, 0,
                      "Continuous tracking, or Hopsan's discrete limiter at the run's fixed step: y_k = u_k when "
                      "|u_k - y_(k-1)| <= rate*dt, else y_(k-1) +- rate*dt (continuous under adaptive steppers)")
              .param("y0", "-", 0.0, -kInf, kInf, "Initial output (start = y0)")
              .state("y", "-", "Output (start = input: its offset from the input's initial value)", 1.0)
              .factory<RateLimiter>());
    r.add(SpecBuilder("LookupTable1D", "Signals", "1-D lookup table")
              .describe("Piecewise-linear function of the input through the points (written in the circuit or read "
                        "from a CSV file); outside them the end value is held or the end segment extrapolated.")
              .equations("out = y_i + (y_{i+1} - y_i)*(in - u_i)/(u_{i+1} - u_i)")
              .source("-")
              .input("in", "Input").output("out", "Output")
              .text("points", "0 0; 1 1", "Points 'u y; u y; ...' with strictly increasing u (when no file)")
              .text("file", "", "CSV file of points, one 'u, y' a row, relative to the circuit file; replaces 'points'")
              .choice("outside", {"hold", "extrapolate"}, 0, "Outside the points: hold the end value or extend the end segment")
              .factory<LookupTable1D>());
    r.add(SpecBuilder("Relay", "Signals", "Relay with hysteresis")
              .describe("Switches to 'high' when the input exceeds 'on' and back to 'low' when it falls below 'off'.")
              .equations("out = high after in > on, low after in < off, unchanged in between")
              .source("-")
              .input("in", "Input").output("out", "Output")
              .param("on", "-", 1.0, -kInf, kInf, "Switch-on threshold")
              .param("off", "-", -1.0, -kInf, kInf, "Switch-off threshold (<= on)")
              .param("high", "-", 1.0, -kInf, kInf, "Output when on")
              .param("low", "-", 0.0, -kInf, kInf, "Output when off")
              .choice("initial", {"low", "high"}, 0, "State at the start")
              .factory<Relay>());
}

}  // namespace hs::sim
