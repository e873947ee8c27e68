// SPDX-License-Identifier: GPL-3.0-or-later
// Effective bulk modulus models. SI units.
#pragma once

#include <cmath>

#include "equations/continuity.h"

namespace hs::sim {

// Be(p) = constant, or the Jelali & Kroll log law used by the Ustinov seeds:
//   Be(p) = a1 * Emax * log(a2 * p / pmax + a3)
// The seeds do not say which logarithm; base 10 is the physical one (Be(0) = 0.43 GPa,
// Be(pmax) = 0.98 Emax), base e gives Be(pmax) = 2.27 Emax (notes/000_001 §0). Base 10 is the
// default, base e is selectable. The argument is guarded so that a negative transient pressure
// cannot take the log of a non-positive number: it is never taken below minArg, by default a3,
// i.e. Be(p < 0) = Be(0) (0.43 GPa with log10). An earlier guard at 1 made Be exactly 0 below
// -6.2e5 Pa, which froze any node that overshot there (dp/dt = 0 whatever flowed in).
struct BulkModulus {
    enum class Model { Constant, LogLaw };
    Model model = Model::Constant;
    double value = 1.5e9;  // Constant
    double a1 = 0.5, a2 = 90.0, a3 = 3.0, emax = 1.8e9, pmax = 2.8e7;
    bool naturalLog = false;
    double minArg = 3.0;  // guard: log argument never below this (default a3: Be(p<0) = Be(0))

    // The law with the model resolved (equations/continuity.h: one definition for this, the node
    // pass and the generated kernels).
    eq::BulkModulusLaw law() const {
        if (model == Model::Constant) return {value, 0.0, 1.0, 0.0, 0.0, eq::BulkModulusLaw::Constant};
        return {a1 * emax, a2, pmax, a3, minArg, naturalLog ? eq::BulkModulusLaw::Ln : eq::BulkModulusLaw::Log10};
    }
    double operator()(double p) const {
        if (model == Model::Constant) return value;
        return eq::bulkModulus(law(), p);
    }
    // dBe/dp, the derivative of operator() (0 where the guard holds the argument at minArg).
    double slope(double p) const {
        if (model == Model::Constant) return 0.0;
        const double arg = a2 * p / pmax + a3;
        if (arg < minArg) return 0.0;
        return a1 * emax * (naturalLog ? 1.0 : 0.43429448190325182765) * a2 / (pmax * arg);
    }
};

struct Fluid {
    BulkModulus bulk;
    double density = 870.0;  // kg/m3
};

}  // namespace hs::sim
