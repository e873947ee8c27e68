// SPDX-License-Identifier: GPL-3.0-or-later
// Four-chamber (digital) cylinder: one piston rod driven by four chambers, A and C extending, B and
// D retracting, each with its own area. Switching each chamber between supply and tank gives 16
// force levels from on/off valves (digital hydraulics, e.g. Linjama et al. 2009).
#include <algorithm>
#include <array>
#include <string>

#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "tlm_chambers.h"

namespace hs::sim {
namespace {

// Chambers k = A, B, C, D: V_k = A_k*x + V_dead_k (A, C) or A_k*(S - x) + V_dead_k (B, D), part of
// the nodes of their ports. Rod force sum_k sign_k*p_k*A_k plus end stops and viscous friction;
// internal leakage G_jk*(p_j - p_k) between every pair of chambers.
//
// form "Hopsan C-type chambers at the step" (fixed steps): the chambers are the component's own
// TLM elements (tlm_chambers.h), not its nodes' capacitance; each chamber port is a Thevenin
// source held over the step, the rod force that of the chambers' piston waves. Under adaptive
// steppers the chambers' pressures are their nodes' (the force as above, no chamber volume).
class FourChamberCylinder final : public Component {
public:
    enum { kA, kB, kC, kD, kRod };
    static constexpr std::array<const char*, 4> kNames = {"A", "B", "C", "D"};
    static constexpr std::array<double, 4> kSign = {1.0, -1.0, 1.0, -1.0};  // extending or retracting

