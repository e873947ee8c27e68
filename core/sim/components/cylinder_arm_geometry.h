// SPDX-License-Identifier: GPL-3.0-or-later
// A cylinder between a fixed base r_b and a point r_m of an arm that rotates about the origin by
// theta (notes/004 §8, (80), (89)): r_m = -L_m [cos(theta - alpha), sin(theta - alpha)], cylinder
// length l = |r_m - r_b|. By virtual work a force f pushing the rod out turns the arm with the
// torque f * dl/dtheta (= r_m x (f (r_m - r_b)/l), the paper's (79) term).
#pragma once

#include <cmath>
#include <numbers>
#include <string>

#include "../component.h"
#include "../spec.h"

namespace hs::sim {

struct CylinderArmGeometry {
    double baseX = -0.5, baseY = -1.5;  // r_b [m] (the paper draws it only; notes §12 item 14)
    double mountRadius = 0.6;           // L_m [m]
    double mountAngle = std::numbers::pi / 4;  // alpha [rad]

    struct Pose {
        double length;  // l(theta) [m]
        double lever;   // dl/dtheta [m/rad]
    };
    Pose at(double theta) const {
        const double mx = -mountRadius * std::cos(theta - mountAngle), my = -mountRadius * std::sin(theta - mountAngle);
        const double dx = mx - baseX, dy = my - baseY;
        const double l = std::hypot(dx, dy);
        return {l, (dx * -my + dy * mx) / l};  // dr_m/dtheta = (-m_y, m_x)
    }
};

// Parameters x_b, y_b, L_m, alpha, theta0 (the arm's initial angle).
inline void declareCylinderArmGeometryParams(SpecBuilder& b) {
    b.param("x_b", "m", -0.5, -1e3, 1e3, "Cylinder base x (arm pivot at the origin)")
        .param("y_b", "m", -1.5, -1e3, 1e3, "Cylinder base y")
        .param("L_m", "m", 0.6, 0.0, 1e3, "Distance pivot - rod mount on the arm")
        .param("alpha", "rad", std::numbers::pi / 4, -10.0, 10.0, "Rod mount angle: r_m = -L_m [cos(theta-alpha), sin(theta-alpha)]")
        .param("theta0", "rad", 0.0, -10.0, 10.0, "Initial arm angle");
}

inline std::string readCylinderArmGeometry(const ParamSet& p, CylinderArmGeometry& g) {
    g = {p.num("x_b"), p.num("y_b"), p.num("L_m"), p.num("alpha")};
    const CylinderArmGeometry::Pose pose = g.at(p.num("theta0"));
    if (!(pose.length > 0)) return "the rod mount coincides with the cylinder base at theta0";
    return {};
}

}  // namespace hs::sim
