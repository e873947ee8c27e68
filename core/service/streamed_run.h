// SPDX-License-Identifier: GPL-3.0-or-later
// One configuration run with its records streamed to a CSV file as they are produced, for runs
// too long to hold in memory (1e8 steps with a fine record interval): the engine keeps only the
// last record (sim::RunOptions::keepTrace = false), the file gets every one. The file equals
// writeTraceFile() of the same run kept in memory, byte for byte.
#pragma once

#include <QString>
#include <functional>

#include "model/circuit.h"
#include "sim/simulator.h"

namespace hs::sim {
class Registry;
}

namespace hs::service {

// As runConfiguration (errors, warnings, no exception leaves), with result.trace holding the
// last record only. fileError: "" or why the CSV file could not be written; the file is left
// out when no record was made (the circuit did not compile, the first step failed).
sim::RunResult runConfigurationToCsv(const model::Circuit& c, const model::SolverConfigDoc& cfg, const sim::Registry& reg,
                                     double duration, const QString& path, QString& fileError,
                                     std::function<void(double)> progress = {});

}  // namespace hs::service
