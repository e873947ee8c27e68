// SPDX-License-Identifier: GPL-3.0-or-later
// The exogenous inputs of a NARX volume (Pub III, notes/000_001 §3.6): the node's inflow and
// outflow, its bulk modulus and its volume. Pub III names the two flows of its node (compensator
// flow Q_v in, valve flow Q3 out); for any node we take the sum of the components' flows into the
// node where positive (q_in) and out of it where negative (q_out), which is the same thing for a
// node fed by one component and drained by another. Declared once here: the data generation and
// the narx method read the same definition.
#pragma once

#include <array>
#include <string>

namespace hs::sim::narx {

inline constexpr int kInputs = 4;
inline const std::array<std::string, kInputs> kInputNames = {"q_in", "q_out", "Be", "V"};
inline const std::string kOutputName = "p";

// inflows[i]: net flow into the node from its i-th component [m3/s]; dvol: dV/dt of its chambers
// (counted as outflow when the node grows).
inline std::array<double, kInputs> features(const double* inflows, int n, double dvol, double be, double vol) {
    double in = 0.0, out = 0.0;
    for (int i = 0; i < n; ++i) (inflows[i] > 0 ? in : out) += inflows[i] > 0 ? inflows[i] : -inflows[i];
    (dvol > 0 ? out : in) += dvol > 0 ? dvol : -dvol;
    return {in, out, be, vol};
}

}  // namespace hs::sim::narx
