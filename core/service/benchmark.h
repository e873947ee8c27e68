// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark tables: the papers' tables as data kept in a circuit file (top-level "benchmarks"),
// run by `hydrostiff-cli bench FILE --table NAME`, printed with our numbers beside the published
// ones. A table is either a list of configurations of the circuit or a sweep of one method
// parameter of one configuration. Errors are measured against a ground-truth configuration and
// speed-ups against a baseline configuration, both run in the same process, one after the other.
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/circuit.h"
#include "sim/simulator.h"

namespace hs::sim {
class Registry;
}

namespace hs::service {

struct BenchmarkRowSpec {
    QString config;                       // configuration run for this row (sweep: the base)
    QString label;                        // shown in the first column
    std::optional<double> value;          // sweep value
    std::map<QString, double> published;  // metric -> published number
};

struct BenchmarkSpec {
    QString name, title, source, note;
    double duration = 0;  // 0: the circuit's
    QString truth;        // errors against this configuration ("" = the circuit's reference)
    QString baseline;     // speed-up relative to this configuration ("" = the truth)
    // wall, steps, speedup, rtf, inner_total, inner_max, newton, failures, cap_hits, max_correction,
    // indeterminate (quasi-steady steps whose balance did not pin the pressure), indeterminate_time,
    // and per probe P: rmse:P, rrmse:P, max:P, rmse_pct:P (100*RMSE/scale), rmse_q1:P and
    // rmse_q4:P (RMSE over the first / last quarter of the span, % of the scale if one is given)
    QStringList metrics;
    std::map<QString, double> set;     // "component.parameter" -> value, applied before every run
    std::map<QString, double> scales;  // rmse_pct:P = 100*RMSE/scales[P] (e.g. stroke)
    // Sweep: every row runs `config` with params[*] of the method on `volume` set to the row value.
    QString sweepVolume;
    QStringList sweepParams;
    std::vector<BenchmarkRowSpec> rows;
};

// Reads every benchmark table of a circuit. Errors name the table and the key.
std::vector<BenchmarkSpec> benchmarkSpecs(const model::Circuit& c, QStringList* errors);
// Unit and heading of a metric id, e.g. "rrmse:p1" -> ("%", "RRMSE p1").
QString metricUnit(const QString& metric, const model::Circuit& c, const BenchmarkSpec* spec = nullptr);
QString metricHeading(const QString& metric);

struct BenchmarkRow {
    QString label;
    QString config;
    sim::RunResult result;           // trace dropped after the metrics are computed
    std::map<QString, double> ours;  // metric -> value (absent if not computable)
    QString status;                  // "ok" or the failure
};

struct BenchmarkResult {
    BenchmarkSpec spec;
    double duration = 0;
    double truthWall = 0, baselineWall = 0;
    std::vector<BenchmarkRow> rows;
    QString error;  // table-level problem (unknown configuration, truth failed)
    // The builder's warnings of every configuration run for the table (truth, baseline, rows),
    // in run order, one entry per configuration that has any.
    std::vector<std::pair<QString, std::vector<std::string>>> warnings;
};

struct BenchmarkOptions {
    double duration = 0;  // overrides the table's and the circuit's
    const std::atomic<bool>* stop = nullptr;
    std::function<void(const QString& what, double t)> progress;
};

BenchmarkResult runBenchmark(const model::Circuit& c, const BenchmarkSpec& spec, const sim::Registry& reg,
                             const BenchmarkOptions& opt);

// The configuration a sweep row runs: the base with the swept parameters set.
std::optional<model::SolverConfigDoc> sweepConfig(const model::Circuit& c, const BenchmarkSpec& spec, double value,
                                                  QString* error);

}  // namespace hs::service

namespace hs::service {
// One line per row and metric: table, row, configuration, metric, unit, ours, published, status.
QString writeBenchmarkCsv(const QString& path, const std::vector<BenchmarkResult>& results, const model::Circuit& c);
}  // namespace hs::service
