// SPDX-License-Identifier: GPL-3.0-or-later
// The MLP: backpropagated Jacobian against central finite differences, the one-sample forward
// pass against the block pass.
#include <QtTest>

#include "learn/mlp.h"

using namespace hs::learn;

class TestMlp : public QObject {
    Q_OBJECT
private slots:
    void jacobianMatchesFiniteDifferences_data() {
        QTest::addColumn<int>("activation");
        QTest::newRow("logistic") << static_cast<int>(Activation::Logistic);
        QTest::newRow("tanh") << static_cast<int>(Activation::Tanh);
        QTest::newRow("linear") << static_cast<int>(Activation::Linear);
    }
    void jacobianMatchesFiniteDifferences() {
        QFETCH(int, activation);
        Mlp net(3, {5, 4}, static_cast<Activation>(activation));
        net.initialise(42);
        QCOMPARE(net.weightCount(), (3 * 5 + 5) + (5 * 4 + 4) + (4 + 1));
        const Eigen::MatrixXd X = Eigen::MatrixXd::Random(3, 7);
        Eigen::VectorXd out;
        Eigen::MatrixXd J;
        net.jacobian(X, out, J);
        QVERIFY((out - net.forward(X)).cwiseAbs().maxCoeff() < 1e-14);
        const double h = 1e-6;
        double worst = 0;
        for (int k = 0; k < net.weightCount(); ++k) {
            const double w = net.weights()[k];
            net.weights()[k] = w + h;
            const Eigen::VectorXd up = net.forward(X);
            net.weights()[k] = w - h;
            const Eigen::VectorXd dn = net.forward(X);
            net.weights()[k] = w;
            worst = std::max(worst, ((up - dn) / (2 * h) - J.col(k)).cwiseAbs().maxCoeff());
        }
        QVERIFY2(worst < 1e-8, qPrintable(QString::number(worst)));
    }
    void singleSampleEqualsBlock() {
        Mlp net(4, {6, 3}, Activation::Logistic);
        net.initialise(7);
        const Eigen::MatrixXd X = Eigen::MatrixXd::Random(4, 5);
        const Eigen::VectorXd y = net.forward(X);
        for (int i = 0; i < 5; ++i) QCOMPARE(net.forward1(X.col(i).data()), y[i]);
    }
    void seedDeterminesInitialWeights() {
        Mlp a(2, {3}, Activation::Tanh), b(2, {3}, Activation::Tanh), c(2, {3}, Activation::Tanh);
        a.initialise(5);
        b.initialise(5);
        c.initialise(6);
        QVERIFY(a.weights() == b.weights());
        QVERIFY(a.weights() != c.weights());
    }
};

QTEST_APPLESS_MAIN(TestMlp)
#include "test_mlp.moc"
