// SPDX-License-Identifier: GPL-3.0-or-later
// Analytic cases: the engine against closed-form solutions.
//  - laminar fill of one volume: p = ps*(1 - exp(-t/tau)), tau = V/(Be*G)
//  - turbulent fill: sqrt(ps - p) = sqrt(ps) - Be*k*t/(2V) until p reaches ps
//  - two volumes and three laminar orifices: exact solution by eigen-decomposition
//  - mass + spring released from a displaced position: x = A(1 - cos wt), energy conserved
#include <QtTest/QtTest>

#include <Eigen/Dense>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestAnalytic : public QObject {
    Q_OBJECT
private slots:
    void laminarFill_data();
    void laminarFill();
    void turbulentFill();
    void twoVolumeLaminar();
    void massSpring();
};

void TestAnalytic::laminarFill_data() {
    QTest::addColumn<double>("ps");
    QTest::addColumn<double>("volume");
    QTest::addColumn<double>("conductance");
    QTest::addColumn<double>("be");
    QTest::newRow("V 1e-3, G 1e-11") << 1e7 << 1e-3 << 1e-11 << 1.5e9;
    QTest::newRow("V 1e-5, G 1e-11") << 1e7 << 1e-5 << 1e-11 << 1.5e9;
    QTest::newRow("V 1e-4, G 3e-10, Be 1e9") << 2e7 << 1e-4 << 3e-10 << 1e9;
}

void TestAnalytic::laminarFill() {
    QFETCH(double, ps);
    QFETCH(double, volume);
    QFETCH(double, conductance);
    QFETCH(double, be);
    const double tau = volume / (be * conductance);
    const double dt = tau / 50.0;
    RunResult r = buildAndRun(laminarFillNet(ps, volume, conductance, be), {{"p", "pressure", "V"}},
                              runOptions(solver("rk4", dt), 5.0 * tau, 10.0 * dt));
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.trace.time.size(), size_t(26));
    double worst = 0.0;
    for (size_t i = 1; i < r.trace.time.size(); ++i) {
        const double t = r.trace.time[i];
        const double exact = ps * (1.0 - std::exp(-t / tau));
        worst = std::max(worst, std::abs(r.trace.columns[0][i] - exact) / exact);
    }
    qInfo("laminar fill, RK4 at tau/50: max relative error %.3g", worst);
    QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
    // and the time constant the engine reports for the node is V/(Be*G)
    BuildResult b = build(registry(), laminarFillNet(ps, volume, conductance, be), solver("rk4", dt));
    QVERIFY(b.ok());
    std::vector<double> y(static_cast<size_t>(b.system->stateCount())), dy(y.size());
    b.system->initialState(y.data());
    b.system->rhs(0.0, y.data(), dy.data());
    const int node = nodeIndex(*b.system, "V");
    QVERIFY(node >= 0);
    QVERIFY(std::abs(nodeTimeConstant(*b.system, node) / tau - 1.0) < 1e-6);
    QVERIFY(std::abs(dy[0] - be / volume * conductance * ps) < 1e-9 * std::abs(dy[0]));
}

void TestAnalytic::turbulentFill() {
    const double ps = 1e7, v = 1e-3, k = 2.2214e-8, be = 1.5e9;
    Netlist n;
    n.fluid.bulk = constantBe(be);
    n.components = {comp("PressureSource", "src", {{"p", ps}}),
                    comp("TurbulentOrifice", "R", {{"k", k}}, {{"spec", "k"}}),
                    comp("Volume", "V", {{"V", v}, {"p0", 0.0}})};
    n.wires = {wire("src", "P", "R", "A"), wire("R", "B", "V", "P1")};
    const double tEnd = 2.0 * v * std::sqrt(ps) / (be * k);  // p reaches ps here (0.1898 s)
    RunResult r = buildAndRun(n, {{"p", "pressure", "V"}}, runOptions(solver("rk4", 1e-4), 1.2 * tEnd, 1e-3));
    QVERIFY2(r.ok, r.error.c_str());
    auto exact = [&](double t) {
        const double u = std::max(std::sqrt(ps) - be * k * t / (2.0 * v), 0.0);
        return ps - u * u;
    };
    const double dev = maxDeviation(r.trace, 0, exact, 0.95 * tEnd);
    qInfo("turbulent fill, RK4 1e-4: max |p - exact| up to 0.95 T* = %.3g Pa (T* = %.4f s)", dev, tEnd);
    QVERIFY2(dev < 1e-9 * ps, qPrintable(QString::number(dev)));
    // after the end the volume sits at the supply pressure
    QVERIFY(std::abs(r.trace.columns[0].back() - ps) < 1e-3 * ps);
}

