// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the solver configurations of a circuit and compares each with the reference: the engine
// behind `hydrostiff-cli compare` and, later, the GUI's run panel.
#pragma once

#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "model/circuit.h"
#include "sim/metrics.h"
#include "sim/simulator.h"
#include "sim/system.h"

namespace hs::sim {
class Registry;
}

namespace hs::service {

// The message of a run that ended in an exception (a bug in component code, out of memory):
// "run failed at about t = ... s: internal error: <what>". Worker threads catch every exception
// (RunService::work, runConfiguration) and report it as a failed run with this message.
std::string internalError(const std::string& what, double t);

struct ConfigOutcome {
    QString name;
    bool reference = false;
    sim::RunResult result;
    std::vector<sim::ProbeError> errors;  // against the reference (empty for the reference)
    double speedup = 0;                   // reference wall time / this wall time
    double realTimeFactor = 0;            // simulated time / wall time (> 1: faster than real time)
};

struct CompareOptions {
    double duration = 0;     // 0 = the circuit's
    QStringList configs;     // empty = all
    int jobs = 1;            // configurations run at once (1 keeps wall times comparable)
    const std::atomic<bool>* stop = nullptr;
    std::function<void(const QString& config, double t)> progress;
};

struct Comparison {
    std::vector<ConfigOutcome> configs;
    int reference = -1;  // index into configs, -1 if the reference was not run or failed
    QString error;       // circuit-level problem (does not build, no reference)
};

// A configuration compiled and ready to run: its own System, its run options and its probes
// (the circuit's, or the defaults when it defines none). error is set instead when it does not
// compile. The run service uses this to learn the probes before the first sample.
struct PreparedRun {
    std::unique_ptr<sim::System> system;
    sim::RunOptions options;
    std::vector<sim::ProbeSpec> probes;
    std::string error;
    std::vector<std::string> warnings;  // the builder's (also when it does not compile)
};
PreparedRun prepareConfiguration(const model::Circuit& c, const model::SolverConfigDoc& cfg, const sim::Registry& reg,
                                 double duration);

// Builds and runs one configuration; errors (build, probe, divergence, an exception thrown by
// the engine or component code) end up in result.error, the builder's warnings in
// result.warnings. Throws nothing.
sim::RunResult runConfiguration(const model::Circuit& c, const model::SolverConfigDoc& cfg,
                                const sim::Registry& reg, double duration,
                                const std::atomic<bool>* stop = nullptr,
                                std::function<void(double)> progress = {});

Comparison runComparison(const model::Circuit& c, const sim::Registry& reg, const CompareOptions& opt);
// Once every result is in: picks the reference, fills real-time factors, errors and speed-ups.
// knownErrors (per configuration, optional): errors already computed against that reference
// (the run service's live metrics, equal to compareTraces bit for bit), used instead of
// comparing the traces again.
void finishComparison(Comparison& cmp, const std::vector<std::vector<sim::ProbeError>>* knownErrors = nullptr);

// Aligned traces on the reference's time grid: time, each probe of each configuration, and each
// configuration's error (config - reference; none for iteration counters). Returns "" or an
// error. Both writers choose the format by the file name (result_file.h): .mat or CSV.
QString writeAlignedFile(const QString& path, const Comparison& cmp);
// The error table: configuration, probe, unit, RMSE, RRMSE %, max abs error, wall time, speed-up,
// ..., and the quasi-steady indeterminate steps, time and spans of the configuration.
QString writeMetricsCsv(const QString& path, const Comparison& cmp);
// One configuration's trace: time, then every probe.
QString writeTraceFile(const QString& path, const sim::Trace& trace);

}  // namespace hs::service
