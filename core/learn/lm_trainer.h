// SPDX-License-Identifier: GPL-3.0-or-later
// Levenberg-Marquardt training of an Mlp (the seeds' choice, MATLAB trainlm's schedule: mu
// starts at 1e-3, x0.1 after a successful step, x10 after a failed one) with early stopping on a
// validation set: training ends when the validation error has not improved for `maxFail` epochs,
// and the weights of the best validation epoch are kept. J^T J and J^T e are accumulated over
// blocks of samples, so memory grows with the weight count, not with the sample count.
// Deterministic: the same data and the same initial weights give the same result.
#pragma once

#include <atomic>
#include <functional>
#include <string>

#include <Eigen/Dense>

#include "mlp.h"

namespace hs::learn {

struct LmOptions {
    int maxEpochs = 1000;
    int maxFail = 6;            // epochs without a validation improvement before stopping
    double mu = 1e-3, muDecrease = 0.1, muIncrease = 10.0, muMax = 1e10;
    double goal = 0.0;          // stop when the training MSE falls to this
    double minGradient = 1e-12; // stop when |J^T e| / n falls below this
    int blockRows = 1024;       // samples per Jacobian block
};

struct EpochReport {
    int epoch = 0;
    double trainMse = 0, validationMse = 0, mu = 0;
    double seconds = 0;  // since training started
};

struct LmResult {
    int epochs = 0;
    int bestEpoch = 0;
    double trainMse = 0, validationMse = 0, testMse = 0;  // at the best validation epoch
    double seconds = 0;
    bool cancelled = false;
    std::string stopReason;  // "validation stop", "max epochs", "goal", "mu limit", "gradient", "cancelled"
};

// Samples are columns: X (inputs x n), y (n). Empty validation set: no early stopping.
// `progress` is called after each epoch; `cancel` is polled between epochs and blocks.
LmResult trainLevenbergMarquardt(Mlp& net, const Eigen::MatrixXd& Xtrain, const Eigen::VectorXd& ytrain,
                                 const Eigen::MatrixXd& Xval, const Eigen::VectorXd& yval, const LmOptions& options,
                                 const std::function<void(const EpochReport&)>& progress = {},
                                 const std::atomic<bool>* cancel = nullptr);

// Mean squared error of the network on (X, y), evaluated in blocks.
double meanSquaredError(const Mlp& net, const Eigen::MatrixXd& X, const Eigen::VectorXd& y, int blockRows = 4096);

}  // namespace hs::learn
