// SPDX-License-Identifier: GPL-3.0-or-later
// Double-acting (differential) cylinder.
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "../equations/actuators.h"
#include "../kernel/kernel_emitter.h"
#include "qtype_piston_step.h"

namespace hs::sim {
namespace {

// Chambers: V_A = A1*x + V_dead_A, V_B = A2*(S - x) + V_dead_B, part of the nodes of ports A and
// B (their dV/dt enters the continuity equation). Rod force p_A*A1 - p_B*A2 plus end stops.
// Internal leakage Q_L = L*(p_A - p_B) leaves the higher-pressure chamber (Pub I prints it with
// the opposite sign in both chambers, a slip noted in notes/000_001 §1.6).
// End stops: a stiff spring-damper beyond [0, S]; in addition each chamber volume is floored at
// 1 % of its dead volume, so a chamber can never reach zero volume whatever the stop does.
//
// form "Hopsan Q-type at the step" (external chambers, fixed-step runs; the continuous model
// under adaptive steppers): the piston is integrated by qPistonStep() (qtype_piston_step.h) once
// per step against the chambers' TLM waves c and impedances Zc, with an inelastic stop at 0 and
// the stroke. The cylinder then drives its rod's node (drivesMotion): the node has no states,
// the other components' forces on it (their values at the step's start) load the piston and
// their masses add to m_piston; x and v are held over the step.
class Cylinder final : public Component {
public:
    enum { kA, kB, kRod };
    std::string configure(const ParamSet& p, const Fluid&) override {
        a1_ = p.num("A1"); a2_ = p.num("A2"); s_ = p.num("stroke");
        vda_ = p.num("V_dead_A"); vdb_ = p.num("V_dead_B");
        x0_ = p.num("x0"); pa0_ = p.num("pA0"); pb0_ = p.num("pB0");
        leak_ = p.num("L"); m_ = p.num("m_piston");
        kStop_ = p.num("k_stop"); cStop_ = p.num("c_stop");
        b_ = p.num("b"); kLoad_ = p.num("k_load"); externalChambers_ = p.choice("chambers") == 1;
        discrete_ = p.choice("form") == 1;
        if (discrete_ && !externalChambers_)
            return "form 'Hopsan Q-type at the step' needs chambers = external (the chambers are the TLM volumes on A and B)";
        if (discrete_ && leak_ != 0.0) return "form 'Hopsan Q-type at the step' has no internal leakage: set L = 0";
        if (!externalChambers_ && (!(vda_ > 0) || !(vdb_ > 0))) return "dead volumes must be positive (a chamber must never reach zero volume)";
        if (x0_ < 0 || x0_ > s_) return "initial position x0 must lie within the stroke [0, stroke]";
        eq_ = {a1_, a2_, s_, vda_, vdb_, leak_, kStop_, cStop_, b_, kLoad_, externalChambers_ ? 1 : 0};
        return {};
    }
    bool hasVariableVolume() const override { return !externalChambers_; }
    double initialVolume(int port) const override {
        if (externalChambers_) return 0.0;
        if (port == kA) return a1_ * x0_ + vda_;
        if (port == kB) return a2_ * (s_ - x0_) + vdb_;
        return 0.0;
    }
    std::optional<double> initialPressure(int port) const override {
        if (externalChambers_) return std::nullopt;  // the nodes' Volumes say
        if (port == kA) return pa0_;
        if (port == kB) return pb0_;
        return std::nullopt;
    }
    double mass(int port) const override { return port == kRod ? m_ : 0.0; }
    std::optional<double> initialPosition(int port) const override {
        return port == kRod ? std::optional<double>(x0_) : std::nullopt;
    }
    bool drivesMotion(int port) const override { return port == kRod && discreteOn(); }
    bool hasStepUpdate() const override { return discreteOn(); }
    bool stepUpdateOptional() const override { return true; }
    void useStepUpdate(bool on) override { stepOn_ = on; }
    void resetDiscrete() override {
        held_ = {x0_, 0.0, 0.0, 0.0, false, QPistonHistory::atRest(x0_, s_)};
        solved_ = started_ = false;
    }
    std::string prepareStep(double dt) override {
        dt_ = dt;
        return {};
    }
    std::string stepUpdate(Eval& e, double dt) override {
        dt_ = dt;
        // Ports on ordinary nodes only (no TLM solve this step): their pressures at Zc = 0.
        if (!solved_)
            cand_ = firstStep(P(e, kA), P(e, kB)) ? held_
                                                   : qPistonStep(qParams(), held_.next, dt_, P(e, kA), 0.0, P(e, kB), 0.0, loadForce(e, kRod));
        held_ = cand_;
        solved_ = false;
        return {};
    }
    void eval(Eval& e) override {
        if (discreteOn()) {
            const QPistonStep& s = solved_ ? cand_ : held_;
            setMotion(e, kRod, s.x, s.v);
            setFlow(e, kA, a1_ * s.v);
            setFlow(e, kB, -a2_ * s.v);
            setForce(e, kRod, P(e, kA) * a1_ - P(e, kB) * a2_ - b_ * s.v - kLoad_ * s.x);  // what the rod passes on
            return;
        }
        eq::cylinder(eq_, EvalIo{*this, e});
    }
    bool emitKernel(KernelEmitter& k) const override {
        if (discrete_) return false;  // the Q-type form updates once per step: not in a generated kernel
        return k.call("sim/equations/actuators.h", "hs::sim::eq::cylinder", k.constant(eq_, "hs::sim::eq::CylinderParams"));
    }
    bool jacobian(const Eval& e, JacobianSink& j) const override {
        if (discreteOn()) return true;  // flows and motion held over the step: no partials
        using In = PartialIn;
        const double x = X(e, kRod), v = V(e, kRod);
        j.flow(kA, In::Pressure, kA, leak_);
        j.flow(kA, In::Pressure, kB, -leak_);
        j.flow(kB, In::Pressure, kA, -leak_);
        j.flow(kB, In::Pressure, kB, leak_);
        if (externalChambers_) {
            j.flow(kA, In::Velocity, kRod, a1_);
            j.flow(kB, In::Velocity, kRod, -a2_);
        } else {
            if (!(a1_ * x + vda_ < 0.01 * vda_)) {
                j.add(PartialOut::Volume, kA, In::Position, kRod, a1_);
                j.add(PartialOut::VolumeRate, kA, In::Velocity, kRod, a1_);
            }
            if (!(a2_ * (s_ - x) + vdb_ < 0.01 * vdb_)) {
                j.add(PartialOut::Volume, kB, In::Position, kRod, -a2_);
                j.add(PartialOut::VolumeRate, kB, In::Velocity, kRod, -a2_);
            }
        }
        j.flow(kRod, In::Pressure, kA, a1_);
        j.flow(kRod, In::Pressure, kB, -a2_);
        double dfdx = -kLoad_, dfdv = -b_;
        if (x < 0.0 ? -kStop_ * x - cStop_ * v > 0.0 : x > s_ && -kStop_ * (x - s_) - cStop_ * v < 0.0) {
            dfdx -= kStop_;
            dfdv -= cStop_;
        }
        j.flow(kRod, In::Position, kRod, dfdx);
        j.flow(kRod, In::Velocity, kRod, dfdv);
        return true;
    }

