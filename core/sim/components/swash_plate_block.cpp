// SPDX-License-Identifier: GPL-3.0-or-later
// Cylinder block of an axial-piston machine with its swash plate: the block's shaft (inertia J,
// viscous friction B) carries N pistons on the radius r, which the plate at angle beta moves
// axially. The block drives every node it touches (Component::drivesMotion): the shaft's angle and
// speed are its own states, each piston node's position and velocity follow from them, and the
// forces the other components exert on the pistons come back to the shaft as torque by virtual
// work. The pistons are massless in the block; a Mass on a piston node is a load whose inertia the
// block carries exactly (its angle-dependent share of the shaft's inertia and the centripetal term).
//
// Piston i (i = 0 .. N-1, port p(i+1)) sits at phi_i = theta + theta_offset + 2 pi i/N:
//   x_i = x0 - s sin(phi_i),  s = r tan(beta),  dx_i/dtheta = -s cos(phi_i),  d2x_i/dtheta2 = s sin(phi_i)
// (the plate's tilt: a piston passing phi = 0 in positive rotation moves towards -x; Hopsan's
// MechanicCylinderBlockWithSwashPlate with theta its P2 angle). Lagrange with massless pistons and
// masses m_i on the piston nodes:
//   (J + J_load + sum m_i x_i'^2) w' = T_load - B w + sum F_i x_i' - sum m_i x_i' x_i'' w^2
// T_load, J_load: the shaft node's other components' torque and inertia, F_i: the force of the
// piston node's other components (their own evaluation, Component::evalsAfterLoads).
//
// form "Hopsan discrete at the step" (fixed-step runs; the continuous model under adaptive
// steppers): Hopsan's Q-type block once per step: bilinear (Tustin) filters theta = 1/(J s^2 + B s)
// and w = 1/(J s + B) of u = T_load + sum F_i x_i'(theta_prev) (the loads at the step's start,
// held), whose previous input starts as T_load at t0 (Hopsan initialises the filters with its
// node's start torque); the pistons' positions from the angle of the step before (Hopsan reads
// its node's angle before it updates it), their velocities x_i'(theta_prev) w. Values held over
// the step; the run's first step (t0) keeps the start values (Hopsan's first step is t0 + dt).
#include <array>
#include <cmath>
#include <numbers>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr int kMaxPistons = 9;

class SwashPlateCylinderBlock final : public Component {
public:
    enum { kShaft = 0, kP1 = 1, kAngle = kP1 + kMaxPistons };

    std::string configure(const ParamSet& p, const Fluid&) override {
        j_ = p.num("J");
        b_ = p.num("B");
        r_ = p.num("r");
        offset_ = p.num("theta_offset");
        beta_ = p.num("angle");
        x0_ = p.num("x0");
        theta0_ = p.num("theta0");
        discrete_ = p.choice("form") == 1;
        if (!(j_ > 0)) return "J must be positive (the block's shaft carries its own inertia)";
        if (std::abs(beta_) >= std::numbers::pi / 2) return "swash angle 'angle' must lie within (-pi/2, pi/2)";
        return {};
    }
    std::string checkConnections() const override {
        const int n = pistons();
        for (int i = n; i < kMaxPistons; ++i)
            if (isConnected(kP1 + i))
                return "piston ports must be connected from p1 on without gaps: p" + std::to_string(n + 1) +
                       " is open but p" + std::to_string(i + 1) + " is connected";
        if (!isConnected(kShaft)) return "port 'shaft' must be connected (the block drives its node)";
        return {};
    }
    void initStates(double* s) const override {
        s[0] = theta0_;
        s[1] = 0.0;
    }
    std::optional<double> initialPosition(int port) const override {
        if (port == kShaft) return theta0_;
        if (port >= kP1 && port < kP1 + kMaxPistons) return x0_ - stroke(beta_) * std::sin(phase(theta0_, port - kP1));
        return std::nullopt;
    }
    bool drivesMotion(int port) const override { return port >= kShaft && port < kP1 + kMaxPistons; }
    bool evalsAfterLoads() const override { return !discreteOn(); }

