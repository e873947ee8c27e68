// SPDX-License-Identifier: GPL-3.0-or-later
// Translational parts: a spring-return cylinder's equilibrium, end stops, the position source,
// Coulomb + viscous friction's creep velocity.
#include <QtTest/QtTest>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestTranslational : public QObject {
    Q_OBJECT
private slots:
    void springReturnEquilibrium_data();
    void springReturnEquilibrium();
    void endStopHolds();
    void positionSourceSettles();
    void coulombCreep();
};

void TestTranslational::springReturnEquilibrium_data() {
    QTest::addColumn<double>("p");
    QTest::newRow("50 bar") << 5e6;
    QTest::newRow("100 bar") << 1e7;
}

void TestTranslational::springReturnEquilibrium() {
    QFETCH(double, p);
    const double a = 8e-4, k = 1e5, f0 = 1000.0;
    Netlist n;
    n.components = {comp("PressureSource", "src", {{"p", p}}),
                    comp("LaminarOrifice", "R", {{"G", 1e-10}}),
                    comp("SingleActingCylinder", "cyl", {{"A", a}, {"stroke", 0.2}, {"k_spring", k}, {"F_preload", f0}}),
                    comp("Mass", "load", {{"m", 10.0}}), comp("ViscousFriction", "damp", {{"b", 5000.0}})};
    n.wires = {wire("src", "P", "R", "A"), wire("R", "B", "cyl", "A"), wire("cyl", "rod", "load", "m"),
               wire("load", "m", "damp", "m")};
    RunResult r = buildAndRun(n, {{"x", "position", "load.m"}}, runOptions(solver("cvode", 1e-3, 1e-10, 1e-12), 3.0, 0.01));
    QVERIFY2(r.ok, r.error.c_str());
    const double expected = (p * a - f0) / k;
    qInfo("spring return at %.0f bar: x = %.6g m (p*A - F0)/k = %.6g", p / 1e5, r.trace.columns[0].back(), expected);
    QVERIFY(std::abs(r.trace.columns[0].back() / expected - 1.0) < 1e-6);
}

void TestTranslational::endStopHolds() {
    const double f = 1000.0, k = 1e7;
    Netlist n;
    n.components = {comp("Mass", "m", {{"m", 10.0}}), comp("ForceSource", "push", {{"F", f}}),
                    comp("EndStop", "stop", {{"x_min", 0.0}, {"x_max", 0.1}, {"k", k}, {"c", 1e4}})};
    n.wires = {wire("m", "m", "push", "m"), wire("m", "m", "stop", "m")};
    RunResult r = buildAndRun(n, {{"x", "position", "m.m"}}, runOptions(solver("cvode", 1e-3, 1e-10, 1e-12), 2.0, 0.01));
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(std::abs(r.trace.columns[0].back() - (0.1 + f / k)) < 1e-9);
}

void TestTranslational::positionSourceSettles() {
    Netlist n;
    n.components = {comp("Mass", "m", {{"m", 10.0}}), comp("PositionSource", "src", {{"x", 0.05}, {"k", 1e6}, {"c", 1e4}})};
    n.wires = {wire("m", "m", "src", "m")};
    RunResult r = buildAndRun(n, {{"x", "position", "m.m"}}, runOptions(solver("cvode", 1e-3, 1e-10, 1e-12), 1.0, 0.01));
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(std::abs(r.trace.columns[0].back() - 0.05) < 1e-9);
}

// F below the Coulomb force: the smoothed law creeps at v with F = F_c*tanh(v/v_s) + b*v.
void TestTranslational::coulombCreep() {
    const double f = 50.0, fc = 100.0, b = 10.0, vs = 1e-3;
    Netlist n;
    n.components = {comp("Mass", "m", {{"m", 1.0}}), comp("ForceSource", "push", {{"F", f}}),
                    comp("CoulombViscousFriction", "fr", {{"F_c", fc}, {"b", b}, {"v_s", vs}})};
    n.wires = {wire("m", "m", "push", "m"), wire("m", "m", "fr", "m")};
    RunResult r = buildAndRun(n, {{"v", "velocity", "m.m"}}, runOptions(solver("cvode", 1e-3, 1e-10, 1e-12), 0.5, 0.01));
    QVERIFY2(r.ok, r.error.c_str());
    const double v = r.trace.columns[0].back();
    QVERIFY(std::abs(fc * std::tanh(v / vs) + b * v - f) < 1e-6);
    QVERIFY(v < vs);  // sticks, practically
}

QTEST_GUILESS_MAIN(TestTranslational)
#include "test_translational.moc"
