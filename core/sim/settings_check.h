// SPDX-License-Identifier: GPL-3.0-or-later
// The one check of a configuration's solver settings against the stepper and method specs:
// the builder reports these issues as build errors, the configuration editor shows them while
// the user edits (without building). Numeric ranges of single fields (dt > 0, ...) stay with the
// file validator and the steppers.
#pragma once

#include <string>
#include <vector>

#include "netlist.h"

namespace hs::sim {

class Registry;

struct SettingsIssue {
    // The setting at fault: "stepper", "methods", "default_method", "threads", "partition" or "partition_mapper".
    std::string key;
    std::string subject;  // the volume or component concerned, or ""
    std::string text;     // the whole message, naming the subject
};

// Ids of the components that host a pressure method (ComponentSpec::hostsPressureMethod).
std::vector<std::string> pressureMethodHosts(const Registry& reg, const Netlist& net);

// The method a host follows in these settings: its own entry, else the default method.
const MethodSetting& effectiveMethod(const SolverSettings& s, const std::string& host);

// Checks: the stepper is known; every method that needs a fixed step has a stepper that hosts
// it; method entries name hosts; threads in 1..64, partition indices in 0..threads-1, a known
// partition mapper; parallel
// partitions only with a stepper and methods that support them. `hosts`: pressureMethodHosts().
// `components`: every component id (partition entries must name one); empty = not checked.
[[nodiscard]] std::vector<SettingsIssue> checkSolverSettings(const Registry& reg, const SolverSettings& s,
                                                             const std::vector<std::string>& hosts,
                                                             const std::vector<std::string>& components = {});

}  // namespace hs::sim
