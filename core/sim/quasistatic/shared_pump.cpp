// SPDX-License-Identifier: GPL-3.0-or-later
#include "shared_pump.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hs::sim::quasistatic {

SharedPumpActuators::SharedPumpActuators(const SharedPump& pump, std::vector<ActuatorCircuit> circuits,
                                         std::vector<ValveOpenings> openings)
    : pump_(pump), circuits_(std::move(circuits)), openings_(std::move(openings)) {
    pump_.bleedOpening = std::clamp(pump_.bleedOpening, 0.0, 1.0);  // as ValveOpenings::fromCommand
}

ActuatorMap SharedPumpActuators::mapAt(std::size_t j, double pressure) const {
    return ActuatorMap::atPumpPressure(circuits_[j], openings_[j], pressure);
}

template <class Balance>
PumpNode SharedPumpActuators::solvePressure(Balance balance) const {
    const double atRelief = balance(pump_.relief);
    if (atRelief >= 0) return {pump_.relief, atRelief};
    // Bisection: the balance is monotone but only piecewise smooth (relief and check-valve kinks),
    // so a bracket that halves is the safe root; 200 halvings reach the resolution of doubles.
    double lo = 0.0, hi = pump_.relief;
    for (int i = 0; i < 200 && hi - lo > 4.0 * std::numeric_limits<double>::epsilon() * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (balance(mid) > 0 ? lo : hi) = mid;
    }
    return {0.5 * (lo + hi), 0.0};
}

PumpNode SharedPumpActuators::forces(const std::vector<double>& velocity, std::vector<ForceInterval>& force) const {
    const double ub = pump_.cBleed * pump_.bleedOpening;
    auto balance = [&](double p) {  // (114): Q - U_b R(P) - sum of the actuators' inflows
        double q = pump_.flow - ub * std::sqrt(p);
        for (size_t j = 0; j < circuits_.size(); ++j) {
            if (velocity[j] == 0) continue;  // no inflow for any force of Gamma(P, 0)
            const ActuatorMap m = mapAt(j, p);
            q -= m.pumpInflow(velocity[j], m.gamma(velocity[j]).lower);
        }
        return q;
    };
    const PumpNode node = solvePressure(balance);
    force.resize(circuits_.size());
    for (size_t j = 0; j < circuits_.size(); ++j) force[j] = mapAt(j, node.pressure).gamma(velocity[j]);
    return node;
}

PumpNode SharedPumpActuators::resolvent(const std::vector<double>& beta, const std::vector<double>& fBar,
                                        std::vector<double>& velocity) const {
    const double ub = pump_.cBleed * pump_.bleedOpening;
    auto balance = [&](double p) {  // (123b), with P passed to every Lambda_j (notes §12 item 9)
        double q = pump_.flow - ub * std::sqrt(p);
        for (size_t j = 0; j < circuits_.size(); ++j) {
            const ActuatorMap m = mapAt(j, p);
            const double v = m.resolvent(beta[j], fBar[j]);
            q -= m.pumpInflow(v, fBar[j] + beta[j] * v);
        }
        return q;
    };
    const PumpNode node = solvePressure(balance);
    velocity.resize(circuits_.size());
    for (size_t j = 0; j < circuits_.size(); ++j) velocity[j] = mapAt(j, node.pressure).resolvent(beta[j], fBar[j]);
    return node;
}

}  // namespace hs::sim::quasistatic
