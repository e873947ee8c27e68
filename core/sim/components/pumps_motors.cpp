// SPDX-License-Identifier: GPL-3.0-or-later
// Displacement machines: fixed and variable pumps and motors, a reversible machine with losses
// and port volumes, and the pressure-compensated / load-sensing pump. One law for all:
// positive speed moves oil from P1 to P2, and the oil's torque on the shaft is D*eps/(2 pi)*(p1 - p2)
// (a pump, p2 > p1, is a load on its shaft; a motor, p1 > p2, drives it). Hopsan's equations
// (componentLibraries/defaultLibrary/Hydraulic/Pumps&Motors) with the same parameter meanings.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "../component.h"
#include "../registry.h"
#include "held_step_solve.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTwoPi = 2.0 * std::numbers::pi;

// Shaft speed, displacement fraction and losses of a displacement machine, with the port
// positions looked up in its spec (the optional ports differ between the types).
class DisplacementMachine : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        const ComponentSpec& s = *p.spec();
        shaft_ = s.portIndex("shaft");
        speedIn_ = s.portIndex("n");
        epsIn_ = s.portIndex("eps");
        auto num = [&](const char* name, double otherwise) { return s.paramIndex(name) >= 0 ? p.num(name) : otherwise; };
        d_ = p.num("D");
        n_ = num("n", 0.0);
        eps_ = num("eps", 1.0);
        cl_ = num("Cl", 0.0);
        b_ = num("B", 0.0);
        tc_ = num("Tc", 0.0);
        ws_ = num("w_s", 1.0);
        j_ = num("J", 0.0);
        v1_ = num("V1", 0.0);
        v2_ = num("V2", 0.0);
        dpCav_ = p.num("dp_cav");
        hopsanForm_ = s.paramIndex("form") >= 0 && p.choice("form") == 1;
        return ws_ > 0 ? std::string() : std::string("smoothing speed w_s must be positive");
    }
    [[nodiscard]] std::string checkConnections() const override {
        if (shaft_ >= 0 && speedIn_ >= 0 && isConnected(shaft_) && isConnected(speedIn_))
            return "speed comes from the shaft or from input n, not both: disconnect one";
        return {};
    }
    double mass(int port) const override { return port == shaft_ ? j_ : 0.0; }
    double constantVolume(int port) const override { return port == 0 ? v1_ : port == 1 ? v2_ : 0.0; }
    // form "Hopsan Q-type at the step", next to TLM nodes (Hopsan's HydraulicFixed/Variable-
    // DisplacementMotorQ): leakage solved with the ports' sources (c1a, c2a), the displacement
    // flow limited so that no port goes below 0 Pa, held with the port pressures over the step;
    // the torque keeps the unlimited flow's pressures, dpe*(c1a - c2a) - (Z1 + Z2)*dpe^2*w.
    // When the shaft's node joins a TLM shaft's end (a C-type element, shaftWave), the speed is
    // Hopsan's own step: the trapezoidal rule on J dw/dt = dpe (c1a - c2a) - c3 - ble w with
    // ble = B + (Z1 + Z2) dpe^2 + Zx3 (implicit in w), starting from rest with no previous input
    // as Hopsan's integrator; the node then follows that speed a step later (the motor's torque
    // on it balances the shaft's and accelerates J to it). Otherwise w is the node's speed.
    bool hasStepUpdate() const override { return hopsanForm_ && stepOn_; }
    bool stepUpdateOptional() const override { return true; }
    void useStepUpdate(bool on) override { stepOn_ = on; }
    void resetDiscrete() override { hopsanHeld_ = started_ = integrating_ = false; dt_ = 0; }
    std::string prepareStep(double dt) override {
        dt_ = dt;
        return {};
    }
    std::string stepUpdate(Eval&, double dt) override { return prepareStep(dt); }
    bool stepSpeed(const Eval&, int port, double& w) const override {
        if (!(hasStepUpdate() && started_) || port != shaft_) return false;
        w = wStep_;
        return true;
    }
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (!hasStepUpdate()) return false;
        hopsanHeld_ = true;
        const double dpe = d_ * fraction(e) / kTwoPi;
        const double gamma = 1.0 / (cl_ * (z[0] + z[1]) + 1.0);
        c1a_ = (cl_ * z[1] + 1.0) * gamma * c[0] + cl_ * gamma * z[0] * c[1];
        c2a_ = (cl_ * z[0] + 1.0) * gamma * c[1] + cl_ * gamma * z[1] * c[0];
        zSum_ = z[0] + z[1];
        hopsanStep(e, dpe);
        // Hopsan's flows are out of the machine into the port's node: q1 = -dpe*w at P1.
        double q1a = -dpe * wStep_;
        const double lo = z[0] > 0 ? -c1a_ / (gamma * z[0]) : -kInf, hi = z[1] > 0 ? c2a_ / (gamma * z[1]) : kInf;
        q1a = std::min(std::max(q1a, lo), hi);
        const double p1 = c1a_ + gamma * z[0] * q1a, p2 = c2a_ - gamma * z[1] * q1a;
        const double leak = -cl_ * (p1 - p2);
        heldQ_ = -(q1a + leak);  // ours: into the machine at P1, = out at P2
        if (z[0] > 0) setPortPressure(e, 0, p1);
        if (z[1] > 0) setPortPressure(e, 1, p2);
        return true;
    }
    void eval(Eval& e) override {
        const double dpe = d_ * fraction(e) / kTwoPi;
        if (hopsanHeld_) {
            setFlow(e, 0, heldQ_);
            setFlow(e, 1, -heldQ_);
            if (!shaftDriven()) return;
            const double w = V(e, shaft_);
            double c3 = 0, z3 = 0;  // the shaft's wave now (exchanged after this step's solve)
            if (integrating_ && waveComp_->shaftWave(wavePort_, c3, z3))  // J to the step's speed, the shaft's torque balanced
                setForce(e, shaft_, j_ * (wStep_ - wNode_) / dt_ + c3 + z3 * w);
            else
                setForce(e, shaft_, dpe * (c1a_ - c2a_) - zSum_ * dpe * dpe * w - b_ * w - tc_ * w / std::sqrt(w * w + ws_ * ws_));
            return;
        }
        const double w = speed(e), dp = P(e, 0) - P(e, 1);
        const double q = cavitationLimited(dpe * w + cl_ * dp, e);  // P1 -> P2 through the machine
        setFlow(e, 0, q);
        setFlow(e, 1, -q);
        if (shaftDriven()) setForce(e, shaft_, dpe * dp - b_ * w - tc_ * w / std::sqrt(w * w + ws_ * ws_));
    }

