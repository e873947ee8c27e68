// SPDX-License-Identifier: GPL-3.0-or-later
// Rotational mechanics on the mechanical node machinery (Domain::Rotational): a node's position
// is its angle [rad], its velocity its speed [rad/s], its mass its inertia [kg m2], and what a
// component writes with setForce() is the torque it exerts ON the node [N m].
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

class RotationalInertia final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        j_ = p.num("J"); b_ = p.num("B"); k_ = p.num("k");
        return j_ > 0 ? std::string() : std::string("inertia J must be positive");
    }
    double mass(int) const override { return j_; }
    void eval(Eval& e) override { setForce(e, 0, -b_ * V(e, 0) - k_ * X(e, 0)); }

private:
    double j_ = 0, b_ = 0, k_ = 0;
};

// Torsion spring and damper between two nodes: the torque that twists a against b.
class TorsionShaft final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        k_ = p.num("k"); c_ = p.num("c");
        return {};
    }
    void eval(Eval& e) override {
        const double t = k_ * (X(e, 0) - X(e, 1)) + c_ * (V(e, 0) - V(e, 1));
        setForce(e, 0, -t);
        setForce(e, 1, t);
    }

private:
    double k_ = 0, c_ = 0;
};

// Gear pair with a compliant mesh: the mesh twist d = theta_a/n - theta_b carries the torque
// Tm = k*d + c*d'; the output b gets Tm, the input a gets -Tm/n. The power a and b receive sums
// to -Tm*d', the mesh's own spring and damper power: the gear itself neither makes nor loses
// energy, whatever n.
//
// form "Hopsan TLM at the step" (fixed steps; the spring above under adaptive steppers): the
// mesh spring is a C-type TLM element, Hopsan's MechanicRotShaft (Mechanic/Rotational). Each
// end is a torque source T_j = c_j + Zc*u_j (u_a = w_a/n, u_b = -w_b: the ends' speeds counted
// into the spring), Zc = k*dt/(1 - alpha); the waves are held over the step and exchanged once
// per step from the speeds at its start, through Hopsan's filter
// c_a <- (1 - alpha)*(c_b + 2*Zc*u_b) + alpha*c_a (and a <-> b). At rest the spring keeps
// Tm = c_a = c_b; at steady speed it carries Tm as the continuous spring. Its damping is
// numerical (the wave delay and alpha), as in Hopsan; parameter c is not used.
class Gear final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        n_ = p.num("ratio"); k_ = p.num("k"); c_ = p.num("c");
        tlm_ = p.choice("form") == 1;
        alpha_ = p.num("alpha");
        return n_ != 0 ? std::string() : std::string("gear ratio must not be 0");
    }
    bool hasStepUpdate() const override { return tlm_ && stepOn_; }
    bool stepUpdateOptional() const override { return true; }
    void useStepUpdate(bool on) override { stepOn_ = on; }
    void resetDiscrete() override { started_ = false; zc_ = 0; }
    std::string prepareStep(double dt) override {
        zc_ = k_ * dt / (1.0 - alpha_);
        return {};
    }
    void eval(Eval& e) override {
        if (hasStepUpdate() && started_) {
            const double ta = ca_ + zc_ * V(e, 0) / n_, tb = cb_ - zc_ * V(e, 1);
            setForce(e, 0, -ta / n_);
            setForce(e, 1, tb);
            return;
        }
        const double tm = k_ * (X(e, 0) / n_ - X(e, 1)) + (hasStepUpdate() ? 0.0 : c_ * (V(e, 0) / n_ - V(e, 1)));
        setForce(e, 0, -tm / n_);
        setForce(e, 1, tm);
    }
    // Once per step, from the speeds at its start: the waves of the step (Hopsan's C-type step).
    // An end whose node has a Q-type neighbour (a speed source, a motor in its Hopsan form)
    // exchanges the speed that neighbour fixes for the step; the first step starts from the
    // nodes' start values, as Hopsan's initialize() and first step do.
    std::string stepUpdate(Eval& e, double dt) override {
        if (zc_ == 0) (void)prepareStep(dt);
        if (!started_) {  // Hopsan's initialize(): the spring's torque at the start values, then one exchange
            const double ua = V(e, 0) / n_, ub = -V(e, 1);
            const double t0 = k_ * (X(e, 0) / n_ - X(e, 1));
            ca_ = t0 - zc_ * ua;
            cb_ = t0 - zc_ * ub;
            fa_ = fb_ = t0;
            started_ = true;
            exchange(ua, ub);
            exchange(ua, ub);
            return {};
        }
        exchange(endSpeed(e, 0) / n_, -endSpeed(e, 1));
        return {};
    }
    // The torque on each end's node, -(c + z*w): a: -(c_a + Zc w_a/n)/n, b: c_b - Zc w_b.
    bool shaftWave(int port, double& c, double& z) const override {
        if (!(hasStepUpdate() && started_)) return false;
        if (port == 0) { c = ca_ / n_; z = zc_ / (n_ * n_); }
        else { c = -cb_; z = zc_; }
        return true;
    }

