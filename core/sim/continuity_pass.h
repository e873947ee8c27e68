// SPDX-License-Identifier: GPL-3.0-or-later
// The serial right-hand side's work for the hydraulic nodes whose pressure is an integrated state
// under the plain continuity equation dp/dt = Be(p)/V*(q - dV/dt) (the "integrate" method, most
// nodes of most circuits), compiled once into one flat table: per node its state, its flow ports
// and chambers inline (no index ranges to walk), and the bulk-modulus law resolved at build time
// (no pointer to follow, no branch on the model, no virtual call). The arithmetic and its order
// are those of System::nodeDerivative, so the results are bit-identical.
#pragma once

#include <cmath>
#include <vector>

#include "fluid.h"

namespace hs::sim {

class ContinuityPass {
public:
    // The nodes it takes: up to four flow ports and two chambers, held inline (a node with more
    // stays on System's general path).
    static constexpr size_t kPorts = 4, kChambers = 2;
    static bool takes(const std::vector<int>& ports, const std::vector<int>& chambers) {
        return ports.size() <= kPorts && chambers.size() <= kChambers;
    }

    void clear() {
        nodes_.clear();
        hasChambers_ = false;
    }
    // ports: global ports of non-static components on the node (flows into them leave the
    // node); chambers: ports of components whose variable volume is part of the node; qConst:
    // net inflow from static components' ports. zeroSlot: an entry of the flow and chamber
    // arrays that is always 0, which pads the unused entries: x - 0.0 and x + 0.0 are x for
    // every x this meets (a sum that starts at +0.0 or at a positive volume is never -0.0), so
    // the padding changes no bit.
    void add(int node, int state, const BulkModulus& b, double vConst, double qConst, const std::vector<int>& ports,
             const std::vector<int>& chambers, int zeroSlot) {
        Node n{};
        n.law = b.model == BulkModulus::Model::Constant ? Law::Constant : b.naturalLog ? Law::Ln : Law::Log10;
        // a1*emax*(ln*c) multiplies a1 by emax first: the product is taken once here, same bits
        n.scale = b.model == BulkModulus::Model::Constant ? b.value : b.a1 * b.emax;
        n.a2 = b.a2;
        n.pmax = b.pmax;
        n.a3 = b.a3;
        n.minArg = b.minArg;
        n.vConst = vConst;
        n.qConst = qConst;
        n.node = node;
        n.state = state;
        for (size_t i = 0; i < kPorts; ++i) n.port[i] = i < ports.size() ? ports[i] : zeroSlot;
        for (size_t i = 0; i < kChambers; ++i) n.chamber[i] = i < chambers.size() ? chambers[i] : zeroSlot;
        nodes_.push_back(n);
        hasChambers_ = hasChambers_ || !chambers.empty();
    }

    // The node pressures from y, and their bulk moduli (which depend on nothing else: taken
    // here, before the components, so the logarithm's latency overlaps their evaluation).
    // Pointer loops: no size computations per call (this runs four times per RK4 step).
    [[gnu::always_inline]] void readPressures(const double* y, double* p) {
        for (Node *n = nodes_.data(), *end = n + nodes_.size(); n != end; ++n) {
            const double pn = y[n->state];
            p[n->node] = pn;
            n->be = bulkModulus(*n, pn);
        }
    }
    // The node pressures alone (the evaluation before a step's wave solve, whose derivatives no
    // one reads): the bulk moduli are left to the next readPressures().
    [[gnu::always_inline]] void readPressuresOnly(const double* y, double* p) const {
        for (const Node *n = nodes_.data(), *end = n + nodes_.size(); n != end; ++n) p[n->node] = y[n->state];
    }
    // Whether a node has a chamber: only then does derivatives() write vol/dvol values other
    // than the constant ones allocate() wrote.
    bool hasChambers() const { return hasChambers_; }
    // Writes vol/dvol of every node (the pressure methods' NodeAccess reads them) and dy.
    [[gnu::always_inline]] void derivatives(const double* flow, const double* pvol, const double* pdvol, double* vol,
                                            double* dvol, double* dy) const {
        for (const Node *n = nodes_.data(), *end = n + nodes_.size(); n != end; ++n) {
            const double v = n->vConst + pvol[n->chamber[0]] + pvol[n->chamber[1]];
            const double dv = 0.0 + pdvol[n->chamber[0]] + pdvol[n->chamber[1]];
            vol[n->node] = v;
            dvol[n->node] = dv;
            const double q = n->qConst - flow[n->port[0]] - flow[n->port[1]] - flow[n->port[2]] - flow[n->port[3]];
            dy[n->state] = n->be / v * (q - dv);
        }
    }

private:
    enum class Law : unsigned char { Constant, Log10, Ln };
    struct Node {
        double scale, a2, pmax, a3, minArg, vConst, qConst;
        double be;  // this evaluation's bulk modulus
        int node, state;
        int port[kPorts], chamber[kChambers];
        Law law;
    };
    // BulkModulus::operator() with the model resolved at build time and a1*emax folded
    static double bulkModulus(const Node& n, double p) {
        if (n.law == Law::Constant) return n.scale;
        double arg = n.a2 * p / n.pmax + n.a3;
        if (arg < n.minArg) arg = n.minArg;
        const double ln = std::log(arg);
        return n.scale * (n.law == Law::Ln ? ln : ln * 0.43429448190325182765);
    }
    std::vector<Node> nodes_;
    bool hasChambers_ = false;
};

}  // namespace hs::sim
