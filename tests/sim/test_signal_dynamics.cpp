// SPDX-License-Identifier: GPL-3.0-or-later
// Signal dynamics (core/sim/components/signal_dynamics.cpp, signal_delay.cpp): the first-order
// function's step response at t = tau is 1 - 1/e, the second-order one overshoots by
// exp(-pi zeta/sqrt(1 - zeta^2)), the PID's anti-windup leaves saturation seconds earlier than
// without, the integrator stops at its limit and leaves it at once, the filtered derivative of a
// ramp is its slope, the delay shifts a ramp by exactly T at fixed step and is refused by
// adaptive steppers.
#include <QtTest/QtTest>

#include <algorithm>

#include "signal_run.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestSignalDynamics : public QObject {
    Q_OBJECT
private slots:
    void firstOrderAtTau_data() {
        QTest::addColumn<QString>("stepper");
        QTest::newRow("rk4") << "rk4";
        QTest::newRow("cvode") << "cvode";
    }
    void firstOrderAtTau() {
        QFETCH(QString, stepper);
        const double tau = 0.5;
        const SignalRun r = runSignals({comp("Step", "u", {{"t0", 0.0}, {"before", 0.0}, {"after", 1.0}}),
                                        comp("TransferFunction1", "G", {{"a1", 0.0}, {"a0", 1.0}, {"b1", tau}, {"b0", 1.0}})},
                                       {wire("u", "out", "G", "in")}, {"G.out"}, solver(stepper.toStdString(), 1e-4, 1e-10, 1e-10),
                                       1.0, 0.1);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(std::abs(r.at("G.out", tau) - (1 - std::exp(-1.0))) < 1e-6);
        QVERIFY(std::abs(r.at("G.out", 1.0) - (1 - std::exp(-2.0))) < 1e-6);
    }
    void firstOrderLeadLag() {
        // (2s + 1)/(s + 1): jumps to 2 at the step, settles at 1: 1 + e^-t
        const SignalRun r = runSignals({comp("Step", "u", {{"t0", 0.0}, {"before", 0.0}, {"after", 1.0}}),
                                        comp("TransferFunction1", "G", {{"a1", 2.0}, {"a0", 1.0}, {"b1", 1.0}, {"b0", 1.0}})},
                                       {wire("u", "out", "G", "in")}, {"G.out"}, solver("rk4", 1e-4), 1.0, 0.5);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(std::abs(r.at("G.out", 0.5) - (1 + std::exp(-0.5))) < 1e-8);
    }
    void secondOrderOvershoot() {
        const double w = 10, zeta = 0.3;
        const SignalRun r = runSignals({comp("Step", "u", {{"t0", 0.0}, {"before", 0.0}, {"after", 1.0}}),
                                        comp("TransferFunction2", "G", {{"a2", 0.0}, {"a1", 0.0}, {"a0", w * w}, {"b2", 1.0},
                                                                        {"b1", 2 * zeta * w}, {"b0", w * w}})},
                                       {wire("u", "out", "G", "in")}, {"G.out"}, solver("rk4", 1e-4), 2.0, 1e-4);
        QVERIFY2(r.error.empty(), r.error.c_str());
        const auto& y = r.column("G.out");
        const double peak = *std::max_element(y.begin(), y.end());
        const double expected = std::exp(-std::numbers::pi * zeta / std::sqrt(1 - zeta * zeta));  // 0.3723
        QVERIFY2(std::abs(peak - 1 - expected) < 1e-5, qPrintable(QString::number(peak - 1)));
        // at the peak time pi/(w sqrt(1 - zeta^2))
        QVERIFY(std::abs(r.at("G.out", std::numbers::pi / (w * std::sqrt(1 - zeta * zeta))) - 1 - expected) < 1e-4);
    }
    // ref 1 for 5 s against a measurement held at 0 winds the integral up against umax = 1; at
    // t = 5 s the reference goes to -1. Without anti-windup the integral (5) must unwind to 0:
    // the output crosses 0 at t = 10 s. Clamping stops the integral at 1: 0 at t = 6 s.
    // Back-calculation (Tt = 0.1 s) holds it at 1 + Tt*Ki*e = 1.1, from which it falls
    // to 1 in Tt*ln 2 (towards 0.9 at the rate -1 + (1 - uI)/Tt), then at -1/s: 0 at t = 6.069 s.
    void pidAntiWindup_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<double>("crossing");
        QTest::newRow("none") << "none" << 10.0;
        QTest::newRow("clamping") << "clamping" << 6.0;
        QTest::newRow("back-calculation") << "back-calculation" << 5.0 + 0.1 * std::log(2.0) + 1.0;
        // Hopsan's rule: frozen whenever saturated; with Kp = 0 nothing brings raw back inside
        // the limits, so the output stays at umax: the lock-up to know before choosing it
        QTest::newRow("conditional") << "conditional" << double(NAN);
    }
    void pidAntiWindup() {
        QFETCH(QString, mode);
        QFETCH(double, crossing);
        const SignalRun r = runSignals(
            {comp("Step", "ref", {{"t0", 5.0}, {"before", 1.0}, {"after", -1.0}}), comp("Constant", "meas", {{"value", 0.0}}),
             comp("PID", "pid", {{"Kp", 0.0}, {"Ki", 1.0}, {"Kd", 0.0}, {"umin", -1.0}, {"umax", 1.0}, {"Tt", 0.1}},
                  {{"antiwindup", mode.toStdString()}})},
            {wire("ref", "out", "pid", "ref"), wire("meas", "out", "pid", "meas")}, {"pid.u"}, solver("rk4", 1e-3), 12.0, 1e-3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.at("pid.u", 4.9), 1.0);  // saturated
        const double t0 = r.firstBelow("pid.u", 0.0, 5.0);
        if (std::isnan(crossing)) QVERIFY2(std::isnan(t0) && r.at("pid.u", 12.0) == 1.0, qPrintable(QString::number(t0)));
        else QVERIFY2(std::abs(t0 - crossing) < 0.01, qPrintable(QString("%1 crosses 0 at %2 s").arg(mode).arg(t0)));
    }
    void pidProportionalDerivative() {
        // ref = ramp 2t, meas 0: u = Kp e + Kd de/dt (filtered, Tf = 1 ms) = 3*2t + 0.5*2 at t = 1
        const SignalRun r = runSignals({comp("Ramp", "ref", {{"t0", 0.0}, {"offset", 0.0}, {"slope", 2.0}}),
                                        comp("Constant", "meas", {{"value", 0.0}}),
                                        comp("PID", "pid", {{"Kp", 3.0}, {"Ki", 0.0}, {"Kd", 0.5}, {"Tf", 1e-3}})},
                                       {wire("ref", "out", "pid", "ref"), wire("meas", "out", "pid", "meas")}, {"pid.u"},
                                       solver("rk4", 1e-4), 1.0, 0.5);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(std::abs(r.at("pid.u", 1.0) - 7.0) < 1e-8);
    }
    // Derivative on measurement: u = Kp e - Kd dmeas, no filter (Hopsan's SignalPID's dy input).
    void pidDerivativeOnMeasurement() {
        const SignalRun r = runSignals({comp("Constant", "ref", {{"value", 1.0}}), comp("Constant", "meas", {{"value", 0.25}}),
                                        comp("Constant", "dy", {{"value", 2.0}}),
                                        comp("PID", "pid", {{"Kp", 4.0}, {"Ki", 0.0}, {"Kd", 0.5}}, {{"derivative", "measurement input"}})},
                                       {wire("ref", "out", "pid", "ref"), wire("meas", "out", "pid", "meas"), wire("dy", "out", "pid", "dmeas")},
                                       {"pid.u"}, solver("rk4", 1e-3), 0.01, 0.01);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.at("pid.u", 0.0), 4.0 * 0.75 - 0.5 * 2.0);
    }
    void integratorLimits() {
        // in = 1, then -1 from t = 1 s: stops at upper = 0.5, leaves it at once at t = 1 s
        const SignalRun r = runSignals({comp("Pulse", "u", {{"base", 1.0}, {"amplitude", -2.0}, {"t_start", 1.0}, {"t_end", 5.0}}),
                                        comp("Integrator", "I", {{"lower", -0.25}, {"upper", 0.5}, {"y0", 0.0}})},
                                       {wire("u", "out", "I", "in")}, {"I.out"}, solver("rk4", 1e-3), 2.0, 1e-3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(std::abs(r.at("I.out", 0.3) - 0.3) < 1e-9);
        QVERIFY(std::abs(r.at("I.out", 0.9) - 0.5) < 1e-9);
        QVERIFY(std::abs(r.at("I.out", 1.3) - 0.2) < 2e-3);
        QVERIFY(std::abs(r.at("I.out", 2.0) - (-0.25)) < 1e-9);
    }
    void derivativeOfRamp() {
        const SignalRun r = runSignals({comp("Ramp", "u", {{"t0", 0.0}, {"offset", 1.0}, {"slope", 3.0}}),
                                        comp("Derivative", "D", {{"K", 1.0}, {"Tf", 1e-3}})},
                                       {wire("u", "out", "D", "in")}, {"D.out"}, solver("rk4", 1e-4), 0.1, 0.05);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(std::abs(r.at("D.out", 0.1) - 3.0) < 1e-6);
    }
    // At fixed step the delayed ramp is the ramp shifted by exactly T, at every record and
    // between samples; before T it holds the first sample.
    void delayShiftsRampExactly() {
        const double T = 0.05;
        const SignalRun r = runSignals({comp("Ramp", "u", {{"t0", 0.0}, {"offset", 0.0}, {"slope", 1.0}}),
                                        comp("TimeDelay", "d", {{"delay", T}}), comp("Gain", "g", {{"k", 1.0}})},
                                       {wire("u", "out", "d", "in"), wire("d", "out", "g", "in")}, {"d.out", "u.out"},
                                       solver("rk4", 1e-3), 0.5, 1e-3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        const auto& t = r.result.trace.time;
        const auto& y = r.column("d.out");
        double worst = 0;
        for (size_t i = 0; i < t.size(); ++i) worst = std::max(worst, std::abs(y[i] - std::max(t[i] - T, 0.0)));
        QVERIFY2(worst < 1e-12, qPrintable(QString::number(worst)));
        QCOMPARE(y.size(), size_t(501));
    }
    void delayRefusedByAdaptiveStepper() {
        const SignalRun r = runSignals({comp("Ramp", "u"), comp("TimeDelay", "d", {{"delay", 0.05}})},
                                       {wire("u", "out", "d", "in")}, {"d.out"}, solver("cvode", 1e-3), 0.1, 1e-3);
        QVERIFY2(r.error.find("fixed-step") != std::string::npos && r.error.find("'d'") != std::string::npos, r.error.c_str());
    }
    void delayShorterThanStepRefused() {
        const SignalRun r = runSignals({comp("Ramp", "u"), comp("TimeDelay", "d", {{"delay", 1e-4}})},
                                       {wire("u", "out", "d", "in")}, {"d.out"}, solver("rk4", 1e-3), 0.1, 1e-3);
        QVERIFY2(r.error.find("shorter than the step") != std::string::npos, r.error.c_str());
    }
    void configurationErrorsNamed() {
        Netlist n;
        n.components = {comp("Constant", "u"), comp("TransferFunction1", "G", {{"b1", 0.0}})};
        n.wires = {wire("u", "out", "G", "in")};
        const BuildResult b = build(registry(), n, solver("rk4", 1e-3));
        QVERIFY(!b.ok());
        QVERIFY2(b.errorText().find("b1 must not be 0") != std::string::npos, b.errorText().c_str());
    }
};

QTEST_GUILESS_MAIN(TestSignalDynamics)
#include "test_signal_dynamics.moc"
