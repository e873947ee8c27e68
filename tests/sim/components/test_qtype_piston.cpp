// SPDX-License-Identifier: GPL-3.0-or-later
// The Cylinder's form "Hopsan Q-type at the step" (core/sim/components/qtype_piston_step.h): the
// bilinear piston's momentum and position under a constant force (closed forms of its
// recursion), through the engine with a driven rod node loaded by a force and a mass, its
// inelastic stops, its stability between stiff TLM chambers at a step where the continuous
// (explicit) form diverges, and the continuous fallback under an adaptive stepper.
#include <QtTest/QtTest>

#include "sim/components/qtype_piston_step.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestQTypePiston : public QObject {
    Q_OBJECT
private slots:
    void constantForceClosedForm();
    void drivenNodeCarriesLoadForceAndMass();
    void inelasticStops();
    void stableBetweenStiffChambers();
    void continuousUnderAdaptiveStepper();
};

// Constant force F from rest (history at rest, inputs 0): the velocity filter is the trapezoidal
// rule, m v_n = F (n - 1/2) T exactly (the first step sees the mean of 0 and F); the position
// filter's second difference is F T^2/m from the third step on, x_n = F T^2/(2m) (n^2 - n + 1/2).
void TestQTypePiston::constantForceClosedForm() {
    const double a1 = 2e-4, a2 = 1e-4, pA = 3e6, pB = 1e6, m = 2.0, dt = 1e-3;
    const QPistonParams p{a1, a2, 0.0, 0.0, m, 10.0};
    const double f = a1 * pA - a2 * pB;  // 500 N
    QPistonHistory h = QPistonHistory::atRest(0.5, p.stroke);
    for (int n = 1; n <= 200; ++n) {
        const QPistonStep s = qPistonStep(p, h, dt, pA, 0.0, pB, 0.0, 0.0);
        h = s.next;
        const double v = f * (n - 0.5) * dt / m, x = 0.5 + f * dt * dt / (2.0 * m) * (n * n - n + 0.5);
        QVERIFY2(std::abs(s.v - v) <= 1e-12 * std::abs(v), qPrintable(QString("n %1: v %2, expected %3").arg(n).arg(s.v).arg(v)));
        QVERIFY2(std::abs(s.x - x) <= 1e-12 * x, qPrintable(QString("n %1: x %2, expected %3").arg(n).arg(s.x).arg(x)));
        QCOMPARE(s.pA, pA);  // Zc = 0: the ports keep their pressures
    }
}

// Through the engine: the rod's node is driven by the cylinder (no states); a ForceSource and a
// Mass on it load the piston with their force and mass. Ports on ordinary nodes (pressure
// sources): the step runs after the solve with Zc = 0. The run's first step (t0) keeps the
// start values and the updates start at t_1, so (m + M) v(t_n) = (A1 pA - A2 pB + F) (n - 1/2) dt.
void TestQTypePiston::drivenNodeCarriesLoadForceAndMass() {
    const double a1 = 2e-4, a2 = 1e-4, pA = 3e6, pB = 1e6, m = 0.5, mLoad = 1.5, fLoad = -200.0, dt = 1e-3;
    Netlist n;
    n.components = {comp("PressureSource", "sa", {{"p", pA}}), comp("PressureSource", "sb", {{"p", pB}}),
                    comp("Cylinder", "cyl",
                         {{"A1", a1}, {"A2", a2}, {"stroke", 10.0}, {"x0", 1.0}, {"m_piston", m}},
                         {{"chambers", "external"}, {"form", "Hopsan Q-type at the step"}}),
                    comp("Mass", "load", {{"m", mLoad}}), comp("ForceSource", "push", {{"F", fLoad}})};
    n.wires = {wire("sa", "P", "cyl", "A"), wire("sb", "P", "cyl", "B"), wire("cyl", "rod", "load", "m"),
               wire("cyl", "rod", "push", "m")};
    BuildResult b = build(registry(), n, solver("rk4", dt));
    QVERIFY2(b.ok(), b.errorText().c_str());
    for (const StateInfo& s : b.system->states) QVERIFY2(s.kind != StateKind::Position, s.name.c_str());  // driven: no states
    RunResult r = simulate(*b.system, {{"x", "position", "load.m"}, {"v", "velocity", "load.m"}}, runOptions(solver("rk4", dt), 0.1, dt));
    QVERIFY2(r.ok, r.error.c_str());
    const double f = a1 * pA - a2 * pB + fLoad;  // 300 N
    QCOMPARE(r.trace.columns[1][0], 0.0);
    for (size_t k = 1; k < r.trace.time.size(); ++k) {
        const double v = f * (double(k) - 0.5) * dt / (m + mLoad);
        const double x = 1.0 + f * dt * dt / (2.0 * (m + mLoad)) * (double(k * k) - double(k) + 0.5);
        QVERIFY2(std::abs(r.trace.columns[1][k] - v) <= 1e-11 * std::abs(v), qPrintable(QString("step %1: v %2, expected %3").arg(k).arg(r.trace.columns[1][k]).arg(v)));
        QVERIFY2(std::abs(r.trace.columns[0][k] - x) <= 1e-12 * x, qPrintable(QString("step %1: x %2, expected %3").arg(k).arg(r.trace.columns[0][k]).arg(x)));
    }
}

