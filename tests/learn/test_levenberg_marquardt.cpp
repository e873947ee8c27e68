// SPDX-License-Identifier: GPL-3.0-or-later
// Levenberg-Marquardt: the exact minimum of a linear regression, a tight fit of a smooth
// function, early stopping on the validation set, determinism with a seed, cancel.
#include <QtTest>

#include <cmath>

#include "smooth_regression.h"
#include "learn/dataset.h"
#include "learn/lm_trainer.h"

using namespace hs::learn;

using hs::learn::test::smoothRegression;

class TestLevenbergMarquardt : public QObject {
    Q_OBJECT
private slots:
    void linearRegressionReachesTheLeastSquaresMinimum() {
        // No hidden layer: the network is y = w.x + b; LM must land on the normal-equation solution.
        std::srand(3);
        const Eigen::MatrixXd X = Eigen::MatrixXd::Random(3, 40);
        Eigen::VectorXd y = (Eigen::RowVector3d(0.5, -2.0, 1.25) * X).transpose();
        y.array() += 0.7 + 0.05 * Eigen::ArrayXd::Random(40);  // noise: the minimum is not zero
        Mlp net(3, {}, Activation::Linear);
        net.initialise(1);
        LmOptions o;
        o.maxEpochs = 50;
        const LmResult r = trainLevenbergMarquardt(net, X, y, {}, {}, o);
        Eigen::MatrixXd A(40, 4);
        A << X.transpose(), Eigen::VectorXd::Ones(40);
        const Eigen::Vector4d exact = A.colPivHouseholderQr().solve(y);
        QVERIFY2((net.weights() - exact).cwiseAbs().maxCoeff() < 1e-9, r.stopReason.c_str());
        QVERIFY(std::abs(r.trainMse - (A * exact - y).squaredNorm() / 40) < 1e-14);
    }
    void fitsASmoothFunctionTightly() {
        Eigen::MatrixXd X, Xv;
        Eigen::VectorXd y, yv;
        smoothRegression(400, 11, X, y);
        smoothRegression(100, 12, Xv, yv);
        Mlp net(2, {8}, Activation::Tanh);
        net.initialise(1);
        LmOptions o;
        o.maxEpochs = 300;
        o.maxFail = 20;
        const LmResult r = trainLevenbergMarquardt(net, X, y, Xv, yv, o);
        QVERIFY2(r.validationMse < 1e-5, qPrintable(QString("validation MSE %1 after %2 epochs (%3)")
                                                         .arg(r.validationMse).arg(r.epochs).arg(r.stopReason.c_str())));
        QVERIFY(meanSquaredError(net, Xv, yv) == r.validationMse);  // the best validation weights are kept
    }
    void sameSeedSameNetwork() {
        Eigen::MatrixXd X, Xv;
        Eigen::VectorXd y, yv;
        smoothRegression(200, 21, X, y);
        smoothRegression(50, 22, Xv, yv);
        auto train = [&](std::uint64_t seed) {
            Mlp net(2, {5, 5}, Activation::Logistic);
            net.initialise(seed);
            LmOptions o;
            o.maxEpochs = 15;
            o.blockRows = 64;  // several blocks: the accumulation order is fixed
            trainLevenbergMarquardt(net, X, y, Xv, yv, o);
            return net.weights();
        };
        QVERIFY(train(9) == train(9));
        QVERIFY(train(9) != train(10));
    }
    void earlyStoppingEndsOnTheValidationSet() {
        // Few noisy samples and a large network: validation error stops improving long before 500
        // epochs.
        std::srand(5);
        Eigen::MatrixXd X = Eigen::MatrixXd::Random(1, 30), Xv = Eigen::MatrixXd::Random(1, 30);
        Eigen::VectorXd y = X.row(0).transpose() + 0.3 * Eigen::VectorXd::Random(30);
        Eigen::VectorXd yv = Xv.row(0).transpose() + 0.3 * Eigen::VectorXd::Random(30);
        Mlp net(1, {20}, Activation::Tanh);
        net.initialise(2);
        LmOptions o;
        o.maxEpochs = 500;
        const LmResult r = trainLevenbergMarquardt(net, X, y, Xv, yv, o);
        QCOMPARE(QString::fromStdString(r.stopReason), QString("validation stop"));
        QCOMPARE(r.epochs, r.bestEpoch + o.maxFail);
    }
    void cancelStopsTraining() {
        Eigen::MatrixXd X;
        Eigen::VectorXd y;
        smoothRegression(100, 1, X, y);
        Mlp net(2, {4}, Activation::Tanh);
        net.initialise(1);
        std::atomic<bool> cancel{false};
        int epochs = 0;
        const LmResult r = trainLevenbergMarquardt(net, X, y, {}, {}, LmOptions{}, [&](const EpochReport&) {
            if (++epochs == 3) cancel = true;
        }, &cancel);
        QVERIFY(r.cancelled);
        QCOMPARE(r.epochs, 3);
    }
    void splitIsSeededAndComplete() {
        const Split a = splitSamples(1000, 0.7, 0.15, 4), b = splitSamples(1000, 0.7, 0.15, 4);
        QCOMPARE(a.train, b.train);
        QCOMPARE(static_cast<int>(a.train.size()), 700);
        QCOMPARE(static_cast<int>(a.validation.size()), 150);
        QCOMPARE(static_cast<int>(a.test.size()), 150);
        std::vector<int> all = a.train;
        all.insert(all.end(), a.validation.begin(), a.validation.end());
        all.insert(all.end(), a.test.begin(), a.test.end());
        std::sort(all.begin(), all.end());
        for (int i = 0; i < 1000; ++i) QCOMPARE(all[static_cast<size_t>(i)], i);
    }
};

QTEST_APPLESS_MAIN(TestLevenbergMarquardt)
#include "test_levenberg_marquardt.moc"
