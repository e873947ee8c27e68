// SPDX-License-Identifier: GPL-3.0-or-later
// Smooth trajectory sources (notes/002 §1.5): the Zeitz polynomial's published coefficients and
// peak slope, its end conditions for every order, exact derivatives against finite differences,
// the motion profile reaching its targets with the thesis's plateau speeds, the kinked profile's
// continuity, and the registered components giving the same values through the engine.
#include <QtTest/QtTest>

#include "signal_run.h"
#include "sim/components/smooth_profiles.h"
#include "sim/trajectory/smooth_profile.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestSmoothProfiles : public QObject {
    Q_OBJECT
private slots:
    void zeitzOrder4IsTheThesisPolynomial() {
        ZeitzPolynomial h(4);
        const double expect[] = {126, -420, 540, -315, 70};
        for (int i = 5; i <= 9; ++i) QCOMPARE(h.coefficients()[static_cast<size_t>(i)], expect[i - 5]);
        // h' = 630 tau^4 (1 - tau)^4, peak 630/256 = 2.461 at tau = 0.5
        QVERIFY(std::abs(h.derivative(0.5, 1) - 630.0 / 256.0) < 1e-12);
        QVERIFY(std::abs(h.derivative(0.3, 1) - 630 * std::pow(0.3 * 0.7, 4)) < 1e-12);
    }

    void zeitzEndConditionsEveryOrder() {
        for (int r = 0; r <= 10; ++r) {
            ZeitzPolynomial h(r);
            QVERIFY(std::abs(h.value(0.0)) < 1e-12);
            QVERIFY2(std::abs(h.value(1.0) - 1.0) < 1e-9, qPrintable(QString("r=%1").arg(r)));
            QVERIFY(std::abs(h.integral(1.0) - 0.5) < 1e-9);
            for (int k = 1; k <= r; ++k) {
                QVERIFY(std::abs(h.derivative(0.0, k)) < 1e-9);
                QVERIFY2(std::abs(h.derivative(1.0, k)) < 1e-6 * std::pow(10.0, k), qPrintable(QString("r=%1 k=%2").arg(r).arg(k)));
            }
            if (r >= 1) QVERIFY(std::abs(h.derivative(0.0 + 1e-300, r + 1)) > 1.0);  // the (r+1)-th jumps
        }
    }

    void derivativesMatchFiniteDifferences() {
        std::vector<SmoothMove> moves = {{0.1, 1.1, 0.30}, {1.1, 1.44, 0.05}};
        SmoothMotion m(0.05, moves, 0.05, 4);
        const double h = 1e-6;
        for (double t : {0.12, 0.13, 0.5, 1.08, 1.12, 1.3, 1.42})
            for (int k = 0; k < 6; ++k) {
                const double fd = (m.derivative(t + h, k) - m.derivative(t - h, k)) / (2 * h);
                const double an = m.derivative(t, k + 1);
                QVERIFY2(std::abs(fd - an) <= 1e-5 * (1 + std::abs(an)), qPrintable(QString("t=%1 k=%2 fd=%3 an=%4").arg(t).arg(k).arg(fd).arg(an)));
            }
    }

    void motionReachesTargetsWithThesisSpeeds() {
        SmoothMotion m(0.05, {{0.1, 1.1, 0.30}, {1.1, 1.44, 0.05}}, 0.05, 4);
        QVERIFY(std::abs(m.derivative(0.0, 0) - 0.05) < 1e-15);
        QVERIFY(std::abs(m.derivative(1.1, 0) - 0.30) < 1e-12);
        QVERIFY(std::abs(m.derivative(1.44, 0) - 0.05) < 1e-12);
        QVERIFY(std::abs(m.derivative(2.0, 0) - 0.05) < 1e-12);
        // plateau speeds of notes/002 §7: 0.25/(1 - 0.05) = 0.2632, -0.25/(0.34 - 0.05) = -0.8621 m/s
        QVERIFY(std::abs(m.derivative(0.6, 1) - 0.25 / 0.95) < 1e-12);
        QVERIFY(std::abs(m.derivative(1.3, 1) + 0.25 / 0.29) < 1e-12);
        QCOMPARE(m.continuity(), 5);
        SmoothMotion kinked(0.05, {{0.1, 1.1, 0.30}}, 0.0, 4);
        QCOMPARE(kinked.continuity(), 0);
        QVERIFY(std::abs(kinked.derivative(0.6, 1) - 0.25) < 1e-12);  // a plain ramp
        QVERIFY(!SmoothMotion::check({{0.1, 0.15, 0.3}}, 0.05).empty());  // window shorter than two ramps
        QVERIFY(!SmoothMotion::check({{0.5, 1.0, 0.3}, {0.9, 1.2, 0.0}}, 0.05).empty());  // overlap
    }

    void stepsIntegralAndLevels() {
        SmoothSteps f(0.0, {{0.2, 0.3, 1e4}, {0.95, 1.05, 0.0}}, 4);
        QCOMPARE(f.value(0.1), 0.0);
        QCOMPARE(f.value(0.5), 1e4);
        QVERIFY(std::abs(f.value(0.25) - 5e3) < 1e-9);  // symmetric transition
        // integral = 1e4*(0.05 + 0.65 + 0.05) = 7500 N s
        QVERIFY(std::abs(f.integral(2.0) - 7500.0) < 1e-9);
        QCOMPARE(f.continuity(), 4);
        SmoothSteps jump(0.0, {{0.2, 0.2, 1.0}}, 4);
        QCOMPARE(jump.continuity(), -1);
        SmoothSteps noJump(1.0, {{0.2, 0.2, 1.0}, {0.5, 0.6, 2.0}}, 4);  // a zero-length step to the same level
        QCOMPARE(noJump.continuity(), 4);
    }

    void componentsThroughTheEngine() {
        NetComponent mo = comp("SmoothMotion", "mo", {{"x0", 0.05}, {"t_ramp", 0.05}, {"order", 4}});
        mo.text["moves"] = "0.1 1.1 0.3; 1.1 1.44 0.05";
        NetComponent st = comp("SmoothSteps", "st", {{"initial", 0}, {"order", 4}});
        st.text["steps"] = "0.2 0.3 10000; 0.95 1.05 0";
        SignalRun r = runSignals({mo, st}, {}, {"mo.x", "mo.v", "st.out"}, solver("rk4", 1e-3), 1.5, 1e-2);
        QVERIFY2(r.error.empty(), r.error.c_str());
        SmoothMotion m(0.05, {{0.1, 1.1, 0.30}, {1.1, 1.44, 0.05}}, 0.05, 4);
        for (double t : {0.12, 0.6, 1.2})
            QVERIFY(std::abs(r.at("mo.x", t) - m.derivative(t, 0)) < 1e-12);
        QVERIFY(std::abs(r.at("mo.v", 0.6) - 0.25 / 0.95) < 1e-12);
        QVERIFY(std::abs(r.at("st.out", 0.6) - 1e4) < 1e-9);
        NetComponent bad = comp("SmoothMotion", "bad", {{"t_ramp", 0.5}});
        bad.text["moves"] = "0 0.6 1";
        SignalRun b = runSignals({bad}, {}, {"bad.x"}, solver("rk4", 1e-3), 0.1, 1e-2);
        QVERIFY(b.error.find("longer than two ramps") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestSmoothProfiles)
#include "test_smooth_profiles.moc"
