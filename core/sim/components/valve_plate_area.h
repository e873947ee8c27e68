// SPDX-License-Identifier: GPL-3.0-or-later
// Opening area between one cylinder kidney and one port groove of an axial-piston machine's
// valve plate, as a function of the block's angle (docs/components.md, "Valve plate").
//
// Everything is measured along the pitch circle of radius R_f (an angle a is the arc R_f*a).
// The kidney is a stadium of length L = alpha_f and width 2r (r = delta, its rounded ends'
// radius); the port groove is a stadium of the same width and length G = phi_P, with a V-notch
// of length g1 = phi_1 ahead of it and g2 = phi_2 behind it (notch depth angle theta_1, opening
// angle theta_2). s is the arc the kidney's leading end has travelled past the leading notch tip:
//   area(s) = notch(clamp(min(s, g1 + L - s), 0, g1))                      leading notch
//           + overlap(min(s - g1, L, G, G + L - (s - g1)))                  kidney over groove
//           + notch(clamp(min(s - g1 - G, g1 + G + L + g2 - s), 0, g2))     trailing notch
// overlap(l): two stadia of one width overlapping over a length l intersect in a stadium of
// length l (l >= 2r: pi r^2 + (l - 2r) 2r) or, for l < 2r, in the lens of two circles of radius
// r whose centres are 2r - l apart; 0 for l <= 0. notch(u): the V-notch u from its tip, the
// smaller of its planform u^2 tan(theta_1) tan(theta_2/2) and its cross-section
// u^2 tan^2(theta_1) tan(theta_2/2). The window spans g1 + G + L + g2 and is symmetric about
// its middle when g1 = g2.
#pragma once

#include <string>

namespace hs::sim {

struct ValvePlateGeometry {
    double radius = 0.03;        // R_f, pitch radius of kidneys and grooves [m]
    double groove = 2.79;        // phi_P, groove length [rad]
    double notchLead = 0.105;    // phi_1, leading V-notch length [rad]
    double notchTrail = 0.105;   // phi_2, trailing V-notch length [rad]
    double endRadius = 0.0873;   // delta, radius of the rounded ends (half the kidney width) [rad]
    double kidney = 0.524;       // alpha_f, kidney length [rad]
    double notchDepth = 0.105;   // theta_1, notch depth angle [rad]
    double notchOpening = 1.571; // theta_2, notch opening angle [rad]

    // "" or the first inconsistency (a kidney shorter than its two rounded ends, ...).
    [[nodiscard]] std::string check() const;
    // Angle over which the kidney and the groove (with its notches) overlap [rad].
    double span() const { return notchLead + groove + kidney + notchTrail; }
    // Opening area [m2] when the kidney's leading end is the angle a past the leading notch's
    // tip; 0 outside [0, span()].
    double area(double a) const;
    // The parts, for the tests: the area of the kidney over the groove for an overlap length
    // l [m], and the flow area of a notch u [m] from its tip.
    double overlap(double l) const;
    double notch(double u) const;
    // Full opening: the kidney's own area.
    double fullArea() const;
};

// How the angle of a cylinder relative to a port is reduced to one turn.
enum class AngleWrap {
    Periodic,        // a - offset taken modulo 2 pi: the plate's function of the angle is periodic
    HopsanUnwrapped  // Hopsan's HydraulicValvePlate: fmod keeps the sign, so a cylinder that has not
                     // yet passed the port's leading edge once sees a negative angle, no opening
};

// The angle past the port's leading notch tip of a cylinder at block angle a with the offset
// (cylinder position + port edge): in [0, 2 pi) when Periodic; when HopsanUnwrapped, Hopsan's
// reduction (negative, i.e. closed, before the first pass for a >= 0).
double relativePlateAngle(double a, double offset, AngleWrap wrap);

}  // namespace hs::sim
