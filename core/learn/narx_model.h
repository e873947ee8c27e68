// SPDX-License-Identifier: GPL-3.0-or-later
// A NARX model y(k+1) = net(u(k), ..., u(k-d+1), y(k), ..., y(k-d+1)) (Pub III, notes/000_001
// §3.6): m exogenous inputs u and one output y, delay order d, every regressor entry scaled to
// [-1, 1] by the ranges of the training data (kept with the model: they are also the ranges the
// out-of-range guard checks). Trained series-parallel (the recorded y fed back) by
// Levenberg-Marquardt, used closed loop. Stored as a plain text file (docs/learned-models.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "adam_trainer.h"
#include "dataset.h"
#include "lm_trainer.h"
#include "mlp.h"

namespace hs::learn {

struct NarxModel {
    std::vector<std::string> inputs;  // exogenous column names
    std::string output;               // output column name
    int delay = 2;
    double sampleInterval = 0.0;      // [s]: the model is a map over this interval
    std::vector<double> inLo, inHi;   // per exogenous input: training range
    double outLo = 0, outHi = 0;      // output training range
    Mlp net;
    // Provenance and quality ("key: value", written and read back verbatim).
    std::vector<std::pair<std::string, std::string>> info;
    std::string infoValue(const std::string& key) const;
    void setInfo(const std::string& key, const std::string& value);

    int exogenous() const { return static_cast<int>(inputs.size()); }
    int regressorSize() const { return delay * (exogenous() + 1); }
    // Scaled regressor from histories, most recent first: u is delay rows of exogenous() values,
    // y is delay values. out must hold regressorSize() values.
    void regressor(const double* u, const double* y, double* out) const;
    // One step: y(k+1) in physical units.
    double predict(const double* u, const double* y) const;
    // How far value v of input i (i = exogenous() for the output) lies outside its training
    // range, in units of that range (0 inside). A constant input (zero range) uses its magnitude.
    double outsideRange(int i, double v) const;
};

enum class Trainer { LevenbergMarquardt, Adam };
const char* trainerName(Trainer t);             // "lm" | "adam"
bool parseTrainer(const std::string& s, Trainer& t);  // false if unknown

struct NarxTrainOptions {
    std::vector<std::string> inputs;
    std::string output;
    int delay = 2;
    std::vector<int> hidden = {10, 10};
    Activation activation = Activation::Logistic;
    std::uint64_t seed = 1;
    double trainFraction = 0.70, validationFraction = 0.15;  // the rest is the test set
    Trainer trainer = Trainer::LevenbergMarquardt;
    LmOptions lm;
    AdamOptions adam;  // its seed is set from `seed`
    int maxEpochs() const { return trainer == Trainer::Adam ? adam.maxEpochs : lm.maxEpochs; }
};

struct NarxTrainResult {
    bool ok = false;
    std::string error;
    // On cancel (ok false, lm.cancelled true) the model holds the weights of the best validation
    // epoch reached so far, with its info: usable when lm.bestEpoch > 0.
    NarxModel model;
    LmResult lm;
    int samples = 0;  // regressor rows
    double cpuSeconds = 0;  // processor time of the training (all threads of the process)
};

// Builds the series-parallel regressors from the dataset's columns (sample interval from the
// "sample_interval" meta entry or the "t" column), scales them, splits 70/15/15 and trains.
NarxTrainResult trainNarx(const Dataset& data, const NarxTrainOptions& options,
                          const std::function<void(const EpochReport&)>& progress = {},
                          const std::atomic<bool>* cancel = nullptr);

// One-step and free-run replay of a trained model over a recorded dataset (the columns the model
// names): `seriesParallel` feeds the recorded outputs back (open loop, what training minimises),
// `inputReplay` feeds the recorded inputs with the model's own outputs back (Pub III's
// "open-loop replay": no coupling to the circuit). Both aligned with the dataset's rows (the
// first `delay` rows copy the record); RRMSE = 100 RMSE / mean|y| (sim/metrics.h) over the rows
// after the first `delay`.
struct NarxReplay {
    bool ok = false;
    std::string error;
    std::vector<double> seriesParallel, inputReplay;
    double rrmseSeriesParallel = 0, rrmseInputReplay = 0;  // [%]
};
NarxReplay replayNarx(const NarxModel& m, const Dataset& data);

// RRMSE [%] of y against the reference yRef (same length), 100 RMSE / mean|yRef|, from index `from`.
double rrmsePercent(const std::vector<double>& yRef, const std::vector<double>& y, size_t from = 0);

// Where a model is written by default: <circuit folder>/<circuit stem>.<volume>.narx, the stem being
// the file name up to its first '.' (circuit2.hydro.json -> circuit2).
std::string defaultNarxModelPath(const std::string& circuitFile, const std::string& volume);

[[nodiscard]] bool saveNarxModel(const std::string& path, const NarxModel& m, std::string& error);
[[nodiscard]] bool loadNarxModel(const std::string& path, NarxModel& m, std::string& error);
// Fingerprint of a model file's weights and ranges.
std::string narxModelHash(const NarxModel& m);

}  // namespace hs::learn
