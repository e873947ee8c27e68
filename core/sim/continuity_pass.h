// SPDX-License-Identifier: GPL-3.0-or-later
// The serial right-hand side's work for the hydraulic nodes whose pressure is an integrated state
// under the plain continuity equation dp/dt = Be(p)/V*(q - dV/dt) (the "integrate" method, most
// nodes of most circuits), compiled once into flat tables: the pressure read from y, the port and
// chamber sums over contiguous index arrays, and the bulk-modulus law held by value (no pointer to
// follow, no virtual call). The arithmetic and its order are those of System::nodeDerivative, so
// the results are bit-identical. Nodes of any other kind stay on System's general path.
#pragma once

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
        int portBegin = 0, portEnd = 0, varBegin = 0, varEnd = 0;  // into ports_ / varPorts_
    };

    void clear() {
        nodes_.clear();
        ports_.clear();
        varPorts_.clear();
    }
    // ports: global ports of non-static components on the node; varPorts: ports of chambers.
    void add(Node n, const std::vector<int>& ports, const std::vector<int>& varPorts) {
        n.portBegin = static_cast<int>(ports_.size());
        ports_.insert(ports_.end(), ports.begin(), ports.end());
        n.portEnd = static_cast<int>(ports_.size());
        n.varBegin = static_cast<int>(varPorts_.size());
        varPorts_.insert(varPorts_.end(), varPorts.begin(), varPorts.end());
        n.varEnd = static_cast<int>(varPorts_.size());
        nodes_.push_back(n);
    }
    bool empty() const { return nodes_.empty(); }

    void readPressures(const double* y, double* p) const {
        for (const Node& n : nodes_) p[n.node] = y[n.state];
    }
    // vol/dvol of nodes with chambers are written (the pressure methods' NodeAccess reads them).
    void derivatives(const double* p, const double* flow, const double* pvol, const double* pdvol, double* vol,
                     double* dvol, double* dy) const {
        const int* hp = ports_.data();
        const int* vp = varPorts_.data();
        for (const Node& n : nodes_) {
            double v = n.vConst, dv = 0.0;
            if (n.varBegin != n.varEnd) {
                for (int i = n.varBegin; i < n.varEnd; ++i) {
                    v += pvol[vp[i]];
                    dv += pdvol[vp[i]];
                }
                vol[n.node] = v;
                dvol[n.node] = dv;
            }
            double q = n.qConst;
            for (int i = n.portBegin; i < n.portEnd; ++i) q -= flow[hp[i]];
            dy[n.state] = n.be(p[n.node]) / v * (q - dv);
        }
    }

private:
    std::vector<Node> nodes_;
    std::vector<int> ports_, varPorts_;
};

}  // namespace hs::sim
