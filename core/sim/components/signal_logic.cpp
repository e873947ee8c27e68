// SPDX-License-Identifier: GPL-3.0-or-later
// Comparator, logic gates, four-input sum, product and division.
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTrue = 0.5;  // a signal above it is true (Hopsan's doubleToBool)

// out = 1 when in1 > in2 + offset (or <), else 0; in2 unconnected is 0.
class Comparator final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        less_ = p.choice("op") == 1; offset_ = p.num("offset");
        return {};
    }
    void eval(Eval& e) override {
        const double a = in(e, 0), b = in(e, 1) + offset_;
        out(e, 2, (less_ ? a < b : a > b) ? 1.0 : 0.0);
    }

private:
    bool less_ = false;
    double offset_ = 0;
};

class Logic final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override { op_ = p.choice("op"); return {}; }
    void eval(Eval& e) override {
        const bool a = in(e, 0) > kTrue, b = in(e, 1) > kTrue;
        bool r = false;
        switch (op_) {
        case 0: r = a && b; break;
        case 1: r = a || b; break;
        case 2: r = a != b; break;
        default: r = !a; break;
        }
        out(e, 2, r ? 1.0 : 0.0);
    }

private:
    int op_ = 0;
};

// Weighted sum of up to four inputs (unconnected ones read 0).
class Sum4 final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        w_[0] = p.num("a"); w_[1] = p.num("b"); w_[2] = p.num("c"); w_[3] = p.num("d");
        return {};
    }
    void eval(Eval& e) override { out(e, 4, w_[0] * in(e, 0) + w_[1] * in(e, 1) + w_[2] * in(e, 2) + w_[3] * in(e, 3)); }

private:
    double w_[4] = {1, 1, 1, 1};
};

class Product final : public Component {
public:
    std::string configure(const ParamSet&, const Fluid&) override { return {}; }
    void eval(Eval& e) override { out(e, 2, in(e, 0) * in(e, 1)); }
};

// out = in1/in2 with the divisor kept at least eps in magnitude (its sign kept, + at 0): at a
// zero divisor the output is in1/eps, bounded and continuous in in1, never inf or NaN.
class Division final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override { eps_ = p.num("eps"); return {}; }
    void eval(Eval& e) override {
        const double d = in(e, 1);
        const double safe = std::abs(d) >= eps_ ? d : (d < 0 ? -eps_ : eps_);
        out(e, 2, in(e, 0) / safe);
    }

private:
    double eps_ = 1e-9;
};

}  // namespace

void registerSignalLogic(Registry& r) {
    r.add(SpecBuilder("Comparator", "Signals", "Comparator")
              .describe("1 when in1 is greater (or less) than in2 + offset, else 0; in2 may stay unconnected (0).")
              .equations("out = 1 if in1 > in2 + offset ('>'), in1 < in2 + offset ('<'); else 0")
              .source("Hopsan SignalGreaterThan / SignalSmallerThan (in2 + offset = x_limit)")
              .input("in1", "Compared signal").input("in2", "Threshold signal", true).output("out", "1 or 0")
              .choice("op", {">", "<"}, 0, "Comparison")
              .param("offset", "-", 0.0, -kInf, kInf, "Added to in2")
              .factory<Comparator>());
    r.add(SpecBuilder("Logic", "Signals", "Logic gate")
              .describe("AND, OR, XOR of two inputs or NOT of in1; an input above 0.5 is true; the output is 1 or 0.")
              .equations("out = in1 op in2 (not: !in1), true = value > 0.5")
              .source("Hopsan SignalAnd / SignalOr / SignalXor / SignalNot (the same threshold)")
              .input("in1", "Input 1").input("in2", "Input 2 (unused by not)", true).output("out", "1 or 0")
              .choice("op", {"and", "or", "xor", "not"}, 0, "Operation")
              .factory<Logic>());
    r.add(SpecBuilder("Sum4", "Signals", "Sum of four")
              .describe("Weighted sum of up to four inputs; unconnected inputs read 0.")
              .equations("out = a*in1 + b*in2 + c*in3 + d*in4").source("Hopsan SignalSum (up to four of its inputs, weights 1)")
              .input("in1", "Input 1").input("in2", "Input 2", true).input("in3", "Input 3", true).input("in4", "Input 4", true)
              .output("out", "Output")
              .param("a", "-", 1.0, -kInf, kInf, "Weight of in1")
              .param("b", "-", 1.0, -kInf, kInf, "Weight of in2")
              .param("c", "-", 1.0, -kInf, kInf, "Weight of in3")
              .param("d", "-", 1.0, -kInf, kInf, "Weight of in4")
              .factory<Sum4>());
    r.add(SpecBuilder("Product", "Signals", "Product")
              .describe("Product of two inputs.").equations("out = in1*in2").source("Hopsan SignalMultiply (the same)")
              .input("in1", "Input 1").input("in2", "Input 2").output("out", "Output")
              .factory<Product>());
    r.add(SpecBuilder("Division", "Signals", "Division")
              .describe("in1/in2; a divisor smaller than eps in magnitude is replaced by eps with its sign (+ at zero), "
                        "so the output stays finite.")
              .equations("out = in1 / (sign(in2)*max(|in2|, eps)),  sign(0) = +1")
              .source("Hopsan SignalDivide stops the simulation at in2 = 0; ours keeps running with a bounded output")
              .input("in1", "Dividend").input("in2", "Divisor").output("out", "Quotient")
              .param("eps", "-", 1e-9, 1e-300, kInf, "Smallest divisor magnitude")
              .factory<Division>());
}

}  // namespace hs::sim
