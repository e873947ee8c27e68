// SPDX-License-Identifier: GPL-3.0-or-later
// Nonsmooth quasistatic hydraulic actuator coupled to the mechanics by differential-algebraic
// relaxation (Kikuuwe et al., arXiv:2102.11381; notes/004 §5, §7, §9). docs/quasistatic.md.
#include "../quasistatic/dar_coupling.h"
#include "../quasistatic/regeneration.h"
#include "../registry.h"
#include "cylinder_arm_geometry.h"
#include "library.h"
#include "quasistatic_actuator_params.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The hydraulic side is the map f in Gamma(p'), with no pressure states: p is the rod position
// the oil dictates, l the position of the mechanical node, joined by a virtual spring-damper
// f = K(p - l) + B(p' - l') (68). Two couplings:
//  - "step" (72): once per fixed step, at its start (stepUpdate()), the paper's implicit-Euler
//    step v = Lambda(B + hK, K(p - l_k) - B(l_k - l_{k-1})/h), f = f_bar + (B + hK) v; f and p' = v
//    are then held over the step. p is the component's state with derivative v, so the stepper
//    carries p_k = p_{k-1} + h v exactly (the derivative is constant over the step). The force is
//    explicit in l, as in the paper's arm (§8): the mechanics see a zero-order hold.
//  - "ode" (70): p' = Lambda(B, K(p - l) - B l') at every evaluation, for any stepper (CVODE).
//  - "auto": (72) under fixed-step steppers, (70) under adaptive ones (useStepUpdate()).
// OnArm: the rod port is the rotational node of an arm (QuasistaticArmActuator): l = l(theta)
// from the geometry, l' = dl/dtheta * theta', and the arm receives the torque f * dl/dtheta. No
// rod node of its own: the arm's inertia is what the DAR spring acts on (notes §8).
template <bool OnArm>
class QuasistaticActuator final : public Component {
public:
    enum { kRod, kCommand, kBleed, kRegeneration, kVelocity, kStretch };

    std::string configure(const ParamSet& p, const Fluid& fluid) override {
        double valveScale = 0;
        std::string error = readQuasistaticCircuit(p, fluid, circuit_, valveScale);
        if (!error.empty()) return error;
        cRegeneration_ = valveScale * p.num("a_a");
        if (circuit_.rodArea > circuit_.headArea) {  // the regeneration model needs A_h >= A_r (90)
            if (cRegeneration_ > 0 && p.num("u_a") > 0) return "a regeneration valve (u_a > 0) needs A_h >= A_r (the paper's (90))";
            cRegeneration_ = 0.0;
        }
        coupling_ = quasistatic::DarCoupling(p.num("K"), p.num("B"));
        uc_ = p.num("u_c");
        ub_ = p.num("u_b");
        ua_ = p.num("u_a");
        if constexpr (OnArm) {
            if (std::string g = readCylinderArmGeometry(p, arm_); !g.empty()) return g;
            x0_ = p.num("theta0");
        } else {
            x0_ = p.num("x0");
        }
        scheme_.read(p);
        return {};
    }
    std::optional<double> initialPosition(int port) const override {
        return port == kRod ? std::optional<double>(x0_) : std::nullopt;
    }
    void initStates(double* s) const override { s[0] = OnArm ? arm_.at(x0_).length : x0_; }  // p(0) = l(0)
    bool hasStepUpdate() const override { return scheme_.stepping(); }
    bool stepUpdateOptional() const override { return scheme_.optional(); }
    void useStepUpdate(bool on) override { scheme_.use(on); }
    void resetDiscrete() override {
        coupling_.reset();
        force_ = velocity_ = 0.0;
    }
    std::string stepUpdate(Eval& e, double h) override {
        advance(e, coupling_.step(S(e)[0], rodPosition(e), h));
        return {};
    }
    void eval(Eval& e) override {
        const double l = rodPosition(e), p = S(e)[0];
        if (!scheme_.stepping()) advance(e, coupling_.ode(p, l, rodVelocity(e)));
        dS(e)[0] = velocity_;
        setForce(e, kRod, OnArm ? force_ * arm_.at(X(e, kRod)).lever : force_);  // torque f dl/dtheta on the arm
        out(e, kVelocity, velocity_);
        out(e, kStretch, p - l);
    }

private:
    double rodPosition(const Eval& e) const { return OnArm ? arm_.at(X(e, kRod)).length : X(e, kRod); }
    double rodVelocity(const Eval& e) const { return OnArm ? arm_.at(X(e, kRod)).lever * V(e, kRod) : V(e, kRod); }
    void advance(const Eval& e, const quasistatic::ResolventInput& in) {
        velocity_ = currentMap(e).resolvent(in.beta, in.fBar);
        force_ = in.force(velocity_);
    }
    // Without a regeneration valve (a_a = 0 or u_a = 0) this is the plain map (the regenerative
    // one falls back to it).
    quasistatic::RegenerativeActuatorMap currentMap(const Eval& e) const {
        const double uc = isConnected(kCommand) ? in(e, kCommand) : uc_;
        const double ub = isConnected(kBleed) ? in(e, kBleed) : ub_;
        const double ua = isConnected(kRegeneration) ? in(e, kRegeneration) : ua_;
        return quasistatic::RegenerativeActuatorMap(circuit_, quasistatic::ValveOpenings::fromCommand(uc, ub), cRegeneration_, ua);
    }