protected:
    // The speed of the step: Hopsan's damped trapezoidal integrator (DoubleIntegratorWithDamping)
    // against the TLM shaft's wave, or the node's speed when no TLM shaft end is on the node.
    void hopsanStep(const Eval& e, double dpe) {
        const bool driven = shaftDriven();
        integrating_ = false;
        if (driven) {
            wNode_ = V(e, shaft_);
            bool wave = false;
            for (const Neighbour& n : nodeNeighbours[static_cast<size_t>(shaft_)])
                if (n.comp->shaftWave(n.port, c3_, z3_)) {
                    wave = true;
                    waveComp_ = n.comp;
                    wavePort_ = n.port;
                    break;
                }
            if (wave && started_ && dt_ > 0 && j_ > 0) {
                const double ble = b_ + zSum_ * dpe * dpe + z3_, a = ble * dt_ / j_;
                const double u = (dpe * (c1a_ - c2a_) - c3_) / j_;
                wStep_ = (2.0 - a) / (2.0 + a) * wStep_ + dt_ / (2.0 + a) * (u + uPrev_);
                uPrev_ = u;
                integrating_ = true;
            } else if (!started_) {
                wStep_ = wNode_;  // Hopsan's start value; its integrator starts with no previous input
                uPrev_ = 0.0;
            } else {
                wStep_ = wNode_;
            }
        } else {
            wStep_ = speed(e);
        }
        started_ = true;
    }
    bool shaftDriven() const { return shaft_ >= 0 && isConnected(shaft_); }
    double speed(const Eval& e) const {
        if (shaftDriven()) return V(e, shaft_);
        return speedIn_ >= 0 && isConnected(speedIn_) ? in(e, speedIn_) : n_;
    }
    // A machine cannot draw oil from a port below 0 Pa: the flow out of that port's node fades to
    // 0 over the band dp_cav below 0 Pa (Hopsan clamps its flow where the port pressure reaches
    // 0), so that a pump on a tank at 0 Pa delivers in full.
    double cavitationLimited(double q, const Eval& e) const {
        const double pFrom = q > 0 ? P(e, 0) : P(e, 1);
        return q * std::clamp(1.0 + pFrom / dpCav_, 0.0, 1.0);
    }
    double fraction(const Eval& e) const { return std::clamp(epsIn_ >= 0 && isConnected(epsIn_) ? in(e, epsIn_) : eps_, -1.0, 1.0); }

    int shaft_ = -1, speedIn_ = -1, epsIn_ = -1;
    bool hopsanForm_ = false, hopsanHeld_ = false, stepOn_ = true, started_ = false, integrating_ = false;
    double c1a_ = 0, c2a_ = 0, zSum_ = 0, heldQ_ = 0, dt_ = 0;
    double wStep_ = 0, wNode_ = 0, uPrev_ = 0, c3_ = 0, z3_ = 0;  // Hopsan's speed step
    const Component* waveComp_ = nullptr;  // the TLM shaft end on the shaft's node, and its port
    int wavePort_ = -1;
    double d_ = 0, n_ = 0, eps_ = 1, cl_ = 0, b_ = 0, tc_ = 0, ws_ = 1, j_ = 0, v1_ = 0, v2_ = 0, dpCav_ = 1;
};