    std::string configure(const ParamSet& p, const Fluid& fluid) override {
        for (int k = 0; k < 4; ++k) {
            area_[k] = p.num(std::string("A_") + kNames[k]);
            dead_[k] = p.num(std::string("V_dead_") + kNames[k]);
            p0_[k] = p.num(std::string("p") + kNames[k] + "0");
            if (!(dead_[k] > 0)) return std::string("dead volume V_dead_") + kNames[k] + " must be positive (a chamber must never reach zero volume)";
        }
        int n = 0;
        for (int j = 0; j < 4; ++j)
            for (int k = j + 1; k < 4; ++k) leak_[n++] = p.num(std::string("L_") + kNames[j] + kNames[k]);
        s_ = p.num("stroke"); x0_ = p.num("x0"); b_ = p.num("b");
        kStop_ = p.num("k_stop"); cStop_ = p.num("c_stop");
        if (x0_ < 0 || x0_ > s_) return "initial position x0 must lie within the stroke [0, stroke]";
        hopsan_ = p.choice("form") == 1;
        tlm_.alpha = p.num("alpha");
        be_ = p.num("Be") > 0 ? p.num("Be") : fluid.bulk(p0_[0]);
        n = 0;
        for (int j = 0; j < 4; ++j)
            for (int k = j + 1; k < 4; ++k) tlm_.leak[j][k] = leak_[n++];
        for (int k = 0; k < 4; ++k) {
            tlm_.ch[k].area = area_[k];
            tlm_.ch[k].sign = kSign[k];
        }
        return {};
    }
    // In the Hopsan form the chambers are the component's own (its nodes need a volume or a source).
    bool hasVariableVolume() const override { return !hopsan_; }
    bool hasStepUpdate() const override { return hopsan_ && stepOn_; }
    bool stepUpdateOptional() const override { return true; }
    void useStepUpdate(bool on) override { stepOn_ = on; }
    void resetDiscrete() override { started_ = false; }
    // Once per step, at its start: Hopsan's C-type step of the chambers from the external flows
    // against the waves just held (none at the first step: Hopsan's start values), the rod's
    // velocity and the chamber volumes at this instant.
    std::string stepUpdate(Eval& e, double dt) override {
        const double x = X(e, kRod), v = V(e, kRod);
        std::array<double, 4> vol{}, qe{};
        for (int k = 0; k < 4; ++k) vol[k] = std::max(volume(k, x), 0.01 * dead_[k]);
        if (!started_) {
            tlm_.start(p0_, vol, be_, dt, v);
            started_ = true;
        } else {
            for (int k = 0; k < 4; ++k) qe[k] = tlm_.externalFlow(k, P(e, k));
        }
        tlm_.step(qe, vol, be_, dt, v);
        return {};
    }
    double initialVolume(int port) const override { return port < kRod ? volume(port, x0_) : 0.0; }
    std::optional<double> initialPressure(int port) const override {
        return port < kRod ? std::optional<double>(p0_[port]) : std::nullopt;
    }
    std::optional<double> initialPosition(int port) const override {
        return port == kRod ? std::optional<double>(x0_) : std::nullopt;
    }
    void eval(Eval& e) override {
        const double x = X(e, kRod), v = V(e, kRod);
        if (hasStepUpdate()) return setForce(e, kRod, heldChambers(e, v) + frictionAndStops(x, v));
        double f = 0.0, q[4] = {0, 0, 0, 0};
        int n = 0;
        for (int j = 0; j < 4; ++j)
            for (int k = j + 1; k < 4; ++k) {
                const double ql = leak_[n++] * (P(e, j) - P(e, k));
                q[j] += ql;
                q[k] -= ql;
            }
        for (int k = 0; k < 4; ++k) {
            if (!hopsan_) {  // the Hopsan form under adaptive steppers: the chambers' pressures are the nodes'
                double vol = volume(k, x), dvol = kSign[k] * area_[k] * v;
                if (vol < 0.01 * dead_[k]) { vol = 0.01 * dead_[k]; dvol = 0.0; }
                setVolume(e, k, vol, dvol);
            }
            setFlow(e, k, q[k]);
            f += kSign[k] * area_[k] * P(e, k);
        }
        setForce(e, kRod, f + frictionAndStops(x, v));
    }

private:
    double frictionAndStops(double x, double v) const {
        double f = -b_ * v;
        if (x < 0.0) f += std::max(-kStop_ * x - cStop_ * v, 0.0);
        else if (x > s_) f += std::min(-kStop_ * (x - s_) - cStop_ * v, 0.0);
        return f;
    }
    // The Hopsan form in fixed-step runs: each chamber port draws from its node against the wave
    // held over the step; the chambers' force on the rod. Before the first step: Hopsan's start
    // values (the start pressures, no flow).
    double heldChambers(Eval& e, double v) const {
        double f = 0.0;
        for (int k = 0; k < 4; ++k) {
            setFlow(e, k, started_ ? tlm_.externalFlow(k, P(e, k)) : 0.0);
            if (!started_) f += kSign[k] * area_[k] * p0_[k];
        }
        return started_ ? tlm_.force(v) : f;
    }

