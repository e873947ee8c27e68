// SPDX-License-Identifier: GPL-3.0-or-later
#include "lm_trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "early_stopping.h"

namespace hs::learn {

double meanSquaredError(const Mlp& net, const Eigen::MatrixXd& X, const Eigen::VectorXd& y, int blockRows) {
    const Eigen::Index n = X.cols();
    if (n == 0) return 0.0;
    double sse = 0.0;
    for (Eigen::Index s = 0; s < n; s += blockRows) {
        const Eigen::Index m = std::min<Eigen::Index>(blockRows, n - s);
        const Eigen::VectorXd out = net.forward(X.middleCols(s, m));
        sse += (y.segment(s, m) - out).squaredNorm();
    }
    return sse / static_cast<double>(n);
}

namespace {

bool cancelled(const std::atomic<bool>* c) { return c && c->load(std::memory_order_relaxed); }

// J^T J (upper triangle) and J^T e over all samples, e = y - out; returns the SSE.
double normalEquations(const Mlp& net, const Eigen::MatrixXd& X, const Eigen::VectorXd& y, int blockRows,
                       Eigen::MatrixXd& JtJ, Eigen::VectorXd& Jte, const std::atomic<bool>* cancel) {
    const Eigen::Index P = net.weightCount(), n = X.cols();
    JtJ.setZero(P, P);
    Jte.setZero(P);
    double sse = 0.0;
    Eigen::VectorXd out;
    Eigen::MatrixXd J;
    for (Eigen::Index s = 0; s < n && !cancelled(cancel); s += blockRows) {
        const Eigen::Index m = std::min<Eigen::Index>(blockRows, n - s);
        net.jacobian(X.middleCols(s, m), out, J);
        const Eigen::VectorXd e = y.segment(s, m) - out;
        sse += e.squaredNorm();
        JtJ.selfadjointView<Eigen::Upper>().rankUpdate(J.transpose());
        Jte.noalias() += J.transpose() * e;
    }
    return sse;
}

}  // namespace

LmResult trainLevenbergMarquardt(Mlp& net, const Eigen::MatrixXd& Xtrain, const Eigen::VectorXd& ytrain,
                                 const Eigen::MatrixXd& Xval, const Eigen::VectorXd& yval, const LmOptions& o,
                                 const std::function<void(const EpochReport&)>& progress,
                                 const std::atomic<bool>* cancel) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - t0).count(); };
    LmResult r;
    const Eigen::Index n = Xtrain.cols(), P = net.weightCount();
    const bool validate = Xval.cols() > 0;
    double mu = o.mu;
    EarlyStopping early(validate, net.weights(), validate ? meanSquaredError(net, Xval, yval) : 0.0);
    double trainMse = meanSquaredError(net, Xtrain, ytrain);
    r.trainMse = trainMse;
    r.validationMse = early.bestValidation();
    Eigen::MatrixXd JtJ, A;
    Eigen::VectorXd Jte;
    for (int epoch = 1; epoch <= o.maxEpochs; ++epoch) {
        if (cancelled(cancel)) { r.cancelled = true; r.stopReason = "cancelled"; break; }
        const double sse = normalEquations(net, Xtrain, ytrain, o.blockRows, JtJ, Jte, cancel);
        if (cancelled(cancel)) { r.cancelled = true; r.stopReason = "cancelled"; break; }
        if (Jte.norm() / static_cast<double>(n) < o.minGradient) { r.stopReason = "gradient"; break; }
        const Eigen::VectorXd w0 = net.weights();
        bool improved = false;
        while (mu <= o.muMax) {
            A = JtJ;
            A.diagonal().array() += mu;
            Eigen::LLT<Eigen::MatrixXd, Eigen::Upper> llt(A);
            if (llt.info() == Eigen::Success) {
                net.weights() = w0 + llt.solve(Jte);
                const double mse = meanSquaredError(net, Xtrain, ytrain);
                if (std::isfinite(mse) && mse * static_cast<double>(n) < sse) {
                    trainMse = mse;
                    mu = std::max(mu * o.muDecrease, 1e-20);
                    improved = true;
                    break;
                }
            }
            mu *= o.muIncrease;
        }
        if (!improved) {
            net.weights() = w0;
            r.stopReason = "mu limit";
            r.epochs = epoch;
            break;
        }
        r.epochs = epoch;
        EpochReport rep{epoch, trainMse, 0.0, mu, elapsed()};
        if (validate) rep.validationMse = meanSquaredError(net, Xval, yval);
        early.observe(epoch, net.weights(), rep.validationMse);
        if (progress) progress(rep);
        if (early.exhausted(o.maxFail)) { r.stopReason = "validation stop"; break; }
        if (trainMse <= o.goal) { r.stopReason = "goal"; break; }
        if (epoch == o.maxEpochs) r.stopReason = "max epochs";
    }
    (void)P;
    net.weights() = early.best();
    r.bestEpoch = early.bestEpoch();
    r.trainMse = meanSquaredError(net, Xtrain, ytrain);
    r.validationMse = validate ? early.bestValidation() : r.trainMse;
    r.seconds = elapsed();
    return r;
}

}  // namespace hs::learn
