// SPDX-License-Identifier: GPL-3.0-or-later
// The checkable numbers of notes/000_001 §6:
//  item 1  Circuit 1 Jacobian at the exact steady state: p1, p2, kappa 1.29 / 77.8, fast eigenvalue
//  item 2  three-orifice kappa 3.0 / ~134 at the equal-drop steady state; fast eigenvalue with log10 Be
//  item 11 the log bulk-modulus law (base 10 values, natural-log option, guard)
//  item 12 the pressure compensator holds p_c - p_load ~ C5 in steady flow
//  item 13 the 4/3 valve spool: second-order step response wn 331, zeta 0.62, gain 0.99
#include <QtTest/QtTest>

#include <complex>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

struct Operating {
    std::vector<double> y;
    StiffnessReport rep;
    std::string error;
};

// Steady state of the pressure states (all else frozen), then the analysis on them.
Operating analyseAtSteadyState(System& sys) {
    Operating op;
    op.y.resize(static_cast<size_t>(sys.stateCount()));
    sys.initialState(op.y.data());
    const std::vector<int> ps = pressureStates(sys);
    op.error = steadyState(sys, 0.0, op.y, ps);
    if (op.error.empty()) op.rep = analyse(sys, 0.0, op.y, ps);
    return op;
}

double stateValue(const System& sys, const std::vector<double>& y, const std::string& name) {
    for (int i = 0; i < sys.stateCount(); ++i)
        if (sys.states[static_cast<size_t>(i)].name == name) return y[static_cast<size_t>(i)];
    return std::nan("");
}

}  // namespace

class TestStiffness : public QObject {
    Q_OBJECT
private slots:
    void circuit1Kappa_data();
    void circuit1Kappa();
    void threeOrificeKappa_data();
    void threeOrificeKappa();
    void bulkModulusLaw();
    void compensatorHoldsC5();
    void spoolStepResponse_data();
    void spoolStepResponse();
};

void TestStiffness::circuit1Kappa_data() {
    QTest::addColumn<double>("v1");
    QTest::addColumn<double>("kappa");
    QTest::addColumn<double>("fast");
    QTest::addColumn<double>("slow");
    // notes/000_001 §2.1 [verified]: (-1708, -2197) and (-2196, -170880) 1/s
    QTest::newRow("V1 1e-3") << 1e-3 << 1.286 << -2197.0 << -1708.0;
    QTest::newRow("V1 1e-5") << 1e-5 << 77.80 << -170880.0 << -2196.0;
}

void TestStiffness::circuit1Kappa() {
    QFETCH(double, v1);
    QFETCH(double, kappa);
    QFETCH(double, fast);
    QFETCH(double, slow);
    BuildResult b = build(registry(), circuit1(v1), solver("rk4", 1e-6));
    QVERIFY2(b.ok(), b.errorText().c_str());
    System& sys = *b.system;
    QCOMPARE(pressureStates(sys).size(), size_t(2));
    Operating op = analyseAtSteadyState(sys);
    QVERIFY2(op.error.empty(), op.error.c_str());
    const double p1 = stateValue(sys, op.y, "V1.p"), p2 = stateValue(sys, op.y, "V2.p");
    const auto& ev = op.rep.eigenvalues;
    QCOMPARE(ev.size(), size_t(2));
    qInfo("Circuit 1, V1 = %g: p1 = %.6g Pa, p2 = %.6g Pa, eigenvalues %.6g, %.6g 1/s, kappa %.4f, RK4 max step %.3g s",
          v1, p1, p2, ev[0].real(), ev[1].real(), op.rep.kappa, op.rep.maxStepRk4);
    // K and k_t stayed frozen
    QCOMPARE(stateValue(sys, op.y, "comp.K"), 1e-6);
    QCOMPARE(stateValue(sys, op.y, "throttle.kt"), 1e-7);
    QVERIFY(std::abs(p1 - 198.035e5) < 0.001e5);
    QVERIFY(std::abs(p2 - 1.5254e5) < 0.0005e5);
    QVERIFY(std::abs(ev[0].imag()) < 1e-9 * std::abs(ev[0]) && std::abs(ev[1].imag()) < 1e-9 * std::abs(ev[1]));
    QVERIFY2(std::abs(ev[0].real() / fast - 1.0) < 2e-3, qPrintable(QString::number(ev[0].real())));
    QVERIFY2(std::abs(ev[1].real() / slow - 1.0) < 2e-3, qPrintable(QString::number(ev[1].real())));
    QVERIFY(std::abs(op.rep.kappa / kappa - 1.0) < 2e-3);
    QCOMPARE(op.rep.zeroEigenvalues, 0);
    // the explicit-step limit follows from the fast eigenvalue (real axis: 2.785/|lambda|)
    QVERIFY(std::abs(op.rep.maxStepRk4 * std::abs(ev[0].real()) / 2.785 - 1.0) < 1e-3);
    QVERIFY(std::abs(op.rep.maxStepEuler * std::abs(ev[0].real()) / 2.0 - 1.0) < 1e-6);
    // per-node tau = V/(Be*G); flow through the circuit 4.433e-4 m3/s
    QCOMPARE(op.rep.nodes.size(), size_t(2));
    for (const auto& n : op.rep.nodes) {
        QVERIFY(n.tau > 0 && std::isfinite(n.tau));
        QVERIFY(std::abs(n.volume * 1.0 / (n.bulkModulus * n.conductance * n.tau) - 1.0) < 1e-9);
        qInfo("  node %s: p %.5g Pa, V %g m3, G %.4g m3/(s Pa), tau %.4g s", n.name.c_str(), n.p, n.volume,
              n.conductance, n.tau);
    }
    const double q = (5.62e-7 + 5.73e-7) * std::sqrt(p2);
    QVERIFY(std::abs(q / 4.433e-4 - 1.0) < 1e-3);
}

