// SPDX-License-Identifier: GPL-3.0-or-later
// The solver advisor: the cheapest configuration of a circuit whose error on chosen probes
// against the circuit's reference configuration stays within a bound.
//   1. The reference runs once over the whole duration (the truth for every error); the
//      stiffness guidance (service::guideConfiguration) samples each volume's time constant.
//   2. Every family of the search space (advisor_space.h) is searched on a short span (the first
//      spanFraction of the duration) for its cheapest rung within the bound (times pruneSlack):
//      a bisection along its ladder, families in parallel on worker threads (and MPI ranks:
//      opt.distribution; every process gathers every family's outcome), within half the
//      budget. A run slower (in CPU time) than the reference on that span, or three times slower than the
//      fastest passing run so far, is stopped (it cannot win; the bisection then tries cheaper rungs).
//   3. The `confirm` families whose passing rung was cheapest are bisected again over the whole
//      duration, among their rungs up to one past that one (errors that build up later show only there).
//      The fastest few within the bound are timed again, one at a time (least CPU time kept).
// Errors are RRMSE [%] (sim::compareTraces), the largest over the chosen probes. Costs are the
// CPU time of the thread that ran the configuration (not inflated by other programs on the
// cores; the wall time is kept beside it).
#pragma once

#include <QString>
#include <QStringList>
#include <atomic>
#include <cmath>
#include <functional>
#include <vector>

#include "advisor_space.h"
#include "model/circuit.h"
#include "parallel_runs.h"
#include "run_distribution.h"

namespace hs::sim {
class Registry;
}

namespace hs::study {

struct AdvisorOptions {
    double errorBound = 1.0;  // largest RRMSE [%] over the probes
    QStringList probes;       // empty: every probe compared with the reference
    double budget = 120;      // wall seconds for the whole search (the reference and the confirmation included)
    double spanFraction = 0.2;
    double pruneSlack = 1.5;  // a short run passes within pruneSlack * errorBound
    int confirm = 4;          // families confirmed over the duration at most (the first always is)
    SpaceOptions space;       // minStep / maxStep 0: (the reference's step, the record interval]
    int retime = 3, repeats = 2;  // the fastest `retime` within the bound (and of the file's) run `repeats` more times
    bool withFileConfigs = false;  // also run the file's own configurations over the duration (outside the budget)
    int jobs = 0;                  // 0: defaultJobs()
    RunDistribution* distribution = nullptr;  // MPI ranks (run_distribution.h): families spread over them
    const std::atomic<bool>* stop = nullptr;
    // phase: "reference", "search", "confirm", "file configurations"; on the calling thread.
    std::function<void(const QString& phase, const StudyProgress&)> progress;
};

struct AdvisorRun {
    model::SolverConfigDoc config;
    QString family;          // the search family, or "file" / "reference"
    bool ok = false;         // ran to the end of its span
    QString failure;         // why not (divergence, stopped as slower than the reference, ...)
    double error = INFINITY;  // largest RRMSE [%] over the probes
    double cpu = 0, wall = 0;  // [s]
    long steps = 0;
    bool withinBound = false;
    bool tooSlow = false;  // stopped as slower than the limit
};

struct AdvisorResult {
    QString error;  // the search could not run (no reference, unknown probe, reference failed)
    QString reference;
    double duration = 0, span = 0;
    QStringList probes;
    int families = 0;
    std::vector<AdvisorRun> shortRuns;  // every run on the short span, family by family
    std::vector<AdvisorRun> fullRuns;   // the reference first, then the confirmation runs (and file configurations)
    std::vector<int> front;             // indices into fullRuns, by increasing CPU time
    int winner = -1;                    // index into fullRuns; -1 none within the bound
    QStringList notes;                  // budget reached, families not searched, ...
    double elapsed = 0;                 // wall seconds of the whole search
};

AdvisorResult advise(const model::Circuit& c, const sim::Registry& reg, const AdvisorOptions& opt);

}  // namespace hs::study

namespace hs::study {
// Every run of the search, one CSV row each: stage (short / full), family, configuration,
// stepper, dt, rtol, ok, error [%], CPU and wall time [s], steps, within the bound, failure.
QString writeAdvisorLog(const QString& path, const AdvisorResult& res);
}  // namespace hs::study
