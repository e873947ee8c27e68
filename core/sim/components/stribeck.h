// SPDX-License-Identifier: GPL-3.0-or-later
// Smooth Stribeck friction of the thesis's Damper_withStribeckfriction (notes/002 §2.4, with the
// |v| typo of the printed exponent corrected), one law for the component and the inverse solve:
//   s(v) = (2/pi) atan(gamma v),  F_f(v) = sigma v + s(v) [F_c0 + F_s0 exp(-v s(v)/c_s)]
// F_f is the force the friction takes from the motion (it acts as -F_f on the node). Smooth, so
// the inverse can differentiate it (dF_f/dv analytic).
#pragma once

#include <cmath>
#include <numbers>

namespace hs::sim {

struct StribeckLaw {
    double sigma = 0, fc0 = 0, fs0 = 0, cs = 0.01, gamma = 1000;

    double force(double v) const {
        const double s = 2.0 / std::numbers::pi * std::atan(gamma * v);
        return sigma * v + s * (fc0 + fs0 * std::exp(-v * s / cs));
    }
    double slope(double v) const {  // dF_f/dv
        const double s = 2.0 / std::numbers::pi * std::atan(gamma * v);
        const double ds = 2.0 / std::numbers::pi * gamma / (1.0 + gamma * gamma * v * v);
        const double ex = std::exp(-v * s / cs);
        return sigma + ds * (fc0 + fs0 * ex) + s * fs0 * ex * (-(s + v * ds) / cs);
    }
};

}  // namespace hs::sim