// The stops are inelastic: pushed against the stroke the piston stops there with v = 0 (no
// penetration, no rebound) and stays; pushed back it leaves; pushed against 0 from 0 it does
// not move.
void TestQTypePiston::inelasticStops() {
    const double dt = 1e-3, stroke = 0.05;
    const QPistonParams p{1e-4, 1e-4, 10.0, 0.0, 1.0, stroke};
    QPistonHistory h = QPistonHistory::atRest(0.0, stroke);
    QPistonStep s = qPistonStep(p, h, dt, 0.0, 0.0, 1e6, 0.0, 0.0);  // 100 N towards 0, at 0
    QCOMPARE(s.x, 0.0);
    QCOMPARE(s.v, 0.0);
    QVERIFY(s.atStop);
    int arrived = -1;
    for (int n = 0; n < 2000; ++n) {  // 100 N outwards: reaches the stroke after about 32 ms
        s = qPistonStep(p, h, dt, 1e6, 0.0, 0.0, 0.0, 0.0);
        h = s.next;
        QVERIFY(s.x >= 0.0 && s.x <= stroke);
        if (s.x == stroke && arrived < 0) arrived = n;
        if (arrived >= 0) {
            QCOMPARE(s.x, stroke);
            QCOMPARE(s.v, 0.0);
        }
    }
    QVERIFY(arrived > 0);
    // Pushed back: the position filter still holds the last two outward inputs (u + 2 u1 + u2 > 0),
    // so the piston stays one step more and leaves at the second step, moving inwards.
    s = qPistonStep(p, h, dt, 0.0, 0.0, 1e6, 0.0, 0.0);
    QCOMPARE(s.x, stroke);
    s = qPistonStep(p, s.next, dt, 0.0, 0.0, 1e6, 0.0, 0.0);
    QVERIFY(s.x < stroke && s.v < 0.0);
}

