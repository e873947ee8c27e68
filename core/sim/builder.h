// SPDX-License-Identifier: GPL-3.0-or-later
// Compiles a Netlist + solver settings into a runnable System: resolves types and parameters,
// forms hydraulic / mechanical nodes and signal slots from the wires, lays out the state vector,
// picks each node's pressure method and orders the evaluation. Reports every problem it finds,
// each naming the component, port or parameter.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "netlist.h"
#include "registry.h"
#include "system.h"

namespace hs::sim {

struct BuildResult {
    std::unique_ptr<System> system;  // null when errors is not empty
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
    bool ok() const { return system != nullptr; }
    std::string errorText() const;
};

[[nodiscard]] BuildResult build(const Registry& registry, const Netlist& net, const SolverSettings& solver);

// Pressure-method factory: the object for a setting (parameters checked against the spec).
[[nodiscard]] std::unique_ptr<PressureMethod> makePressureMethod(const Registry& reg, const MethodSetting& s, std::string& error);

}  // namespace hs::sim
