// SPDX-License-Identifier: GPL-3.0-or-later
// Can a hydraulic node be closed off, every flow path into it at zero conductance at once? Then
// its flow balance sum Q(p) = 0 holds at any pressure (issue 19: Pub II's valve-cylinder node in
// the dead band), and quasi-steady must not be suggested for it. A structural, conservative rule
// from the component specs: the node is closable unless a component on it always conducts
// (ComponentSpec::alwaysConducts, e.g. a fixed orifice).
#pragma once

#include <string>
#include <vector>

namespace hs::sim {

class System;

struct NodeClosure {
    bool closable = true;
    std::vector<std::string> conductors;  // components on the node that always conduct
    std::vector<std::string> blockers;    // the others: each can present zero conductance
};

NodeClosure nodeClosure(const System& sys, int node);

}  // namespace hs::sim
