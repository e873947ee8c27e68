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
// The same checks without opening files (a method with text parameters, e.g. narx's model file, is
// not created: its file is read when the circuit is built). "" when the setting is valid.
[[nodiscard]] std::string checkMethodSetting(const Registry& reg, const MethodSetting& s);

}  // namespace hs::sim
