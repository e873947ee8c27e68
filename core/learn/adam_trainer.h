// SPDX-License-Identifier: GPL-3.0-or-later
// Adam (Kingma & Ba 2015) training of an Mlp on mini-batches, the second trainer of issue 15 for
// data sets too large for Levenberg-Marquardt's J^T J (its cost per epoch is linear in the weight
// count, LM's quadratic, plus a P x P solve). Deterministic with a seed (the order of the samples
// in each epoch is a seeded shuffle); early stopping on the validation set as in LM: training ends
// when the validation error has not improved for `maxFail` epochs and the best weights are kept.
// Reports per epoch and results use LM's types (lm_trainer.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include <Eigen/Dense>

#include "lm_trainer.h"
#include "mlp.h"

namespace hs::learn {

struct AdamOptions {
    int maxEpochs = 200;
    int maxFail = 20;          // mini-batch steps are noisy: more patience than LM's 6
    int batchSize = 256;       // samples per step (>= the training set: full-batch Adam)
    double learningRate = 1e-3;
    double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    // Learning rate of epoch k: learningRate / (1 + decay * (k - 1)) (0: constant).
    double decay = 0.0;
    std::uint64_t seed = 1;    // the shuffle of each epoch
    double goal = 0.0;         // stop when the training MSE falls to this
};

// Samples are columns: X (inputs x n), y (n). Empty validation set: no early stopping (the last
// weights are kept). `progress` is called after each epoch (EpochReport::mu holds the learning
// rate); `cancel` is polled between mini-batches.
LmResult trainAdam(Mlp& net, const Eigen::MatrixXd& Xtrain, const Eigen::VectorXd& ytrain, const Eigen::MatrixXd& Xval,
                   const Eigen::VectorXd& yval, const AdamOptions& options,
                   const std::function<void(const EpochReport&)>& progress = {}, const std::atomic<bool>* cancel = nullptr);

}  // namespace hs::learn
