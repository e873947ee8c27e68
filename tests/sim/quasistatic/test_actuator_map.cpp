// SPDX-License-Identifier: GPL-3.0-or-later
// Gamma and Lambda in closed form against the numbers of notes/004 §6 and §13 B1-B4 (computed
// there with an independent brute-force solver), and against bisection on random inputs.
#include <QtTest/QtTest>

#include <algorithm>
#include <random>

#include "quasistatic_test_circuit.h"

using namespace hs::sim::quasistatic;
using namespace hs::sim::quasistatic::test;

namespace {

// distance of a force from the set Gamma(v)
double distanceToGamma(const ActuatorMap& m, double v, double f) {
    const ForceInterval g = m.gamma(v);
    return f < g.lower ? g.lower - f : f > g.upper ? f - g.upper : 0.0;
}

// The random circuits: openings 0 (a third of the time) or uniform, either direction, bleed
// possibly closed.
ValveOpenings randomOpenings(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    auto opening = [&] { return uni(rng) < 0.33 ? 0.0 : uni(rng); };
    ValveOpenings u;
    const double dir = uni(rng);
    if (dir < 0.4) { u.pumpToHead = opening(); u.rodToTank = opening(); }
    else if (dir < 0.8) { u.pumpToRod = opening(); u.headToTank = opening(); }
    u.bleed = opening();
    return u;
}

}  // namespace

class TestActuatorMap : public QObject {
    Q_OBJECT
private slots:
    void gammaAtZero();
    void gammaSamples_data();
    void gammaSamples();
    void inverseGamma_data();
    void inverseGamma();
    void velocityAgainstCommand();
    void bleedSweep();
    void resolventTable_data();
    void resolventTable();
    void resolventSolvesInclusionOnRandomInputs();
    void monotone();
    void phiBAgainstBisection();
    void phiAStableForm();
};

// B1 and A2: the vertical segment (65).
void TestActuatorMap::gammaAtZero() {
    const ForceInterval ext = paperMap(0.5, 0.2).gamma(0.0);
    QCOMPARE(ext.lower, 864e3);  // A_h P_M: the pump relief limits the head pressure
    QCOMPARE(ext.upper, 1008e3);
    const ForceInterval ret = paperMap(-0.5, 0.2).gamma(0.0);
    QCOMPARE(ret.lower, -480e3);
    QCOMPARE(ret.upper, -432e3);
    const ForceInterval hold = paperMap(0.0, 0.2).gamma(0.0);
    QCOMPARE(hold.lower, -480e3);  // [-F_rM, F_hM]
    QCOMPARE(hold.upper, 1008e3);
    QCOMPARE(paperMap(0.0, 0.2).mode(), ActuatorMode::Hold);
}

void TestActuatorMap::gammaSamples_data() {
    QTest::addColumn<double>("uc");
    QTest::addColumn<double>("v");
    QTest::addColumn<double>("force");
    // notes/004 §6, values given to 0.1 kN
    QTest::newRow("+0.5 v 0.05") << 0.5 << 0.05 << 845.6e3;
    QTest::newRow("+0.5 v 0.1") << 0.5 << 0.1 << 790.6e3;
    QTest::newRow("+0.5 v 0.2") << 0.5 << 0.2 << 570.2e3;
    QTest::newRow("+0.5 v 0.3") << 0.5 << 0.3 << -73.4e3;
    QTest::newRow("+0.5 v 0.6") << 0.5 << 0.6 << -293.8e3;
    QTest::newRow("+0.5 v -0.1") << 0.5 << -0.1 << 1008e3;
    QTest::newRow("-0.5 v -0.05") << -0.5 << -0.05 << -413.6e3;
    QTest::newRow("-0.5 v -0.1") << -0.5 << -0.1 << -358.6e3;
    QTest::newRow("-0.5 v -0.2") << -0.5 << -0.2 << -138.2e3;
    QTest::newRow("-0.5 v -0.4") << -0.5 << -0.4 << 706.6e3;
    QTest::newRow("-0.5 v 0.1") << -0.5 << 0.1 << -480e3;
}

void TestActuatorMap::gammaSamples() {
    QFETCH(double, uc);
    QFETCH(double, v);
    QFETCH(double, force);
    const ForceInterval g = paperMap(uc, 0.2).gamma(v);
    QCOMPARE(g.lower, g.upper);
    QVERIFY2(std::abs(g.lower - force) <= 50.0, qPrintable(QString::number(g.lower, 'f', 1)));
}

