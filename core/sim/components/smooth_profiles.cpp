// SPDX-License-Identifier: GPL-3.0-or-later
// Smooth trajectory sources for inverse simulation (notes/002 §1.5, §3.2): piecewise C^r levels
// (SmoothSteps) and a C^(r+1) position profile integrated from a C^r velocity trapezoid
// (SmoothMotion). The profiles themselves are trajectory/smooth_profile.h; the inverse solve
// reads the same parameters through smoothStepsOf/smoothMotionOf (smooth_profiles.h).
#include "smooth_profiles.h"

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {

std::string smoothStepsOf(const std::map<std::string, double>& num, const std::map<std::string, std::string>& text,
                          std::optional<SmoothSteps>* out) {
    auto get = [&](const char* k, double d) { auto it = num.find(k); return it == num.end() ? d : it->second; };
    auto txt = text.find("steps");
    std::vector<SmoothStep> steps;
    std::string err = parseSmoothSteps(txt == text.end() ? kSmoothStepsDefault : txt->second, &steps);
    if (err.empty()) err = SmoothSteps::check(steps);
    if (!err.empty()) return "steps: " + err;
    out->emplace(get("initial", 0.0), steps, static_cast<int>(get("order", 4.0)));
    return {};
}

std::string smoothMotionOf(const std::map<std::string, double>& num, const std::map<std::string, std::string>& text,
                           std::optional<SmoothMotion>* out) {
    auto get = [&](const char* k, double d) { auto it = num.find(k); return it == num.end() ? d : it->second; };
    auto txt = text.find("moves");
    std::vector<SmoothMove> moves;
    const double ramp = get("t_ramp", 0.05);
    std::string err = parseSmoothMoves(txt == text.end() ? kSmoothMovesDefault : txt->second, &moves);
    if (err.empty()) err = SmoothMotion::check(moves, ramp);
    if (!err.empty()) return "moves: " + err;
    out->emplace(get("x0", 0.0), moves, ramp, static_cast<int>(get("order", 4.0)));
    return {};
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Both read their profile from the same ParamSet the inverse reads (numbers and texts by name).
std::map<std::string, double> numbers(const ParamSet& p, std::initializer_list<const char*> names) {
    std::map<std::string, double> m;
    for (const char* n : names) m[n] = p.num(n);
    return m;
}

class SmoothStepsSource final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        return smoothStepsOf(numbers(p, {"initial", "order"}), {{"steps", p.text("steps")}}, &f_);
    }
    void eval(Eval& e) override { out(e, 0, f_->value(e.t)); }

private:
    std::optional<SmoothSteps> f_;
};

class SmoothMotionSource final : public Component {
public:
    enum { kX, kV, kA, kRod };
    std::string configure(const ParamSet& p, const Fluid&) override {
        return smoothMotionOf(numbers(p, {"x0", "t_ramp", "order"}), {{"moves", p.text("moves")}}, &m_);
    }
    void eval(Eval& e) override {
        out(e, kX, m_->derivative(e.t, 0));
        out(e, kV, m_->derivative(e.t, 1));
        out(e, kA, m_->derivative(e.t, 2));
        if (isConnected(kRod)) setForce(e, kRod, 0.0);  // in a forward run it only marks the node
    }

private:
    std::optional<SmoothMotion> m_;
};

}  // namespace

void registerSmoothProfiles(Registry& r) {
    r.add(SpecBuilder("SmoothSteps", "Signals", "Smooth steps")
              .describe("Piecewise-constant levels joined by C^r polynomial transitions (Zeitz): each step moves from the "
                        "previous level to its value over [t0, t1]. All derivatives are exact, so an inverse run can "
                        "differentiate it (a force profile, for instance).")
              .equations("y = y_prev + (value - y_prev)*h_r((t - t0)/(t1 - t0)) on [t0, t1]\n"
                         "h_r(tau) = sum_{i=r+1}^{2r+1} p_i tau^i,  p_i = (-1)^(i-r-1)(2r+1)!/(i r!(i-r-1)!(2r+1-i)!)")
              .source("Zeitz polynomial reference trajectories (notes/002 §1.5)")
              .output("out", "Signal")
              .param("initial", "-", 0.0, -kInf, kInf, "Level before the first step")
              .text("steps", kSmoothStepsDefault, "Steps 't0 t1 value; ...' (times in s, not overlapping)")
              .param("order", "-", 4.0, 0.0, 20.0, "Smoothness r: the transitions are C^r")
              .factory<SmoothStepsSource>());
    r.add(SpecBuilder("SmoothMotion", "Signals", "Smooth motion profile")
              .describe("Position profile for inverse simulation: moves to each target within its time window with a "
                        "velocity trapezoid whose corners are C^r transitions of duration t_ramp, integrated exactly "
                        "(position C^(r+1)). Outputs position, velocity and acceleration. Connect 'rod' to a "
                        "cylinder's rod to prescribe its motion in an inverse run ('free' names the input the inverse "
                        "computes, e.g. valve.U); in a forward run the port carries no force.")
              .equations("v: 0 -> V over [t_s, t_s + t_ramp], V, V -> 0 over [t_e - t_ramp, t_e],  V = dx/(t_e - t_s - t_ramp)\n"
                         "x = x0 + integral of v;  d^k x/dt^k exact for every k")
              .source("Saad 2014 ch. VII, velocity profile smooth to the 4th derivative (notes/002 §1.5, §3.2)")
              .output("x", "Position [m]")
              .output("v", "Velocity [m/s]")
              .output("a", "Acceleration [m/s2]")
              .mechanical("rod", "Prescribed node (inverse runs); carries no force", true)
              .param("x0", "m", 0.0, -kInf, kInf, "Initial position")
              .text("moves", kSmoothMovesDefault, "Moves 't_start t_end target; ...' (windows not overlapping)")
              .param("t_ramp", "s", 0.05, 0.0, kInf, "Duration of each velocity corner (0 = kinked: no inverse)")
              .param("order", "-", 4.0, 0.0, 20.0, "Smoothness r of the velocity corners (position C^(r+1))")
              .text("free", "", "Inverse run: the input the inverse computes, as 'component.port' (e.g. valve.U)")
              .factory<SmoothMotionSource>());
}

}  // namespace hs::sim
