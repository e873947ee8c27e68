// SPDX-License-Identifier: GPL-3.0-or-later
// Run driver behaviours: recording at the record interval whatever the step, step and evaluation
// counts, the stop flag, divergence reports (node, time, hint), probe and option errors,
// adaptive steppers landing on input discontinuities.
#include <QtTest/QtTest>

#include <atomic>

#include "sim_test_util.h"
#include "sim/stepper_spec.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

Netlist fill(double v = 1e-4, double g = 1e-11, double ps = 1e7) {
    Netlist n;
    n.fluid.bulk = constantBe(1.5e9);
    n.components = {comp("PressureSource", "src", {{"p", ps}}), comp("LaminarOrifice", "R", {{"G", g}}),
                    comp("Volume", "V", {{"V", v}})};
    n.wires = {wire("src", "P", "R", "A"), wire("R", "B", "V", "P1")};
    return n;
}

const std::vector<ProbeSpec> kProbe = {{"p", "pressure", "V"}};

}  // namespace

class TestSimulator : public QObject {
    Q_OBJECT
private slots:
    void recordIntervalIndependentOfStep_data();
    void recordIntervalIndependentOfStep();
    void stepAndEvaluationCounts();
    void stopFlagEndsRunEarly();
    void divergenceReported_data();
    void divergenceReported();
    void drainedVolumeNotBlamedOnTheStep_data();
    void drainedVolumeNotBlamedOnTheStep();
    void probeAndOptionErrors();
    void defaultProbes();
    void adaptiveSteppersHitDiscontinuities_data();
    void adaptiveSteppersHitDiscontinuities();
    void stepEndingAtABreakpointSeesTheOldInput_data();
    void stepEndingAtABreakpointSeesTheOldInput();
    void everyStepperRunsACircuitWithoutStates();
};

void TestSimulator::recordIntervalIndependentOfStep_data() {
    QTest::addColumn<QString>("stepper");
    QTest::addColumn<double>("dt");
    QTest::addColumn<double>("duration");
    QTest::newRow("rk4 1e-5") << "rk4" << 1e-5 << 0.1;
    QTest::newRow("rk4 1e-4") << "rk4" << 1e-4 << 0.1;
    QTest::newRow("euler 1e-5") << "euler" << 1e-5 << 0.1;
    QTest::newRow("rk4 1e-3 (= record)") << "rk4" << 1e-3 << 0.1;
    QTest::newRow("dopri5") << "dopri5" << 1e-6 << 0.1;
    QTest::newRow("cvode") << "cvode" << 1e-6 << 0.1;
    // t += dt drifts off the record grid over 2e6 steps; still one sample per record time
    QTest::newRow("euler 1e-5, 20 s") << "euler" << 1e-5 << 20.0;
    QTest::newRow("rk4 1e-5, 20 s") << "rk4" << 1e-5 << 20.0;
}

void TestSimulator::recordIntervalIndependentOfStep() {
    QFETCH(QString, stepper);
    QFETCH(double, dt);
    QFETCH(double, duration);
    const double rec = 1e-3;
    const size_t rows = static_cast<size_t>(std::llround(duration / rec)) + 1;
    RunResult r = buildAndRun(fill(), kProbe, runOptions(solver(stepper.toStdString(), dt), duration, rec));
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.trace.time.size(), rows);
    QCOMPARE(r.trace.columns[0].size(), rows);
    double worst = 0.0;
    for (size_t k = 0; k < r.trace.time.size(); ++k) worst = std::max(worst, std::abs(r.trace.time[k] - k * rec));
    qInfo("%s: %zu rows, max |t_k - k*record| %.3g s", qPrintable(stepper), r.trace.time.size(), worst);
    QVERIFY2(worst < 1e-8, qPrintable(QString::number(worst)));
    QCOMPARE(r.trace.time.front(), 0.0);
    QCOMPARE(r.trace.columns[0].front(), 0.0);  // initial state recorded
}