void TestActuatorMap::inverseGamma_data() {
    QTest::addColumn<double>("uc");
    QTest::addColumn<double>("force");
    QTest::addColumn<double>("velocity");
    // B2: notes/004 §6 to 1e-5 m/s
    QTest::newRow("+0.5 f -400k") << 0.5 << -400e3 << 0.70014;
    QTest::newRow("+0.5 f -200k") << 0.5 << -200e3 << 0.49507;
    QTest::newRow("+0.5 f 0") << 0.5 << 0.0 << 0.24379;
    QTest::newRow("+0.5 f 300k") << 0.5 << 300e3 << 0.22036;
    QTest::newRow("+0.5 f 800k") << 0.5 << 800e3 << 0.09335;
    QTest::newRow("-0.5 f -400k") << -0.5 << -400e3 << -0.06601;
    QTest::newRow("-0.5 f -200k") << -0.5 << -200e3 << -0.17774;
    QTest::newRow("-0.5 f 0") << -0.5 << 0.0 << -0.24254;
    QTest::newRow("-0.5 f 300k") << -0.5 << 300e3 << -0.31571;
    QTest::newRow("-0.5 f 800k") << -0.5 << 800e3 << -0.42934;
}

void TestActuatorMap::inverseGamma() {
    QFETCH(double, uc);
    QFETCH(double, force);
    QFETCH(double, velocity);
    const double v = paperMap(uc, 0.2).velocityUnderLoad(force);
    QVERIFY2(std::abs(v - velocity) <= 1e-5, qPrintable(QString::number(v, 'g', 8)));
}

// A3 with the numbers of §6: |v| grows with |u_c| at f = 0.
void TestActuatorMap::velocityAgainstCommand() {
    const double uc[] = {-1, -0.5, -0.25, 0.1, 0.25, 0.5, 1};
    const double expected[] = {-0.4340, -0.2425, -0.1213, 0.0686, 0.1715, 0.2438, 0.2865};
    for (int i = 0; i < 7; ++i) {
        const double v = paperMap(uc[i], 0.2).velocityUnderLoad(0.0);
        QVERIFY2(std::abs(v - expected[i]) <= 6e-5, qPrintable(QString("u_c %1: v %2").arg(uc[i]).arg(v, 0, 'g', 8)));
    }
    QVERIFY(paperMap(0.0, 0.2).velocityUnderLoad(0.0) == 0.0);
}

// A3 with the numbers of §6: the bleed slows the rod (u_c = 0.7).
void TestActuatorMap::bleedSweep() {
    const double ub[] = {0, 0.2, 0.5, 1.0};
    const double velocity[] = {0.3472, 0.2665, 0.1976, 0.1380};
    const double lowerEnd[] = {864e3, 864e3, 787e3, 197e3};
    for (int i = 0; i < 4; ++i) {
        const ActuatorMap m = paperMap(0.7, ub[i]);
        const double v = m.velocityUnderLoad(0.0);
        QVERIFY2(std::abs(v - velocity[i]) <= 6e-5, qPrintable(QString("u_b %1: v %2").arg(ub[i]).arg(v, 0, 'g', 8)));
        QVERIFY2(std::abs(m.gamma(0.0).lower - lowerEnd[i]) <= 600.0, qPrintable(QString::number(m.gamma(0.0).lower)));
    }
}

void TestActuatorMap::resolventTable_data() {
    QTest::addColumn<double>("uc");
    QTest::addColumn<double>("fBar");
    QTest::addColumn<double>("velocity");
    // B3: Lambda(2.55e6, f_bar), u_b = 0.3, to 1e-6 m/s
    const double f[] = {-600e3, -100e3, 0.0, 500e3, 900e3, 1.1e6};
    const double plus[] = {0.219830, 0.172077, 0.163399, 0.108710, 0.0, -0.036078};
    const double minus[] = {0.047059, -0.100884, -0.124658, -0.222681, -0.279949, -0.303048};
    const double hold[] = {0.047059, 0.0, 0.0, 0.0, 0.0, -0.036078};
    for (int i = 0; i < 6; ++i) {
        QTest::addRow("+0.5 f %g", f[i]) << 0.5 << f[i] << plus[i];
        QTest::addRow("-0.5 f %g", f[i]) << -0.5 << f[i] << minus[i];
        QTest::addRow("hold f %g", f[i]) << 0.0 << f[i] << hold[i];
    }
}

