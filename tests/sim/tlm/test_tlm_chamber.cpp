// SPDX-License-Identifier: GPL-3.0-or-later
// Variable volume as a TLM element (notes/003 §1.8): a change of Z (chamber volume, Be, dt) is
// compensated so that the mean pressure and the port-to-port flows are kept (eqs. 3.7-3.11, §7
// item 2), and a cylinder chamber solved by TLM follows the integrated reference.
#include <QtTest>

#include "sim/methods/tlm_volume.h"
#include "tlm_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

// Pressure source -> laminar orifice -> chamber A (+ a 1 ml hose volume) of a cylinder pushing a
// mass against a spring with viscous damping; chamber B vented to the tank. The node grows from
// 1 ml to 65 ml (Z = Be*dt/V falls 65-fold); node time constant C/G = 7.7 us at the start,
// piston time constant A1^2/(G k) = 0.05 s.
constexpr double kPs = 1e7, kA1 = 8e-4, kSpring = 1e5;

Netlist chamberCircuit() {
    Netlist n;
    n.fluid.bulk = constantBe(1e9);
    n.components = {
        comp("PressureSource", "ps", {{"p", kPs}}),
        comp("LaminarOrifice", "r", {{"G", 1.3e-10}}),
        comp("Volume", "hose", {{"V", 5e-7}}),
        comp("Cylinder", "cyl", {{"A1", kA1}, {"A2", 4e-4}, {"stroke", 1.0}, {"V_dead_A", 5e-7}, {"V_dead_B", 1e-5}, {"x0", 0.0}}),
        comp("Tank", "tank"),
        comp("Mass", "mass", {{"m", 10.0}}),
        comp("Spring", "spring", {{"k", kSpring}}),
        comp("ViscousFriction", "damper", {{"b", 4000.0}}),
    };
    n.wires = {wire("ps", "P", "r", "A"),       wire("r", "B", "hose", "P1"),     wire("hose", "P2", "cyl", "A"),
               wire("cyl", "B", "tank", "P"),   wire("cyl", "rod", "mass", "m"), wire("spring", "m", "mass", "m"),
               wire("damper", "m", "mass", "m")};
    return n;
}

}  // namespace

class TestTlmChamber : public QObject {
    Q_OBJECT
private slots:
    // notes §7 item 2: after a change of Z the mean wave and the through-flow (c_i - c_j)/Z are
    // unchanged; for two ports this is the thesis' C'a = (1+k)/2 Ca + (1-k)/2 Cb, k = Z'/Z.
    void compensationKeepsMeanAndFlows_data() {
        QTest::addColumn<int>("ports");
        QTest::newRow("2 ports") << 2;
        QTest::newRow("3 ports") << 3;
    }
    void compensationKeepsMeanAndFlows() {
        QFETCH(int, ports);
        TlmVolumeMethod m(0.2, TlmVolumeMethod::Filter::Characteristic);
        m.bindWavePorts(ports);
        m.initStates(1e6, nullptr);
        const double dt = 1e-4, be = 1e9;
        std::vector<double> c(3), z(3), cb(3), zb(3);
        m.prepareWaves(dt, 1e-4, be, c.data(), z.data());
        const double p[3] = {2.0e6, 1.5e6, 1.2e6}, q[3] = {-1e-4, 3e-5, 5e-5};
        m.updateWaves(p, q, 0.0);
        m.prepareWaves(dt, 1e-4, be, cb.data(), zb.data());      // same Z: no compensation
        QVERIFY(cb[0] != cb[1]);                                  // waves that differ
        m.prepareWaves(dt, 3e-4, be, c.data(), z.data());         // V x 3: Z / 3
        QVERIFY(std::abs(z[0] / zb[0] - 1.0 / 3.0) < 1e-12);
        double meanB = 0, meanA = 0;
        for (int i = 0; i < ports; ++i) {
            meanB += cb[static_cast<size_t>(i)] / ports;
            meanA += c[static_cast<size_t>(i)] / ports;
        }
        QVERIFY2(std::abs(meanA - meanB) < 1e-9 * meanB, qPrintable(QString::number(meanA - meanB)));
        for (int i = 0; i < ports; ++i)
            for (int j = i + 1; j < ports; ++j) {
                const double before = (cb[static_cast<size_t>(i)] - cb[static_cast<size_t>(j)]) / zb[0];
                const double after = (c[static_cast<size_t>(i)] - c[static_cast<size_t>(j)]) / z[0];
                QVERIFY2(std::abs(after - before) < 1e-9 * std::abs(before), qPrintable(QString::number(after / before)));
            }
        if (ports == 2) {
            const double k = z[0] / zb[0];
            QVERIFY(std::abs(c[0] - (0.5 * (1 + k) * cb[0] + 0.5 * (1 - k) * cb[1])) < 1e-9 * cb[0]);
        }
    }

    // A cylinder chamber as TLM (every volume on the node, the chamber included, is one TLM
    // element whose V = V_hose + A1*x changes every step) against the CVODE reference: the error
    // falls with the step (the start-up ringing of the hydraulic spring, 8000 rad/s, dominates)
    // and the end state is exact (p = ps, x = ps*A1/k); at 5e-5 s RK4 on the same node fails.
    void cylinderChamber_data() {
        QTest::addColumn<double>("dt");
        QTest::addColumn<double>("maxDp");  // [Pa] measured 0.12 bar / 1.78 bar
        QTest::addColumn<double>("maxDx");  // [m]  measured 0.0063 mm / 0.089 mm
        QTest::newRow("1e-5") << 1e-5 << 0.2e5 << 0.01e-3;
        QTest::newRow("5e-5") << 5e-5 << 2.5e5 << 0.15e-3;
    }
    void cylinderChamber() {
        QFETCH(double, dt);
        QFETCH(double, maxDp);
        QFETCH(double, maxDx);
        const std::vector<ProbeSpec> pr = {{"pA", "pressure", "cyl.A"}, {"x", "position", "mass"}};
        RunResult ref = buildAndRun(chamberCircuit(), pr, runOptions(solver("cvode", 1e-6, 1e-9, 1e-9), 1.0, 1e-3));
        QVERIFY2(ref.ok, ref.error.c_str());
        RunResult t = buildAndRun(chamberCircuit(), pr, runOptions(tlmSolver(dt, "hose"), 1.0, 1e-3));
        QVERIFY2(t.ok, t.error.c_str());
        const auto err = compareTraces(ref.trace, t.trace);
        const double xEnd = kPs * kA1 / kSpring;
        qInfo("chamber TLM at %g s: max |dpA| %.4g bar, max |dx| %.4g mm, end x %.6g m (exact %.6g)", dt, err[0].maxAbs / 1e5,
              err[1].maxAbs * 1e3, t.trace.columns[1].back(), xEnd);
        QVERIFY2(err[0].maxAbs < maxDp, qPrintable(QString::number(err[0].maxAbs)));
        QVERIFY2(err[1].maxAbs < maxDx, qPrintable(QString::number(err[1].maxAbs)));
        QVERIFY(std::abs(t.trace.columns[1].back() / xEnd - 1) < 1e-4);
        QVERIFY(std::abs(t.trace.columns[0].back() / kPs - 1) < 1e-4);
        if (dt > 2e-5) {
            RunResult rk = buildAndRun(chamberCircuit(), pr, runOptions(solver("rk4", dt), 1.0, 1e-3));
            QVERIFY(!rk.ok || compareTraces(ref.trace, rk.trace)[0].maxAbs > 0.1 * kPs);
        }
    }
};

QTEST_GUILESS_MAIN(TestTlmChamber)
#include "test_tlm_chamber.moc"