// Hopsan's HydraulicPressureControlledPump regulator in continuous time: the displacement
// command y follows c1*z'' + z' + c2*z = u, y = z + z'/w_p1 (Hopsan: the same transfer function,
// bilinear-discretised), u = p_dif - p2 + p_LS, flow q = y/den limited to [0, q_max*w/w_nom],
// z' limited to Hopsan's stroking rates. Hopsan folds the outlet line's impedance Zc2 into c2
// and den (it solves regulator and line together); here the outlet node is a state, so Zc2 = 0.
//
// form "Hopsan discrete at the step" (fixed steps; the ODE under adaptive steppers): Hopsan's own
// step, solved against the Thevenin sources p_k = c_k + Z_k q_k of its ports (Z = 0 on an
// ordinary node: its pressure). With g = 1/(Cl (Z1 + Z2) + 1), c1e = g ((Cl Z2 + 1) c1 + Cl Z1 c2),
// c2e = g ((Cl Z1 + 1) c2 + Cl Z2 c1), lpe from the outlet pressure of the previous step,
//   den = lpe + r_p tau_v + Z2 g/w_p1,  c1' = lpe tau_v/den,  c2' = (r_p + Z2 g)/den,
//   u = p_dif - c2e + max(p_LS, 0),
// the regulator (1 + s/w_p1)/(c1' s^2 + s + c2') is discretised by the bilinear transform at the
// step (two past inputs and outputs), its output y's change limited to the stroking rates times dt
// and y to [0, q_max w/w_nom den]; the pump flow qp = y/den (also kept within -c2/Z2 .. c1/Z1),
// p1 = c1e - Z1 g qp, p2 = c2e + Z2 g qp, q(P1->P2) = qp - Cl (p2 - p1). The outlet impedance
// thus enters the regulator (den, c2') as in Hopsan, and the outlet's pressure is the step's end
// value, not a state of the regulator's ODE.
class PressureControlledPump final : public DisplacementMachine {
public:
    std::string configure(const ParamSet& p, const Fluid& f) override {
        std::string e = DisplacementMachine::configure(p, f);
        ls_ = p.spec()->portIndex("LS");
        pdif_ = p.num("p_dif"); qmax_ = p.num("q_max"); wnom_ = p.num("w_nom"); lp_ = p.num("l_p"); rp_ = p.num("r_p");
        wp1_ = p.num("w_p1"); taov_ = p.num("tau_v"); tp_ = p.num("t_p"); tm_ = p.num("t_m"); pnom_ = p.num("p_nom");
        discrete_ = p.choice("form") == 1;
        return e;
    }
    bool hasStepUpdate() const override { return discrete_ && stepOn_; }
    bool stepUpdateOptional() const override { return true; }
    void useStepUpdate(bool on) override { stepOn_ = on; }
    void resetDiscrete() override { history_.reset(); }
    std::string prepareStep(double dt) override {
        history_.setStep(dt);
        return {};
    }
    std::string stepUpdate(Eval&, double dt) override {
        history_.commit(dt, [this](const Sources& s) { return hopsanStep(s); });
        return {};
    }
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (!hasStepUpdate()) return false;  // the continuous form: the system's generic solve
        history_.begin([] { return Step{}; });
        const Step& s = history_.solveAt(e.t, sourcesAt(e, c, z), [this](const Sources& src) { return hopsanStep(src); });
        if (z[0] > 0) setPortPressure(e, 0, s.p1);
        if (z[1] > 0) setPortPressure(e, 1, s.p2);
        return true;
    }
    void eval(Eval& e) override {
        if (hasStepUpdate()) {
            dS(e)[0] = dS(e)[1] = 0.0;  // the states are unused: the step's regulator is held
            const Step& s = atTime(e);
            setFlow(e, 0, s.q);
            setFlow(e, 1, -s.q);
            if (ls_ >= 0) setFlow(e, ls_, 0.0);
            if (shaftDriven()) setForce(e, shaft_, d_ * s.eps / kTwoPi * (P(e, 0) - P(e, 1)) - b_ * speed(e));
            return;
        }
        const double w = speed(e), p2 = std::max(P(e, 1), 1.0), pLs = lsPressure(e);
        const double lpe = lp_ * std::sqrt(pnom_ / p2) * (wnom_ / (std::abs(w) + 0.001));
        const double den = lpe + rp_ * taov_, c1 = lpe * taov_ / den, c2 = rp_ / den;
        const double qMaxNow = qmax_ * w / wnom_, yMax = std::max(qMaxNow, 0.0) * den;
        const double rate = std::max(qMaxNow, 0.0) * den * std::sqrt(std::abs(p2 - 1e5) / pnom_);
        const double z = S(e)[0], zd = S(e)[1];
        const double u = pdif_ - P(e, 1) + pLs;
        // Hopsan limits the filter's output rate and output, and the filter goes on from the
        // limited value: z' is used clamped, and z' itself approaches a limit no faster than
        // (limit - z')/c1 (continuous in z', so implicit steppers see no chattering; no wind-up).
        const double vMin = -rate / std::sqrt(tm_), vMax = rate / std::sqrt(tp_);
        const double zdc = std::clamp(zd, vMin, vMax);
        const double dzd = std::clamp((u - zdc - c2 * z) / c1, (vMin - zd) / c1, (vMax - zd) / c1);
        // The displacement stops 0 and yMax, the same way: z reaches one no faster than
        // (stop - z)/c1 (z' stays within its rate limits, so it winds up no further than them).
        const double dz = std::clamp(zdc, -z / c1, (yMax - z) / c1);
        dS(e)[0] = dz;
        dS(e)[1] = dzd;
        const double y = std::clamp(z + dz / wp1_, 0.0, yMax);
        const double q = cavitationLimited(y / den + cl_ * (P(e, 0) - P(e, 1)), e);
        setFlow(e, 0, q);
        setFlow(e, 1, -q);
        if (ls_ >= 0) setFlow(e, ls_, 0.0);
        const double eps = yMax > 0 ? y / yMax : 0.0;  // fraction of full displacement D
        if (shaftDriven()) setForce(e, shaft_, d_ * eps / kTwoPi * (P(e, 0) - P(e, 1)) - b_ * w);
    }
    void initStates(double* s) const override { s[0] = s[1] = 0.0; }

