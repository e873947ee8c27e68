// SPDX-License-Identifier: GPL-3.0-or-later
// The adaptive L-stable ESDIRK stepper (esdirk3, SUNDIALS ARKODE ESDIRK324L2SA): converges to the
// analytic solution as the tolerance tightens, takes far fewer steps than the explicit adaptive
// stepper on a stiff circuit, and meets the input discontinuities of a switching circuit as
// accurately as a tight CVODE run.
#include <QtTest>

#include <cmath>

#include "adaptive_stepper_checks.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestEsdirk : public QObject {
    Q_OBJECT
private slots:
    void convergesToAnalytic();
    void stiffCircuitTakesFewSteps();
    void switchingInputsMatchTightCvode();
    void stepsCountedAcrossRestarts_data();
    void stepsCountedAcrossRestarts();
};

void TestEsdirk::convergesToAnalytic() {
    const double ps = 1e7, v = 1e-4, g = 1e-11, be = 1.5e9, tau = v / (be * g);
    double previous = 1.0;
    for (double rtol : {1e-4, 1e-6, 1e-8}) {
        RunResult r = buildAndRun(laminarFillNet(ps, v, g, be), {{"p", "pressure", "V"}},
                                  runOptions(solver("esdirk3", tau / 100, rtol, rtol), 5 * tau, tau / 10));
        QVERIFY2(r.ok, r.error.c_str());
        double worst = 0;
        for (size_t i = 1; i < r.trace.time.size(); ++i) {
            const double exact = ps * (1 - std::exp(-r.trace.time[i] / tau));
            worst = std::max(worst, std::abs(r.trace.columns[0][i] - exact) / ps);
        }
        qInfo("rtol %g: max error %.3g of p_s, %ld steps, %ld Newton iterations", rtol, worst, r.steps, r.newtonIterations);
        QVERIFY2(worst < 50 * rtol, qPrintable(QString::number(worst)));
        QVERIFY2(worst < previous / 5, "the error must fall as the tolerance tightens");
        QVERIFY(r.newtonIterations > 0);
        previous = worst;
    }
}

// The three-orifice circuit with V2 = 0.1 ml: an explicit adaptive stepper is held to its
// stability limit, the L-stable one is not.
void TestEsdirk::stiffCircuitTakesFewSteps() {
    const Netlist net = threeOrifice(1e-3, 1e-7, constantBe(1.5e9));
    const RunOptions truthOpt = runOptions(solver("cvode", 1e-6, 1e-10, 1e-10), 1.0, 1e-2);
    const RunResult truth = buildAndRun(net, threeOrificeProbes(), truthOpt);
    QVERIFY2(truth.ok, truth.error.c_str());
    const RunResult esdirk = buildAndRun(net, threeOrificeProbes(), runOptions(solver("esdirk3", 1e-6, 1e-6, 1e-6), 1.0, 1e-2));
    const RunResult dopri = buildAndRun(net, threeOrificeProbes(), runOptions(solver("dopri5", 1e-6, 1e-6, 1e-6), 1.0, 1e-2));
    QVERIFY2(esdirk.ok, esdirk.error.c_str());
    QVERIFY2(dopri.ok, dopri.error.c_str());
    const double e1 = maxRelativeError(esdirk.trace, truth.trace, 0), e2 = maxRelativeError(esdirk.trace, truth.trace, 1);
    qInfo("esdirk3 rtol 1e-6: %ld steps, p1 %.3g, p2 %.3g of max; dopri5: %ld steps", esdirk.steps, e1, e2, dopri.steps);
    QVERIFY(e1 < 1e-4 && e2 < 1e-4);
    QVERIFY2(esdirk.steps * 5 < dopri.steps, "an L-stable stepper must not be held to the explicit stability limit");
}

void TestEsdirk::switchingInputsMatchTightCvode() { checkSwitchingAgainstTightCvode("esdirk3"); }

// The adaptive steppers are restarted at every input discontinuity and stop at every record time,
// so a run takes at least one step per record interval. CVODE's CVodeReInit zeroes its counters:
// the steps of all segments must still be reported (they were not: Circuit 2's CVODE run showed the
// steps of its last 2 s only, 1 702 for 20 000 record intervals).
void TestEsdirk::stepsCountedAcrossRestarts_data() {
    QTest::addColumn<QString>("stepper");
    QTest::newRow("cvode") << "cvode";
    QTest::newRow("esdirk3") << "esdirk3";
}

void TestEsdirk::stepsCountedAcrossRestarts() {
    QFETCH(QString, stepper);
    const std::vector<ProbeSpec> probes = {{"p1", "pressure", "V1"}};
    // edges at 0.1, 0.2, 0.3, 0.4 s; the last segment (0.4-0.45 s) holds 50 of the 450 intervals
    const RunResult r = buildAndRun(switchingCircuit1(0.2), probes, runOptions(solver(stepper.toStdString(), 1e-6, 1e-6, 1e-6), 0.45, 1e-3));
    QVERIFY2(r.ok, r.error.c_str());
    const long intervals = static_cast<long>(r.trace.time.size()) - 1;
    qInfo("%s: %ld steps, %ld right-hand sides for %ld record intervals and 4 edges", qPrintable(stepper), r.steps,
          r.rhsEvaluations, intervals);
    QCOMPARE(intervals, 450L);
    QVERIFY(r.steps >= intervals);
    QVERIFY(r.rhsEvaluations >= r.steps);
}

QTEST_APPLESS_MAIN(TestEsdirk)
#include "test_esdirk.moc"