void TestSimulator::stepAndEvaluationCounts() {
    RunResult r = buildAndRun(fill(), kProbe, runOptions(solver("rk4", 1e-5), 0.1, 1e-3));
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.steps, 10000L);
    QCOMPARE(r.rhsEvaluations, 40000L);
    RunResult e = buildAndRun(fill(), kProbe, runOptions(solver("euler", 1e-5), 0.1, 1e-3));
    QCOMPARE(e.steps, 10000L);
    QCOMPARE(e.rhsEvaluations, 10000L);
    // The counted steps are the ones that made the trace: p = ps (1 - exp(-t/tau)), tau = V/(Be G)
    // = 6.67 ms. RK4 at 1e-5 s is exact to well under a pascal; forward Euler's global error peaks
    // at t = tau at (dt/2) (ps/tau) e^-1 = 2.76 kPa (first order), so a run that took other or
    // fewer steps than counted shows here.
    const double tau = 1e-4 / (1.5e9 * 1e-11), ps = 1e7;
    auto exact = [&](double t) { return ps * (1 - std::exp(-t / tau)); };
    const double errRk4 = maxDeviation(r.trace, 0, exact), errEuler = maxDeviation(e.trace, 0, exact);
    qInfo("fill over 0.1 s at 1e-5 s: max |p - exact| RK4 %.3g Pa, Euler %.4g Pa (first-order estimate 2759 Pa)", errRk4,
          errEuler);
    QVERIFY2(errRk4 < 1.0, qPrintable(QString::number(errRk4)));
    QVERIFY2(errEuler > 2500 && errEuler < 3000, qPrintable(QString::number(errEuler)));
    QVERIFY(std::abs(r.trace.time.back() - 0.1) < 1e-12);
    QCOMPARE(r.finalState.size(), size_t(1));
    QCOMPARE(r.finalState[0], r.trace.columns[0].back());  // the end state is the last recorded one
}

void TestSimulator::stopFlagEndsRunEarly() {
    std::atomic<bool> stop{false};
    RunOptions o = runOptions(solver("rk4", 1e-5), 10.0, 1e-3);
    o.stop = &stop;
    int calls = 0;
    double lastProgress = -1.0;
    o.progress = [&](double t) {
        ++calls;
        lastProgress = t;
        if (t >= 0.05 - 1e-12) stop = true;
    };
    RunResult r = buildAndRun(fill(), kProbe, o);
    QVERIFY(r.stopped);
    QVERIFY(!r.ok);
    QVERIFY(r.error.empty());
    QCOMPARE(calls, 5);  // progress comes every duration/1000 = 0.01 s of simulated time
    QVERIFY(std::abs(lastProgress - 0.05) < 1e-9);
    QVERIFY(std::abs(r.trace.time.back() - 0.05) < 1e-9);
    QCOMPARE(r.trace.time.size(), size_t(51));
    QVERIFY(r.steps < 6000);
}

void TestSimulator::divergenceReported_data() {
    QTest::addColumn<QString>("stepper");
    QTest::addColumn<double>("dt");
    // tau = V/(Be*G) = 1e-6/(1.5e9*1e-11) = 6.7e-5 s; the steps are 15x and 36x beyond the limits
    QTest::newRow("euler 1e-3") << "euler" << 1e-3;
    QTest::newRow("rk4 5e-3") << "rk4" << 5e-3;
}