private:
    // The Thevenin sources of one step: p1 = c1 + z1 q1, p2 = c2 + z2 q2 (Hopsan's signs: q out of
    // the pump), the pilot pressure and the speed.
    struct Sources {
        double c1 = 0, z1 = 0, c2 = 0, z2 = 0, pLs = 0, w = 0;
    };
    // Hopsan's regulator history (two past outputs y and inputs u) and the step's results.
    struct Step {
        bool started = false;                   // false before the initialisation step
        double y0 = 0, u0 = 0, y1 = 0, u1 = 0;  // y_k, u_k and y_(k-1), u_(k-1)
        double p1 = 0, p2 = 1, q = 0, eps = 0;  // port pressures, flow P1 -> P2, displacement fraction
    };
    double lsPressure(const Eval& e) const { return ls_ >= 0 && isConnected(ls_) ? std::max(P(e, ls_), 0.0) : 0.0; }
    Sources sourcesAt(const Eval& e, const double* c, const double* z) const {
        return {c[0], z[0], c[1], z[1], ls_ >= 0 && isConnected(ls_) ? std::max(c[ls_], 0.0) : 0.0, speed(e)};
    }
    Sources sourcesAt(const Eval& e) const { return {P(e, 0), 0.0, P(e, 1), 0.0, lsPressure(e), speed(e)}; }
    double regulatorInput(const Sources& s) const {
        const double g = 1.0 / (cl_ * (s.z1 + s.z2) + 1.0);
        return pdif_ - g * ((cl_ * s.z1 + 1.0) * s.c2 + cl_ * s.z2 * s.c1) + s.pLs;
    }
    // One Hopsan step from the held history against the sources s.
    Step hopsanStep(const Sources& s) const {
        const Step& held = history_.committed();
        const double dt = history_.dt();
        if (!held.started) return initialStep(s);
        const double g = 1.0 / (cl_ * (s.z1 + s.z2) + 1.0);
        const double c1e = g * ((cl_ * s.z2 + 1.0) * s.c1 + cl_ * s.z1 * s.c2);
        const double c2e = g * ((cl_ * s.z1 + 1.0) * s.c2 + cl_ * s.z2 * s.c1);
        const double p2Prev = std::max(held.p2, 1.0), qMaxNow = qmax_ * s.w / wnom_;
        const double lpe = lp_ * std::sqrt(pnom_ / p2Prev) * (wnom_ / (s.w + 0.001));
        const double den = lpe + rp_ * taov_ + s.z2 * g / wp1_;
        const double a = lpe * taov_ / den, b = (rp_ + s.z2 * g) / den;
        const double u = pdif_ - c2e + s.pLs;
        const double yMax = qMaxNow * den, span = std::sqrt(std::abs(p2Prev - 1e5) / pnom_);
        const double vMax = yMax * span / std::sqrt(tp_), vMin = -yMax * span / std::sqrt(tm_);
        // (1 + s/w_p1)/(a s^2 + s + b) by s = (2/dt)(1 - z^-1)/(1 + z^-1)
        const double ws = 1.0 / dt, alf2 = a * 4.0 * ws * ws, alf1 = 2.0 / (wp1_ * dt), d = b + alf2 + 2.0 * ws;
        const double a1 = (b - alf2) * 2.0 / d, a2 = (b + alf2 - 2.0 * ws) / d;
        const double b1 = (alf1 + 1.0) / d, b2 = 2.0 / d, b3 = (1.0 - alf1) / d;
        double y = -a1 * held.y0 - a2 * held.y1 + b1 * u + b2 * held.u0 + b3 * held.u1;
        const double v = (y - held.y0) / dt;
        if (v > vMax) y = held.y0 + vMax * dt;
        else if (v <= vMin) y = held.y0 + vMin * dt;
        y = std::clamp(y, 0.0, std::max(yMax, 0.0));
        double qp = y / den;
        if (s.z2 > 0) qp = std::max(qp, -s.c2 / s.z2);  // the flow limits that keep both ports >= 0 Pa
        if (s.z1 > 0) qp = std::min(qp, s.c1 / s.z1);
        Step r;
        r.started = true;
        r.y0 = y; r.u0 = u; r.y1 = held.y0; r.u1 = held.u0;
        r.p1 = c1e - s.z1 * g * qp;
        r.p2 = c2e + s.z2 * g * qp;
        r.q = qp - cl_ * (r.p2 - r.p1);
        r.eps = qMaxNow > 0 ? r.q / qMaxNow : 0.0;
        return r;
    }
    // The first step of a run is Hopsan's initialisation (Hopsan logs it at the start time and
    // takes its first step at t + dt): the displacement at rest (0), the history's inputs set to
    // the first sources' u, the outlet at max(its pressure, 1 Pa); the regulator starts after it.
    Step initialStep(const Sources& s) const {
        Step r;
        r.started = true;
        r.u0 = r.u1 = regulatorInput(s);
        r.p1 = s.c1;
        r.p2 = std::max(s.c2, 1.0);
        return r;
    }
    // The step's values at time t (held_step_solve.h).
    const Step& atTime(const Eval& e) {
        history_.begin([] { return Step{}; });
        return history_.at(e.t, sourcesAt(e), [this](const Sources& s) { return hopsanStep(s); });
    }

    int ls_ = -1;
    double pdif_ = 0, qmax_ = 0, wnom_ = 1, lp_ = 0, rp_ = 1, wp1_ = 1, taov_ = 0, tp_ = 1, tm_ = 1, pnom_ = 1;
    bool discrete_ = false, stepOn_ = true;
    HeldStepSolve<Step, Sources> history_;
};

