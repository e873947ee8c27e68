// SPDX-License-Identifier: GPL-3.0-or-later
// The serial right-hand side's work for the hydraulic nodes whose pressure is an integrated state
// under the plain continuity equation dp/dt = Be(p)/V*(q - dV/dt) (the "integrate" method, most
// nodes of most circuits), compiled once into flat tables: the pressure read from y, the port and
// chamber sums over contiguous index arrays, and the bulk-modulus law resolved at build time (no pointer
// to follow, no branch on the model, no virtual call). The arithmetic and its order are those of System::nodeDerivative, so
// the results are bit-identical. Nodes of any other kind stay on System's general path.
#pragma once

#include <cmath>
#include <vector>

#include "fluid.h"

namespace hs::sim {

class ContinuityPass {
public:
    struct Node {
        BulkModulus be;
        double vConst = 0.0;
        double qConst = 0.0;  // net inflow from static components' ports
        int node = -1, state = -1;
    };

    void clear() {
        nodes_.clear();
        ports_.clear();
        varPorts_.clear();
    }
    // ports: global ports of non-static components on the node; varPorts: ports of chambers.
    void add(const Node& n, const std::vector<int>& ports, const std::vector<int>& varPorts) {
        Flat f{};
        const BulkModulus& b = n.be;
        f.law = b.model == BulkModulus::Model::Constant ? Law::Constant : b.naturalLog ? Law::Ln : Law::Log10;
        // a1*emax*(ln*c) multiplies a1 by emax first: the product is taken once here, same bits
        f.scale = b.model == BulkModulus::Model::Constant ? b.value : b.a1 * b.emax;
        f.a2 = b.a2;
        f.pmax = b.pmax;
        f.a3 = b.a3;
        f.minArg = b.minArg;
        f.vConst = n.vConst;
        f.qConst = n.qConst;
        f.node = n.node;
        f.state = n.state;
        f.portBegin = static_cast<int>(ports_.size());
        ports_.insert(ports_.end(), ports.begin(), ports.end());
        f.portEnd = static_cast<int>(ports_.size());
        f.varBegin = static_cast<int>(varPorts_.size());
        varPorts_.insert(varPorts_.end(), varPorts.begin(), varPorts.end());
        f.varEnd = static_cast<int>(varPorts_.size());
        nodes_.push_back(f);
    }
    bool empty() const { return nodes_.empty(); }

    // The node pressures from y, and their bulk moduli (which depend on nothing else: taken
    // here, before the components, so the logarithm's latency overlaps their evaluation).
    // Pointer loops: no size computations per call (this runs four times per RK4 step).
    void readPressures(const double* y, double* p) {
        for (Flat *n = nodes_.data(), *end = n + nodes_.size(); n != end; ++n) {
            const double pn = y[n->state];
            p[n->node] = pn;
            n->be = bulkModulus(*n, pn);
        }
    }
    // vol/dvol of nodes with chambers are written (the pressure methods' NodeAccess reads them).
    void derivatives(const double* flow, const double* pvol, const double* pdvol, double* vol, double* dvol,
                     double* dy) const {
        const int* hp = ports_.data();
        const int* vp = varPorts_.data();
        for (const Flat *n = nodes_.data(), *end = n + nodes_.size(); n != end; ++n) {
            double v = n->vConst, dv = 0.0;
            if (n->varBegin != n->varEnd) {
                for (int i = n->varBegin; i < n->varEnd; ++i) {
                    v += pvol[vp[i]];
                    dv += pdvol[vp[i]];
                }
                vol[n->node] = v;
                dvol[n->node] = dv;
            }
            double q = n->qConst;
            for (int i = n->portBegin; i < n->portEnd; ++i) q -= flow[hp[i]];
            dy[n->state] = n->be / v * (q - dv);
        }
    }

private:
    enum class Law : unsigned char { Constant, Log10, Ln };
    struct Flat {
        double scale, a2, pmax, a3, minArg, vConst, qConst;
        double be;  // this evaluation's bulk modulus
        int node, state, portBegin, portEnd, varBegin, varEnd;
        Law law;
    };
    // BulkModulus::operator() with the model resolved at build time and a1*emax folded
    static double bulkModulus(const Flat& n, double p) {
        if (n.law == Law::Constant) return n.scale;
        double arg = n.a2 * p / n.pmax + n.a3;
        if (arg < n.minArg) arg = n.minArg;
        const double ln = std::log(arg);
        return n.scale * (n.law == Law::Ln ? ln : ln * 0.43429448190325182765);
    }
    std::vector<Flat> nodes_;
    std::vector<int> ports_, varPorts_;
};

}  // namespace hs::sim
