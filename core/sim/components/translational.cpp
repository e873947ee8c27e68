// SPDX-License-Identifier: GPL-3.0-or-later
// Translational actuator parts: single-acting (and spring-return) cylinder, end stops, position
// source, Coulomb + viscous friction.
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Stiff spring-damper beyond [lo, hi] that only pushes back (the Cylinder's stops).
double stopForce(double x, double v, double lo, double hi, double k, double c) {
    if (x < lo) return std::max(-k * (x - lo) - c * v, 0.0);
    if (x > hi) return std::min(-k * (x - hi) - c * v, 0.0);
    return 0.0;
}

// One chamber V = A*x + V_dead on port A; a return spring (k = 0: returned by its load).
class SingleActingCylinder final : public Component {
public:
    enum { kA, kRod };
    std::string configure(const ParamSet& p, const Fluid&) override {
        a_ = p.num("A"); s_ = p.num("stroke"); vd_ = p.num("V_dead"); x0_ = p.num("x0"); p0_ = p.num("pA0");
        k_ = p.num("k_spring"); f0_ = p.num("F_preload"); m_ = p.num("m_piston");
        kStop_ = p.num("k_stop"); cStop_ = p.num("c_stop");
        if (!(vd_ > 0)) return "dead volume V_dead must be positive (the chamber must never reach zero volume)";
        if (x0_ < 0 || x0_ > s_) return "initial position x0 must lie within the stroke [0, stroke]";
        return {};
    }
    bool hasVariableVolume() const override { return true; }
    double initialVolume(int port) const override { return port == kA ? a_ * x0_ + vd_ : 0.0; }
    std::optional<double> initialPressure(int port) const override {
        return port == kA ? std::optional<double>(p0_) : std::nullopt;
    }
    double mass(int port) const override { return port == kRod ? m_ : 0.0; }
    std::optional<double> initialPosition(int port) const override {
        return port == kRod ? std::optional<double>(x0_) : std::nullopt;
    }
    void eval(Eval& e) override {
        const double x = X(e, kRod), v = V(e, kRod);
        double va = a_ * x + vd_, dva = a_ * v;
        if (va < 0.01 * vd_) { va = 0.01 * vd_; dva = 0.0; }
        setVolume(e, kA, va, dva);
        setFlow(e, kA, 0.0);
        setForce(e, kRod, P(e, kA) * a_ - (f0_ + k_ * x) + stopForce(x, v, 0.0, s_, kStop_, cStop_));
    }

private:
    double a_ = 0, s_ = 0, vd_ = 0, x0_ = 0, p0_ = 0, k_ = 0, f0_ = 0, m_ = 0, kStop_ = 0, cStop_ = 0;
};

class EndStop final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        lo_ = p.num("x_min"); hi_ = p.num("x_max"); k_ = p.num("k"); c_ = p.num("c");
        return hi_ >= lo_ ? std::string() : std::string("x_max must not be below x_min");
    }
    void eval(Eval& e) override { setForce(e, 0, stopForce(X(e, 0), V(e, 0), lo_, hi_, k_, c_)); }

private:
    double lo_ = 0, hi_ = 0, k_ = 0, c_ = 0;
};

// The node follows x_ref through a stiff spring-damper (the engine's mechanical nodes are
// integrated with their mass; an ideal position constraint would remove the node's states).
class PositionSource final : public Component {
public:
    enum { kM, kX, kV };
    std::string configure(const ParamSet& p, const Fluid&) override {
        x_ = p.num("x"); k_ = p.num("k"); c_ = p.num("c");
        return {};
    }
    void eval(Eval& e) override {
        const double xr = isConnected(kX) ? in(e, kX) : x_;
        const double vr = isConnected(kV) ? in(e, kV) : 0.0;
        setForce(e, kM, k_ * (xr - X(e, kM)) + c_ * (vr - V(e, kM)));
    }

private:
    double x_ = 0, k_ = 0, c_ = 0;
};

// Static Coulomb + viscous friction, the Coulomb step smoothed over v_s (no stiction memory:
// LuGreFriction is the dynamic model with a bristle state).
class CoulombViscousFriction final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        fc_ = p.num("F_c"); b_ = p.num("b"); vs_ = p.num("v_s");
        return {};
    }
    void eval(Eval& e) override {
        const double v = V(e, 0);
        setForce(e, 0, -(fc_ * std::tanh(v / vs_) + b_ * v));
    }