void TestStiffness::threeOrificeKappa_data() {
    QTest::addColumn<double>("v2");
    QTest::addColumn<bool>("logLaw");
    QTest::addColumn<double>("kappa");  // < 0: not checked
    QTest::addColumn<double>("fast");   // 0: not checked
    QTest::newRow("equal volumes, constant Be") << 1e-3 << false << 3.0 << 0.0;
    QTest::newRow("V2 1e-5, constant Be") << 1e-5 << false << 134.1 << 0.0;
    QTest::newRow("V2 1e-5, log10 Be") << 1e-5 << true << -1.0 << -1248.0;
}

void TestStiffness::threeOrificeKappa() {
    QFETCH(double, v2);
    QFETCH(bool, logLaw);
    QFETCH(double, kappa);
    QFETCH(double, fast);
    const double ps = 1e7;
    // start near the equal-drop steady state; the Newton solve finds it
    Netlist n = threeOrifice(1e-3, v2, logLaw ? logBe() : constantBe(1.5e9), ps, 0.6 * ps, 0.3 * ps);
    BuildResult b = build(registry(), n, solver("rk4", 1e-4));
    QVERIFY2(b.ok(), b.errorText().c_str());
    Operating op = analyseAtSteadyState(*b.system);
    QVERIFY2(op.error.empty(), op.error.c_str());
    const double p1 = stateValue(*b.system, op.y, "V1.p"), p2 = stateValue(*b.system, op.y, "V2.p");
    const auto& ev = op.rep.eigenvalues;
    qInfo("three-orifice V2 = %g, %s: p1 %.6g, p2 %.6g Pa; eigenvalues %.5g, %.5g 1/s; kappa %.4g; RK4 max step %.3g s",
          v2, logLaw ? "log10 Be" : "Be 1.5 GPa", p1, p2, ev[0].real(), ev[1].real(), op.rep.kappa,
          op.rep.maxStepRk4);
    QVERIFY(std::abs(p1 - 2.0 * ps / 3.0) < 1.0);
    QVERIFY(std::abs(p2 - ps / 3.0) < 1.0);
    if (kappa > 0) QVERIFY2(std::abs(op.rep.kappa / kappa - 1.0) < 2e-3, qPrintable(QString::number(op.rep.kappa)));
    if (fast != 0) QVERIFY2(std::abs(ev[0].real() / fast - 1.0) < 5e-3, qPrintable(QString::number(ev[0].real())));
    if (!logLaw) {
        // with constant Be the Jacobian is proportional to [[-2/V1, 1/V1], [1/V2, -2/V2]]
        const double a = 1.0 / 1e-3, d = 1.0 / v2;
        const double tr = -2 * (a + d), det = 3 * a * d;
        const double l1 = (tr - std::sqrt(tr * tr - 4 * det)) / 2, l2 = (tr + std::sqrt(tr * tr - 4 * det)) / 2;
        QVERIFY(std::abs(op.rep.kappa / (l1 / l2) - 1.0) < 1e-4);
    } else {
        QVERIFY(std::abs(op.rep.maxStepRk4 / 2.23e-3 - 1.0) < 0.01);  // notes: ~2.2e-3 s
    }
}

