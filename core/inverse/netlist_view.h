// SPDX-License-Identifier: GPL-3.0-or-later
// Read-only view of a Netlist for structure checks: the node every port is on (wires joined,
// the registry's internal connections included), the components on a node, and parameter values
// with the registry's defaults filled in.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sim/netlist.h"
#include "sim/registry.h"

namespace hs::inverse {

struct PortRef {
    const sim::NetComponent* comp = nullptr;
    std::string port;
};

class NetlistView {
public:
    NetlistView(const sim::Registry& reg, const sim::Netlist& net);
    const sim::Netlist& net() const { return net_; }
    const sim::NetComponent* component(const std::string& id) const;
    std::vector<const sim::NetComponent*> ofType(const std::string& type) const;
    // Node id of a port, or -1 if the port is not wired (nor internally joined to a wired one).
    int node(const std::string& comp, const std::string& port) const;
    // Every port (other than `exclude`'s) on the node of comp.port.
    std::vector<PortRef> peers(const std::string& comp, const std::string& port) const;
    double num(const sim::NetComponent& c, const std::string& name) const;      // default if unset
    int choice(const sim::NetComponent& c, const std::string& name) const;      // index, default if unset
    std::string text(const sim::NetComponent& c, const std::string& name) const;
    const sim::ComponentSpec* spec(const sim::NetComponent& c) const { return reg_.find(c.type); }
    // Component and port of the signal source wired to the input comp.port ("" if none).
    std::pair<const sim::NetComponent*, std::string> driverOf(const std::string& comp, const std::string& port) const;

private:
    int find(int i) const;
    const sim::Registry& reg_;
    const sim::Netlist& net_;
    std::map<std::pair<std::string, std::string>, int> index_;  // (comp, port) -> union-find slot
    mutable std::vector<int> parent_;
    std::vector<std::pair<const sim::NetComponent*, std::string>> slots_;
    std::vector<bool> wired_;
};

}  // namespace hs::inverse
