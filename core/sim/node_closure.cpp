// SPDX-License-Identifier: GPL-3.0-or-later
#include "node_closure.h"

#include <algorithm>

#include "component.h"
#include "system.h"

namespace hs::sim {

NodeClosure nodeClosure(const System& sys, int node) {
    NodeClosure c;
    for (int port : sys.hyd[static_cast<size_t>(node)].ports) {
        const Component& comp = *sys.comps[static_cast<size_t>(sys.ports[static_cast<size_t>(port)].comp)];
        if (comp.spec->hostsPressureMethod) continue;  // the volume itself: capacitance, no flow path
        // A component with two ports on the node (an N-port volume) is listed once.
        auto& list = comp.spec->alwaysConducts ? c.conductors : c.blockers;
        if (std::find(list.begin(), list.end(), comp.id) == list.end()) list.push_back(comp.id);
    }
    c.closable = c.conductors.empty();
    return c;
}

}  // namespace hs::sim