void TestStiffness::bulkModulusLaw() {
    BulkModulus b = logBe(false);
    qInfo("log10 law: Be(0) %.4g, Be(14 MPa) %.4g, Be(28 MPa) %.4g Pa; ln law at pmax %.4f Emax", b(0.0), b(14e6),
          b(28e6), logBe(true)(28e6) / 1.8e9);
    QVERIFY(std::abs(b(0.0) - 0.43e9) < 0.005e9);
    QVERIFY(std::abs(b(14e6) - 1.51e9) < 0.005e9);
    QVERIFY(std::abs(b(28e6) - 1.77e9) < 0.005e9);
    QVERIFY(std::abs(b(28e6) / 1.8e9 - 0.984) < 0.001);
    BulkModulus ln = logBe(true);
    QVERIFY(std::abs(ln(28e6) / 1.8e9 - 2.27) < 0.005);
    QVERIFY(std::abs(ln(0.0) - 0.9e9 * std::log(3.0)) < 1.0);
    // the guard: the log argument never drops below minArg = a3, so Be(p < 0) = Be(0) > 0
    for (double p : {-1e5, -1e6, -1e7, -1e9, -1e12, -1e300}) {
        QVERIFY(std::isfinite(b(p)) && b(p) > 0.4e9);
        QVERIFY(std::isfinite(ln(p)) && ln(p) > 0.9e9);
    }
    QCOMPARE(b(-1e9), b(0.0));
    // monotone in p
    double prev = b(-1e8);
    for (double p = -1e7; p <= 3e7; p += 1e5) {
        QVERIFY(b(p) >= prev);
        prev = b(p);
    }
    // constant model ignores p
    QCOMPARE(constantBe(1.5e9)(-1e9), 1.5e9);
}

void TestStiffness::compensatorHoldsC5() {
    // source 14 MPa -> compensator -> Vc (1e-5) -> metering orifice -> VL (1e-3, load sensed) -> orifice -> tank
    const double c5 = 1e6;
    Netlist n;
    n.fluid.bulk = logBe();
    n.components = {comp("PressureSource", "src", {{"p", 14e6}}),
                    comp("PressureCompensator", "comp", {{"C5", c5}}),
                    comp("Volume", "Vc", {{"V", 1e-5}, {"p0", 9e5}}),
                    comp("TurbulentOrifice", "meter", {{"k", 1e-7}}, {{"spec", "k"}}),
                    comp("Volume", "VL", {{"V", 1e-3}, {"p0", 9e5}}),
                    comp("TurbulentOrifice", "load", {{"k", 4e-8}}, {{"spec", "k"}}),
                    comp("Tank", "tank")};
    n.wires = {wire("src", "P", "comp", "P"),   wire("comp", "C", "Vc", "P1"),      wire("Vc", "P2", "meter", "A"),
               wire("meter", "B", "VL", "P1"), wire("VL", "P2", "comp", "LS"),     wire("VL", "P3", "load", "A"),
               wire("load", "B", "tank", "P")};
    RunResult r = buildAndRun(n, {{"pc", "pressure", "Vc"}, {"pl", "pressure", "VL"}, {"K", "state", "comp.K"}},
                              runOptions(solver("cvode", 1e-7, 1e-8, 1e-8), 3.0, 1e-2));
    QVERIFY2(r.ok, r.error.c_str());
    const auto& pc = r.trace.columns[0];
    const auto& pl = r.trace.columns[1];
    const auto& k = r.trace.columns[2];
    const size_t last = pc.size() - 1, before = last - 50;  // 0.5 s earlier
    const double dpMeter = pc[last] - pl[last];
    qInfo("compensator: p_c %.6g Pa, p_load %.6g Pa, p_c - p_load %.6g Pa (C5 %g), K %.4g; K 0.5 s earlier %.4g",
          pc[last], pl[last], dpMeter, c5, k[last], k[before]);
    QVERIFY(std::abs(dpMeter - c5) < 0.2e6);
    // steady: nothing moves any more
    QVERIFY(std::abs(k[last] / k[before] - 1.0) < 1e-6);
    QVERIFY(std::abs(pc[last] - pc[before]) < 1.0);
    // and dK/dt = 0 gives exactly p_c - p_load = C5 - (C1 + C2*(ps - pc))*K
    const double predicted = c5 - (4.65e7 - 1.79e4 * (14e6 - pc[last])) * k[last];
    QVERIFY(std::abs(dpMeter - predicted) < 10.0);
    // continuity: compensator flow = metering flow = load flow
    const double q = 1e-7 * std::sqrt(dpMeter);
    QVERIFY(std::abs(4e-8 * std::sqrt(pl[last]) / q - 1.0) < 1e-5);
    QVERIFY(std::abs(k[last] * std::sqrt(14e6 - pc[last]) / q - 1.0) < 1e-5);
}

