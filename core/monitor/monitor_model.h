// SPDX-License-Identifier: GPL-3.0-or-later
// The modular neural condition monitor of seed 003 §8.6 (notes/003 §5): one first-stage MLP per
// fault reads a time window of the sensor probes (and optionally of the fault-free reference's),
// every value scaled to [0.1, 0.9], and estimates that fault's level (scaled to [0.1, 0.9] over
// the fault's levels); a second-stage filter network per fault reads a window of all first-stage
// outputs and says which fault it is; the average of a few filter outputs is quantised to the
// nearest level. Trained by Levenberg-Marquardt with early stopping (core/learn), the networks of
// a stage on worker threads. Stored as a plain text file (docs/condition-monitoring.md).
#pragma once

#include <QString>
#include <atomic>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Dense>

#include "fault_runs.h"
#include "learn/mlp.h"
#include "monitor_spec.h"

namespace hs::monitor {

struct MonitorModel {
    double sampleInterval = 0.01;
    int window = 5, filterWindow = 5, quantiseWindow = 5;
    std::vector<SignalSpec> sensors, reference;  // ranges resolved (fixedRange() true)
    std::vector<FaultSpec> faults;
    std::vector<learn::Mlp> stage1, stage2;       // one per fault each
    std::vector<std::pair<std::string, std::string>> info;
    void setInfo(const std::string& key, const std::string& value);
    std::string infoValue(const std::string& key) const;

    int inputs() const { return window * static_cast<int>(sensors.size() + reference.size()); }
    // Level l of fault f scaled to [0.1, 0.9] over the fault's lowest..highest level.
    double levelTarget(int f, int l) const;
    // The level nearest to a scaled output (thresholds half way between neighbouring targets:
    // 0.2/0.4/0.6/0.8 for five equally spaced levels, the thesis's rule).
    int quantise(int f, double scaled) const;
    // A scaled output in the fault parameter's SI units.
    double physical(int f, double scaled) const;
};

// Patterns of one run: column p holds, for sample k = p + window - 1, each signal at k, k-1, ...,
// k-window+1 (scaled), then the reference run's sensors the same way. `run` and `ref` are the
// probe samples of the runs in set order (FaultRunSet::probes, or the model's own lists).
Eigen::MatrixXd firstStagePatterns(const MonitorModel& m, const std::vector<QString>& probes,
                                   const std::vector<std::vector<double>>& run, const std::vector<std::vector<double>>& ref);

// What the monitor says about one run: per fault, the first-stage output, the filter output and
// the quantised level (index) at each sample the windows allow.
struct Estimates {
    std::vector<double> time;                      // [s] of each filter output
    std::vector<std::vector<double>> stage1;       // per fault, aligned with time
    std::vector<std::vector<double>> filter;       // per fault, scaled [0.1, 0.9]
    std::vector<std::vector<int>> level;           // per fault: quantised average of the last quantiseWindow outputs
                                                   // (-1 until that many outputs exist)
};
Estimates estimate(const MonitorModel& m, const std::vector<QString>& probes, const std::vector<std::vector<double>>& run,
                   const std::vector<std::vector<double>>& ref);

// Confusion of quantised levels: counts[true][estimated].
using Confusion = std::vector<std::vector<int>>;
double accuracy(const Confusion& c);

struct StageReport {
    double trainMse = 0, validationMse = 0;  // scaled, on the training / validation duty cycle
    int patterns = 0, epochs = 0;
    double seconds = 0;
    std::string stopReason;
};

struct MonitorTrainResult {
    QString error;
    MonitorModel model;
    std::vector<StageReport> stage1, stage2;     // per fault
    std::vector<Confusion> stage1Train, stage1Validation;  // per fault, over the runs of that fault
    std::vector<Confusion> train, validation;    // per fault, the final (filtered) estimate over every run
    double seconds = 0;
};

struct TrainProgress {
    int stage = 1;        // 1 or 2
    int done = 0, total = 0;
    double completed = 0;  // networks done plus fractions (epoch / max epochs) of those under way
    double elapsed = 0, eta = -1;
};

MonitorTrainResult trainMonitor(const MonitorSpec& spec, const FaultRunSet& runs, int jobs = 0,
                                const std::function<void(const TrainProgress&)>& progress = {},
                                const std::atomic<bool>* cancel = nullptr);

[[nodiscard]] bool saveMonitorModel(const std::string& path, const MonitorModel& m, std::string& error);
[[nodiscard]] bool loadMonitorModel(const std::string& path, MonitorModel& m, std::string& error);

}  // namespace hs::monitor
