// SPDX-License-Identifier: GPL-3.0-or-later
// Automatic partitioning for parallel stepping (notes/003 §3.3-3.5): coupling groups (components
// joined by non-TLM nodes, mechanics or signals; the two ends of a long enough TLM line count as
// two) are kept together and weighted by their measured evaluation cost. Two mappers:
// - balanced (default): the groups, in the circuit's component order, split into contiguous runs
//   of equal cost (neighbours stay together, so few waves cross);
// - optimal: the groups as the tasks of the thesis' mapping problem (mapping/task_graph.h: a line
//   per pair of groups meeting at a TLM node or a cut line, the exact minimax cost with a
//   shared-memory link cost), its optimum by branch and bound (mapping/exact_mapper.h) started
//   from the better of the balanced plan and the thesis' GA (mapping/ga_mapper.h); on circuits
//   too large to finish the search within its budget, the best plan found.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "mapping/task_graph.h"
#include "system.h"

namespace hs::sim {

enum class PartitionMapper { Balanced, Optimal };
// "balanced" / "optimal" (the file's partition_mapper; the one list every layer reads)
const std::vector<std::string>& partitionMapperNames();
bool parsePartitionMapper(const std::string& name, PartitionMapper& out);

// Cost of one wave crossing between two cores per step [ns] in the optimal mapper's model: a
// cache line moving between cores, about one core-to-core miss (the thesis' transputer link
// costs do not apply to shared memory; there is no per-message set-up cost).
inline constexpr double kSharedMemoryLineCostNs = 60.0;

// Time of one eval() of each component [ns], measured at the current state (median of runs).
std::vector<double> measureComponentCost(System& sys);

// Partition of each unit of `units` (components, and the far ends of lines cut at this step).
// `manual` (component id -> partition) fixes the groups of the named components (both ends of a
// line); the rest are balanced automatically. Returns an error or "".
[[nodiscard]] std::string autoPartition(System& sys, const System::PartitionUnits& units, int parts, const std::vector<double>& cost,
                          const std::map<std::string, int>& manual, std::vector<int>& partOfUnit,
                          PartitionMapper mapper = PartitionMapper::Balanced);

// The coupling groups as the mapping problem's tasks (costs of the groups, lines between them,
// hand-placed groups pinned) and the unit -> task map.
struct GroupTaskGraph {
    mapping::TaskGraph graph;
    std::vector<int> taskOfUnit;
};
[[nodiscard]] std::string groupTaskGraph(System& sys, const System::PartitionUnits& units, int parts, const std::vector<double>& cost,
                                         const std::map<std::string, int>& manual, GroupTaskGraph& out);

}  // namespace hs::sim