void TestAnalytic::twoVolumeLaminar() {
    // src -G1- V1 -G2- V2 -G3- tank: x' = A x + b, linear
    const double ps = 1e7, be = 1.5e9, v1 = 1e-3, v2 = 2e-4, g1 = 1e-11, g2 = 2e-11, g3 = 5e-12;
    Netlist n;
    n.fluid.bulk = constantBe(be);
    n.components = {comp("PressureSource", "src", {{"p", ps}}), comp("LaminarOrifice", "G1", {{"G", g1}}),
                    comp("Volume", "V1", {{"V", v1}}),          comp("LaminarOrifice", "G2", {{"G", g2}}),
                    comp("Volume", "V2", {{"V", v2}}),          comp("LaminarOrifice", "G3", {{"G", g3}}),
                    comp("Tank", "tank")};
    n.wires = {wire("src", "P", "G1", "A"), wire("G1", "B", "V1", "P1"), wire("V1", "P2", "G2", "A"),
               wire("G2", "B", "V2", "P1"), wire("V2", "P2", "G3", "A"), wire("G3", "B", "tank", "P")};
    Eigen::Matrix2d a;
    a << -(g1 + g2) / v1, g2 / v1, g2 / v2, -(g2 + g3) / v2;
    a *= be;
    const Eigen::Vector2d b(be * g1 * ps / v1, 0.0);
    const Eigen::Vector2d xs = -a.inverse() * b;
    Eigen::EigenSolver<Eigen::Matrix2d> es(a);
    const Eigen::Matrix2d vec = es.eigenvectors().real();
    const Eigen::Vector2d lam = es.eigenvalues().real();
    QVERIFY(es.eigenvalues().imag().norm() == 0.0);
    const Eigen::Vector2d c = vec.inverse() * (Eigen::Vector2d::Zero() - xs);
    auto exact = [&](double t) -> Eigen::Vector2d {
        return xs + vec * Eigen::Vector2d(c(0) * std::exp(lam(0) * t), c(1) * std::exp(lam(1) * t));
    };
    const double tauFast = 1.0 / std::max(std::abs(lam(0)), std::abs(lam(1)));
    const double tauSlow = 1.0 / std::min(std::abs(lam(0)), std::abs(lam(1)));
    const double dt = tauFast / 50.0;
    RunResult r = buildAndRun(n, {{"p1", "pressure", "V1"}, {"p2", "pressure", "V2"}},
                              runOptions(solver("rk4", dt), 3.0 * tauSlow, 20.0 * dt));
    QVERIFY2(r.ok, r.error.c_str());
    double worst = 0.0;
    for (size_t i = 1; i < r.trace.time.size(); ++i) {
        const Eigen::Vector2d e = exact(r.trace.time[i]);
        for (int k = 0; k < 2; ++k)
            worst = std::max(worst, std::abs(r.trace.columns[static_cast<size_t>(k)][i] - e(k)) / std::abs(e(k)));
    }
    qInfo("two volumes: eigenvalues %.4g, %.4g 1/s; RK4 at tau_fast/50 max relative error %.3g", lam(0), lam(1),
          worst);
    QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
    // the analysis finds the same eigenvalues
    BuildResult built = build(registry(), n, solver("rk4", dt));
    QVERIFY(built.ok());
    std::vector<double> y(static_cast<size_t>(built.system->stateCount()));
    built.system->initialState(y.data());
    StiffnessReport rep = analyse(*built.system, 0.0, y, pressureStates(*built.system));
    QCOMPARE(rep.eigenvalues.size(), size_t(2));
    const double big = std::max(std::abs(lam(0)), std::abs(lam(1))), small = std::min(std::abs(lam(0)), std::abs(lam(1)));
    QVERIFY(std::abs(std::abs(rep.eigenvalues[0]) / big - 1.0) < 1e-6);
    QVERIFY(std::abs(std::abs(rep.eigenvalues[1]) / small - 1.0) < 1e-6);
    QVERIFY(std::abs(rep.kappa / (big / small) - 1.0) < 1e-6);
}

void TestAnalytic::massSpring() {
    // The spring's free position is offset, so the mass (at x = 0) starts displaced by A.
    const double m = 10.0, k = 1e4, amp = 0.1;
    const double w = std::sqrt(k / m), period = 2.0 * std::numbers::pi / w;
    Netlist n;
    n.components = {comp("Mass", "mass", {{"m", m}}), comp("Spring", "spring", {{"k", k}, {"x_free", amp}})};
    n.wires = {wire("mass", "m", "spring", "m")};
    const double dt = period / 200.0;
    RunResult r = buildAndRun(n, {{"x", "position", "mass.m"}, {"v", "velocity", "mass.m"}},
                              runOptions(solver("rk4", dt), 10.0 * period, 5.0 * dt));
    QVERIFY2(r.ok, r.error.c_str());
    const double dx = maxDeviation(r.trace, 0, [&](double t) { return amp * (1.0 - std::cos(w * t)); });
    const double dv = maxDeviation(r.trace, 1, [&](double t) { return amp * w * std::sin(w * t); });
    const double e0 = 0.5 * k * amp * amp;
    double dE = 0.0;
    for (size_t i = 0; i < r.trace.time.size(); ++i) {
        const double x = r.trace.columns[0][i], v = r.trace.columns[1][i];
        dE = std::max(dE, std::abs(0.5 * m * v * v + 0.5 * k * (x - amp) * (x - amp) - e0) / e0);
    }
    qInfo("mass-spring, RK4 at T/200 over 10 periods: max |x err| %.3g m, |v err| %.3g m/s, energy drift %.3g",
          dx, dv, dE);
    QVERIFY(dx < 1e-5 * amp);
    QVERIFY(dv < 1e-5 * amp * w);
    QVERIFY(dE < 1e-6);
    // explicit Euler gains energy on an undamped oscillator (|1 + i w h| > 1): a check that the
    // energy test can fail
    RunResult eu = buildAndRun(n, {{"x", "position", "mass.m"}, {"v", "velocity", "mass.m"}},
                               runOptions(solver("euler", dt), 10.0 * period, 5.0 * dt));
    QVERIFY(eu.ok);
    const double x = eu.trace.columns[0].back(), v = eu.trace.columns[1].back();
    const double growth = (0.5 * m * v * v + 0.5 * k * (x - amp) * (x - amp)) / e0;
    qInfo("  Euler energy after 10 periods: %.4f x initial", growth);
    QVERIFY(growth > 1.5);
}

QTEST_APPLESS_MAIN(TestAnalytic)
#include "test_analytic.moc"
