// SPDX-License-Identifier: GPL-3.0-or-later
// A valve-controlled cylinder drive as the inverse solve sees it (notes/002 §1.4): constant
// supply and tank, a closed-centre 4/3 valve (DirectionalValve43) whose A and B feed a cylinder's
// chambers (plus Volumes on those nodes), the rod's mass, passive forces and external forces,
// and the prescribed motion (a SmoothMotion wired to the rod, freeing the valve's command).
// extractDrive reads it from a Netlist and says what is missing or not invertible.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/components/stribeck.h"
#include "sim/components/valve43_law.h"
#include "sim/fluid.h"
#include "sim/netlist.h"
#include "sim/registry.h"
#include "sim/trajectory/smooth_profile.h"

namespace hs::inverse {

// An external force on the rod (positive = extending): a constant or a smooth profile.
struct ForceTerm {
    double constant = 0;
    std::optional<sim::SmoothSteps> profile;
    double value(double t) const { return profile ? profile->derivative(t, 0) : constant; }
    double rate(double t) const { return profile ? profile->derivative(t, 1) : 0.0; }
};

struct ChamberVolume {  // a Volume on a chamber node
    std::string id;
    double volume = 0, p0 = 0;
    std::optional<double> bulk;  // constant bulk modulus, or the fluid's
};

struct ValveCylinderDrive {
    std::string motionId, valveId, cylinderId, supplyId, tankId;
    std::optional<sim::SmoothMotion> motion;
    // cylinder
    double a1 = 0, a2 = 0, stroke = 0, vDeadA = 0, vDeadB = 0, leak = 0;
    bool externalChambers = false;
    std::vector<ChamberVolume> volumesA, volumesB;
    // rod node
    double mass = 0, viscous = 0;
    struct Spring { double k, xFree; };
    std::vector<Spring> springs;  // k*(x - x_free)
    std::vector<sim::StribeckLaw> stribeck;
    struct Coulomb { double fc, vs; };
    std::vector<Coulomb> coulomb;  // F_c*tanh(v/v_s)
    std::vector<ForceTerm> forces;
    // valve
    sim::Valve43Law valve;
    double kv = 1, wn = 1, zeta = 1;
    bool nominalSizing = false;  // opening is a fraction of full opening: |x_v| > 1 is saturation
    // boundaries and fluid
    double ps = 0, pt = 0, pA0 = 0;
    sim::Fluid fluid;
    double pMax = 1e9, pMin = -1e7;

    // Passive force taken from the motion (acts as -F on the rod) and its time derivative.
    double passiveForce(double x, double v) const;
    double passiveRate(double x, double v, double a) const;
    double friction(double v) const;  // the dissipative part (Stribeck, Coulomb, viscous)
    double externalForce(double t) const;
    double externalRate(double t) const;
    // Hydraulic capacitance dV/dp of the chamber nodes at position x and pressure p.
    double capacitanceA(double x, double p) const;
    double capacitanceB(double x, double p) const;
    // Order of continuity the motion and the forces need: x_p must be C^(3 + spool order) (the
    // jerk for the differentiated force balance, two more for the second-order spool inversion),
    // the external forces C^(1 + spool order) (notes/002 §1.5).
    static constexpr int kSpoolOrder = 2;
    static constexpr int kMotionOrderNeeded = 3 + kSpoolOrder;
    static constexpr int kForceOrderNeeded = 1 + kSpoolOrder;
};

// Fill *out from the netlist, or return every problem found, one per line: the structure
// (prescribed outputs against freed inputs, a supported drive), parameters that cannot be
// inverted, and profiles not differentiable enough.
std::string extractDrive(const sim::Registry& reg, const sim::Netlist& net, ValveCylinderDrive* out);

}  // namespace hs::inverse
