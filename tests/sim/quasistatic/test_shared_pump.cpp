// SPDX-License-Identifier: GPL-3.0-or-later
// N actuators on one pump (notes/004 §10, §13 B8): one actuator reproduces Gamma and Lambda, the
// notes' two-actuator values, and a faster second actuator slowing the first (A6).
#include <QtTest/QtTest>

#include <random>

#include "quasistatic_test_circuit.h"
#include "sim/quasistatic/shared_pump.h"

using namespace hs::sim::quasistatic;
using namespace hs::sim::quasistatic::test;

namespace {

SharedPump paperPump(double ub) {
    const ActuatorCircuit k = paperCircuit();
    return {k.pumpFlow, k.pumpRelief, k.cBleed, ub};
}

SharedPumpActuators actuators(int n, double uc, double ub) {
    return SharedPumpActuators(paperPump(ub), std::vector<ActuatorCircuit>(static_cast<size_t>(n), paperCircuit()),
                               std::vector<ValveOpenings>(static_cast<size_t>(n), ValveOpenings::fromCommand(uc, ub)));
}

}  // namespace

class TestSharedPump : public QObject {
    Q_OBJECT
private slots:
    void oneActuatorIsGamma();
    void oneActuatorIsLambda();
    void twoActuatorValues_data();
    void twoActuatorValues();
    void secondActuatorSlowsTheFirst();
};

void TestSharedPump::oneActuatorIsGamma() {
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    double worst = 0.0;
    for (int i = 0; i < 3000; ++i) {
        const double uc = 2.0 * uni(rng) - 1.0, ub = 0.05 + 0.95 * uni(rng), v = 1.6 * uni(rng) - 0.8;
        std::vector<ForceInterval> f;
        actuators(1, uc, ub).forces({v}, f);
        const ForceInterval g = paperMap(uc, ub).gamma(v);
        worst = std::max({worst, std::abs(f[0].lower - g.lower), std::abs(f[0].upper - g.upper)});
    }
    QVERIFY2(worst <= 1e-6, qPrintable(QString("worst %1 N").arg(worst)));
}

void TestSharedPump::oneActuatorIsLambda() {
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    double worst = 0.0;
    for (int i = 0; i < 3000; ++i) {
        const double uc = 2.0 * uni(rng) - 1.0, ub = 0.05 + 0.95 * uni(rng);
        const double beta = std::pow(10.0, 4.0 + 4.0 * uni(rng)), fBar = -2e6 + 4e6 * uni(rng);
        std::vector<double> v;
        actuators(1, uc, ub).resolvent({beta}, {fBar}, v);
        worst = std::max(worst, std::abs(v[0] - paperMap(uc, ub).resolvent(beta, fBar)));
    }
    QVERIFY2(worst <= 1e-9, qPrintable(QString("worst %1 m/s").arg(worst)));
}

void TestSharedPump::twoActuatorValues_data() {
    QTest::addColumn<double>("v1");
    QTest::addColumn<double>("v2");
    QTest::addColumn<double>("force1");
    QTest::addColumn<double>("pressure");
    QTest::addColumn<double>("reliefFlow");  // l/min, < 0: not checked
    // notes/004 §10, u_c = +0.5 for both, u_b = 0.2
    QTest::newRow("v2 0, v1 0.2") << 0.2 << 0.0 << 570.2e3 << 36e6 << 2.4;
    QTest::newRow("v2 0.1, v1 0.2") << 0.2 << 0.1 << -32.6e3 << 8.48e6 << 0.0;
    // The notes' "v1 -> 0+" row is met at v1 = 1e-4 m/s; the limit itself is P = 16.731 MPa,
    // f1 = 401.55 kN (the cavitating second actuator draws A_h*u_hat*sqrt(A_h*P): Q = 2.0373e-6*sqrt(P)).
    QTest::newRow("v2 0.3, v1 1e-4") << 1e-4 << 0.3 << 401.3e3 << 16.72e6 << -1.0;
    QTest::newRow("v2 0.3, v1 0+ (limit)") << 1e-12 << 0.3 << 401.55e3 << 16.731e6 << -1.0;
}

// B8: to 0.1 kN and 0.01 MPa (the notes' digits).
void TestSharedPump::twoActuatorValues() {
    QFETCH(double, v1);
    QFETCH(double, v2);
    QFETCH(double, force1);
    QFETCH(double, pressure);
    QFETCH(double, reliefFlow);
    std::vector<ForceInterval> f;
    const PumpNode node = actuators(2, 0.5, 0.2).forces({v1, v2}, f);
    QVERIFY2(std::abs(f[0].lower - force1) <= 100.0, qPrintable(QString::number(f[0].lower)));
    QVERIFY2(std::abs(node.pressure - pressure) <= 1e4, qPrintable(QString::number(node.pressure)));
    if (reliefFlow >= 0)
        QVERIFY2(std::abs(node.reliefFlow * 60e3 - reliefFlow) <= 0.05, qPrintable(QString::number(node.reliefFlow * 60e3)));
}

// A6: with both extending against the same load, a second actuator that moves faster (a smaller
// f_bar) lowers the first one's velocity and the pump pressure.
void TestSharedPump::secondActuatorSlowsTheFirst() {
    const SharedPumpActuators two = actuators(2, 0.5, 0.2);
    double previousV1 = 1e9, previousP = 1e12, firstV1 = 0.0;
    for (double fBar2 : {1e6, 5e5, 0.0, -5e5}) {
        std::vector<double> v;
        const PumpNode node = two.resolvent({1e5, 1e5}, {2e5, fBar2}, v);
        QVERIFY(v[0] <= previousV1 && node.pressure <= previousP);
        if (fBar2 == 1e6) firstV1 = v[0];
        previousV1 = v[0];
        previousP = node.pressure;
    }
    QVERIFY(previousV1 < 0.9 * firstV1);
}

QTEST_APPLESS_MAIN(TestSharedPump)
#include "test_shared_pump.moc"
