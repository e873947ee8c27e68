// SPDX-License-Identifier: GPL-3.0-or-later
// Mechanical components on a translational node: mass, LuGre friction, viscous friction, spring,
// force source. Forces are written as the force ON the node (positive = extending direction).
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "../equations/mechanics.h"
#include "../kernel/kernel_emitter.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Optional viscous friction b and spring k to x = 0 (Hopsan's MechanicTranslationalMass has both);
// without them the mass is static (no force, left out of the hot loop).
class Mass final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        m_ = p.num("m"); b_ = p.num("b"); k_ = p.num("k");
        eq_ = {b_, k_};
        return m_ > 0 ? std::string() : std::string("mass m must be positive");
    }
    double mass(int) const override { return m_; }
    bool isStatic() const override { return b_ == 0.0 && k_ == 0.0; }
    void eval(Eval& e) override { eq::mass(eq_, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/mechanics.h", "hs::sim::eq::mass", k.constant(eq_, "hs::sim::eq::MassParams"));
    }
    bool jacobian(const Eval&, JacobianSink& j) const override {
        j.flow(0, PartialIn::Velocity, 0, -b_);
        j.flow(0, PartialIn::Position, 0, -k_);
        return true;
    }

private:
    double m_ = 0, b_ = 0, k_ = 0;
    eq::MassParams eq_;
};

// LuGre friction (notes/000_001 §1.7), reproduced as given: with the seeds' constants the bristle
// state never saturates within a 1 m stroke, so it acts as a soft spring plus viscous damping.
class LuGreFriction final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        s0_ = p.num("sigma0"); s1_ = p.num("sigma1"); kv_ = p.num("kv");
        fc_ = p.num("Fc"); fs_ = p.num("Fs"); vs_ = p.num("vs");
        eq_ = {s0_, s1_, kv_, fc_, fs_, vs_};
        return {};
    }
    void eval(Eval& e) override { eq::luGreFriction(eq_, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/mechanics.h", "hs::sim::eq::luGreFriction", k.constant(eq_, "hs::sim::eq::LuGreParams"));
    }
    bool jacobian(const Eval& e, JacobianSink& j) const override {
        const double v = V(e, 0), z = S(e)[0];
        const double r = v / vs_, ex = std::exp(-r * r);
        const double g = (fc_ + (fs_ - fc_) * ex) / s0_;
        const double dg = (fs_ - fc_) * ex * (-2.0 * r / vs_) / s0_;
        const double sv = v >= 0.0 ? 1.0 : -1.0;
        const double dzdz = -std::abs(v) / g;
        const double dzdv = 1.0 - sv * z / g + std::abs(v) * z * dg / (g * g);
        j.state(0, PartialIn::State, 0, dzdz);
        j.state(0, PartialIn::Velocity, 0, dzdv);
        j.flow(0, PartialIn::State, 0, -(s0_ + s1_ * dzdz));
        j.flow(0, PartialIn::Velocity, 0, -(s1_ * dzdv + kv_));
        return true;
    }

private:
    double s0_ = 1, s1_ = 0, kv_ = 0, fc_ = 1, fs_ = 1, vs_ = 1;
    eq::LuGreParams eq_;
};

class ViscousFriction final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        b_ = p.num("b");
        return {};
    }
    void eval(Eval& e) override { setForce(e, 0, -b_ * V(e, 0)); }
    bool jacobian(const Eval&, JacobianSink& j) const override {
        j.flow(0, PartialIn::Velocity, 0, -b_);
        return true;
    }

private:
    double b_ = 0;
};

class Spring final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        k_ = p.num("k"); x0_ = p.num("x_free");
        return {};
    }
    void eval(Eval& e) override { setForce(e, 0, -k_ * (X(e, 0) - x0_)); }
    bool jacobian(const Eval&, JacobianSink& j) const override {
        j.flow(0, PartialIn::Position, 0, -k_);
        return true;
    }

private:
    double k_ = 0, x0_ = 0;
};

class ForceSource final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        f_ = p.num("F");
        return {};
    }
    void eval(Eval& e) override { setForce(e, 0, isConnected(1) ? in(e, 1) : f_); }
    bool jacobian(const Eval&, JacobianSink& j) const override {
        if (isConnected(1)) j.flow(0, PartialIn::Signal, 1, 1.0);
        return true;
    }

private:
    double f_ = 0;
};

}  // namespace

void registerMechanics(Registry& r) {
    r.add(SpecBuilder("Mass", "Mechanics", "Mass")
              .describe("Translational mass on a mechanical node (the load of a cylinder).")
              .equations("m * dv/dt = sum of forces on the node - b*v - k*x")
              .source("Newton")
              .mechanical("m", "Mechanical node")
              .param("m", "kg", 200.0, 0.0, 1e9, "Mass")
              .param("b", "N*s/m", 0.0, 0.0, 1e9, "Viscous friction to ground")
              .param("k", "N/m", 0.0, 0.0, 1e12, "Spring to ground (relaxed at x = 0)")
              .factory<Mass>());
    r.add(SpecBuilder("LuGreFriction", "Mechanics", "LuGre friction")
              .describe("LuGre dynamic friction model on a mechanical node.")
              .equations("z' = v - |v|*z/g(v),  g(v) = (Fc + (Fs - Fc)*exp(-(v/vs)^2))/sigma0\n"
                         "F = -(sigma0*z + sigma1*z' + kv*v)")
              .source("Canudas de Wit et al. 1995; constants of Ustinov 2023 Table 3.2 (notes/000_001 §1.7)")
              .mechanical("m", "Mechanical node")
              .param("sigma0", "N/m", 320.0, 1e-12, kInf, "Bristle stiffness")
              .param("sigma1", "N*s/m", 6.368, 0.0, kInf, "Bristle damping")
              .param("kv", "N*s/m", 1.28e3, 0.0, kInf, "Viscous coefficient")
              .param("Fc", "N", 2.15e6, 1e-12, kInf, "Coulomb force")
              .param("Fs", "N", 1.1376e10, 1e-12, kInf, "Static (stiction) force")
              .param("vs", "m/s", 347.0, 1e-12, kInf, "Stribeck velocity")
              .state("z", "m", "Bristle deflection", 1e-2)
              .factory<LuGreFriction>());
    r.add(SpecBuilder("ViscousFriction", "Mechanics", "Viscous friction")
              .describe("Linear viscous damping to ground.")
              .equations("F = -b*v")
              .source("-")
              .mechanical("m", "Mechanical node")
              .param("b", "N*s/m", 1000.0, 0.0, kInf, "Damping coefficient")
              .factory<ViscousFriction>());
    r.add(SpecBuilder("Spring", "Mechanics", "Spring")
              .describe("Linear spring to ground.")
              .equations("F = -k*(x - x_free)")
              .source("Hooke")
              .mechanical("m", "Mechanical node")
              .param("k", "N/m", 1e4, 0.0, kInf, "Stiffness")
              .param("x_free", "m", 0.0, -kInf, kInf, "Position where the spring is relaxed")
              .factory<Spring>());
    r.add(SpecBuilder("ForceSource", "Mechanics", "Force source")
              .describe("External force on a mechanical node (parameter, or the signal at input F).")
              .equations("F = F_param  (or the signal at input F)")
              .source("-")
              .mechanical("m", "Mechanical node")
              .input("F", "Force command [N]", true)
              .param("F", "N", 0.0, -kInf, kInf, "Force (positive = extending)")
              .factory<ForceSource>());
}

}  // namespace hs::sim
