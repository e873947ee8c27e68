// SPDX-License-Identifier: GPL-3.0-or-later
// Convergence orders of the fixed-step steppers and agreement of the adaptive ones.
//  - RK4: the error against a fine reference falls ~16x per halving of the step; Euler ~2x
//    (smooth nonlinear case: three-orifice circuit started off its steady state, all pressure
//    drops positive, log10 bulk modulus)
//  - CVODE at rtol 1e-6 and 1e-9, and DOPRI5, agree with each other and with the analytic
//    laminar fill; CVODE also matches a fine RK4 run of the stiff three-orifice circuit
#include <QtTest/QtTest>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

const double kDuration = 1.0, kRecord = 0.02;

Netlist smoothCase() { return threeOrifice(1e-3, 1e-3, logBe(), 1e7, 8e6, 1e6); }

// max over record points and both pressures of |run - ref|
double maxError(const Trace& run, const Trace& ref) {
    double m = 0.0;
    for (const auto& e : compareTraces(ref, run)) m = std::max(m, e.maxAbs);
    return m;
}

Trace runSmooth(const std::string& stepper, double dt) {
    RunResult r = buildAndRun(smoothCase(), threeOrificeProbes(), runOptions(solver(stepper, dt), kDuration, kRecord));
    if (!r.ok) qWarning("%s", r.error.c_str());
    return r.trace;
}

Netlist laminarFill(double ps, double v, double g) {
    Netlist n;
    n.fluid.bulk = constantBe(1.5e9);
    n.components = {comp("PressureSource", "src", {{"p", ps}}), comp("LaminarOrifice", "R", {{"G", g}}),
                    comp("Volume", "V", {{"V", v}, {"p0", 0.0}})};
    n.wires = {wire("src", "P", "R", "A"), wire("R", "B", "V", "P1")};
    return n;
}

}  // namespace

class TestConvergence : public QObject {
    Q_OBJECT
private slots:
    void fixedStepOrder_data();
    void fixedStepOrder();
    void adaptiveAgree();
    void cvodeMatchesFineRk4OnStiffCase();
    void implicitStepsMatchStabilityFunction_data();
    void implicitStepsMatchStabilityFunction();
};

void TestConvergence::implicitStepsMatchStabilityFunction_data() {
    QTest::addColumn<QString>("stepper");
    QTest::newRow("implicit_euler") << "implicit_euler";
    QTest::newRow("sdirk2") << "sdirk2";
}

// Laminar fill p' = (ps - p)/tau at a step of 50 tau, where RK4 diverges: the implicit steppers
// give p_n = ps*(1 - R(z)^n), z = -h/tau, with backward Euler's R = 1/(1 - z) and SDIRK2's
// R = (1 + (1 - 2g) z)/(1 - g z)^2, g = 1 - 1/sqrt(2). Both are L-stable (R -> 0 as z -> -inf);
// backward Euler's R is positive (no overshoot), SDIRK2's is -0.08 here (a decaying alternation).
void TestConvergence::implicitStepsMatchStabilityFunction() {
    QFETCH(QString, stepper);
    const double ps = 1e7, v = 1e-5, g = 1e-11;
    const double tau = v / (1.5e9 * g), h = 50.0 * tau;
    const RunResult rk = buildAndRun(laminarFill(ps, v, g), {{"p", "pressure", "V"}}, runOptions(solver("rk4", h), 20 * h, h));
    QVERIFY2(!rk.ok, "RK4 at 50 tau should diverge");
    const RunResult r = buildAndRun(laminarFill(ps, v, g), {{"p", "pressure", "V"}},
                                    runOptions(solver(stepper.toStdString(), h, 1e-12, 1e-12), 20 * h, h));
    QVERIFY2(r.ok, r.error.c_str());
    const double z = -h / tau, gm = 1.0 - std::sqrt(0.5);
    const double R = stepper == "sdirk2" ? (1.0 + (1.0 - 2.0 * gm) * z) / ((1.0 - gm * z) * (1.0 - gm * z)) : 1.0 / (1.0 - z);
    QVERIFY(std::abs(R) < 0.1);
    QCOMPARE(r.trace.time.size(), size_t(21));
    for (size_t i = 0; i < r.trace.time.size(); ++i) {
        const double expect = ps * (1.0 - std::pow(R, double(i)));
        const double got = r.trace.columns[0][i];
        QVERIFY2(std::abs(got - expect) <= 1e-6 * ps, qPrintable(QString("step %1: %2 vs %3").arg(i).arg(got).arg(expect)));
        if (stepper == "implicit_euler") QVERIFY(got <= ps * (1.0 + 1e-9));
    }
}

void TestConvergence::fixedStepOrder_data() {
    QTest::addColumn<QString>("stepper");
    QTest::addColumn<double>("dt");
    QTest::addColumn<double>("minRatio");
    QTest::addColumn<double>("maxRatio");
    QTest::newRow("rk4") << "rk4" << 0.02 << 12.0 << 20.0;
    QTest::newRow("euler") << "euler" << 0.005 << 1.7 << 2.3;
    QTest::newRow("implicit_euler") << "implicit_euler" << 0.005 << 1.7 << 2.3;
    QTest::newRow("sdirk2") << "sdirk2" << 0.02 << 3.4 << 4.6;
}

