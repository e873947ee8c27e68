// SPDX-License-Identifier: GPL-3.0-or-later
// The adaptive Rosenbrock-W stepper (rosw3, ROS34PW2):
//  - order 3 under step refinement at a constant step, with its Jacobian kept over several steps
//    (the W-method property: a stale Jacobian must not cost order);
//  - converges to the analytic laminar fill as the tolerance tightens;
//  - is not held to the explicit stability limit on a stiff circuit;
//  - meets the input discontinuities of a switching circuit as accurately as a tight CVODE run;
//  - Circuit 1 with its PRMS inputs (edges every 0.5 s) against a fine RK4 reference.
// The dense output and the restarts at input edges are checked with the SUNDIALS steppers in
// test_dense_output, the drained volume in test_drained_volume.
#include <QtTest>

#include <cmath>

#include "model/circuit.h"
#include "model/circuit_io.h"
#include "adaptive_stepper_checks.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

// Tolerances so loose that every step is accepted: with dt = max_step = h, every step is h.
SolverSettings constantStep(double h) {
    SolverSettings s = solver("rosw3", h, 1e10, 1e10);
    s.maxStep = h;
    return s;
}

}  // namespace

class TestRosenbrock : public QObject {
    Q_OBJECT
private slots:
    void orderThreeAtConstantStep();
    void convergesToAnalytic();
    void stiffCircuitTakesFewSteps();
    void switchingInputsMatchTightCvode();
    void circuit1AgainstFineRk4();
    void recordsInsideAStepTakenAtOnce();
};

// The three-orifice circuit started off its steady state, all pressure drops positive (smooth),
// log10 bulk modulus: the error against a fine RK4 run falls ~8x per halving of the step.
void TestRosenbrock::orderThreeAtConstantStep() {
    const Netlist net = threeOrifice(1e-3, 1e-3, logBe(), 1e7, 8e6, 1e6);
    const double duration = 1.0, record = 0.02;
    const RunResult ref = buildAndRun(net, threeOrificeProbes(), runOptions(solver("rk4", 0.02 / 256), duration, record));
    QVERIFY2(ref.ok, ref.error.c_str());
    std::vector<double> err;
    std::vector<long> jacobians, steps;
    for (double h : {0.01, 0.005, 0.0025}) {
        const RunResult r = buildAndRun(net, threeOrificeProbes(), runOptions(constantStep(h), duration, record));
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.trace.time.size(), ref.trace.time.size());
        double e = 0;
        for (const auto& m : compareTraces(ref.trace, r.trace)) e = std::max(e, m.maxAbs);
        err.push_back(e);
        jacobians.push_back(r.jacobians);
        steps.push_back(r.steps);
    }
    const double r1 = err[0] / err[1], r2 = err[1] / err[2];
    qInfo("rosw3 constant step: max error %.4g, %.4g, %.4g Pa at h = 0.01, 0.005, 0.0025 s: ratios %.2f, %.2f; "
          "%ld Jacobians for %ld steps at the smallest",
          err[0], err[1], err[2], r1, r2, jacobians[2], steps[2]);
    QVERIFY(err[2] > 0.0);
    QVERIFY2(r1 > 6.0 && r1 < 11.0, qPrintable(QString::number(r1)));
    QVERIFY2(r2 > 6.0 && r2 < 11.0, qPrintable(QString::number(r2)));
    // The order above was reached with Jacobians several steps old.
    QVERIFY2(jacobians[2] * 3 < steps[2], "the Jacobian is meant to be kept across steps");
}

void TestRosenbrock::convergesToAnalytic() {
    const double ps = 1e7, v = 1e-4, g = 1e-11, be = 1.5e9, tau = v / (be * g);
    double previous = 1.0;
    for (double rtol : {1e-4, 1e-6, 1e-8}) {
        const RunResult r = buildAndRun(laminarFillNet(ps, v, g, be), {{"p", "pressure", "V"}},
                                        runOptions(solver("rosw3", tau / 100, rtol, rtol), 5 * tau, tau / 10));
        QVERIFY2(r.ok, r.error.c_str());
        double worst = 0;
        for (size_t i = 1; i < r.trace.time.size(); ++i) {
            const double exact = ps * (1 - std::exp(-r.trace.time[i] / tau));
            worst = std::max(worst, std::abs(r.trace.columns[0][i] - exact) / ps);
        }
        qInfo("rtol %g: max error %.3g of p_s, %ld steps, %ld Jacobians", rtol, worst, r.steps, r.jacobians);
        QVERIFY2(worst < 50 * rtol, qPrintable(QString::number(worst)));
        QVERIFY2(worst < previous / 5, "the error must fall as the tolerance tightens");
        previous = worst;
    }
}

// The three-orifice circuit with V2 = 0.1 ml: an explicit adaptive stepper is held to its
// stability limit, the L-stable one is not.
void TestRosenbrock::stiffCircuitTakesFewSteps() {
    const Netlist net = threeOrifice(1e-3, 1e-7, constantBe(1.5e9));
    const RunResult truth = buildAndRun(net, threeOrificeProbes(), runOptions(solver("cvode", 1e-6, 1e-10, 1e-10), 1.0, 1e-2));
    QVERIFY2(truth.ok, truth.error.c_str());
    const RunResult r = buildAndRun(net, threeOrificeProbes(), runOptions(solver("rosw3", 1e-6, 1e-6, 1e-6), 1.0, 1e-2));
    const RunResult dopri = buildAndRun(net, threeOrificeProbes(), runOptions(solver("dopri5", 1e-6, 1e-6, 1e-6), 1.0, 1e-2));
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY2(dopri.ok, dopri.error.c_str());
    const double e1 = maxRelativeError(r.trace, truth.trace, 0), e2 = maxRelativeError(r.trace, truth.trace, 1);
    qInfo("rosw3 rtol 1e-6: %ld steps, p1 %.3g, p2 %.3g of max; dopri5: %ld steps", r.steps, e1, e2, dopri.steps);
    QVERIFY(e1 < 1e-4 && e2 < 1e-4);
    QVERIFY2(r.steps * 5 < dopri.steps, "an L-stable stepper must not be held to the explicit stability limit");
}

