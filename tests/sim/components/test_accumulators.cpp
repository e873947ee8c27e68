// SPDX-License-Identifier: GPL-3.0-or-later
// Accumulators: the steady oil volume at a held pressure from the gas law, and p*V_gas^kappa
// constant while a flow charges the accumulator (isothermal and polytropic).
#include <QtTest/QtTest>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestAccumulators : public QObject {
    Q_OBJECT
private slots:
    void bladderSteadyOilVolume_data();
    void bladderSteadyOilVolume();
    void bladderGasLawWhileCharging_data();
    void bladderGasLawWhileCharging();
    void emptyBladderHoldsNoOil();
    void pistonSteadyPosition();
    void bladderHopsanStepFollowsTheOde();
};

void TestAccumulators::bladderSteadyOilVolume_data() {
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("kappa");
    QTest::newRow("200 bar, kappa 1.4") << 2e7 << 1.4;
    QTest::newRow("150 bar, isothermal") << 1.5e7 << 1.0;
    QTest::newRow("300 bar, kappa 1.2") << 3e7 << 1.2;
}

void TestAccumulators::bladderSteadyOilVolume() {
    QFETCH(double, p);
    QFETCH(double, kappa);
    const double v0 = 1e-3, p0 = 1e7;
    Netlist n;
    n.components = {comp("PressureSource", "src", {{"p", p}}),
                    comp("GasAccumulator", "acc", {{"V0", v0}, {"p0", p0}, {"kappa", kappa}, {"Kca", 1e-8}})};
    n.wires = {wire("src", "P", "acc", "P")};
    RunResult r = buildAndRun(n, {{"V", "state", "acc.V_oil"}}, runOptions(solver("cvode", 1e-4, 1e-10, 1e-14), 0.5, 0.01));
    QVERIFY2(r.ok, r.error.c_str());
    const double expected = v0 * (1.0 - std::pow(p0 / p, 1.0 / kappa));
    const double got = r.trace.columns[0].back();
    qInfo("oil volume at %.0f bar: %.6g m3 (gas law %.6g)", p / 1e5, got, expected);
    QVERIFY2(std::abs(got / expected - 1.0) < 1e-6, qPrintable(QString::number(got / expected - 1.0)));
}

void TestAccumulators::bladderGasLawWhileCharging_data() {
    QTest::addColumn<double>("kappa");
    QTest::newRow("isothermal") << 1.0;
    QTest::newRow("polytropic 1.4") << 1.4;
}

// A small flow into a 1 ml node holding the accumulator: the node's pressure is the gas pressure
// up to the inlet drop Q/Kca (1 kPa here), and p*V_gas^kappa stays p0*V0^kappa.
void TestAccumulators::bladderGasLawWhileCharging() {
    QFETCH(double, kappa);
    const double v0 = 1e-3, p0 = 1e7, q = 1e-5, kca = 1e-8;
    Netlist n;
    n.fluid.bulk = constantBe(1.5e9);
    n.components = {comp("FlowSource", "pump", {{"Q", q}}),
                    comp("Volume", "V", {{"V", 1e-6}, {"p0", p0}}),
                    comp("GasAccumulator", "acc", {{"V0", v0}, {"p0", p0}, {"kappa", kappa}, {"Kca", kca}, {"V_port", 0.0}})};
    n.wires = {wire("pump", "P", "V", "P1"), wire("V", "P2", "acc", "P")};
    RunResult r = buildAndRun(n, {{"p", "pressure", "V"}, {"V", "state", "acc.V_oil"}},
                              runOptions(solver("cvode", 1e-4, 1e-10, 1e-14), 40.0, 1.0));
    QVERIFY2(r.ok, r.error.c_str());
    double worst = 0.0;
    const double invariant = p0 * std::pow(v0, kappa);
    for (size_t i = 5; i < r.trace.time.size(); ++i) {
        const double pGas = r.trace.columns[0][i] - q / kca;
        const double vGas = v0 - r.trace.columns[1][i];
        worst = std::max(worst, std::abs(pGas * std::pow(vGas, kappa) / invariant - 1.0));
    }
    const double vEnd = r.trace.columns[1].back();
    qInfo("kappa %.1f: max |p V^kappa / (p0 V0^kappa) - 1| = %.3g; oil %.6g m3 after %.0f s at %.0e m3/s", kappa, worst,
          vEnd, r.trace.time.back(), q);
    QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
    // all but what the 1 ml node's compression kept went into the accumulator
    const double compression = 1e-6 * (r.trace.columns[0].back() - p0) / 1.5e9;
    QVERIFY(std::abs(vEnd + compression - q * r.trace.time.back()) < 1e-6 * q * r.trace.time.back());
}