    double volume(int k, double x) const { return area_[k] * (kSign[k] > 0 ? x : s_ - x) + dead_[k]; }
    std::array<double, 4> area_{}, dead_{}, p0_{};
    std::array<double, 6> leak_{};
    double s_ = 1, x0_ = 0, b_ = 0, kStop_ = 0, cStop_ = 0, be_ = 1e9;
    bool hopsan_ = false, stepOn_ = true, started_ = false;
    TlmChambers<4> tlm_;
};

}  // namespace

void registerFourChamberCylinder(Registry& r) {
    SpecBuilder b("FourChamberCylinder", "Actuators", "Four-chamber cylinder");
    b.describe("Four-chamber (digital) cylinder: chambers A and C extend the rod, B and D retract it, each with its own "
               "area. Each chamber is the capacitance of its port's node (V = A*x + V_dead or A*(S - x) + V_dead, with "
               "dV/dt), or, with form = Hopsan C-type chambers at the step, a TLM element of its own. Internal leakage "
               "between every pair of chambers; end stops at 0 and the stroke.")
        .equations("V_A = A_A*x + V_dead_A,  V_B = A_B*(S - x) + V_dead_B,  V_C = A_C*x + V_dead_C,  V_D = A_D*(S - x) + V_dead_D\n"
                   "F_rod = p_A*A_A - p_B*A_B + p_C*A_C - p_D*A_D - b*v + F_stop\n"
                   "F_stop = k_stop*penetration - c_stop*v, pushing back only\n"
                   "Q_jk = L_jk*(p_j - p_k) from chamber j to chamber k\n"
                   "Hopsan form, per chamber (ports e, i, l; Z = 1.5 Be dt/(V (1 - alpha))), once a step: "
                   "p_mean = sum_j (c_j + 2 Z q_j)/3, c_j <- max(0, alpha c_j + (1 - alpha)(2 p_mean - c_j - 2 Z q_j)); "
                   "q_e = (p_node - c_e)/Z, q_i = -s A v; F_rod = sum s A c_i - sum A^2 Z v - b*v + F_stop")
        .source("Hopsan's HydraulicFourChamberPiston (LinearActuators), the same chambers and forces; digital "
                "hydraulic cylinders: Linjama et al., Scandinavian Int. Conf. on Fluid Power 2009")
        .hydraulic("A", "Extending chamber A")
        .hydraulic("B", "Retracting chamber B")
        .hydraulic("C", "Extending chamber C")
        .hydraulic("D", "Retracting chamber D")
        .mechanical("rod", "Piston rod (positive = extending)");
    for (const char* k : {"A", "B", "C", "D"})
        b.param(std::string("A_") + k, "m2", 1e-3, 1e-9, 10.0, std::string("Area of chamber ") + k);
    b.param("stroke", "m", 1.0, 1e-6, 100.0, "Stroke S");
    for (const char* k : {"A", "B", "C", "D"})
        b.param(std::string("V_dead_") + k, "m3", 3e-4, 0.0, 100.0, std::string("Dead volume of chamber ") + k);
    for (const char* k : {"A", "B", "C", "D"})
        b.param(std::string("p") + k + "0", "Pa", 0.0, -1e5, 1e9, std::string("Initial pressure of chamber ") + k);
    for (const char* pair : {"AB", "AC", "AD", "BC", "BD", "CD"})
        b.param(std::string("L_") + pair, "m3/(s*Pa)", 0.0, 0.0, 1e-6,
                std::string("Internal leakage coefficient between chambers ") + pair[0] + " and " + pair[1]);
    b.param("x0", "m", 0.0, 0.0, 100.0, "Initial piston position")
        .param("b", "N*s/m", 0.0, 0.0, 1e9, "Viscous friction of the piston")
        .param("k_stop", "N/m", 1e8, 0.0, 1e13, "End-stop stiffness (0 with c_stop = 0: no stops)")
        .param("c_stop", "N*s/m", 1e5, 0.0, 1e10, "End-stop damping")
        .choice("form", {"continuous", "Hopsan C-type chambers at the step"}, 0,
                "continuous: each chamber is the capacitance of its port's node; Hopsan C-type chambers at the step: "
                "each chamber is a TLM element of its own (ports: external, piston, leakage; Z = (N/2) Be dt/(V(1 - alpha))) "
                "whose waves are formed once per fixed step and held over it, Hopsan's HydraulicFourChamberPiston: the "
                "chamber ports are Thevenin sources (their nodes need a volume or a pressure source), the rod force "
                "sum s A c_piston - sum A^2 Z v. Under adaptive steppers the chambers' pressures are their nodes'")
        .param("alpha", "-", 0.1, 0.0, 0.99, "Filter coefficient of the Hopsan form's chamber waves (Hopsan's alpha)")
        .param("Be", "Pa", 0.0, 0.0, 1e11, "Bulk modulus of the Hopsan form's chambers (0: the fluid's at pA0)");
    r.add(b.factory<FourChamberCylinder>());
}

}  // namespace hs::sim
