// SPDX-License-Identifier: GPL-3.0-or-later
// The quasistatic actuator with a regeneration valve from the rod side to the head side
// (Kikuuwe et al. §5; notes/004 §9): while extending, rod-side oil may flow through it into the
// head instead of to the tank, so the rod extends faster, mostly under stretching loads.
// Regeneration velocity v_a = Q_a/A_r = u_hat_a * max(R(F_r - (A_r/A_h) F_h), 0) (91)-(93).
#pragma once

#include "actuator_map.h"

namespace hs::sim::quasistatic {

class RegenerativeActuatorMap {
public:
    // cRegeneration = C_a*a_a*sqrt(2/rho), opening u_a in [0, 1]. Needs A_h >= A_r (90).
    RegenerativeActuatorMap(const ActuatorCircuit& circuit, const ValveOpenings& u, double cRegeneration, double ua);

    const ActuatorMap& base() const { return base_; }
    bool regenerates() const { return active_; }
    // v_a at rod velocity v (101): 0 unless extending with the valve open and the rod side above
    // (A_r/A_h) times the head side; else the root of Xi_v(v, .) in [0, v] (95).
    double regenerationVelocity(double v) const;
    ForceInterval gamma(double v) const;  // Gamma_reg (98)
    // Lambda_reg (102)-(105) by a bracketed solve over v on [Lambda, (F_hM - f_bar)/beta]
    // (the notes' recommendation, §9: the paper's alternation converges only linearly).
    double resolvent(double beta, double fBar) const;
    double velocityUnderLoad(double f) const { return resolvent(1e-12, f); }

private:
    double xiV(double v, double va) const;  // (95)

    ActuatorMap base_;
    double ua2_ = 0, ratio_ = 0;  // u_hat_a^2, A_r/A_h
    bool active_ = false;
};

}  // namespace hs::sim::quasistatic