void TestSimulator::divergenceReported() {
    QFETCH(QString, stepper);
    QFETCH(double, dt);
    RunResult r = buildAndRun(fill(1e-6), kProbe, runOptions(solver(stepper.toStdString(), dt), 1.0, 1e-2));
    qInfo("%s", r.error.c_str());
    QVERIFY(!r.ok);
    QVERIFY(!r.stopped);
    QVERIFY(r.failTime >= 0.0 && r.failTime < 1.0);
    QVERIFY(r.error.find("node 'V'") != std::string::npos);
    QVERIFY(r.error.find("t = ") != std::string::npos);
    QVERIFY(r.error.find("Hint") != std::string::npos);
    QVERIFY(r.error.find(stepper.toStdString()) != std::string::npos);
    // the hint gives the node's time constant (6.6667e-05 s) at the last good state
    QVERIFY2(r.error.find("6.66667e-05 s") != std::string::npos, r.error.c_str());
    QVERIFY(r.steps > 0);
    // the value the message says the pressure "became" is the offending one (out of bounds)
    const auto at = r.error.find("became ");
    QVERIFY(at != std::string::npos);
    const double became = std::strtod(r.error.c_str() + at + 7, nullptr);
    QVERIFY2(!std::isfinite(became) || became < -1e7 || became > 1e9, r.error.c_str());
}

void TestSimulator::drainedVolumeNotBlamedOnTheStep_data() {
    QTest::addColumn<QString>("stepper");
    QTest::newRow("rk4 1e-4") << "rk4";
    QTest::newRow("rosw3") << "rosw3";
}

// A flow source draws 1e-4 m3/s out of a 1 l volume at 10 bar (Be 1.5 GPa): the pressure falls
// at 1.5e8 Pa/s and crosses the lower bound (-1e7 Pa) at t = 1.1e7/1.5e8 = 0.0733 s, whatever
// the step. The message must say so rather than ask for a smaller step.
void TestSimulator::drainedVolumeNotBlamedOnTheStep() {
    QFETCH(QString, stepper);
    Netlist n;
    n.fluid.bulk = constantBe(1.5e9);
    n.components = {comp("Volume", "V", {{"V", 1e-3}, {"p0", 1e6}}), comp("FlowSource", "pump", {{"Q", -1e-4}})};
    n.wires = {wire("pump", "P", "V", "P1")};
    RunResult r = buildAndRun(n, kProbe, runOptions(solver(stepper.toStdString(), 1e-4, 1e-6, 1e-6), 1.0, 1e-3));
    qInfo("%s", r.error.c_str());
    QVERIFY(!r.ok);
    QVERIFY2(std::abs(r.failTime - 0.07333) < 2e-3, qPrintable(QString::number(r.failTime)));
    QVERIFY2(r.error.find("the step is not the cause") != std::string::npos, r.error.c_str());
    QVERIFY2(r.error.find("More oil leaves volume 'V'") != std::string::npos, r.error.c_str());
    QVERIFY2(r.error.find("Reduce the step") == std::string::npos, r.error.c_str());
}

void TestSimulator::probeAndOptionErrors() {
    BuildResult b = build(registry(), fill(), solver("rk4", 1e-5));
    QVERIFY(b.ok());
    System& sys = *b.system;
    std::string unit;
    QVERIFY(checkProbe(sys, {"p", "pressure", "V"}, &unit).empty());
    QCOMPARE(unit, std::string("Pa"));
    QVERIFY(checkProbe(sys, {"q", "flow", "R.A"}, &unit).empty());
    QCOMPARE(unit, std::string("m3/s"));
    const std::string e1 = checkProbe(sys, {"x", "pressure", "nothing"});
    QVERIFY2(e1.find("no component 'nothing'") != std::string::npos, e1.c_str());
    const std::string e2 = checkProbe(sys, {"x", "position", "R.A"});
    QVERIFY2(e2.find("'position'") != std::string::npos && e2.find("R.A") != std::string::npos, e2.c_str());
    const std::string e3 = checkProbe(sys, {"x", "pressure", "R.Z"});
    QVERIFY2(e3.find("no port 'Z'") != std::string::npos, e3.c_str());
    const std::string e4 = checkProbe(sys, {"x", "state", "V.K"});
    QVERIFY2(e4.find("no state 'K'") != std::string::npos, e4.c_str());

    RunResult r = simulate(sys, {{"x", "pressure", "nothing"}}, runOptions(solver("rk4", 1e-5), 0.1, 1e-3));
    QVERIFY(!r.ok);
    QVERIFY(r.error.find("'x'") != std::string::npos);
    r = simulate(sys, kProbe, runOptions(solver("rk4", 1e-5), 0.0, 1e-3));
    QVERIFY(!r.ok && r.error.find("duration") != std::string::npos);
    r = simulate(sys, kProbe, runOptions(solver("rk4", 1e-5), 0.1, 0.0));
    QVERIFY(!r.ok && r.error.find("record interval") != std::string::npos);
    r = simulate(sys, kProbe, runOptions(solver("rk5", 1e-5), 0.1, 1e-3));
    QVERIFY(!r.ok && r.error.find("unknown stepper 'rk5'") != std::string::npos);
    r = simulate(sys, kProbe, runOptions(solver("rk4", 0.0), 0.1, 1e-3));
    QVERIFY(!r.ok && r.error.find("dt") != std::string::npos);
    // a failed run leaves the system usable
    r = simulate(sys, kProbe, runOptions(solver("rk4", 1e-5), 0.01, 1e-3));
    QVERIFY2(r.ok, r.error.c_str());
}

