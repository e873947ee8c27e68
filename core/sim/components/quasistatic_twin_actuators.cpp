// SPDX-License-Identifier: GPL-3.0-or-later
// Two quasistatic actuators on one pump (Kikuuwe et al. §6; notes/004 §10): each has its own
// valves, pump check valve, reliefs and rod; they share the pump flow, the bleed and the pump
// relief, so one moving takes oil from the other. docs/quasistatic.md.
#include <array>
#include <vector>

#include "../quasistatic/dar_coupling.h"
#include "../quasistatic/shared_pump.h"
#include "../registry.h"
#include "library.h"
#include "quasistatic_actuator_params.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Per step (coupling "step") or per evaluation ("ode") each actuator's DAR gives its beta_j and
// f_bar_j as for the single actuator; the pump pressure P is then the root of the pump node's
// balance (123b) with every Lambda_j taken at P, and v_j = Lambda_j(P, beta_j, f_bar_j).
class QuasistaticTwinActuators final : public Component {
public:
    enum { kRod1, kRod2, kCommand1, kCommand2, kBleed, kPumpPressure };

    std::string configure(const ParamSet& p, const Fluid& fluid) override {
        double valveScale = 0;
        std::string error = readQuasistaticCircuit(p, fluid, circuit_, valveScale);
        if (!error.empty()) return error;
        coupling_ = {quasistatic::DarCoupling(p.num("K"), p.num("B")), quasistatic::DarCoupling(p.num("K"), p.num("B"))};
        uc_ = {p.num("u_c1"), p.num("u_c2")};
        ub_ = p.num("u_b");
        x0_ = {p.num("x0_1"), p.num("x0_2")};
        scheme_.read(p);
        return {};
    }
    std::optional<double> initialPosition(int port) const override {
        if (port == kRod1 || port == kRod2) return x0_[static_cast<size_t>(port)];
        return std::nullopt;
    }
    void initStates(double* s) const override { s[0] = x0_[0]; s[1] = x0_[1]; }
    bool hasStepUpdate() const override { return scheme_.stepping(); }
    bool stepUpdateOptional() const override { return scheme_.optional(); }
    void useStepUpdate(bool on) override { scheme_.use(on); }
    void resetDiscrete() override {
        for (auto& c : coupling_) c.reset();
        force_ = velocity_ = {0.0, 0.0};
        pressure_ = 0.0;
    }
    std::string stepUpdate(Eval& e, double h) override {
        advance(e, {coupling_[0].step(S(e)[0], X(e, kRod1), h), coupling_[1].step(S(e)[1], X(e, kRod2), h)});
        return {};
    }
    void eval(Eval& e) override {
        if (!scheme_.stepping())
            advance(e, {coupling_[0].ode(S(e)[0], X(e, kRod1), V(e, kRod1)), coupling_[1].ode(S(e)[1], X(e, kRod2), V(e, kRod2))});
        dS(e)[0] = velocity_[0];
        dS(e)[1] = velocity_[1];
        setForce(e, kRod1, force_[0]);
        setForce(e, kRod2, force_[1]);
        out(e, kPumpPressure, pressure_);
    }

private:
    void advance(const Eval& e, const std::array<quasistatic::ResolventInput, 2>& dar) {
        const double ub = isConnected(kBleed) ? in(e, kBleed) : ub_;
        const double uc1 = isConnected(kCommand1) ? in(e, kCommand1) : uc_[0];
        const double uc2 = isConnected(kCommand2) ? in(e, kCommand2) : uc_[1];
        const quasistatic::SharedPumpActuators pumped({circuit_.pumpFlow, circuit_.pumpRelief, circuit_.cBleed, ub},
                                                      {circuit_, circuit_},
                                                      {quasistatic::ValveOpenings::fromCommand(uc1, ub),
                                                       quasistatic::ValveOpenings::fromCommand(uc2, ub)});
        std::vector<double> v;
        pressure_ = pumped.resolvent({dar[0].beta, dar[1].beta}, {dar[0].fBar, dar[1].fBar}, v).pressure;
        for (size_t j = 0; j < 2; ++j) {
            velocity_[j] = v[j];
            force_[j] = dar[j].force(v[j]);
        }
    }

    quasistatic::ActuatorCircuit circuit_;
    std::array<quasistatic::DarCoupling, 2> coupling_{quasistatic::DarCoupling(1.0, 1.0), quasistatic::DarCoupling(1.0, 1.0)};
    std::array<double, 2> uc_{}, x0_{}, force_{}, velocity_{};
    double ub_ = 0, pressure_ = 0;
    DarCouplingChoice scheme_;
};

}  // namespace

void registerQuasistaticTwinActuators(Registry& r) {
    SpecBuilder b("QuasistaticTwinActuators", "Actuators", "Two quasistatic cylinders on one pump");
    b.describe("Two identical quasistatic valve-controlled cylinders (see QuasistaticActuator) fed by one pump: they "
               "share the pump flow Q, the bleed and the pump relief, each behind its own pump check valve, so the "
               "pump pressure follows both loads and one actuator moving slows the other. Each rod is joined to its "
               "node by its own virtual spring K and damper B. No regeneration valves.")
        .equations("f_j in Gamma_j(P, p_j'),  f_j = K(p_j - l_j) + B(p_j' - l_j'),  j = 1, 2\n"
                   "P: Q - U_b R(P) - sum_j Q_p,j(P, v_j, f_j) in N_(-inf,P_M](P)  (pump node, bisection on [0, P_M])\n"
                   "Gamma_j(P, v): Gamma with P for P_M and no pump-flow segments (notes/004 §10, (106)-(107))")
        .source("Kikuuwe et al., arXiv:2102.11381 §6 (notes/004 §10, with its corrections of (107m), (122h), (123b))")
        .mechanical("rod1", "Piston rod of actuator 1 (positive = extending)")
        .mechanical("rod2", "Piston rod of actuator 2 (positive = extending)")
        .input("u_c1", "Valve command of actuator 1 in [-1, 1] (instead of the parameter)", true)
        .input("u_c2", "Valve command of actuator 2 in [-1, 1] (instead of the parameter)", true)
        .input("u_b", "Bleed opening in [0, 1] (instead of the parameter)", true)
        .output("P", "Pump pressure [Pa]");
    declareQuasistaticCircuitParams(b);
    declareDarCouplingParams(b);
    b.param("u_c1", "-", 0.0, -1.0, 1.0, "Valve command of actuator 1 when input u_c1 is not connected")
        .param("u_c2", "-", 0.0, -1.0, 1.0, "Valve command of actuator 2 when input u_c2 is not connected")
        .param("u_b", "-", 0.2, 0.0, 1.0, "Bleed opening when input u_b is not connected")
        .param("x0_1", "m", 0.0, -kInf, kInf, "Initial position of rod 1")
        .param("x0_2", "m", 0.0, -kInf, kInf, "Initial position of rod 2")
        .state("p1", "m", "Position of hydraulic rod 1", 0.1)
        .state("p2", "m", "Position of hydraulic rod 2", 0.1)
        .factory<QuasistaticTwinActuators>();
    r.add(b);
}

}  // namespace hs::sim
