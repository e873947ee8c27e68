// SPDX-License-Identifier: GPL-3.0-or-later
// Early stopping on a validation set, shared by the trainers (Levenberg-Marquardt, Adam): keeps
// the weights of the epoch with the lowest validation MSE (without a validation set, the last
// epoch's) and counts the epochs since that improved.
#pragma once

#include <Eigen/Core>
#include <limits>

namespace hs::learn {

class EarlyStopping {
public:
    // The starting weights and their validation MSE (ignored without a validation set).
    EarlyStopping(bool validate, const Eigen::VectorXd& weights, double validationMse)
        : validate_(validate), best_(weights),
          bestValidation_(validate ? validationMse : std::numeric_limits<double>::infinity()) {}
    // An epoch's weights and validation MSE: kept when they are the best so far.
    void observe(int epoch, const Eigen::VectorXd& weights, double validationMse) {
        if (validate_ && !(validationMse < bestValidation_)) {
            ++fails_;
            return;
        }
        if (validate_) bestValidation_ = validationMse;
        best_ = weights;
        bestEpoch_ = epoch;
        fails_ = 0;
    }
    // True when the validation MSE has not improved for maxFail epochs in a row.
    bool exhausted(int maxFail) const { return validate_ && fails_ >= maxFail; }
    const Eigen::VectorXd& best() const { return best_; }
    double bestValidation() const { return bestValidation_; }
    int bestEpoch() const { return bestEpoch_; }

private:
    bool validate_;
    Eigen::VectorXd best_;
    double bestValidation_;
    int fails_ = 0, bestEpoch_ = 0;
};

}  // namespace hs::learn