void TestSimulator::defaultProbes() {
    Netlist n = fill();
    n.components.push_back(comp("Mass", "load", {{"m", 1.0}}));
    n.components.push_back(comp("Spring", "spring", {{"k", 1.0}}));
    n.wires.push_back(wire("load", "m", "spring", "m"));
    BuildResult b = build(registry(), n, solver("rk4", 1e-5));
    QVERIFY2(b.ok(), b.errorText().c_str());
    const auto probes = hs::sim::defaultProbes(*b.system);
    QCOMPARE(probes.size(), size_t(2));  // the volume's pressure (not the source's) and the position
    QCOMPARE(probes[0].quantity, std::string("pressure"));
    QCOMPARE(probes[1].quantity, std::string("position"));
    for (const auto& p : probes) QVERIFY(checkProbe(*b.system, p).empty());
}

void TestSimulator::adaptiveSteppersHitDiscontinuities_data() {
    QTest::addColumn<QString>("stepper");
    QTest::newRow("dopri5") << "dopri5";
    QTest::newRow("cvode") << "cvode";
}

void TestSimulator::adaptiveSteppersHitDiscontinuities() {
    // The supply steps from 0 to 10 MPa at t0 = 0.0123 s (not a record time): the adaptive
    // steppers stop at the breakpoint and restart, so the fill matches its closed form.
    QFETCH(QString, stepper);
    const double ps = 1e7, v = 1e-4, g = 1e-11, tau = v / (1.5e9 * g), t0 = 0.0123;
    Netlist n = fill(v, g, ps);
    n.components.push_back(comp("Step", "cmd", {{"t0", t0}, {"before", 0.0}, {"after", ps}}));
    n.wires.push_back(wire("cmd", "out", "src", "p"));
    RunResult r = buildAndRun(n, kProbe, runOptions(solver(stepper.toStdString(), 1e-6, 1e-10, 1e-10), 0.05, 1e-3));
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.trace.time.size(), size_t(51));
    const double err = maxDeviation(r.trace, 0, [&](double t) { return t < t0 ? 0.0 : ps * (1.0 - std::exp(-(t - t0) / tau)); });
    qInfo("%s: step input at %g s, max |p - exact| %.3g Pa in %ld steps", qPrintable(stepper), t0, err, r.steps);
    QVERIFY(err < 1e-5 * ps);
}

void TestSimulator::stepEndingAtABreakpointSeesTheOldInput_data() {
    QTest::addColumn<QString>("stepper");
    for (const char* s : {"cvode", "rosw3", "esdirk3", "dopri5"}) QTest::newRow(s) << s;
}

