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

struct NarxTrainOptions {
    std::vector<std::string> inputs;
    std::string output;
    int delay = 2;
    std::vector<int> hidden = {10, 10};
    Activation activation = Activation::Logistic;
    std::uint64_t seed = 1;
    double trainFraction = 0.70, validationFraction = 0.15;  // the rest is the test set
    LmOptions lm;
};

struct NarxTrainResult {
    bool ok = false;
    std::string error;
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

[[nodiscard]] bool saveNarxModel(const std::string& path, const NarxModel& m, std::string& error);
[[nodiscard]] bool loadNarxModel(const std::string& path, NarxModel& m, std::string& error);
// Fingerprint of a model file's weights and ranges.
std::string narxModelHash(const NarxModel& m);

}  // namespace hs::learn