void TestStiffness::spoolStepResponse_data() {
    QTest::addColumn<double>("u");
    QTest::newRow("U +8 V") << 8.0;
    QTest::newRow("U -5 V") << -5.0;
}

void TestStiffness::spoolStepResponse() {
    QFETCH(double, u);
    const double kv = 0.99, wn = 331.0, zeta = 0.62;
    Netlist n;
    n.fluid.bulk = logBe();
    n.components = {comp("PressureSource", "src", {{"p", 14e6}}),
                    comp("DirectionalValve43", "valve"),
                    comp("Volume", "VA", {{"V", 1e-3}, {"p0", 9e5}}),
                    comp("Volume", "VB", {{"V", 1e-3}, {"p0", 9e5}}),
                    comp("Tank", "tank", {{"p", 9e5}}),
                    comp("Step", "cmd", {{"t0", 0.0}, {"before", 0.0}, {"after", u}})};
    n.wires = {wire("src", "P", "valve", "P"), wire("valve", "A", "VA", "P1"), wire("valve", "B", "VB", "P1"),
               wire("valve", "T", "tank", "P"), wire("cmd", "out", "valve", "U")};
    RunResult r = buildAndRun(n, {{"Us", "state", "valve.Us"}, {"U", "signal", "cmd.out"}},
                              runOptions(solver("rk4", 1e-5), 0.1, 1e-4));
    QVERIFY2(r.ok, r.error.c_str());
    const double wd = wn * std::sqrt(1 - zeta * zeta);
    auto exact = [&](double t) {
        return kv * u * (1.0 - std::exp(-zeta * wn * t) * (std::cos(wd * t) + zeta / std::sqrt(1 - zeta * zeta) * std::sin(wd * t)));
    };
    const int c = r.trace.column("Us");
    double worst = 0.0, peak = 0.0;
    for (double t : {0.001, 0.002, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1}) {
        const double got = interpolate(r.trace, c, t);
        worst = std::max(worst, std::abs(got - exact(t)));
    }
    for (double v : r.trace.columns[static_cast<size_t>(c)]) peak = std::max(peak, v / u);
    const double overshoot = peak / kv - 1.0;
    const double overshootExact = std::exp(-std::numbers::pi * zeta / std::sqrt(1 - zeta * zeta));
    qInfo("spool step U = %g: max |Us - analytic| %.3g V at 9 times; final %.6g (0.99 U = %.6g); overshoot %.4f (analytic %.4f)",
          u, worst, r.trace.columns[static_cast<size_t>(c)].back(), kv * u, overshoot, overshootExact);
    QVERIFY(worst < 1e-9 * std::abs(u));
    QVERIFY(std::abs(r.trace.columns[static_cast<size_t>(c)].back() - kv * u) < 1e-4 * std::abs(u));
    QVERIFY(std::abs(overshoot - overshootExact) < 1e-3);
}

QTEST_APPLESS_MAIN(TestStiffness)
#include "test_stiffness.moc"