private:
    double endSpeed(const Eval& e, int port) const {
        double w = 0;
        for (const Neighbour& n : nodeNeighbours[static_cast<size_t>(port)])
            if (n.comp->stepSpeed(e, n.port, w)) return w;
        return V(e, port);
    }
    void exchange(double ua, double ub) {
        const double a0 = cb_ + 2.0 * zc_ * ub, b0 = ca_ + 2.0 * zc_ * ua;
        fa_ = (1.0 - alpha_) * a0 + alpha_ * fa_;
        fb_ = (1.0 - alpha_) * b0 + alpha_ * fb_;
        ca_ = fa_;
        cb_ = fb_;
    }
    double n_ = 1, k_ = 0, c_ = 0, alpha_ = 0, zc_ = 0, ca_ = 0, cb_ = 0, fa_ = 0, fb_ = 0;
    bool tlm_ = false, stepOn_ = true, started_ = false;
};

class TorqueSource final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        t_ = p.num("T");
        return {};
    }
    void eval(Eval& e) override { setForce(e, 0, isConnected(1) ? in(e, 1) : t_); }

private:
    double t_ = 0;
};

// A kinematic source on a node of states: a flywheel of inertia J_ref (far above the load's)
// held on the reference angle by a critically damped tracking law of bandwidth g. Load torques
// move it by T/(J_ref*g^2) rad; the reference speed is followed with no steady error, a ramp too.
class SpeedSource final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        w_ = p.num("w"); j_ = p.num("J_ref"); g_ = p.num("g");
        return j_ > 0 && g_ > 0 ? std::string() : std::string("J_ref and g must be positive");
    }
    double mass(int) const override { return j_; }
    // Kinematic for a TLM shaft's end (Hopsan's Q-type source): the reference speed itself.
    bool stepSpeed(const Eval& e, int, double& w) const override {
        if (isConnected(2)) return false;
        w = isConnected(1) ? in(e, 1) : w_;
        return true;
    }
    void eval(Eval& e) override {
        const double wRef = isConnected(1) ? in(e, 1) : w_;
        const double thetaRef = isConnected(2) ? in(e, 2) : S(e)[0];
        dS(e)[0] = wRef;
        setForce(e, 0, j_ * (g_ * g_ * (thetaRef - X(e, 0)) + 2.0 * g_ * (wRef - V(e, 0))));
    }

private:
    double w_ = 0, j_ = 1, g_ = 1;
};

// Prime mover (diesel engine, turbine): an inertia with a proportional speed governor whose
// torque is limited to [-T_drag, T_max]; the speed droops by T/K under a load T below the limit.
class PrimeMover final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        w_ = p.num("w"); j_ = p.num("J"); k_ = p.num("K"); tMax_ = p.num("T_max"); tDrag_ = p.num("T_drag");
        return j_ > 0 ? std::string() : std::string("inertia J must be positive");
    }
    double mass(int) const override { return j_; }
    void eval(Eval& e) override {
        const double wRef = isConnected(1) ? in(e, 1) : w_;
        setForce(e, 0, std::clamp(k_ * (wRef - V(e, 0)), -tDrag_, tMax_));
    }

private:
    double w_ = 0, j_ = 1, k_ = 1, tMax_ = 0, tDrag_ = 0;
};

// Electric motor with a linear torque-speed line (a DC motor at constant voltage, or an
// induction motor's working slope) and a first-order torque lag tau (the winding).
class ElectricMotor final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        ts_ = p.num("T_stall"); w0_ = p.num("w_noload"); tau_ = p.num("tau"); j_ = p.num("J"); u_ = p.num("u");
        return j_ > 0 && w0_ > 0 && tau_ > 0 ? std::string() : std::string("J, w_noload and tau must be positive");
    }
    double mass(int) const override { return j_; }
    void eval(Eval& e) override {
        const double u = isConnected(1) ? in(e, 1) : u_;
        const double t = S(e)[0];
        dS(e)[0] = (ts_ * (u - V(e, 0) / w0_) - t) / tau_;
        setForce(e, 0, t);
    }

private:
    double ts_ = 0, w0_ = 1, tau_ = 1, j_ = 1, u_ = 1;
};

