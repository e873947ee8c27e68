// SPDX-License-Identifier: GPL-3.0-or-later
// The hand-fused Circuit 2 of tools/bench and the engine's Circuit 2 netlist integrate the same
// equations: RK4 at 1e-5 s over 2.2 s (the valve opens, extends the cylinder, switches to -5 V at
// 1 s and back to +8 V at 2 s) agrees to rounding in x and p_v.
#include <QtTest/QtTest>

#include <chrono>

#include "fused_circuit2.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

Netlist circuit2() {
    Netlist n;
    n.fluid.bulk = logBe();
    n.components = {
        comp("PressureSource", "src", {{"p", 140e5}}),
        comp("PressureCompensator", "comp", {{"C1", 4.65e7}, {"C2", -1.79e4}, {"C3", 4e11}, {"C5", 1e6}, {"K0", 0.05e-9}}),
        comp("Volume", "Vv", {{"V", 1e-5}, {"p0", 9e5}}),
        comp("DirectionalValve43", "valve", {{"Kv", 0.99}, {"wn", 331.0}, {"zeta", 0.62}, {"Cv", 2.315e-9}, {"Ud", 2.0}},
             {{"law", "linear"}}),
        comp("ShuttleValve", "shuttle"),
        comp("Tank", "tank", {{"p", 9e5}}),
        comp("Cylinder", "cyl",
             {{"A1", 8.04e-4}, {"A2", 4.24e-4}, {"stroke", 1.0}, {"V_dead_A", 1e-3}, {"V_dead_B", 1e-3}, {"x0", 0.5},
              {"pA0", 9e5}, {"pB0", 9e5}, {"L", 0.0}, {"m_piston", 0.0}}),
        comp("Mass", "mass", {{"m", 200.0}}),
        comp("LuGreFriction", "friction",
             {{"sigma0", 320.0}, {"sigma1", 6.368}, {"kv", 1.28e3}, {"Fc", 2.15e6}, {"Fs", 1.1376e10}, {"vs", 347.0}}),
        comp("Square", "cmd", {{"period", 2.0}, {"duty", 0.5}, {"low", -5.0}, {"high", 8.0}, {"delay", 0.0}}),
    };
    n.wires = {wire("src", "P", "comp", "P"),         wire("comp", "C", "Vv", "P1"),
               wire("Vv", "P2", "valve", "P"),        wire("valve", "A", "cyl", "A"),
               wire("valve", "B", "cyl", "B"),        wire("valve", "T", "tank", "P"),
               wire("shuttle", "A", "cyl", "A"),      wire("shuttle", "B", "cyl", "B"),
               wire("shuttle", "p", "comp", "pload"), wire("cmd", "out", "valve", "U"),
               wire("cyl", "rod", "mass", "m"),       wire("friction", "m", "mass", "m")};
    return n;
}

}  // namespace

class TestFusedCircuit2 : public QObject {
    Q_OBJECT
private slots:
    void engineMatchesFused();
};

void TestFusedCircuit2::engineMatchesFused() {
    const double T = 2.2, dt = 1e-5, rec = 1e-3;
    BuildResult b = build(registry(), circuit2(), solver("rk4", dt));
    QVERIFY2(b.ok(), b.errorText().c_str());
    QCOMPARE(b.system->stateCount(), 9);
    RunResult r = simulate(*b.system, {{"x", "position", "mass.m"}, {"pv", "pressure", "Vv"}}, runOptions(solver("rk4", dt), T, rec));
    QVERIFY2(r.ok, r.error.c_str());
    const auto w0 = std::chrono::steady_clock::now();
    const hs::bench::FusedTrace f = hs::bench::fusedCircuit2(T, dt, 100);
    const double fusedWall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    QCOMPARE(f.t.size(), r.trace.time.size());
    double dx = 0, dp = 0, dtime = 0, xmin = 1e9, xmax = -1e9, pmin = 1e99, pmax = -1e99;
    for (size_t i = 0; i < f.t.size(); ++i) {
        dtime = std::max(dtime, std::abs(f.t[i] - r.trace.time[i]));
        dx = std::max(dx, std::abs(f.x[i] - r.trace.columns[0][i]));
        dp = std::max(dp, std::abs(f.pv[i] - r.trace.columns[1][i]));
        xmin = std::min(xmin, f.x[i]);
        xmax = std::max(xmax, f.x[i]);
        pmin = std::min(pmin, f.pv[i]);
        pmax = std::max(pmax, f.pv[i]);
    }
    qInfo("Circuit 2, %g s: engine %.3f s wall, fused %.1f ms; x in [%.6f, %.6f] m, p_v in [%.4g, %.4g] Pa; "
          "max |dx| %.3g m, max |dp_v| %.3g Pa; final x %.12g vs %.12g",
          T, r.wallSeconds, 1e3 * fusedWall, xmin, xmax, pmin, pmax, dx, dp, r.trace.columns[0].back(), f.x.back());
    QVERIFY(dtime < 1e-12);
    // the run exercises the circuit: the piston moves out, then back
    QVERIFY(xmax > 0.5 + 1e-3);
    QVERIFY(r.trace.columns[0].back() < xmax - 1e-3);
    QVERIFY(pmax > 5e6);
    // agreement to ~1e-9 relative (observed: rounding level)
    QVERIFY2(dx < 1e-9 * 1.0, qPrintable(QString::number(dx)));
    QVERIFY2(dp < 1e-9 * 140e5, qPrintable(QString::number(dp)));
}

QTEST_APPLESS_MAIN(TestFusedCircuit2)
#include "test_fused_circuit2.moc"