    bool hasStepUpdate() const override { return discreteOn(); }
    bool stepUpdateOptional() const override { return true; }
    void useStepUpdate(bool on) override { stepOn_ = on; }
    void resetDiscrete() override {
        held_ = {theta0_, 0.0, theta0_, theta0_, 0.0, 0.0, 0.0, 0.0};
        started_ = candReady_ = false;
        tc_ = 0.0;
    }
    std::string prepareStep(double dt) override {
        dt_ = dt;
        return {};
    }
    // After the step's solve at t_k: the step's candidate becomes the held value.
    std::string stepUpdate(Eval& e, double dt) override {
        dt_ = dt;
        if (!started_) {  // t0: start values; the filters' previous input is the start torque
            started_ = true;
            held_.u1 = held_.u2 = loadForce(e, kShaft);
            held_.beta = swashAngle(e);
        } else {
            if (!candReady_) cand_ = advance(e);
            held_ = cand_;
        }
        candReady_ = false;
        tc_ = e.t;
        return {};
    }
    void eval(Eval& e) override {
        if (discreteOn()) {
            // From the first evaluation at the next step's time on, that step's candidate (computed
            // once, from the loads at the held motion), so that whatever samples at t_k (sensors,
            // the recorder) sees step k; stepUpdate() commits it.
            if (started_ && !candReady_ && e.t >= tc_ + 0.75 * dt_) {
                cand_ = advance(e);
                candReady_ = true;
            }
            const Held& h = candReady_ ? cand_ : held_;
            const double s = stroke(started_ ? h.beta : swashAngle(e));
            setMotion(e, kShaft, h.theta, h.w);
            setForce(e, kShaft, -loadForce(e, kShaft));
            for (int i = 0, n = pistons(); i < n; ++i) {
                const double phi = phase(h.pistonTheta, i);
                setMotion(e, kP1 + i, x0_ - s * std::sin(phi), -s * std::cos(phi) * h.w);
                setForce(e, kP1 + i, -loadForce(e, kP1 + i));
            }
            return;
        }
        const double theta = S(e)[0], w = S(e)[1], s = stroke(swashAngle(e));
        double torque = loadForce(e, kShaft) - b_ * w, jEff = j_ + loadMassOf(kShaft);
        setMotion(e, kShaft, theta, w);
        setForce(e, kShaft, -loadForce(e, kShaft));
        for (int i = 0, n = pistons(); i < n; ++i) {
            const double phi = phase(theta, i), dx = -s * std::cos(phi), ddx = s * std::sin(phi), m = loadMassOf(kP1 + i);
            setMotion(e, kP1 + i, x0_ - s * std::sin(phi), dx * w);
            const double f = loadForce(e, kP1 + i);
            setForce(e, kP1 + i, -f);  // the plate holds the piston against its loads (massless piston)
            torque += f * dx - m * dx * ddx * w * w;
            jEff += m * dx * dx;
        }
        dS(e)[0] = w;
        dS(e)[1] = torque / jEff;
    }

private:
    struct Held {
        double theta = 0, w = 0;          // the shaft at the end of the step
        double theta1 = 0, theta2 = 0;    // angle filter outputs at k-1, k-2
        double u1 = 0, u2 = 0;            // filter inputs at k-1, k-2
        double pistonTheta = 0;           // the angle the pistons' positions are taken at
        double beta = 0;                  // swash angle of the step
    };
    bool discreteOn() const { return discrete_ && stepOn_; }
    // One of Hopsan's steps from the held one, with the loads of their last evaluation (at the
    // held motion): bilinear filters of 1/(J s^2 + B s) and 1/(J s + B).
    Held advance(const Eval& e) const {
        const double beta = swashAngle(e), s = stroke(beta), dt = dt_;
        double u = loadForce(e, kShaft), jEff = j_ + loadMassOf(kShaft);
        for (int i = 0, n = pistons(); i < n; ++i) {
            const double dx = -s * std::cos(phase(held_.theta, i));
            u += loadForce(e, kP1 + i) * dx;
            jEff += loadMassOf(kP1 + i) * dx * dx;
        }
        Held n = held_;
        const double t2 = dt * dt, y0 = 2.0 * b_ * dt + 4.0 * jEff, y1 = -8.0 * jEff, y2 = -2.0 * b_ * dt + 4.0 * jEff;
        n.theta = (t2 * (u + 2.0 * held_.u1 + held_.u2) - y1 * held_.theta1 - y2 * held_.theta2) / y0;
        n.w = (dt * (u + held_.u1) - (b_ * dt - 2.0 * jEff) * held_.w) / (b_ * dt + 2.0 * jEff);
        n.theta2 = held_.theta1;
        n.theta1 = n.theta;
        n.u2 = held_.u1;
        n.u1 = u;
        n.pistonTheta = held_.theta;  // the pistons follow the angle of the step before
        n.beta = beta;
        return n;
    }
    double swashAngle(const Eval& e) const { return isConnected(kAngle) ? in(e, kAngle) : beta_; }
    double stroke(double beta) const { return r_ * std::tan(beta); }
    double phase(double theta, int i) const { return theta + offset_ + 2.0 * std::numbers::pi * i / pistons(); }
    // Connected pistons: p1 .. pN (checkConnections() refuses gaps).
    int pistons() const {
        int n = 0;
        while (n < kMaxPistons && isConnected(kP1 + n)) ++n;
        return n;
    }