const char* kCavitation = "Band below 0 Pa over which the flow drawn from a port fades to 0 (cavitation)";

SpecBuilder& machineLosses(SpecBuilder& b, double j) {
    return b.param("Cl", "m3/(s*Pa)", 1e-12, 0.0, kInf, "Leakage coefficient (internal, P2 to P1 in a pump)")
        .param("B", "N*m*s/rad", 0.0, 0.0, kInf, "Viscous friction on the shaft")
        .param("Tc", "N*m", 0.0, 0.0, kInf, "Coulomb friction on the shaft")
        .param("w_s", "rad/s", 1.0, 1e-12, kInf, "Smoothing speed of the Coulomb friction")
        .param("J", "kg*m2", j, 0.0, 1e9, "Inertia of the rotating group (added to the shaft node)")
        .param("dp_cav", "Pa", 1e4, 1e-9, kInf, kCavitation);
}

const char* kMachineLaw =
    "q(P1->P2) = (D*eps/(2 pi)*w + Cl*(p1 - p2)) * clamp(1 + p_from/dp_cav, 0, 1),  p_from = p1 if q > 0 else p2\n"
    "T on shaft = D*eps/(2 pi)*(p1 - p2) - B*w - Tc*w/sqrt(w^2 + w_s^2)";

ComponentSpec pump(const char* type, const char* title, bool variable) {
    SpecBuilder b(type, "Pumps and motors", title);
    b.describe(std::string("Displacement pump from P1 (suction) to P2 (outlet). Driven by its shaft when connected, else by "
                           "the speed at input n, else by parameter n (Hopsan's pump takes its speed as a signal). ") +
               (variable ? "The displacement fraction eps (input or parameter) is clamped to [-1, 1]. " : "") +
               "Hopsan clamps the flow where a port pressure would go below 0 Pa (cavitation); here the flow drawn from a "
               "port fades to 0 over dp_cav below 0 Pa, continuous so that the node's pressure stays a smooth state.")
        .equations(kMachineLaw)
        .source(variable ? "Hopsan HydraulicVariableDisplacementPump" : "Hopsan HydraulicFixedDisplacementPump")
        .hydraulic("P1", "Suction (inlet)")
        .hydraulic("P2", "Outlet")
        .rotational("shaft", "Drive shaft", true)
        .input("n", "Speed [rad/s] (shaft unconnected)", true);
    if (variable) b.input("eps", "Displacement fraction [-1, 1]", true);
    b.param("D", "m3/rev", 5e-5, 0.0, kInf, "Displacement per revolution")
        .param("n", "rad/s", 157.07963267948966, -kInf, kInf, "Speed when neither shaft nor input n is connected");
    if (variable) b.param("eps", "-", 1.0, -1.0, 1.0, "Displacement fraction (input eps unconnected)");
    machineLosses(b, 0.0);
    return b.factory<DisplacementMachine>();
}