// Two closed TLM volumes of 0.1 l (Be 1e9, alpha 0.1) at 1 ms, a 0.05 kg piston: the chambers'
// impedance on the piston is Zx = (A1^2 + A2^2) Zc = 361 N s/m, dt Zx/m = 7.2 (HydraulicCylinderQTest2's
// numbers). The continuous form (the chambers' pressure held over the RK4 step) diverges; the
// Q-type form settles where the force balances, A1 pA = A2 pB, with the oil conserved:
// x - x0 = (A1 pA0 - A2 pB0)/(Be/V (A1^2 + A2^2)).
void TestQTypePiston::stableBetweenStiffChambers() {
    const double a1 = 1.5e-4, a2 = 1e-4, v = 1e-4, be = 1e9, pA0 = 2e6, pB0 = 1e6, x0 = 0.1, dt = 1e-3;
    auto run = [&](const char* form) {
        Netlist n;
        n.components = {comp("Volume", "VA", {{"V", v}, {"Be", be}, {"p0", pA0}}, {{"bulk_modulus", "constant"}}),
                        comp("Volume", "VB", {{"V", v}, {"Be", be}, {"p0", pB0}}, {{"bulk_modulus", "constant"}}),
                        comp("Cylinder", "cyl", {{"A1", a1}, {"A2", a2}, {"stroke", 1.0}, {"x0", x0}, {"m_piston", 0.05}, {"k_load", 0.0}},
                             {{"chambers", "external"}, {"form", form}}),
                        comp("ForceSource", "free", {{"F", 0.0}})};
        n.wires = {wire("VA", "P1", "cyl", "A"), wire("VB", "P1", "cyl", "B"), wire("cyl", "rod", "free", "m")};
        SolverSettings s = solver("rk4", dt);
        s.defaultMethod = {"tlm", {{"alpha", 0.1}}, {}};
        return buildAndRun(n, {{"x", "position", "cyl.rod"}, {"pA", "pressure", "VA.P1"}, {"pB", "pressure", "VB.P1"}}, runOptions(s, 2.0, 0.01));
    };
    const RunResult explicitForm = run("continuous");
    QVERIFY2(!explicitForm.ok, "the continuous form was expected to diverge at dt Zx/m = 7.2");
    const RunResult q = run("Hopsan Q-type at the step");
    QVERIFY2(q.ok, q.error.c_str());
    const double x = q.trace.columns[0].back(), pA = q.trace.columns[1].back(), pB = q.trace.columns[2].back();
    const double expected = x0 + (a1 * pA0 - a2 * pB0) / (be / v * (a1 * a1 + a2 * a2));
    qInfo("Q-type piston between stiff chambers: x %.9g (oil balance %.9g), A1 pA - A2 pB = %.3g N", x, expected, a1 * pA - a2 * pB);
    QVERIFY2(std::abs(x - expected) < 1e-6 * (expected - x0), qPrintable(QString::number(x - expected)));
    QVERIFY2(std::abs(a1 * pA - a2 * pB) < 1e-6 * a1 * pA0, qPrintable(QString::number(a1 * pA - a2 * pB)));
}

// Under an adaptive stepper the form falls back to the continuous model: the rod's node has its
// states again and the run reaches the same balance.
void TestQTypePiston::continuousUnderAdaptiveStepper() {
    const double a1 = 1.5e-4, a2 = 1e-4, v = 1e-4, be = 1e9, pA0 = 2e6, pB0 = 1e6, x0 = 0.1;
    Netlist n;
    n.components = {comp("Volume", "VA", {{"V", v}, {"Be", be}, {"p0", pA0}}, {{"bulk_modulus", "constant"}}),
                    comp("Volume", "VB", {{"V", v}, {"Be", be}, {"p0", pB0}}, {{"bulk_modulus", "constant"}}),
                    comp("Cylinder", "cyl", {{"A1", a1}, {"A2", a2}, {"stroke", 1.0}, {"x0", x0}, {"m_piston", 0.05}, {"b", 50.0}},
                         {{"chambers", "external"}, {"form", "Hopsan Q-type at the step"}}),
                    comp("ForceSource", "free", {{"F", 0.0}})};
    n.wires = {wire("VA", "P1", "cyl", "A"), wire("VB", "P1", "cyl", "B"), wire("cyl", "rod", "free", "m")};
    const SolverSettings s = solver("cvode", 1e-6, 1e-10, 1e-10);
    BuildResult b = build(registry(), n, s);
    QVERIFY2(b.ok(), b.errorText().c_str());
    int mechStates = 0;
    for (const StateInfo& st : b.system->states) mechStates += st.kind == StateKind::Position || st.kind == StateKind::Velocity;
    QCOMPARE(mechStates, 2);
    RunResult r = simulate(*b.system, {{"x", "position", "cyl.rod"}}, runOptions(s, 1.0, 0.01));
    QVERIFY2(r.ok, r.error.c_str());
    const double expected = x0 + (a1 * pA0 - a2 * pB0) / (be / v * (a1 * a1 + a2 * a2));
    QVERIFY2(std::abs(r.trace.columns[0].back() - expected) < 1e-6 * (expected - x0), qPrintable(QString::number(r.trace.columns[0].back() - expected)));
}

QTEST_GUILESS_MAIN(TestQTypePiston)
#include "test_qtype_piston.moc"