    // External chambers next to TLM nodes: the flows are the displacement flows plus the leak,
    // linear in the pressures, so p_k = c_k - z_k*q_k is solved in closed form.
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (discreteOn()) {  // the step's candidate from the committed history (stepUpdate() commits it)
            cand_ = firstStep(c[kA], c[kB]) ? held_
                                             : qPistonStep(qParams(), held_.next, dt_, c[kA], z[kA], c[kB], z[kB], loadForce(e, kRod));
            solved_ = true;
            setMotion(e, kRod, cand_.x, cand_.v);
            if (z[kA] > 0) setPortPressure(e, kA, cand_.pA);
            if (z[kB] > 0) setPortPressure(e, kB, cand_.pB);
            return true;
        }
        if (!externalChambers_) return false;
        const double v = V(e, kRod);
        const double d = (c[kA] - c[kB] - v * (z[kA] * a1_ + z[kB] * a2_)) / (1.0 + leak_ * (z[kA] + z[kB]));
        if (z[kA] > 0) setPortPressure(e, kA, c[kA] - z[kA] * (leak_ * d + a1_ * v));
        if (z[kB] > 0) setPortPressure(e, kB, c[kB] + z[kB] * (leak_ * d + a2_ * v));
        return true;
    }

private:
    bool discreteOn() const { return discrete_ && stepOn_; }
    // The run's first step (t0) keeps the start values, at rest against the chambers' pressures
    // (Hopsan's first step is its t0 + dt, the filters' history starts at rest).
    bool firstStep(double pA, double pB) {
        if (started_) return false;
        started_ = true;
        held_.pA = pA;
        held_.pB = pB;
        return true;
    }
    QPistonParams qParams() const { return {a1_, a2_, b_, kLoad_, m_ + loadMassOf(kRod), s_}; }