ComponentSpec motor(const char* type, const char* title, bool variable, bool portVolumes) {
    SpecBuilder b(type, "Pumps and motors", title);
    b.describe(std::string(portVolumes ? "Reversible hydraulic machine (pump or motor) with leakage, viscous and Coulomb "
                                         "friction and the oil volumes V1, V2 of its ports (Hopsan's HydraulicMachineC is a "
                                         "TLM element that owns these volumes: here they are capacitance of the port nodes, "
                                         "solved by the configuration's pressure method). "
                                       : "Displacement motor: oil in at P1, out at P2 turns the shaft positive. ") +
               "Its rotating group's inertia J is added to the shaft node (Hopsan's motor Q integrates its own "
               "inertia J_m; the same here, shared with whatever else is on the node)." +
               (variable ? " The displacement fraction eps (input or parameter) is clamped to [-1, 1]." : ""))
        .equations(kMachineLaw)
        .source(portVolumes ? "Hopsan HydraulicMachineC" : variable ? "Hopsan HydraulicVariableDisplacementMotorQ" : "Hopsan HydraulicFixedDisplacementMotorQ")
        .hydraulic("P1", "Inlet (high pressure turning positive)")
        .hydraulic("P2", "Outlet")
        .rotational("shaft", "Output shaft");
    if (variable) b.input("eps", "Displacement fraction [-1, 1]", true);
    b.param("D", "m3/rev", 5e-5, 0.0, kInf, "Displacement per revolution");
    if (variable) b.param("eps", "-", 1.0, -1.0, 1.0, "Displacement fraction (input eps unconnected)");
    machineLosses(b, portVolumes ? 0.0 : 0.1);
    if (!portVolumes)
        b.choice("form", {"continuous", "Hopsan Q-type at the step"}, 0,
                 "continuous: the law above; Hopsan Q-type at the step (next to TLM volumes, fixed steps): Hopsan's motor "
                 "step, the leakage solved with the ports' sources, the flow at the step's speed limited so that neither "
                 "port goes below 0 Pa (exactly), held over the step, and the torque from the unlimited flow's pressures "
                 "dpe*(c1a - c2a) - (Z1 + Z2)*dpe^2*w (Hopsan keeps them in its torque while cavitating). On ordinary nodes "
                 "(any stepper) the continuous law is used");
    if (portVolumes) {
        b.param("V1", "m3", 0.0, 0.0, kInf, "Oil volume at P1 (capacitance of its node)")
            .param("V2", "m3", 0.0, 0.0, kInf, "Oil volume at P2 (capacitance of its node)");
    }
    return b.factory<DisplacementMachine>();
}

