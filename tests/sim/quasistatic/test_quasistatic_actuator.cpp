// SPDX-License-Identifier: GPL-3.0-or-later
// The QuasistaticActuator component in the engine: hold mode (notes/004 §13 A2), the steady
// velocity under load against Gamma^-1 (§6) at h = 1 ms and 10 ms, both couplings, and the
// force staying inside [-F_rM, F_hM] at steps where the explicit mechanics chatter (§12 item 14).
#include <QtTest/QtTest>

#include <algorithm>

#include "quasistatic_test_circuit.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

// Actuator, 1000 kg mass and an external force on one rod node. K and B are chosen for the
// mass (h*B/m <= 0.5 at 10 ms): the force is held over a step, so the mechanics see it
// explicitly (the paper's arm, §8, has the same constraint).
Netlist rodCircuit(double uc, double ub, double externalForce, const std::string& coupling, double k = 1e6, double b = 5e4) {
    Netlist n;
    n.components = {comp("QuasistaticActuator", "act", {{"u_c", uc}, {"u_b", ub}, {"K", k}, {"B", b}, {"x0", 0.5}},
                         {{"coupling", coupling}}),
                    comp("Mass", "m", {{"m", 1000.0}}), comp("ForceSource", "load", {{"F", externalForce}})};
    n.wires = {wire("act", "rod", "m", "m"), wire("act", "rod", "load", "m")};
    return n;
}

// The same with the load rising smoothly from 0 over the first second (no overshoot of the
// spring-damper beyond the load).
Netlist rodCircuitRisingLoad(double uc, double ub, double externalForce) {
    Netlist n = rodCircuit(uc, ub, 0.0, "step");
    n.components.push_back(comp("SmoothTransition", "rise", {{"t0", 0.0}, {"t1", 1.0}, {"v0", 0.0}, {"v1", externalForce}}));
    n.wires.push_back(wire("rise", "out", "load", "F"));
    return n;
}

const std::vector<ProbeSpec> kProbes = {{"p", "state", "act.p"},
                                        {"x", "position", "act.rod"},
                                        {"v", "velocity", "act.rod"},
                                        {"f", "force", "act.rod"}};

const std::vector<double>& column(const RunResult& r, int i) { return r.trace.columns[static_cast<size_t>(i)]; }

}  // namespace

class TestQuasistaticActuator : public QObject {
    Q_OBJECT
private slots:
    void holdsLoadExactly_data();
    void holdsLoadExactly();
    void reliefOpensBeyondTheInterval();
    void steadyVelocity_data();
    void steadyVelocity();
    void forceStaysInsideItsIntervalAtLargeSteps();
    void regenerationRaisesTheSpeed();
    void autoCouplingFollowsTheStepper();
};

void TestQuasistaticActuator::holdsLoadExactly_data() {
    QTest::addColumn<double>("load");
    QTest::addColumn<double>("dt");
    for (double dt : {1e-3, 1e-2})
        for (double load : {-1.0e6, -400e3, 0.0, 475e3}) QTest::addRow("load %g, h %g", load, dt) << load << dt;
}

// A2: valves closed, the rod holds any load in [-F_rM, F_hM] = [-480, 1008] kN: the hydraulic
// rod p never moves, the node settles where the virtual spring carries the load. The load rises
// smoothly (a step would make the spring-damper overshoot it and open a relief for a moment).
void TestQuasistaticActuator::holdsLoadExactly() {
    QFETCH(double, load);
    QFETCH(double, dt);
    const RunResult r = buildAndRun(rodCircuitRisingLoad(0.0, 0.3, load), kProbes, runOptions(solver("rk4", dt), 3.0, 1e-2));
    QVERIFY2(r.error.empty(), r.error.c_str());
    for (double p : column(r, 0)) QCOMPARE(p, 0.5);  // exactly: Lambda = 0 inside Gamma(0)
    QVERIFY(std::abs(column(r, 2).back()) < 1e-9);
    QVERIFY(std::abs(column(r, 1).back() - (0.5 + load / 1e6)) < 1e-9);  // stretch = load/K
    QVERIFY(std::abs(column(r, 3).back() + load) < 1e-3);
}

// Beyond F_hM the head relief opens: the rod retracts at the relief's rate, the force stays F_hM.
void TestQuasistaticActuator::reliefOpensBeyondTheInterval() {
    const RunResult r = buildAndRun(rodCircuit(0.0, 0.3, -1.1e6, "step"), kProbes, runOptions(solver("rk4", 1e-3), 1.0, 1e-2));
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(column(r, 0).back() < 0.5 - 0.1);        // the hydraulic rod gave way
    QVERIFY(std::abs(column(r, 3).back() - 1008e3) < 1.0);  // F_hM = 42 MPa * 0.024 m2
}

