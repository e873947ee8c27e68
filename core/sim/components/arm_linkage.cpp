// SPDX-License-Identifier: GPL-3.0-or-later
// Joining a translational cylinder rod to a rotating arm (notes/004 §8): CylinderArmLinkage, and
// ArmVerticalForce, the torque of a vertical force on the arm (its weight, a load at the tip).
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "cylinder_arm_geometry.h"
#include "library.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The rod node and the arm node are both nodes of states (each integrated with its own mass), so
// a rigid constraint x = l(theta) - l0 would need an algebraic solve the engine does not have. As Gear
// and SpeedSource do, a stiff spring-damper holds x on l(theta): s = k(l(theta) - l0 - x) + c(l' - v)
// pulls the rod, and the arm gets -s * dl/dtheta (the two powers cancel but for the spring's own).
// Its mode sqrt(k/m_rod) needs small steps or an implicit stepper (fine for a compressible
// circuit under CVODE, not for the quasistatic actuator at 1-10 ms: QuasistaticArmActuator).
class CylinderArmLinkage final : public Component {
public:
    enum { kRod, kArm };
    std::string configure(const ParamSet& p, const Fluid&) override {
        k_ = p.num("k");
        c_ = p.num("c");
        theta0_ = p.num("theta0");
        x0_ = p.num("x0");
        std::string error = readCylinderArmGeometry(p, arm_);
        l0_ = arm_.at(theta0_).length - x0_;
        return error;
    }
    std::optional<double> initialPosition(int port) const override { return port == kArm ? theta0_ : x0_; }
    void eval(Eval& e) override {
        const CylinderArmGeometry::Pose pose = arm_.at(X(e, kArm));
        const double s = k_ * (pose.length - l0_ - X(e, kRod)) + c_ * (pose.lever * V(e, kArm) - V(e, kRod));
        setForce(e, kRod, s);
        setForce(e, kArm, -s * pose.lever);
    }

private:
    CylinderArmGeometry arm_;
    double k_ = 0, c_ = 0, theta0_ = 0, x0_ = 0, l0_ = 0;
};

// T = r cos(theta) F_y: a vertical force F_y (up positive) at radius r on an arm at angle theta.
class ArmVerticalForce final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        r_ = p.num("r");
        f_ = p.num("F");
        return {};
    }
    void eval(Eval& e) override { setForce(e, 0, r_ * std::cos(X(e, 0)) * (isConnected(1) ? in(e, 1) : f_)); }

private:
    double r_ = 0, f_ = 0;
};

}  // namespace

void registerArmLinkage(Registry& r) {
    SpecBuilder link("CylinderArmLinkage", "Rotational", "Cylinder-to-arm linkage");
    link.describe("Joins a cylinder's rod node (translational, position = cylinder length) to the rotational node of "
                  "an arm pivoting at the origin, the cylinder base fixed at r_b (Kikuuwe et al. §4.3). A stiff "
                  "spring-damper holds the rod on l(theta) (a rigid constraint between two nodes of states would "
                  "need an algebraic solve); put the rod's own mass on the rod node.")
        .equations("l(theta) = |r_m - r_b|,  r_m = -L_m [cos(theta-alpha), sin(theta-alpha)]\n"
                   "l0 = l(theta0) - x0;  s = k (l(theta) - l0 - x) + c (dl/dtheta w - v);  F_rod = s,  T_arm = -s dl/dtheta")
        .source("notes/004 §8, (79)-(80), (89)")
        .mechanical("rod", "Rod node (position x = l - l0, extending positive: a Cylinder's rod)")
        .rotational("arm", "Arm node (angle theta)");
    declareCylinderArmGeometryParams(link);
    link.param("k", "N/m", 1e10, 0.0, kInf, "Linkage stiffness along the cylinder")
        .param("c", "N*s/m", 1e6, 0.0, kInf, "Linkage damping along the cylinder")
        .param("x0", "m", 0.0, -1e3, 1e3, "Rod position at theta0 (a Cylinder's x0): l0 = l(theta0) - x0")
        .factory<CylinderArmLinkage>();
    r.add(link);

    r.add(SpecBuilder("ArmVerticalForce", "Rotational", "Vertical force on an arm")
              .describe("The torque of a vertical force F_y (up positive) acting at radius r on an arm that pivots at "
                        "the origin: its weight (F = -M g, r = distance to the centre of gravity) or a load at the tip.")
              .equations("T = r cos(theta) F_y")
              .source("notes/004 §8, (79)")
              .rotational("arm", "Arm node (angle theta)")
              .input("F", "Vertical force [N] (instead of the parameter)", true)
              .param("r", "m", 1.5, -kInf, kInf, "Radius of the force's point of action")
              .param("F", "N", -2000.0 * 9.81, -kInf, kInf, "Vertical force (up positive)")
              .factory<ArmVerticalForce>());
}

}  // namespace hs::sim