// adaptive_stepper_checks.h: the switching Circuit 1 against CVODE at 1e-11.
void TestRosenbrock::switchingInputsMatchTightCvode() { checkSwitchingAgainstTightCvode("rosw3"); }

// The example file's Circuit 1 (three PRMS inputs, an edge every 0.5 s; the throttle shuts and
// opens, the compensator reaches K = 0, V2 drains) over its first 3 s against RK4 at 1e-6 s.
void TestRosenbrock::circuit1AgainstFineRk4() {
    const hs::model::LoadResult lr =
        hs::model::loadCircuit(QStringLiteral(HS_SOURCE_DIR "/examples/circuit1_fcv.hydro.json"), registry());
    QVERIFY2(lr.ok(), qPrintable(lr.errors.join("; ")));
    const Netlist net = hs::model::toNetlist(*lr.circuit);
    const std::vector<ProbeSpec> probes = {{"p1", "pressure", "V1"}, {"p2", "pressure", "V2"}};
    const RunResult ref = buildAndRun(net, probes, runOptions(solver("rk4", 1e-6), 3.0, 1e-3));
    QVERIFY2(ref.ok, ref.error.c_str());
    // Bounds on RRMSE [%] per tolerance (p1, p2); the reference's own error is ~0.02 % in p1.
    const struct { double rtol, p1, p2; } cases[] = {{1e-3, 0.2, 0.5}, {1e-4, 0.05, 0.1}};
    for (const auto& [rtol, p1Bound, p2Bound] : cases) {
        const RunResult r = buildAndRun(net, probes, runOptions(solver("rosw3", 1e-6, rtol, 1e-5), 3.0, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.trace.time.size(), ref.trace.time.size());
        const auto m = compareTraces(ref.trace, r.trace);
        qInfo("Circuit 1, 3 s, rosw3 rtol %g atol 1e-5: %ld steps, %ld Jacobians, RRMSE p1 %.3g %%, p2 %.3g %%", rtol,
              r.steps, r.jacobians, m[0].rrmse, m[1].rrmse);
        QVERIFY2(m[0].rrmse < p1Bound, qPrintable(QString::number(m[0].rrmse)));
        QVERIFY2(m[1].rrmse < p2Bound, qPrintable(QString::number(m[1].rrmse)));
    }
}

// Records that read only states are taken from the dense output all at once (BatchRecorder);
// a probe that needs an evaluation makes every record go through advance() and the system. Both
// ways, and streamed to a sample callback without a kept trace, the states must be the same bits.
void TestRosenbrock::recordsInsideAStepTakenAtOnce() {
    const hs::model::LoadResult lr =
        hs::model::loadCircuit(QStringLiteral(HS_SOURCE_DIR "/examples/circuit1_fcv.hydro.json"), registry());
    QVERIFY2(lr.ok(), qPrintable(lr.errors.join("; ")));
    const Netlist net = hs::model::toNetlist(*lr.circuit);
    const std::vector<ProbeSpec> states = {{"p1", "pressure", "V1"}, {"p2", "pressure", "V2"}};
    std::vector<ProbeSpec> withFlow = states;
    withFlow.push_back({"q", "flow", "orifice.A"});
    const RunOptions o = runOptions(solver("rosw3", 1e-6, 1e-3, 1e-5), 3.0, 1e-4);
    const RunResult batched = buildAndRun(net, states, o);
    const RunResult single = buildAndRun(net, withFlow, o);
    QVERIFY2(batched.ok && single.ok, (batched.error + single.error).c_str());
    QCOMPARE(batched.trace.time.size(), size_t(30001));
    QVERIFY(batched.steps < 3000);  // ~10 records per step: most records are batched
    QCOMPARE(batched.steps, single.steps);
    QCOMPARE(batched.trace.time, single.trace.time);
    for (size_t i = 0; i < states.size(); ++i) QCOMPARE(batched.trace.columns[i], single.trace.columns[i]);
    QCOMPARE(batched.finalState, single.finalState);

    RunOptions streamed = o;
    streamed.keepTrace = false;
    std::vector<double> times, p1, p2;
    streamed.sample = [&](double t, const double* v, size_t n) {
        QCOMPARE(n, size_t(2));
        times.push_back(t);
        p1.push_back(v[0]);
        p2.push_back(v[1]);
    };
    const RunResult s = buildAndRun(net, states, streamed);
    QVERIFY2(s.ok, s.error.c_str());
    QCOMPARE(times, batched.trace.time);
    QCOMPARE(p1, batched.trace.columns[0]);
    QCOMPARE(p2, batched.trace.columns[1]);
    QCOMPARE(s.trace.time.size(), size_t(1));
    QCOMPARE(s.trace.time.back(), 3.0);
    QCOMPARE(s.finalState, batched.finalState);
}

QTEST_GUILESS_MAIN(TestRosenbrock)
#include "test_rosenbrock.moc"