    double j_ = 0, b_ = 0, r_ = 0, offset_ = 0, beta_ = 0, x0_ = 0, theta0_ = 0, dt_ = 0;
    bool discrete_ = false, stepOn_ = true, started_ = false, candReady_ = false;
    double tc_ = 0.0;  // time of the last committed step
    Held held_, cand_;  // the committed step and the next step's candidate
};

}  // namespace

void registerSwashPlateBlock(Registry& r) {
    SpecBuilder b("SwashPlateCylinderBlock", "Pumps and motors", "Cylinder block with swash plate");
    b.describe("Cylinder block of an axial-piston machine: its shaft (inertia J, viscous friction B) and N = 1 .. 9 "
               "pistons on radius r, moved axially by a swash plate at angle beta (input 'angle' or the parameter). "
               "The block drives its shaft node and every piston node (no states or mass needed there): piston "
               "positions follow the plate kinematics exactly, and the forces of the pistons' loads (chambers, "
               "springs, masses) come back to the shaft as torque by virtual work. Pistons are massless in the "
               "block; a Mass on a piston node is carried exactly. Hopsan's MechanicCylinderBlockWithSwashPlate.")
        .equations("phi_i = theta + theta_offset + 2 pi i/N,  x_i = x0 - r tan(beta) sin(phi_i),  v_i = -r tan(beta) cos(phi_i) w\n"
                   "(J + J_load + sum m_i x_i'^2) w' = T_load - B w + sum F_i x_i' - sum m_i x_i' x_i'' w^2,  theta' = w\n"
                   "form Hopsan discrete: per step theta = Tustin 1/(J s^2 + B s), w = Tustin 1/(J s + B) of "
                   "u = T_load + sum F_i x_i'(theta_prev); pistons at theta_prev")
        .source("Lagrange's equation of the block with massless pistons (virtual work); form Hopsan discrete: the "
                "structure of Hopsan's MechanicCylinderBlockWithSwashPlate (Hydraulic/MachineParts)")
        .rotational("shaft", "Block shaft (driven by the block: its angle and speed are the block's states)");
    for (int i = 1; i <= kMaxPistons; ++i)
        b.mechanical("p" + std::to_string(i), "Piston " + std::to_string(i) + " (connect p1 .. pN in order)", true);
    b.input("angle", "Swash angle [rad]", true)
        .param("J", "kg*m2", 0.1, 1e-12, 1e9, "Inertia of the cylinder block and shaft")
        .param("B", "N*m*s/rad", 10.0, 0.0, 1e12, "Viscous friction of the shaft")
        .param("r", "m", 0.05, 1e-6, 10.0, "Pitch radius of the pistons")
        .param("theta_offset", "rad", 0.0, -1e3, 1e3, "Phase of piston 1 at theta = 0")
        .param("angle", "rad", 0.0, -1.5, 1.5, "Swash angle beta (input 'angle' unconnected)")
        .param("x0", "m", 0.0, -100.0, 100.0, "Piston position at mid stroke")
        .param("theta0", "rad", 0.0, -1e6, 1e6, "Initial shaft angle")
        .choice("form", {"continuous", "Hopsan discrete at the step"}, 0,
                "continuous: the equations above (any stepper); Hopsan discrete at the step (fixed-step runs): "
                "Hopsan's bilinear shaft filters once per step with the loads of the step's start, the pistons at "
                "the angle of the step before, start torque as the filters' previous input. The continuous form "
                "under adaptive steppers")
        .state("theta", "rad", "Shaft angle", 1.0)
        .state("w", "rad/s", "Shaft speed", 10.0)
        .factory<SwashPlateCylinderBlock>();
    r.add(b);
}

}  // namespace hs::sim