void TestConvergence::fixedStepOrder() {
    QFETCH(QString, stepper);
    QFETCH(double, dt);
    QFETCH(double, minRatio);
    QFETCH(double, maxRatio);
    const Trace ref = runSmooth("rk4", 0.02 / 128.0);
    QVERIFY(!ref.time.empty());
    QCOMPARE(ref.time.back(), kDuration);
    std::vector<double> err;
    for (double h : {dt, dt / 2, dt / 4}) {
        const Trace tr = runSmooth(stepper.toStdString(), h);
        QCOMPARE(tr.time.size(), ref.time.size());
        err.push_back(maxError(tr, ref));
    }
    const double r1 = err[0] / err[1], r2 = err[1] / err[2];
    qInfo("%s: max error %.4g, %.4g, %.4g Pa at dt = %g, %g, %g: ratios %.2f, %.2f", qPrintable(stepper), err[0],
          err[1], err[2], dt, dt / 2, dt / 4, r1, r2);
    QVERIFY(err[2] > 0.0);
    QVERIFY2(r1 > minRatio && r1 < maxRatio, qPrintable(QString::number(r1)));
    QVERIFY2(r2 > minRatio && r2 < maxRatio, qPrintable(QString::number(r2)));
}

void TestConvergence::adaptiveAgree() {
    const double ps = 1e7, v = 1e-4, g = 1e-11;
    const double tau = v / (1.5e9 * g);
    auto run = [&](const std::string& stepper, double rtol) {
        RunResult r = buildAndRun(laminarFill(ps, v, g), {{"p", "pressure", "V"}},
                                  runOptions(solver(stepper, 1e-6, rtol, rtol), 5.0 * tau, tau / 10.0));
        if (!r.ok) qWarning("%s", r.error.c_str());
        return r;
    };
    auto analyticError = [&](const Trace& tr) {
        return maxDeviation(tr, 0, [&](double t) { return ps * (1.0 - std::exp(-t / tau)); }) / ps;
    };
    const RunResult c6 = run("cvode", 1e-6), c9 = run("cvode", 1e-9), d6 = run("dopri5", 1e-6), d9 = run("dopri5", 1e-9);
    for (const RunResult* r : {&c6, &c9, &d6, &d9}) {
        QVERIFY2(r->ok, r->error.c_str());
        QCOMPARE(r->trace.time.size(), size_t(51));
    }
    const double ec6 = analyticError(c6.trace), ec9 = analyticError(c9.trace);
    const double ed6 = analyticError(d6.trace), ed9 = analyticError(d9.trace);
    const double c6c9 = maxError(c6.trace, c9.trace) / ps, d9c9 = maxError(d9.trace, c9.trace) / ps;
    qInfo("laminar fill, error / ps: cvode rtol 1e-6 %.3g (%ld steps), 1e-9 %.3g (%ld steps); "
          "dopri5 1e-6 %.3g (%ld steps), 1e-9 %.3g (%ld steps); |cvode6 - cvode9| %.3g, |dopri9 - cvode9| %.3g",
          ec6, c6.steps, ec9, c9.steps, ed6, d6.steps, ed9, d9.steps, c6c9, d9c9);
    QVERIFY(ec6 < 1e-4);
    QVERIFY(ec9 < 1e-7);
    QVERIFY(ed6 < 1e-5);
    QVERIFY(ed9 < 1e-8);
    QVERIFY(c6c9 < 1e-4);
    QVERIFY(d9c9 < 1e-7);
    // tighter tolerance costs more steps and gives a smaller error
    QVERIFY(c9.steps > c6.steps);
    QVERIFY(ec9 < ec6);
    QVERIFY(d9.steps > d6.steps);
}

void TestConvergence::cvodeMatchesFineRk4OnStiffCase() {
    // three-orifice, V2 = 1e-5 (kappa ~ 134), start-up from zero pressure
    const Netlist n = threeOrifice(1e-3, 1e-5, logBe());
    RunResult rk = buildAndRun(n, threeOrificeProbes(), runOptions(solver("rk4", 1e-5), 0.5, 1e-3));
    RunResult cv = buildAndRun(n, threeOrificeProbes(), runOptions(solver("cvode", 1e-6, 1e-9, 1e-9), 0.5, 1e-3));
    QVERIFY2(rk.ok, rk.error.c_str());
    QVERIFY2(cv.ok, cv.error.c_str());
    const auto errs = compareTraces(rk.trace, cv.trace);
    const ProbeError* p2 = findError(errs, "p2");
    QVERIFY(p2);
    qInfo("three-orifice V2 1e-5: CVODE 1e-9 vs RK4 1e-5 over 0.5 s: p2 RRMSE %.3g %%, max %.3g Pa; "
          "CVODE %ld steps vs RK4 %ld",
          p2->rrmse, p2->maxAbs, cv.steps, rk.steps);
    QVERIFY(p2->rrmse < 1e-3);
    QVERIFY(cv.steps < rk.steps / 20);
}

QTEST_APPLESS_MAIN(TestConvergence)
#include "test_convergence.moc"