void TestAccumulators::emptyBladderHoldsNoOil() {
    Netlist n;
    n.components = {comp("PressureSource", "src", {{"p", 5e6}}),
                    comp("GasAccumulator", "acc", {{"V0", 1e-3}, {"p0", 1e7}, {"V_oil0", 0.0}})};
    n.wires = {wire("src", "P", "acc", "P")};
    RunResult r = buildAndRun(n, {{"V", "state", "acc.V_oil"}, {"Q", "flow", "acc.P"}},
                              runOptions(solver("rk4", 1e-4), 0.1, 0.01));
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.trace.columns[0].back(), 0.0);
    QCOMPARE(r.trace.columns[1].back(), 0.0);
}

void TestAccumulators::pistonSteadyPosition() {
    const double a = 2e-3, v0 = 1e-3, p0 = 1e7, kappa = 1.3, p = 1.8e7;
    Netlist n;
    n.components = {comp("PressureSource", "src", {{"p", p}}),
                    comp("PistonAccumulator", "acc", {{"A", a}, {"V0", v0}, {"p0", p0}, {"kappa", kappa}, {"F_c", 0.0}})};
    n.wires = {wire("src", "P", "acc", "P")};
    RunResult r = buildAndRun(n, {{"x", "state", "acc.x"}}, runOptions(solver("cvode", 1e-4, 1e-10, 1e-12), 0.5, 0.01));
    QVERIFY2(r.ok, r.error.c_str());
    const double expected = v0 * (1.0 - std::pow(p0 / p, 1.0 / kappa)) / a;
    const double got = r.trace.columns[0].back();
    qInfo("piston at %.6g m (gas law %.6g m)", got, expected);
    QVERIFY2(std::abs(got / expected - 1.0) < 1e-6, qPrintable(QString::number(got / expected - 1.0)));
}

QTEST_GUILESS_MAIN(TestAccumulators)
#include "test_accumulators.moc"

// form "Hopsan discrete at the step" (Hopsan's trapezoidal step, two Newton steps) charging from
// a held 200 bar: the gas volume follows the ODE's to second order in the step and ends at the
// gas law's V0 (p0/p)^(1/kappa). Its history starts at rest with the port already at the held
// pressure (Hopsan's start values), so its first step charges over [-dt, 0]: it leads by a step.
void TestAccumulators::bladderHopsanStepFollowsTheOde() {
    const double v0 = 1e-3, p0 = 1e7, p = 2e7, kappa = 1.4, dt = 1e-4;
    auto run = [&](const char* form, const SolverSettings& s) {
        Netlist n;
        n.components = {comp("PressureSource", "src", {{"p", p}}),
                        comp("GasAccumulator", "acc", {{"V0", v0}, {"p0", p0}, {"kappa", kappa}, {"Kca", 1e-8}}, {{"form", form}})};
        n.wires = {wire("src", "P", "acc", "P")};
        return buildAndRun(n, {{"Vg", "signal", "acc.V_gas"}}, runOptions(s, 0.1, dt / 2));
    };
    const RunResult ode = run("continuous", solver("rk4", 1e-6)), hop = run("Hopsan discrete at the step", solver("rk4", dt));
    QVERIFY2(ode.ok && hop.ok, (ode.error + hop.error).c_str());
    double worst = 0.0;
    for (double t = dt; t < 0.05; t += dt) {
        const double a = interpolate(hop.trace, 0, t), b = interpolate(ode.trace, 0, t + dt);
        worst = std::max(worst, std::abs(a - b) / v0);
    }
    qInfo("Hopsan step vs ODE a step later: largest |dV_gas|/V0 %.3g", worst);
    QVERIFY2(worst < 2e-4, qPrintable(QString::number(worst)));
    const double gasLaw = v0 * std::pow(p0 / p, 1.0 / kappa);
    QVERIFY2(std::abs(hop.trace.columns[0].back() / gasLaw - 1.0) < 1e-9, qPrintable(QString::number(hop.trace.columns[0].back() / gasLaw - 1.0)));
}