// A position servo: a 1 g mass with 1 N s/m damping pushed by F = clamp(K (u - x), -1, 1) N,
// K = 1000 N/m, the demand u = 0.5 m until t1 = 0.51 s, then 0.7 m. The mass moves at 1 m/s
// (after a 1 ms lag), settles on 0.5 from about 0.5 s (time constant 1 ms) and from t1 moves on:
// x(t1) = 0.5, x(0.6) = 0.589, x(1) = 0.7. A segment that ended at t1 and evaluated the demand there
// saw the new 0.7 at its end: a step from before 0.5 s to t1 looked saturated at both ends
// (F = 1 N) and was accepted, the settling on 0.5 stepped over (the servo rig's CVODE reference
// missed a braking by 75 bar that way). System::nextBreakpoint ends segments just before t1.
void TestSimulator::stepEndingAtABreakpointSeesTheOldInput() {
    QFETCH(QString, stepper);
    Netlist n;
    n.components = {comp("Step", "u", {{"t0", 0.51}, {"before", 0.5}, {"after", 0.7}}), comp("Sum", "e", {{"a", 1.0}, {"b", -1.0}}),
                    comp("Gain", "K", {{"k", 1000.0}}), comp("Saturation", "sat", {{"lower", -1.0}, {"upper", 1.0}}),
                    comp("ForceSource", "push"), comp("Mass", "mass", {{"m", 1e-3}, {"b", 1.0}}), comp("PositionSensor", "xs")};
    n.wires = {wire("u", "out", "e", "in1"), wire("xs", "x", "e", "in2"), wire("e", "out", "K", "in"), wire("K", "out", "sat", "in"),
               wire("sat", "out", "push", "F"), wire("push", "m", "mass", "m"), wire("xs", "m", "mass", "m")};
    const std::vector<ProbeSpec> probes = {{"x", "position", "mass.m"}};
    RunResult r = buildAndRun(n, probes, runOptions(solver(stepper.toStdString(), 1e-6, 1e-6, 1e-8), 1.0, 1e-3));
    QVERIFY2(r.ok, r.error.c_str());
    auto at = [&](double t) {
        size_t k = 0;
        while (k + 1 < r.trace.time.size() && r.trace.time[k] < t - 1e-9) ++k;
        return std::abs(r.trace.time[k] - t) < 1e-9 ? r.trace.columns[0][k] : NAN;  // NaN: no record at t
    };
    const double y1 = at(0.51), y6 = at(0.6), yEnd = at(1.0);
    qInfo("%s: x(0.51) = %.6f (0.5), x(0.6) = %.6f (0.589), x(1) = %.6f (0.7), %ld steps", qPrintable(stepper), y1, y6, yEnd, r.steps);
    QVERIFY2(std::abs(y1 - 0.5) < 1e-3, qPrintable(QString::number(y1)));
    QVERIFY2(std::abs(y6 - 0.589) < 2e-3, qPrintable(QString::number(y6)));
    QVERIFY2(std::abs(yEnd - 0.7) < 1e-3, qPrintable(QString::number(yEnd)));
}

// Source -> laminar orifice -> tank: no state at all (the Hopsan import made such circuits, and
// CVODE crashed on the empty state vector). Every stepper runs it, and the orifice carries its
// exact flow G*dp at every record.
void TestSimulator::everyStepperRunsACircuitWithoutStates() {
    Netlist n;
    n.fluid.bulk = constantBe(1.5e9);
    n.components = {comp("PressureSource", "src", {{"p", 2e6}}), comp("LaminarOrifice", "R", {{"G", 1e-11}}),
                    comp("Tank", "tank")};
    n.wires = {wire("src", "P", "R", "A"), wire("R", "B", "tank", "P")};
    for (const StepperSpec& st : builtinSteppers()) {
        RunResult r = buildAndRun(n, {{"q", "flow", "R.A"}}, runOptions(solver(st.name, 1e-4, 1e-6, 1e-6), 0.01, 1e-3));
        QVERIFY2(r.ok, (st.name + ": " + r.error).c_str());
        QCOMPARE(r.trace.time.size(), size_t(11));
        for (double q : r.trace.columns[0]) QCOMPARE(q, 2e-5);
    }
}

QTEST_APPLESS_MAIN(TestSimulator)
#include "test_simulator.moc"
