// SPDX-License-Identifier: GPL-3.0-or-later
// Automatic partitioning for parallel stepping (notes/003 §3.3-3.5, simplified for shared
// memory): coupling groups (components joined by non-TLM nodes, mechanics or signals; the two
// ends of a long enough TLM line count as two) are kept together, weighted by their measured evaluation cost, and split into contiguous runs of the
// circuit's component order with balanced cost (neighbours stay together, so few waves cross).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "system.h"

namespace hs::sim {

// Time of one eval() of each component [ns], measured at the current state (median of runs).
std::vector<double> measureComponentCost(System& sys);

// Partition of each unit of `units` (components, and the far ends of lines cut at this step).
// `manual` (component id -> partition) fixes the groups of the named components (both ends of a
// line); the rest are balanced automatically. Returns an error or "".
[[nodiscard]] std::string autoPartition(System& sys, const System::PartitionUnits& units, int parts, const std::vector<double>& cost,
                          const std::map<std::string, int>& manual, std::vector<int>& partOfUnit);

}  // namespace hs::sim
