// SPDX-License-Identifier: GPL-3.0-or-later
// Adam: the exact minimum of a linear regression (full batch), a smooth fit on mini-batches with
// early stopping, determinism with a seed, the backpropagated gradient against the Jacobian.
#include <QtTest>

#include <cmath>

#include "smooth_regression.h"
#include "learn/adam_trainer.h"

using namespace hs::learn;

using hs::learn::test::smoothRegression;

class TestAdam : public QObject {
    Q_OBJECT
private slots:
    void gradientIsTheJacobianTimesTheError() {
        Eigen::MatrixXd X;
        Eigen::VectorXd y;
        smoothRegression(7, 5, X, y);
        for (Activation a : {Activation::Logistic, Activation::Tanh, Activation::Linear}) {
            Mlp net(2, {4, 3}, a);
            net.initialise(2);
            Eigen::VectorXd out, g;
            Eigen::MatrixXd J;
            net.jacobian(X, out, J);
            const double sse = net.sseGradient(X, y, g);
            const Eigen::VectorXd expected = -2.0 * J.transpose() * (y - out);
            QVERIFY(std::abs(sse - (y - out).squaredNorm()) < 1e-12);
            QVERIFY2((g - expected).cwiseAbs().maxCoeff() < 1e-12 * (1 + expected.cwiseAbs().maxCoeff()), activationName(a));
        }
    }
    void fullBatchReachesTheLeastSquaresMinimum() {
        // No hidden layer: y = w.x + b, a convex problem with the normal-equation solution as its
        // only minimum. Full-batch Adam with a decaying rate must land on it.
        std::srand(3);
        const Eigen::MatrixXd X = Eigen::MatrixXd::Random(3, 40);
        Eigen::VectorXd y = (Eigen::RowVector3d(0.5, -2.0, 1.25) * X).transpose();
        y.array() += 0.7 + 0.05 * Eigen::ArrayXd::Random(40);
        Mlp net(3, {}, Activation::Linear);
        net.initialise(1);
        AdamOptions o;
        o.maxEpochs = 6000;
        o.batchSize = 40;
        o.learningRate = 0.05;
        o.decay = 1e-3;
        const LmResult r = trainAdam(net, X, y, {}, {}, o);
        Eigen::MatrixXd A(40, 4);
        A << X.transpose(), Eigen::VectorXd::Ones(40);
        const Eigen::Vector4d exact = A.colPivHouseholderQr().solve(y);
        const double minMse = (A * exact - y).squaredNorm() / 40;
        QVERIFY2((net.weights() - exact).cwiseAbs().maxCoeff() < 1e-6,
                 qPrintable(QString("max weight error %1 (%2)").arg((net.weights() - exact).cwiseAbs().maxCoeff()).arg(r.stopReason.c_str())));
        QVERIFY(r.trainMse - minMse < 1e-12 && r.trainMse >= minMse - 1e-15);
    }
    void miniBatchesFitASmoothFunctionWithEarlyStopping() {
        Eigen::MatrixXd X, Xv;
        Eigen::VectorXd y, yv;
        smoothRegression(2000, 11, X, y);
        smoothRegression(400, 12, Xv, yv);
        Mlp net(2, {8}, Activation::Tanh);
        net.initialise(1);
        AdamOptions o;
        o.maxEpochs = 400;
        o.batchSize = 32;
        o.learningRate = 0.01;
        o.decay = 0.02;
        o.maxFail = 10;
        int reports = 0;
        const LmResult r = trainAdam(net, X, y, Xv, yv, o, [&](const EpochReport&) { ++reports; });
        QVERIFY2(r.validationMse < 1e-4, qPrintable(QString("validation MSE %1 after %2 epochs (%3)")
                                                         .arg(r.validationMse).arg(r.epochs).arg(r.stopReason.c_str())));
        QCOMPARE(reports, r.epochs);
        QVERIFY(meanSquaredError(net, Xv, yv) == r.validationMse);  // the best validation weights are kept
        QVERIFY(r.stopReason == "validation stop" ? r.epochs == r.bestEpoch + o.maxFail : r.epochs == o.maxEpochs);
    }
    void sameSeedSameNetwork() {
        Eigen::MatrixXd X, Xv;
        Eigen::VectorXd y, yv;
        smoothRegression(300, 11, X, y);
        smoothRegression(60, 12, Xv, yv);
        auto train = [&](std::uint64_t seed) {
            Mlp net(2, {5}, Activation::Logistic);
            net.initialise(1);
            AdamOptions o;
            o.maxEpochs = 20;
            o.batchSize = 16;
            o.seed = seed;
            trainAdam(net, X, y, Xv, yv, o);
            return net.weights();
        };
        QVERIFY(train(4) == train(4));
        QVERIFY(train(4) != train(5));
    }
    void cancelKeepsTheBestWeights() {
        Eigen::MatrixXd X, Xv;
        Eigen::VectorXd y, yv;
        smoothRegression(300, 11, X, y);
        smoothRegression(60, 12, Xv, yv);
        Mlp net(2, {5}, Activation::Tanh);
        net.initialise(1);
        std::atomic<bool> cancel{false};
        AdamOptions o;
        o.maxEpochs = 1000;
        const LmResult r = trainAdam(net, X, y, Xv, yv, o, [&](const EpochReport& e) { if (e.epoch == 3) cancel = true; }, &cancel);
        QVERIFY(r.cancelled);
        QCOMPARE(r.epochs, 3);
        QVERIFY(r.bestEpoch >= 1);
        QVERIFY(meanSquaredError(net, Xv, yv) == r.validationMse);
    }
};

QTEST_APPLESS_MAIN(TestAdam)
#include "test_adam.moc"