void TestQuasistaticActuator::steadyVelocity_data() {
    QTest::addColumn<double>("uc");
    QTest::addColumn<double>("load");
    QTest::addColumn<QString>("stepper");
    QTest::addColumn<double>("dt");
    QTest::addColumn<QString>("coupling");
    for (double dt : {1e-3, 1e-2}) {
        QTest::addRow("+0.5, f 0, rk4 %g", dt) << 0.5 << 0.0 << "rk4" << dt << "step";
        QTest::addRow("+0.5, f 300k, rk4 %g", dt) << 0.5 << -300e3 << "rk4" << dt << "step";
        QTest::addRow("+0.5, f -200k, euler %g", dt) << 0.5 << 200e3 << "euler" << dt << "step";
        QTest::addRow("-0.5, f 0, rk4 %g", dt) << -0.5 << 0.0 << "rk4" << dt << "step";
        QTest::addRow("-0.5, f 800k, ode implicit_euler %g", dt) << -0.5 << -800e3 << "implicit_euler" << dt << "ode";
    }
    QTest::addRow("+0.5, f 0, ode cvode") << 0.5 << 0.0 << "cvode" << 1e-4 << "ode";
}

// §6 / B2: at steady state f = K(p - l) = -load and p' = l', so l' = Gamma^-1(-load) exactly,
// whatever K, B and h.
void TestQuasistaticActuator::steadyVelocity() {
    QFETCH(double, uc);
    QFETCH(double, load);
    QFETCH(QString, stepper);
    QFETCH(double, dt);
    QFETCH(QString, coupling);
    const RunResult r = buildAndRun(rodCircuit(uc, 0.2, load, coupling.toStdString()), kProbes,
                                    runOptions(solver(stepper.toStdString(), dt), 3.0, 1e-2));
    QVERIFY2(r.error.empty(), r.error.c_str());
    const double expected = quasistatic::test::paperMap(uc, 0.2).velocityUnderLoad(-load);
    const double v = column(r, 2).back();
    QVERIFY2(std::abs(v - expected) <= 1e-7 * std::abs(expected), qPrintable(QString("v %1, Gamma^-1 %2").arg(v, 0, 'g', 10).arg(expected, 0, 'g', 10)));
}

// B6 for the DAR loop: with the paper's K = 5e7 and B = 2.5e6 on a 1000 kg mass at h = 10 ms the
// explicit mechanics are far beyond their step limit (h*B/m = 25), yet the force is always a
// point of Gamma, inside [-F_rM, F_hM]: the run stays bounded, it only chatters.
void TestQuasistaticActuator::forceStaysInsideItsIntervalAtLargeSteps() {
    const RunResult r = buildAndRun(rodCircuit(0.5, 0.2, 0.0, "step", 5e7, 2.5e6), kProbes, runOptions(solver("euler", 1e-2), 3.0, 1e-2));
    QVERIFY2(r.error.empty(), r.error.c_str());
    for (double f : column(r, 3)) QVERIFY(f >= -480e3 - 1e-6 && f <= 1008e3 + 1e-6);
    for (double v : column(r, 2)) QVERIFY(std::isfinite(v) && std::abs(v) < 1e3);
}

// B7 through the component: u_a = 0.5 under a stretching load of 400 kN: 1.4003 m/s (0.7001 without).
void TestQuasistaticActuator::regenerationRaisesTheSpeed() {
    Netlist n = rodCircuit(0.5, 0.2, 400e3, "step");
    n.components[0].num["u_a"] = 0.5;
    n.components[0].num["x0"] = 0.0;
    const RunResult r = buildAndRun(n, kProbes, runOptions(solver("rk4", 1e-3), 2.0, 1e-2));
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY2(std::abs(column(r, 2).back() - 1.4003) <= 6e-5, qPrintable(QString::number(column(r, 2).back(), 'g', 8)));
}

// coupling "auto" (the default): the DAR step (72) under a fixed-step stepper, the ODE (70) under
// CVODE, in one netlist. Each run must equal, sample for sample, the run with that coupling chosen
// explicitly, and differ from the other one (the two couplings give different transients).
void TestQuasistaticActuator::autoCouplingFollowsTheStepper() {
    auto run = [](const std::string& coupling, const SolverSettings& s) {
        return buildAndRun(rodCircuit(0.5, 0.2, -300e3, coupling), kProbes, runOptions(s, 0.5, 1e-2));
    };
    auto maxGap = [](const RunResult& a, const RunResult& b) {
        double gap = 0;
        for (int i = 0; i < 4; ++i)
            for (size_t k = 0; k < column(a, i).size(); ++k) gap = std::max(gap, std::abs(column(a, i)[k] - column(b, i)[k]));
        return gap;
    };
    const SolverSettings fixed = solver("rk4", 1e-3), adaptive = solver("cvode", 1e-4);
    const RunResult autoFixed = run("auto", fixed), stepFixed = run("step", fixed), odeFixed = run("ode", fixed);
    const RunResult autoAdaptive = run("auto", adaptive), odeAdaptive = run("ode", adaptive), stepAdaptive = run("step", adaptive);
    for (const RunResult* r : {&autoFixed, &stepFixed, &odeFixed, &autoAdaptive, &odeAdaptive}) QVERIFY2(r->error.empty(), r->error.c_str());
    QVERIFY(!stepAdaptive.error.empty());  // an explicit "step" still needs a fixed step
    QCOMPARE(maxGap(autoFixed, stepFixed), 0.0);
    QCOMPARE(maxGap(autoAdaptive, odeAdaptive), 0.0);
    QVERIFY2(maxGap(autoFixed, odeFixed) > 1e-3, qPrintable(QString::number(maxGap(autoFixed, odeFixed))));  // the force [N] differs
}

QTEST_APPLESS_MAIN(TestQuasistaticActuator)
#include "test_quasistatic_actuator.moc"