ComponentSpec controlledPump(const char* type, const char* title, bool loadSensing) {
    SpecBuilder b(type, "Pumps and motors", title);
    b.describe(std::string(loadSensing ? "Load-sensing pump: the regulator holds the outlet p_dif above the load pressure at LS. "
                                       : "Pressure-compensated pump: the regulator cuts the flow as the outlet nears p_dif "
                                         "(above the pressure at LS when that pilot is connected). ") +
               "Hopsan's HydraulicPressureControlledPump in continuous time: the same regulator transfer function "
               "(1 + s/w_p1)/(c1 s^2 + s + c2) with l_p, r_p, tau_v and its stroking-rate limits, but Hopsan folds its "
               "outlet line impedance into c2 and den; here the outlet is a node state, so that term is 0. "
               "Static characteristic: q = (p_dif - p2 + p_LS)/r_p within [0, q_max*w/w_nom].")
        .equations("lpe = l_p*sqrt(p_nom/p2)*w_nom/(|w| + 0.001),  den = lpe + r_p*tau_v,  c1 = lpe*tau_v/den,  c2 = r_p/den\n"
                   "c1*z'' + z' + c2*z = p_dif - p2 + p_LS,  z' limited to +-q_max*(w/w_nom)*den*sqrt(|p2 - 1e5|/(p_nom*t))\n"
                   "q(P1->P2) = clamp(z + z'/w_p1, 0, q_max*w/w_nom*den)/den + Cl*(p1 - p2)")
        .source("Hopsan HydraulicPressureControlledPump")
        .hydraulic("P1", "Suction (inlet)")
        .hydraulic("P2", "Outlet");
    if (loadSensing) b.pilot("LS", "Load-sense pressure");
    else b.pilot("LS", "Reference pressure (optional; unconnected: 0)", true);
    b.rotational("shaft", "Drive shaft", true)
        .input("n", "Speed [rad/s] (shaft unconnected)", true)
        .param("D", "m3/rev", 5e-5, 0.0, kInf, "Displacement (shaft torque only; the flow follows q_max)")
        .param("n", "rad/s", 125.0, -kInf, kInf, "Speed when neither shaft nor input n is connected")
        .param("p_dif", "Pa", loadSensing ? 2e6 : 1e7, -kInf, kInf, loadSensing ? "Load-sensing margin" : "Pressure setting (above p_LS)")
        .param("q_max", "m3/s", 0.00125, 0.0, kInf, "Largest flow at w_nom")
        .param("w_nom", "rad/s", 125.0, 1e-9, kInf, "Speed of q_max")
        .param("p_nom", "Pa", 7e6, 1.0, kInf, "Nominal pressure of the regulator data")
        .param("l_p", "Pa*s/m3", 7e7, 0.0, kInf, "Regulator inductance at nominal pressure")
        .param("r_p", "Pa*s/m3", 1e9, 1e-9, kInf, "Static characteristic at nominal pressure")
        .param("w_p1", "rad/s", 200.0, 1e-9, kInf, "Lead frequency of the regulator")
        .param("tau_v", "s", 0.001, 1e-9, kInf, "Time constant of the control valve")
        .param("t_p", "s", 0.15, 1e-9, kInf, "Time from minimum to full displacement")
        .param("t_m", "s", 0.12, 1e-9, kInf, "Time from full to minimum displacement")
        .param("Cl", "m3/(s*Pa)", 1e-12, 0.0, kInf, "Leakage coefficient")
        .param("B", "N*m*s/rad", 0.0, 0.0, kInf, "Viscous friction on the shaft")
        .param("dp_cav", "Pa", 1e4, 1e-9, kInf, kCavitation)
        .choice("form", {"continuous", "Hopsan discrete at the step"}, 0,
                "continuous: the regulator ODE above, the outlet a node state; Hopsan discrete at the step: Hopsan's "
                "bilinear regulator step solved against the ports' Thevenin sources (the outlet impedance in den and c2, "
                "rate and stroke limits on the step's output), fixed-step runs only (the ODE under adaptive steppers); "
                "z and zd are then unused")
        .state("z", "Pa", "Regulator state (displacement command times den)", 1e5)
        .state("zd", "Pa/s", "Its rate", 1e6);
    return b.factory<PressureControlledPump>();
}

}  // namespace

void registerPumpsMotors(Registry& r) {
    r.add(pump("FixedDisplacementPump", "Fixed displacement pump", false));
    r.add(pump("VariableDisplacementPump", "Variable displacement pump", true));
    r.add(motor("FixedDisplacementMotor", "Fixed displacement motor", false, false));
    r.add(motor("VariableDisplacementMotor", "Variable displacement motor", true, false));
    r.add(motor("HydraulicMachine", "Hydraulic machine (losses, port volumes)", true, true));
    r.add(controlledPump("PressureCompensatedPump", "Pressure-compensated pump", false));
    r.add(controlledPump("LoadSensingPump", "Load-sensing pump", true));
}

}  // namespace hs::sim
