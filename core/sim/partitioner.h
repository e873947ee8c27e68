// Automatic partitioning for parallel stepping (notes/003 §3.3-3.5, simplified for shared
// memory): coupling groups (components joined by non-TLM nodes, mechanics or signals) are kept
// together, weighted by their measured evaluation cost, and split into contiguous runs of the
// circuit's component order with balanced cost (neighbours stay together, so few waves cross).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace hs::sim {

class System;

// Time of one eval() of each component [ns], measured at the current state (median of runs).
std::vector<double> measureComponentCost(System& sys);

// Partition of each component. `manual` (component id -> partition) fixes the groups of the
// named components; the rest are balanced automatically. Returns an error or "".
std::string autoPartition(System& sys, int parts, const std::vector<double>& cost, const std::map<std::string, int>& manual,
                          std::vector<int>& partOfComp);

}  // namespace hs::sim
