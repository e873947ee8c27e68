// SPDX-License-Identifier: GPL-3.0-or-later
#include "valve_plate_area.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hs::sim {

std::string ValvePlateGeometry::check() const {
    if (!(radius > 0)) return "R_f must be positive";
    if (!(endRadius > 0)) return "delta (radius of the rounded ends) must be positive";
    if (kidney < 2 * endRadius) return "alpha_f (kidney length) must be at least its two rounded ends, 2*delta";
    if (groove < 2 * endRadius) return "phi_P (groove length) must be at least its two rounded ends, 2*delta";
    if (notchLead > kidney || notchTrail > kidney) return "phi_1 and phi_2 (V-notch lengths) must not exceed alpha_f (kidney length)";
    if (!(span() < 2 * std::numbers::pi)) return "phi_1 + phi_P + alpha_f + phi_2 must be less than one turn";
    if (!(notchDepth >= 0 && notchDepth < std::numbers::pi / 2)) return "theta_1 must lie in [0, pi/2)";
    if (!(notchOpening >= 0 && notchOpening < std::numbers::pi)) return "theta_2 must lie in [0, pi)";
    return {};
}

double ValvePlateGeometry::overlap(double l) const {
    const double r = endRadius * radius;
    if (l <= 0) return 0.0;
    if (l >= 2 * r) return std::numbers::pi * r * r + (l - 2 * r) * 2 * r;
    const double d = 2 * r - l;  // distance of the two end circles' centres
    return 2 * r * r * std::acos(d / (2 * r)) - 0.5 * d * std::sqrt(4 * r * r - d * d);
}

double ValvePlateGeometry::notch(double u) const {
    const double t1 = std::tan(notchDepth), t2 = std::tan(0.5 * notchOpening);
    return u * u * t2 * std::min(t1, t1 * t1);
}

double ValvePlateGeometry::fullArea() const { return overlap(std::min(kidney, groove) * radius); }

double ValvePlateGeometry::area(double a) const {
    if (!(a >= 0 && a <= span())) return 0.0;
    const double s = a * radius, g1 = notchLead * radius, g2 = notchTrail * radius;
    const double L = kidney * radius, G = groove * radius;
    const double u = s - g1;  // travel past the groove's leading end
    const double lead = notch(std::clamp(std::min(s, g1 + L - s), 0.0, g1));
    const double trail = notch(std::clamp(std::min(u - G, G + L + g2 - u), 0.0, g2));
    return lead + overlap(std::min({u, L, G, G + L - u})) + trail;
}

double relativePlateAngle(double a, double offset, AngleWrap wrap) {
    constexpr double turn = 2 * std::numbers::pi;
    if (wrap == AngleWrap::Periodic) {
        const double x = std::fmod(a - offset, turn);
        return x < 0 ? x + turn : x;
    }
    // Hopsan: x >= 0: fmod(x - offset, turn) (negative until the first pass); x < 0:
    // turn - fmod(|x| - offset, turn).
    return a < 0 ? turn - std::fmod(-a - offset, turn) : std::fmod(a - offset, turn);
}

}  // namespace hs::sim
