// SPDX-License-Identifier: GPL-3.0-or-later
// Nonsmooth quasistatic hydraulic actuator coupled to the mechanics by differential-algebraic
// relaxation (Kikuuwe et al., arXiv:2102.11381; notes/004 §5, §7, §9). docs/quasistatic.md.
#include "../quasistatic/dar_coupling.h"
#include "../quasistatic/regeneration.h"
#include "../registry.h"
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
        x0_ = p.num("x0");
        scheme_.read(p);
        return {};
    }
    std::optional<double> initialPosition(int port) const override {
        return port == kRod ? std::optional<double>(x0_) : std::nullopt;
    }
    void initStates(double* s) const override { s[0] = x0_; }  // p(0) = l(0)
    bool hasStepUpdate() const override { return scheme_.stepping(); }
    bool stepUpdateOptional() const override { return scheme_.optional(); }
    void useStepUpdate(bool on) override { scheme_.use(on); }
    void resetDiscrete() override {
        coupling_.reset();
        force_ = velocity_ = 0.0;
    }
    std::string stepUpdate(Eval& e, double h) override {
        advance(e, coupling_.step(S(e)[0], X(e, kRod), h));
        return {};
    }
    void eval(Eval& e) override {
        const double l = X(e, kRod), p = S(e)[0];
        if (!scheme_.stepping()) advance(e, coupling_.ode(p, l, V(e, kRod)));
        dS(e)[0] = velocity_;
        setForce(e, kRod, force_);
        out(e, kVelocity, velocity_);
        out(e, kStretch, p - l);
    }

private:
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
    quasistatic::DarCoupling coupling_{1.0, 1.0};
    double cRegeneration_ = 0, uc_ = 0, ub_ = 0, ua_ = 0, x0_ = 0;
    DarCouplingChoice scheme_;
    double force_ = 0, velocity_ = 0;
};

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
        .equations("f in Gamma(p'),  f = K(p - l) + B(p' - l'),  l = rod node position\n"
                   "u_ph = u_tr = max(u_c,0), u_pr = u_th = max(-u_c,0), u_b = bleed opening\n"
                   "regeneration: v_a = Q_a/A_r = u_hat_a*max(R(F_r - (A_r/A_h) F_h), 0), rod -> head (notes/004 §9)\n"
                   "c = Cd*a*sqrt(2/rho) per valve; Gamma, Lambda in closed form (notes/004 §5, §7)\n"
                   "step (72): f_bar = K(p-l_k) - B(l_k-l_{k-1})/h, p' = Lambda(B+hK, f_bar), f = f_bar + (B+hK) p'\n"
                   "ODE (70): p' = Lambda(B, K(p-l) - B l'), f = K(p-l) + B(p'-l')")
        .source("Kikuuwe, Okada, Yoshihara, Doi, Nanjo, Yamashita, arXiv:2102.11381 (notes/004; defaults: §3.4 (66), §4.3)")
        .mechanical("rod", "Piston rod (positive = extending; the force pushes it out)")
        .input("u_c", "Valve command in [-1, 1] (instead of the parameter)", true)
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
        .param("x0", "m", 0.0, -kInf, kInf, "Initial rod position (p = l at t = 0)")
        .state("p", "m", "Position of the hydraulic rod (the oil's side of the virtual spring)", 0.1)
        .factory<QuasistaticActuator>();
    r.add(b);
}

}  // namespace hs::sim
