// SPDX-License-Identifier: GPL-3.0-or-later
#include "adam_trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "early_stopping.h"

namespace hs::learn {

LmResult trainAdam(Mlp& net, const Eigen::MatrixXd& Xtrain, const Eigen::VectorXd& ytrain, const Eigen::MatrixXd& Xval,
                   const Eigen::VectorXd& yval, const AdamOptions& o,
                   const std::function<void(const EpochReport&)>& progress, const std::atomic<bool>* cancel) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - t0).count(); };
    auto stop = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
    LmResult r;
    const Eigen::Index n = Xtrain.cols(), P = net.weightCount();
    const bool validate = Xval.cols() > 0;
    const int batch = std::max(1, static_cast<int>(std::min<Eigen::Index>(o.batchSize, n)));
    Eigen::VectorXd m = Eigen::VectorXd::Zero(P), v = Eigen::VectorXd::Zero(P), g(P);
    EarlyStopping early(validate, net.weights(), validate ? meanSquaredError(net, Xval, yval) : 0.0);
    std::vector<Eigen::Index> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    std::mt19937_64 rng(o.seed);
    Eigen::MatrixXd Xb(Xtrain.rows(), batch);
    Eigen::VectorXd yb(batch);
    double b1t = 1.0, b2t = 1.0;
    for (int epoch = 1; epoch <= o.maxEpochs; ++epoch) {
        if (stop()) { r.cancelled = true; r.stopReason = "cancelled"; break; }
        std::shuffle(order.begin(), order.end(), rng);
        const double lr = o.learningRate / (1.0 + o.decay * (epoch - 1));
        for (Eigen::Index s = 0; s < n && !stop(); s += batch) {
            const Eigen::Index k = std::min<Eigen::Index>(batch, n - s);
            if (k == n) {  // full batch: no copy
                net.sseGradient(Xtrain, ytrain, g);
            } else {
                Xb.resize(Xtrain.rows(), k);
                yb.resize(k);
                for (Eigen::Index j = 0; j < k; ++j) {
                    Xb.col(j) = Xtrain.col(order[static_cast<size_t>(s + j)]);
                    yb[j] = ytrain[order[static_cast<size_t>(s + j)]];
                }
                net.sseGradient(Xb, yb, g);
            }
            g /= static_cast<double>(k);  // gradient of the batch's MSE
            m = o.beta1 * m + (1.0 - o.beta1) * g;
            v = o.beta2 * v + (1.0 - o.beta2) * g.cwiseAbs2();
            b1t *= o.beta1;
            b2t *= o.beta2;
            net.weights().array() -=
                lr * (m.array() / (1.0 - b1t)) / ((v.array() / (1.0 - b2t)).sqrt() + o.epsilon);
        }
        if (stop()) { r.cancelled = true; r.stopReason = "cancelled"; break; }
        r.epochs = epoch;
        const double trainMse = meanSquaredError(net, Xtrain, ytrain);
        if (!std::isfinite(trainMse)) { r.stopReason = "diverged"; break; }
        EpochReport rep{epoch, trainMse, 0.0, lr, elapsed()};
        if (validate) rep.validationMse = meanSquaredError(net, Xval, yval);
        early.observe(epoch, net.weights(), rep.validationMse);
        if (progress) progress(rep);
        if (early.exhausted(o.maxFail)) { r.stopReason = "validation stop"; break; }
        if (trainMse <= o.goal) { r.stopReason = "goal"; break; }
        if (epoch == o.maxEpochs) r.stopReason = "max epochs";
    }
    net.weights() = early.best();
    r.bestEpoch = early.bestEpoch();
    r.trainMse = meanSquaredError(net, Xtrain, ytrain);
    r.validationMse = validate ? early.bestValidation() : r.trainMse;
    r.seconds = elapsed();
    return r;
}

}  // namespace hs::learn