    quasistatic::ActuatorCircuit circuit_;
    CylinderArmGeometry arm_;
    quasistatic::DarCoupling coupling_{1.0, 1.0};
    double cRegeneration_ = 0, uc_ = 0, ub_ = 0, ua_ = 0;
    double x0_ = 0;  // the rod port's initial position: x0 [m], or theta0 [rad] on an arm
    DarCouplingChoice scheme_;
    double force_ = 0, velocity_ = 0;
};

}  // namespace

namespace {

constexpr const char* kEquations =
    "f in Gamma(p'),  f = K(p - l) + B(p' - l'),  l = rod node position\n"
    "u_ph = u_tr = max(u_c,0), u_pr = u_th = max(-u_c,0), u_b = bleed opening\n"
    "regeneration: v_a = Q_a/A_r = u_hat_a*max(R(F_r - (A_r/A_h) F_h), 0), rod -> head (notes/004 §9)\n"
    "c = Cd*a*sqrt(2/rho) per valve; Gamma, Lambda in closed form (notes/004 §5, §7)\n"
    "step (72): f_bar = K(p-l_k) - B(l_k-l_{k-1})/h, p' = Lambda(B+hK, f_bar), f = f_bar + (B+hK) p'\n"
    "ODE (70): p' = Lambda(B, K(p-l) - B l'), f = K(p-l) + B(p'-l')\n"
    "coupling auto: (72) under fixed-step steppers, (70) under adaptive ones (CVODE)";
constexpr const char* kSource = "Kikuuwe, Okada, Yoshihara, Doi, Nanjo, Yamashita, arXiv:2102.11381 (notes/004; defaults: §3.4 (66), §4.3)";

// Everything after the rod port (the first port): inputs, outputs, parameters.
void declareActuatorSignalsAndParams(SpecBuilder& b) {
    b.input("u_c", "Valve command in [-1, 1] (instead of the parameter)", true)
        .input("u_b", "Bleed opening in [0, 1] (instead of the parameter)", true)
        .input("u_a", "Regeneration valve opening in [0, 1] (instead of the parameter)", true)
        .output("v", "Velocity of the hydraulic rod p' [m/s]")
        .output("stretch", "Virtual spring stretch p - l [m]");
    declareQuasistaticCircuitParams(b);
    declareDarCouplingParams(b);
    b.param("a_a", "m2", 1e-4, 0.0, 1.0, "Maximum area of the regeneration valve (rod side -> head side)")
        .param("u_c", "-", 0.0, -1.0, 1.0, "Valve command when input u_c is not connected")
        .param("u_b", "-", 0.3, 0.0, 1.0, "Bleed opening when input u_b is not connected")
        .param("u_a", "-", 0.0, 0.0, 1.0, "Regeneration valve opening when input u_a is not connected")
        .state("p", "m", "Position of the hydraulic rod (the oil's side of the virtual spring)", 0.1);
}

}  // namespace

void registerQuasistaticActuator(Registry& r) {
    SpecBuilder b("QuasistaticActuator", "Actuators", "Quasistatic valve-controlled cylinder");
    b.describe("A valve-controlled cylinder without pressure states (Kikuuwe et al.): pump flow Q with bleed "
               "and pump relief, meter-in/meter-out valves set by the command u_c (u_c > 0 extends: P->head, "
               "rod->tank; u_c < 0 retracts), chamber reliefs and suction checks. All pressures satisfy the "
               "steady valve balances at every instant, so the actuator is a monotone set-valued force-"
               "velocity map f in Gamma(v), set-valued at v = 0: with the valves closed it holds any load "
               "in [-P_rM*A_r, P_hM*A_h]. Joined to the rod node by a virtual spring K and damper B. "
               "Optional regeneration valve from the rod side to the head side (u_a, while extending). "
               "No cylinder end stops and ideal reliefs (as the paper); put the load mass on the rod node.")
        .equations(kEquations)
        .source(kSource)
        .mechanical("rod", "Piston rod (positive = extending; the force pushes it out)");
    declareActuatorSignalsAndParams(b);
    b.param("x0", "m", 0.0, -kInf, kInf, "Initial rod position (p = l at t = 0)").factory<QuasistaticActuator<false>>();
    r.add(b);

    SpecBuilder arm("QuasistaticArmActuator", "Actuators", "Quasistatic cylinder turning an arm");
    arm.describe("The QuasistaticActuator mounted between a fixed base r_b and a point r_m of an arm that rotates "
                 "about the origin (Kikuuwe et al. §4.3): the cylinder length l(theta) = |r_m - r_b| is the "
                 "mechanical length of the virtual spring, and the arm receives the torque f * dl/dtheta. The "
                 "port is the arm's rotational node (put the arm's inertia and its gravity torque on it); no "
                 "translational rod node, so the virtual spring acts on the arm's inertia as in the paper.")
        .equations(std::string(kEquations) +
                   "\nl = |r_m - r_b|, r_m = -L_m [cos(theta-alpha), sin(theta-alpha)], l' = (dl/dtheta) w, T = f dl/dtheta")
        .source(kSource)
        .rotational("arm", "Arm node (angle theta about the pivot at the origin)");
    declareActuatorSignalsAndParams(arm);
    declareCylinderArmGeometryParams(arm);
    arm.factory<QuasistaticActuator<true>>();
    r.add(arm);
}

}  // namespace hs::sim
