// SPDX-License-Identifier: GPL-3.0-or-later
// The node equations: the bulk-modulus law Be(p), the continuity equation of a hydraulic node
// whose pressure is a state, dp/dt = Be(p)/V*(q - dV/dt), and Newton's law of a mechanical node.
// One definition for BulkModulus (fluid.h), the interpreted node pass (continuity_pass.h,
// system.h) and the generated circuit kernels (sim/kernel/), which include this header: the same
// arithmetic in the same order everywhere. Standard headers only.
#pragma once

#include <cmath>
#include <cstdint>

namespace hs::sim::eq {

// Be(p) with the model resolved: constant (scale = the value), or the log law
// scale*log(a2*p/pmax + a3) with the argument held at minArg or above (scale = a1*Emax, taken
// once: a1*Emax*(ln*c) multiplies a1 by Emax first anyway), in base 10 or e.
struct BulkModulusLaw {
    enum : std::int64_t { Constant = 0, Log10 = 1, Ln = 2 };
    double scale = 0, a2 = 0, pmax = 1, a3 = 0, minArg = 0;
    std::int64_t law = Constant;
};

[[gnu::always_inline]] inline double bulkModulus(const BulkModulusLaw& b, double p) {
    if (b.law == BulkModulusLaw::Constant) return b.scale;
    double arg = b.a2 * p / b.pmax + b.a3;
    if (arg < b.minArg) arg = b.minArg;
    // log10(x) = ln(x)/ln(10): glibc's log10 costs about twice its log, and this is the hottest
    // transcendental call of a log-law circuit.
    const double ln = std::log(arg);
    return b.scale * (b.law == BulkModulusLaw::Ln ? ln : ln * 0.43429448190325182765);
}

// A node of the continuity pass: its state, its (up to kPorts) flow ports and (up to kChambers)
// chambers, padded with an always-zero slot of the flow and chamber arrays: x - 0.0 and x + 0.0
// are x for every x this meets (a sum that starts at +0.0 or at a positive volume is never
// -0.0), so the padding changes no bit.
struct ContinuityNode {
    static constexpr int kPorts = 4, kChambers = 2;
    BulkModulusLaw be;
    double vConst = 0, qConst = 0;  // constant volume; net inflow from static components' ports
    int node = 0, state = 0;
    int port[kPorts] = {}, chamber[kChambers] = {};
};

// Writes the node's volume and its rate (vol, dvol) and returns dp/dt, be = Be(p) of this evaluation.
[[gnu::always_inline]] inline double continuityDerivative(const ContinuityNode& n, double be, const double* flow, const double* pvol,
                                   const double* pdvol, double& vol, double& dvol) {
    const double v = n.vConst + pvol[n.chamber[0]] + pvol[n.chamber[1]];
    const double dv = 0.0 + pdvol[n.chamber[0]] + pdvol[n.chamber[1]];
    vol = v;
    dvol = dv;
    const double q = n.qConst - flow[n.port[0]] - flow[n.port[1]] - flow[n.port[2]] - flow[n.port[3]];
    return be / v * (q - dv);
}

// A mechanical node: position state y, velocity y + 1, dv/dt = (sum of the forces of its ports)/m.
[[gnu::always_inline]] inline void mechanicalDerivative(int y, const int* port, int ports, double invMass, const double* force,
                                 const double* state, double* dy) {
    double f = 0.0;
    for (int j = 0; j < ports; ++j) f += force[port[j]];
    dy[y] = state[y + 1];
    dy[y + 1] = f * invMass;
}

}  // namespace hs::sim::eq