private:
    double fc_ = 0, b_ = 0, vs_ = 1;
};

}  // namespace

void registerTranslational(Registry& r) {
    r.add(SpecBuilder("SingleActingCylinder", "Actuators", "Single-acting cylinder")
              .describe("Single-acting cylinder: one chamber on port A (its capacitance, V = A*x + V_dead), returned by "
                        "its load or, with k_spring > 0, by a return spring (spring-return cylinder). End stops at 0 "
                        "and the stroke.")
              .equations("V_A = A*x + V_dead\n"
                         "F_rod = p_A*A - (F_preload + k_spring*x) + F_stop")
              .source("Merritt §6 (piston chamber continuity); stops as the Cylinder's")
              .hydraulic("A", "Piston chamber")
              .mechanical("rod", "Piston rod (positive = extending)")
              .param("A", "m2", 8.04e-4, 1e-9, 10.0, "Piston area")
              .param("stroke", "m", 0.2, 1e-6, 100.0, "Stroke")
              .param("V_dead", "m3", 1e-5, 0.0, 10.0, "Dead volume of the chamber (hose included)")
              .param("x0", "m", 0.0, 0.0, 100.0, "Initial piston position")
              .param("pA0", "Pa", 0.0, -1e5, 1e9, "Initial chamber pressure")
              .param("k_spring", "N/m", 0.0, 0.0, 1e9, "Return spring stiffness (0 = no spring)")
              .param("F_preload", "N", 0.0, 0.0, 1e8, "Return spring force at x = 0")
              .param("m_piston", "kg", 0.0, 0.0, 1e6, "Piston and rod mass (add a Mass for the load)")
              .param("k_stop", "N/m", 1e8, 0.0, 1e13, "End-stop stiffness")
              .param("c_stop", "N*s/m", 1e5, 0.0, 1e10, "End-stop damping")
              .factory<SingleActingCylinder>());
    r.add(SpecBuilder("EndStop", "Mechanics", "End stops")
              .describe("Translational end stops: a stiff spring-damper that pushes the node back inside [x_min, x_max].")
              .equations("F = -k*(x - x_max) - c*v beyond x_max (only pushing back), likewise below x_min")
              .source("Penalty contact (as the Cylinder's stops)")
              .mechanical("m", "Mechanical node")
              .param("x_min", "m", 0.0, -kInf, kInf, "Lower stop")
              .param("x_max", "m", 1.0, -kInf, kInf, "Upper stop")
              .param("k", "N/m", 1e8, 0.0, 1e13, "Stop stiffness")
              .param("c", "N*s/m", 1e5, 0.0, 1e10, "Stop damping")
              .factory<EndStop>());
    r.add(SpecBuilder("PositionSource", "Mechanics", "Position source")
              .describe("Drives a mechanical node along a reference position (parameter, or the signal at input x, with "
                        "its velocity at input v when known) through a stiff spring-damper: the following error is "
                        "(c*(v_ref - v) + the node's other forces)/k.")
              .equations("F = k*(x_ref - x) + c*(v_ref - v)")
              .source("Penalty formulation of a position constraint")
              .mechanical("m", "Mechanical node")
              .input("x", "Reference position [m]", true)
              .input("v", "Reference velocity [m/s]", true)
              .param("x", "m", 0.0, -kInf, kInf, "Reference position (when input x is open)")
              .param("k", "N/m", 1e8, 1e-6, 1e13, "Stiffness")
              .param("c", "N*s/m", 1e5, 0.0, 1e10, "Damping")
              .factory<PositionSource>());
    r.add(SpecBuilder("CoulombViscousFriction", "Mechanics", "Coulomb + viscous friction")
              .describe("Static friction to ground: a Coulomb force smoothed over v_s plus viscous damping.")
              .equations("F = -(F_c*tanh(v/v_s) + b*v)")
              .source("Coulomb/viscous friction with tanh regularisation (Armstrong-Helouvry 1994)")
              .mechanical("m", "Mechanical node")
              .param("F_c", "N", 100.0, 0.0, 1e8, "Coulomb force")
              .param("b", "N*s/m", 100.0, 0.0, 1e9, "Viscous coefficient")
              .param("v_s", "m/s", 1e-3, 1e-9, 10.0, "Velocity over which the Coulomb force builds up")
              .factory<CoulombViscousFriction>());
}

}  // namespace hs::sim