    double a1_ = 0, a2_ = 0, s_ = 0, vda_ = 0, vdb_ = 0, x0_ = 0, pa0_ = 0, pb0_ = 0, leak_ = 0, m_ = 0;
    double kStop_ = 0, cStop_ = 0, b_ = 0, kLoad_ = 0;
    bool externalChambers_ = false, discrete_ = false, stepOn_ = true, solved_ = false, started_ = false;
    double dt_ = 0.0;
    QPistonStep held_, cand_;  // the committed step and this step's candidate
    eq::CylinderParams eq_;
};

}  // namespace

void registerActuators(Registry& r) {
    r.add(SpecBuilder("Cylinder", "Actuators", "Double-acting cylinder")
              .describe("Differential cylinder. Its chambers are the capacitances of the nodes at A and B "
                        "(V = A*x + V_dead, with dV/dt). Optional internal leakage; end stops at 0 and the stroke.")
              .equations("V_A = A1*x + V_dead_A,  V_B = A2*(S - x) + V_dead_B\n"
                         "F_rod = p_A*A1 - p_B*A2 + F_stop,  Q_L = L*(p_A - p_B) from A to B\n"
                         "F_stop = k_stop*penetration - c_stop*v, pushing back only;  - b*v - k_load*x\n"
                         "chambers = external: Q_A = A1*v + Q_L into the cylinder, Q_B = -A2*v - Q_L\n"
                         "form Hopsan Q-type: per step, x = Tustin of 1/(m s^2 + (b + Zx) s + k_load) and v = Tustin of "
                         "1/(m s + b + Zx) on F = A1 c_A - A2 c_B + F_load (minus k_load x for v), Zx = A1^2 Zc_A + A2^2 Zc_B; "
                         "x clamped to [0, S] with v = 0 there (inelastic stop)")
              .source("Ustinov 2023 §3.2 (notes/000_001 §1.6); form Hopsan Q-type: the structure of Hopsan's HydraulicCylinderQ")
              .hydraulic("A", "Piston-side chamber")
              .hydraulic("B", "Rod-side chamber")
              .mechanical("rod", "Piston rod (positive = extending)")
              .param("A1", "m2", 8.04e-4, 1e-9, 10.0, "Piston area")
              .param("A2", "m2", 4.24e-4, 1e-9, 10.0, "Annulus area")
              .param("stroke", "m", 1.0, 1e-6, 100.0, "Stroke S")
              .param("V_dead_A", "m3", 1e-3, 0.0, 10.0, "Dead volume of chamber A (hoses included)")
              .param("V_dead_B", "m3", 1e-3, 0.0, 10.0, "Dead volume of chamber B (hoses included)")
              .param("x0", "m", 0.0, 0.0, 100.0, "Initial piston position")
              .param("pA0", "Pa", 0.0, -1e5, 1e9, "Initial pressure of chamber A")
              .param("pB0", "Pa", 0.0, -1e5, 1e9, "Initial pressure of chamber B")
              .param("L", "m3/(s*Pa)", 0.0, 0.0, 1e-6, "Internal leakage coefficient")
              .param("m_piston", "kg", 0.0, 0.0, 1e6, "Piston and rod mass (add a Mass for the load)")
              .param("k_stop", "N/m", 1e8, 0.0, 1e13, "End-stop stiffness")
              .param("c_stop", "N*s/m", 1e5, 0.0, 1e10, "End-stop damping")
              .param("b", "N*s/m", 0.0, 0.0, 1e9, "Viscous friction of the piston")
              .param("k_load", "N/m", 0.0, 0.0, 1e12, "Load spring to x = 0 (Hopsan's k_l)")
              .choice("chambers", {"in the cylinder", "external"}, 0,
                      "Chamber volumes: the cylinder's own (A*x + V_dead), or none: the displacement flows A1*v, A2*v go "
                      "into the Volumes on A and B (Hopsan's Q-type cylinder)")
              .choice("form", {"continuous", "Hopsan Q-type at the step"}, 0,
                      "continuous: the ODE of the rod's node with the penalty stops; Hopsan Q-type at the step (chambers = "
                      "external, L = 0): the piston integrated once per fixed step by bilinear filters whose damping holds the "
                      "chambers' TLM impedance, inelastic stops at 0 and S (k_stop, c_stop unused); the cylinder drives its "
                      "rod's node, whose other components load it with their forces and masses. The continuous model under "
                      "adaptive steppers")
              .factory<Cylinder>());
}

}  // namespace hs::sim