// Coulomb + viscous friction to ground; the Coulomb part is smoothed over |w| ~ w_s so that the
// torque is a continuous function of speed (no stick-slip events).
class RotationalFriction final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        tc_ = p.num("Tc"); b_ = p.num("B"); ws_ = p.num("w_s");
        return ws_ > 0 ? std::string() : std::string("smoothing speed w_s must be positive");
    }
    void eval(Eval& e) override {
        const double w = V(e, 0);
        setForce(e, 0, -(b_ * w + tc_ * w / std::sqrt(w * w + ws_ * ws_)));
    }

private:
    double tc_ = 0, b_ = 0, ws_ = 1;
};

}  // namespace

void registerRotational(Registry& r) {
    r.add(SpecBuilder("RotationalInertia", "Rotational", "Rotational inertia")
              .describe("A rotating body on a rotational node, with viscous friction and a torsion spring to ground "
                        "(Hopsan's MechanicRotationalInertia; its two ports are one rigid node here).")
              .equations("J * dw/dt = sum of torques on the node,  T = -B*w - k*theta")
              .source("Newton; Hopsan MechanicRotationalInertia")
              .rotational("shaft", "Rotational node")
              .param("J", "kg*m2", 0.1, 0.0, 1e9, "Moment of inertia")
              .param("B", "N*m*s/rad", 0.0, 0.0, kInf, "Viscous friction to ground")
              .param("k", "N*m/rad", 0.0, 0.0, kInf, "Torsion spring to ground")
              .factory<RotationalInertia>());
    r.add(SpecBuilder("TorsionShaft", "Rotational", "Shaft (stiffness, damping)")
              .describe("Elastic shaft between two rotational nodes. Hopsan's MechanicRotShaft is a TLM element (C-type, "
                        "numerical damping alpha); here the spring is a state-free torque law and the angles are states of "
                        "the nodes, so the damping c is physical.")
              .equations("T = k*(theta_a - theta_b) + c*(w_a - w_b);  torque -T on a, +T on b")
              .source("Hooke; Hopsan MechanicRotShaft")
              .rotational("a", "End a")
              .rotational("b", "End b")
              .param("k", "N*m/rad", 1000.0, 0.0, kInf, "Torsional stiffness")
              .param("c", "N*m*s/rad", 0.0, 0.0, kInf, "Torsional damping")
              .factory<TorsionShaft>());
    r.add(SpecBuilder("Gear", "Rotational", "Gear")
              .describe("Gear pair of ratio n = w_a/w_b with a compliant mesh (a stiff rigid constraint between two nodes "
                        "of states would need an algebraic solve). Lossless: power in at a equals power out at b plus the "
                        "mesh spring's stored energy and its damping.")
              .equations("d = theta_a/n - theta_b,  Tm = k*d + c*d';  T_b = Tm,  T_a = -Tm/n\n"
                         "TLM form: u_a = w_a/n, u_b = -w_b, Zc = k*dt/(1 - alpha), T_j = c_j + Zc*u_j (T_b on b, -T_a/n on a), "
                         "once a step c_a <- (1 - alpha)*(c_b + 2*Zc*u_b) + alpha*c_a, c_b likewise")
              .source("-; TLM form: Hopsan MechanicRotShaft (Mechanic/Rotational), notes/003 §1")
              .rotational("a", "Input shaft")
              .rotational("b", "Output shaft")
              .param("ratio", "-", 2.0, -kInf, kInf, "Ratio n = w_a / w_b")
              .param("k", "N*m/rad", 1e5, 0.0, kInf, "Mesh stiffness (at b)")
              .param("c", "N*m*s/rad", 10.0, 0.0, kInf, "Mesh damping (at b; continuous form)")
              .choice("form", {"continuous", "Hopsan TLM at the step"}, 0,
                      "continuous: the spring-damper above; Hopsan TLM at the step: the mesh spring as Hopsan's "
                      "MechanicRotShaft, a TLM element whose ends are torque sources c + Zc*u held over each fixed step "
                      "(Zc = k dt/(1 - alpha)), waves exchanged once a step through the alpha filter; numerical damping "
                      "only (c unused). Under adaptive steppers the continuous form is used")
              .param("alpha", "-", 0.1, 0.0, 0.99, "Filter coefficient of the TLM form's waves (Hopsan's alpha)")
              .factory<Gear>());
    r.add(SpecBuilder("TorqueSource", "Rotational", "Torque source")
              .describe("External torque on a rotational node (parameter, or the signal at input T); Hopsan's "
                        "MechanicTorqueTransformer.")
              .equations("T = T_param  (or the signal at input T)")
              .source("-")
              .rotational("shaft", "Rotational node")
              .input("T", "Torque command [N m]", true)
              .param("T", "N*m", 0.0, -kInf, kInf, "Torque")
              .factory<TorqueSource>());
    r.add(SpecBuilder("SpeedSource", "Rotational", "Speed / angle source")
              .describe("Drives its node at a reference speed (parameter or input w), or to a reference angle (input "
                        "theta). Our nodes integrate their speed, so the source is a flywheel of inertia J_ref held on the "
                        "reference by a critically damped tracking law of bandwidth g: load torques deflect it by "
                        "T/(J_ref g^2) rad. Hopsan's MechanicThetaSource and MechanicAngularVelocityTransformer impose the "
                        "speed exactly (their node has no speed state); keep J_ref far above the driven inertia and g "
                        "inside the stepper's stability limit (RK4: g*dt < 2.7).")
              .equations("theta_ref' = w_ref (theta input unconnected);  T = J_ref*(g^2*(theta_ref - theta) + 2*g*(w_ref - w))")
              .source("-; Hopsan MechanicThetaSource, MechanicAngularVelocityTransformer")
              .rotational("shaft", "Driven node")
              .input("w", "Reference speed [rad/s]", true)
              .input("theta", "Reference angle [rad]", true)
              .param("w", "rad/s", 0.0, -kInf, kInf, "Reference speed (input w unconnected)")
              .param("J_ref", "kg*m2", 1e4, 1e-12, kInf, "Inertia of the source flywheel")
              .param("g", "1/s", 1000.0, 1e-9, kInf, "Tracking bandwidth")
              .state("theta_ref", "rad", "Reference angle (integral of w_ref)", 10.0)
              .factory<SpeedSource>());
    r.add(SpecBuilder("PrimeMover", "Rotational", "Prime mover")
              .describe("Engine or turbine driving a shaft: its inertia J and a proportional governor towards the set speed, "
                        "torque limited to [-T_drag, T_max]. Below the limit the speed droops by T_load/K.")
              .equations("T = clamp(K*(w_set - w), -T_drag, T_max);  J*dw/dt = T + other torques")
              .source("-")
              .rotational("shaft", "Output shaft")
              .input("w", "Set speed [rad/s]", true)
              .param("w", "rad/s", 157.07963267948966, -kInf, kInf, "Set speed (1500 rpm)")
              .param("J", "kg*m2", 0.5, 1e-12, 1e9, "Inertia of the engine")
              .param("K", "N*m*s/rad", 200.0, 0.0, kInf, "Governor gain")
              .param("T_max", "N*m", 500.0, 0.0, kInf, "Largest driving torque")
              .param("T_drag", "N*m", 50.0, 0.0, kInf, "Largest braking torque")
              .factory<PrimeMover>());
    r.add(SpecBuilder("ElectricMotor", "Rotational", "Electric motor")
              .describe("Electric motor with a linear torque-speed line from T_stall at rest to 0 at w_noload, scaled by "
                        "the supply fraction u, and a first-order torque lag tau.")
              .equations("tau*dT/dt = T_stall*(u - w/w_noload) - T;  J*dw/dt = T + other torques")
              .source("-")
              .rotational("shaft", "Output shaft")
              .input("u", "Supply fraction (1 = rated)", true)
              .param("T_stall", "N*m", 300.0, 0.0, kInf, "Torque at rest (u = 1)")
              .param("w_noload", "rad/s", 157.07963267948966, 1e-9, kInf, "No-load speed (u = 1)")
              .param("tau", "s", 0.01, 1e-9, kInf, "Torque time constant")
              .param("J", "kg*m2", 0.05, 1e-12, 1e9, "Rotor inertia")
              .param("u", "-", 1.0, -kInf, kInf, "Supply fraction (input u unconnected)")
              .state("T", "N*m", "Motor torque", 100.0)
              .factory<ElectricMotor>());
    r.add(SpecBuilder("RotationalFriction", "Rotational", "Rotational friction")
              .describe("Coulomb + viscous friction to ground, the Coulomb step smoothed over |w| ~ w_s.")
              .equations("T = -(B*w + Tc*w/sqrt(w^2 + w_s^2))")
              .source("-")
              .rotational("shaft", "Rotational node")
              .param("Tc", "N*m", 5.0, 0.0, kInf, "Coulomb friction torque")
              .param("B", "N*m*s/rad", 0.01, 0.0, kInf, "Viscous friction")
              .param("w_s", "rad/s", 0.1, 1e-12, kInf, "Smoothing speed of the Coulomb step")
              .factory<RotationalFriction>());
}

}  // namespace hs::sim
