// SPDX-License-Identifier: GPL-3.0-or-later
// A parameter sweep: one configuration of a circuit run at every point of a parameter space (a
// full grid or a Latin hypercube, parameter_space.h), the points on worker threads through the
// service's run machinery (service::runConfiguration, the engine path of `run` and `compare`).
// Each run keeps a summary instead of its trace; a run that fails (a divergence, a parameter
// value its component refuses) is a row with its error, never the end of the sweep.
#pragma once

#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "model/circuit.h"
#include "parallel_runs.h"
#include "parameter_space.h"
#include "run_distribution.h"
#include "run_summary.h"

namespace hs::sim {
class Registry;
}

namespace hs::study {

struct SweepOptions {
    std::vector<ParameterAxis> axes;
    std::vector<ParameterPoint> points;  // gridPoints() or latinHypercube() of the axes
    QString config;                      // "" = the circuit's reference configuration
    bool againstReference = false;       // also run the reference at each point, report RRMSE
    double duration = 0;                 // 0 = the circuit's
    int jobs = 0;                        // 0 = defaultJobs()
    RunDistribution* distribution = nullptr;  // MPI ranks (run_distribution.h); nullptr: this process
    const std::atomic<bool>* stop = nullptr;
    std::function<void(const StudyProgress&)> progress;  // on the calling thread
};

struct SweepRow {
    ParameterPoint point;
    QString status;  // "ok", "failed" or "stopped"
    QString error;   // why it failed (the reference's failure is named as such)
    double wallSeconds = 0;
    long steps = 0;
    std::vector<ProbeSummary> probes;
    std::vector<sim::ProbeError> errors;  // against the reference at the same point (if asked)
};

struct SweepResult {
    QString error;  // sweep-level problem (unknown configuration, no reference), no rows run
    QString config;
    std::vector<SweepRow> rows;  // in point order
};

// "" or why the options cannot run on the circuit (unknown configuration or parameter, ...).
QString checkSweep(const model::Circuit& c, const sim::Registry& reg, const SweepOptions& opt);

SweepResult runSweep(const model::Circuit& c, const sim::Registry& reg, const SweepOptions& opt);

// The statistics a sweep can report per probe, in column order: final, min, max, mean.
const QStringList& sweepStatistics();

// The sweep's results as text cells, one row per run: run, each parameter, status, wall_s, steps,
// then for each probe (all, or the names listed in probes) the statistics asked for (final, min,
// max, mean) and its RRMSE [%] if the sweep ran against the reference, and last the error. The
// CSV (writeSweepCsv) and the GUI's results table show these same cells.
struct SweepTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};
SweepTable sweepTable(const SweepOptions& opt, const SweepResult& res, const QStringList& probes, const QStringList& stats);

// The table as CSV (cells with a comma, quote or line break quoted). Returns "" or an error naming the file.
QString writeSweepCsv(const QString& path, const SweepOptions& opt, const SweepResult& res, const QStringList& probes,
                      const QStringList& stats);

}  // namespace hs::study