void TestActuatorMap::resolventTable() {
    QFETCH(double, uc);
    QFETCH(double, fBar);
    QFETCH(double, velocity);
    const double v = paperMap(uc, 0.3).resolvent(2.55e6, fBar);
    QVERIFY2(std::abs(v - velocity) <= 1e-6, qPrintable(QString::number(v, 'g', 10)));
}

// B4: beta*Lambda + f_bar in Gamma(Lambda), within 1e-6 N, closed valves and u_b = 0 included.
void TestActuatorMap::resolventSolvesInclusionOnRandomInputs() {
    std::mt19937_64 rng(20240004);
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    const ActuatorCircuit k = paperCircuit();
    double worst = 0.0;
    for (int i = 0; i < 20000; ++i) {
        const ActuatorMap m(k, randomOpenings(rng));
        const double beta = std::pow(10.0, 3.0 + 5.0 * uni(rng));  // 1e3 .. 1e8 N*s/m
        const double fBar = -2.5e6 + 5e6 * uni(rng);
        const double v = m.resolvent(beta, fBar);
        QVERIFY(std::isfinite(v));
        worst = std::max(worst, distanceToGamma(m, v, beta * v + fBar));
    }
    QVERIFY2(worst <= 1e-6, qPrintable(QString("worst residual %1 N").arg(worst)));
}

// A1: Gamma decreasing in v, Lambda decreasing in f_bar, for random circuits.
void TestActuatorMap::monotone() {
    std::mt19937_64 rng(7);
    const ActuatorCircuit k = paperCircuit();
    for (int i = 0; i < 500; ++i) {
        const ActuatorMap m(k, randomOpenings(rng));
        double previousLower = std::numeric_limits<double>::infinity(), previousV = std::numeric_limits<double>::infinity();
        for (double v = -1.5; v <= 1.5; v += 1e-3) {
            const ForceInterval g = m.gamma(std::abs(v) < 1e-9 ? 0.0 : v);
            QVERIFY(g.upper <= previousLower + 1e-6);
            previousLower = g.lower;
        }
        for (double f = -1.5e6; f <= 1.5e6; f += 1e3) {
            const double v = m.resolvent(1e5, f);
            QVERIFY(v <= previousV + 1e-15);
            previousV = v;
        }
    }
}

// The closed form of Phi_B (located piece + stable quadratic root) against bisection of
// S(x)/a0 + S(x - x1)/a1 + b x + c = 0 over 10 decades.
void TestActuatorMap::phiBAgainstBisection() {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    auto decade = [&](double lo, double hi) { return std::pow(10.0, lo + (hi - lo) * uni(rng)); };
    double worst = 0.0;
    for (int i = 0; i < 20000; ++i) {
        const double a0 = decade(-12, -2), a1 = decade(-12, -2), b = decade(-2, 8);
        const double x1 = (uni(rng) - 0.5) * decade(-3, 1), c = (uni(rng) - 0.5) * decade(-2, 7);
        auto g = [&](double x) { return signedSquare(x) / a0 + signedSquare(x - x1) / a1 + b * x + c; };
        double lo = -1.0, hi = 1.0;
        while (g(lo) > 0) lo *= 2;
        while (g(hi) < 0) hi *= 2;
        for (int it = 0; it < 200; ++it) {
            const double mid = 0.5 * (lo + hi);
            (g(mid) < 0 ? lo : hi) = mid;
        }
        const double x = phiB(b, c, a0, a1, x1);
        worst = std::max(worst, std::abs(x - 0.5 * (lo + hi)) / std::max(std::abs(x), 1e-12));
    }
    QVERIFY2(worst <= 1e-9, qPrintable(QString("worst relative error %1").arg(worst)));
}

// The printed (20) loses all digits when 4a|c| << a^2 b^2; the stable form keeps them.
void TestActuatorMap::phiAStableForm() {
    const double a = 1e-7, b = 1e8, c = 1e-3;
    const double x = phiA(b, c, a);
    const double residual = signedSquare(x) / a + b * x + c;
    QVERIFY2(std::abs(residual) <= 1e-15, qPrintable(QString::number(residual)));
    QCOMPARE(phiA(b, c, 0.0), 0.0);
    QCOMPARE(phiB(b, c, 0.0, 1e-6, 0.3), 0.0);
    QCOMPARE(phiB(b, c, 1e-6, 0.0, 0.3), 0.3);
}

QTEST_APPLESS_MAIN(TestActuatorMap)
#include "test_actuator_map.moc"
