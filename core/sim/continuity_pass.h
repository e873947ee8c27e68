// SPDX-License-Identifier: GPL-3.0-or-later
// The serial right-hand side's work for the hydraulic nodes whose pressure is an integrated state
// under the plain continuity equation dp/dt = Be(p)/V*(q - dV/dt) (the "integrate" method, most
// nodes of most circuits), compiled once into one flat table: per node its state, its flow ports
// and chambers inline (no index ranges to walk), and the bulk-modulus law resolved at build time
// (no pointer to follow, no branch on the model, no virtual call). The arithmetic is that of
// equations/continuity.h, which System::nodeDerivative and the generated kernels use too, so the
// results are bit-identical. The commonest node, a constant bulk modulus on a constant volume with
// at most two flow ports, has its own list (ConstantNode): its Be/V is a constant of the run.
#pragma once

#include <vector>

#include "equations/continuity.h"
#include "fluid.h"

namespace hs::sim {

class ContinuityPass {
public:
    // The nodes it takes: up to four flow ports and two chambers, held inline (a node with more
    // stays on System's general path).
    static constexpr size_t kPorts = eq::ContinuityNode::kPorts, kChambers = eq::ContinuityNode::kChambers;
    static bool takes(const std::vector<int>& ports, const std::vector<int>& chambers) {
        return ports.size() <= kPorts && chambers.size() <= kChambers;
    }

    void clear() {
        nodes_.clear();
        general_.clear();
        constant_.clear();
        be_.clear();
        hasChambers_ = false;
    }
    // Off: every node on the general list (the tests compare the two bit for bit). Before add().
    void useConstantNodes(bool on) { constantNodes_ = on; }
    // ports: global ports of non-static components on the node (flows into them leave the
    // node); chambers: ports of components whose variable volume is part of the node; qConst:
    // net inflow from static components' ports. zeroSlot: an entry of the flow and chamber
    // arrays that is always 0, which pads the unused entries (eq::ContinuityNode).
    void add(int node, int state, const BulkModulus& b, double vConst, double qConst, const std::vector<int>& ports,
             const std::vector<int>& chambers, int zeroSlot) {
        eq::ContinuityNode n{};
        n.be = b.law();
        n.vConst = vConst;
        n.qConst = qConst;
        n.node = node;
        n.state = state;
        for (size_t i = 0; i < kPorts; ++i) n.port[i] = i < ports.size() ? ports[i] : zeroSlot;
        for (size_t i = 0; i < kChambers; ++i) n.chamber[i] = i < chambers.size() ? chambers[i] : zeroSlot;
        nodes_.push_back(n);
        hasChambers_ = hasChambers_ || !chambers.empty();
        // continuityDerivative() on such a node: v = vConst + 0.0 + 0.0 = vConst (> 0), dv = +0.0,
        // q - dv = q and Be(p) = scale, so it is (scale/vConst)*(qConst - f0 - f1 - 0.0 - 0.0), the
        // same bits as rate*(qConst - f0 - f1) with rate = scale/vConst taken here.
        if (constantNodes_ && n.be.law == eq::BulkModulusLaw::Constant && chambers.empty() && ports.size() <= 2 &&
            vConst > 0) {
            constant_.push_back({qConst, n.be.scale / vConst, node, state, n.port[0], n.port[1]});
        } else {
            general_.push_back(n);
            be_.push_back(0.0);
        }
    }
    // The nodes, for the generated kernel (kernel/kernel_source.cpp), which writes the same pass.
    const std::vector<eq::ContinuityNode>& nodes() const { return nodes_; }

    // The node pressures from y, and their bulk moduli (which depend on nothing else: taken
    // here, before the components, so the logarithm's latency overlaps their evaluation).
    // Pointer loops: no size computations per call (this runs four times per RK4 step).
    [[gnu::always_inline]] void readPressures(const double* y, double* p) {
        for (const ConstantNode *n = constant_.data(), *end = n + constant_.size(); n != end; ++n) p[n->node] = y[n->state];
        double* be = be_.data();
        for (const eq::ContinuityNode *n = general_.data(), *end = n + general_.size(); n != end; ++n, ++be) {
            const double pn = y[n->state];
            p[n->node] = pn;
            *be = eq::bulkModulus(n->be, pn);
        }
    }
    // The node pressures alone (the evaluation before a step's wave solve, whose derivatives no
    // one reads): the bulk moduli are left to the next readPressures().
    [[gnu::always_inline]] void readPressuresOnly(const double* y, double* p) const {
        for (const ConstantNode *n = constant_.data(), *end = n + constant_.size(); n != end; ++n) p[n->node] = y[n->state];
        for (const eq::ContinuityNode *n = general_.data(), *end = n + general_.size(); n != end; ++n) p[n->node] = y[n->state];
    }
    // Whether a node has a chamber: only then does derivatives() write vol/dvol values other
    // than the constant ones allocate() wrote.
    bool hasChambers() const { return hasChambers_; }
    // Writes vol/dvol of every node (the pressure methods' NodeAccess reads them; a constant node
    // keeps the vConst and 0 that System::allocate() wrote) and dy.
    [[gnu::always_inline]] void derivatives(const double* flow, const double* pvol, const double* pdvol, double* vol,
                                            double* dvol, double* dy) const {
        for (const ConstantNode *n = constant_.data(), *end = n + constant_.size(); n != end; ++n)
            dy[n->state] = n->rate * (n->qConst - flow[n->port0] - flow[n->port1]);
        const double* be = be_.data();
        for (const eq::ContinuityNode *n = general_.data(), *end = n + general_.size(); n != end; ++n, ++be)
            dy[n->state] = eq::continuityDerivative(*n, *be, flow, pvol, pdvol, vol[n->node], dvol[n->node]);
    }
    size_t constantNodeCount() const { return constant_.size(); }

private:
    // A node with a constant bulk modulus, a constant volume and at most two flow ports (the
    // second one the always-zero slot when it has one).
    struct ConstantNode {
        double qConst, rate;  // rate = Be/V
        int node, state, port0, port1;
    };
    std::vector<eq::ContinuityNode> nodes_;    // every node, in the order added (the kernel's list)
    std::vector<eq::ContinuityNode> general_;  // the nodes the loops below take in full
    std::vector<ConstantNode> constant_;
    std::vector<double> be_;  // this evaluation's bulk modulus per node of general_
    bool hasChambers_ = false, constantNodes_ = true;
};

}  // namespace hs::sim
