// SPDX-License-Identifier: GPL-3.0-or-later
// Pipe: the steady laminar drop is Hagen-Poiseuille's 128*mu*L*q/(pi*d^4), the turbulent one
// Blasius's, and the water-hammer frequency of a chain of n pi segments (pressure at one end,
// closed at the other) is the ladder's 2*c*n/L*sin(pi/(4n)), which tends to the line's
// quarter-wave pi*c/(2L) with the discretisation error 1 - (4n/pi)*sin(pi/(4n)) ~ pi^2/(96 n^2).
#include <QtTest/QtTest>

#include "sim_test_util.h"
#include <Eigen/Dense>

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kLadderLength = 10.0, kLadderDiameter = 0.01, kLadderBe = 1.5e9, kLadderRho = 870.0;

// A 10 m line as `segments` laminar pi pipes between a pressure source at `p` and a closed end.
Netlist pipeLadder(int segments, double p) {
    Netlist n;
    n.fluid.bulk = constantBe(kLadderBe);
    n.fluid.density = kLadderRho;
    n.components = {comp("PressureSource", "src", {{"p", p}}), comp("PressureSensor", "end")};
    std::string prev = "src", prevPort = "P";
    for (int i = 0; i < segments; ++i) {
        const std::string id = "pipe" + std::to_string(i);
        n.components.push_back(comp("Pipe", id, {{"L", kLadderLength / segments}, {"d", kLadderDiameter}, {"mu", 1e-6}},
                                    {{"friction", "laminar"}}));
        n.wires.push_back(wire(prev, prevPort, id, "A"));
        prev = id;
        prevPort = "B";
    }
    n.wires.push_back(wire(prev, prevPort, "end", "P"));
    return n;
}

}  // namespace

class TestPipes : public QObject {
    Q_OBJECT
private slots:
    void laminarSteadyDrop();
    void turbulentSteadyDrop();
    void waterHammerFrequency_data();
    void waterHammerFrequency();
    // The stiffness analysis (hydrostiff-cli stiffness, the GUI's guide) finds the same mode on
    // its own, unscaled Jacobian: it balances the matrix before the eigen solve.
    void stiffnessAnalysisFindsLadderMode();
};

namespace {

double steadyFlow(double dp, double len, double d, double mu, const std::string& friction) {
    Netlist n;
    n.components = {comp("PressureSource", "src", {{"p", dp}}), comp("Tank", "tank"),
                    comp("Pipe", "pipe", {{"L", len}, {"d", d}, {"mu", mu}}, {{"friction", friction}})};
    n.wires = {wire("src", "P", "pipe", "A"), wire("pipe", "B", "tank", "P")};
    RunResult r = buildAndRun(n, {{"q", "state", "pipe.q"}}, runOptions(solver("cvode", 1e-3, 1e-12, 1e-16), 20.0, 0.1));
    if (!r.ok) qWarning("%s", r.error.c_str());
    return r.ok ? r.trace.columns[0].back() : NAN;
}

}  // namespace

void TestPipes::laminarSteadyDrop() {
    const double dp = 1e5, len = 2.0, d = 0.004, mu = 0.03;
    const double q = steadyFlow(dp, len, d, mu, "laminar");
    const double expected = dp * std::numbers::pi * std::pow(d, 4) / (128.0 * mu * len);
    qInfo("laminar: %.6g m3/s, Hagen-Poiseuille %.6g", q, expected);
    QVERIFY2(std::abs(q / expected - 1.0) < 1e-8, qPrintable(QString::number(q / expected - 1.0)));
    // Re well below the transition, so the laminar + turbulent law gives the same
    QVERIFY(std::abs(steadyFlow(dp, len, d, mu, "laminar + turbulent") / expected - 1.0) < 1e-8);
}

void TestPipes::turbulentSteadyDrop() {
    const double dp = 2e6, len = 2.0, d = 0.01, mu = 0.003, rho = 870.0;
    const double q = steadyFlow(dp, len, d, mu, "laminar + turbulent");
    const double area = std::numbers::pi * d * d / 4, v = q / area, re = rho * v * d / mu;
    const double blasius = 0.3164 * std::pow(re, -0.25) * len / d * 0.5 * rho * v * v;
    qInfo("turbulent: Re %.0f, q %.6g m3/s, Blasius drop %.6g Pa for %.6g Pa", re, q, blasius, dp);
    QVERIFY(re > 4000);
    QVERIFY2(std::abs(blasius / dp - 1.0) < 1e-8, qPrintable(QString::number(blasius / dp - 1.0)));
}

void TestPipes::waterHammerFrequency_data() {
    QTest::addColumn<int>("segments");
    QTest::newRow("1 segment") << 1;
    QTest::newRow("2 segments") << 2;
    QTest::newRow("4 segments") << 4;
    QTest::newRow("8 segments") << 8;
}

void TestPipes::waterHammerFrequency() {
    QFETCH(int, segments);
    const double len = kLadderLength, d = kLadderDiameter, be = kLadderBe, rho = kLadderRho, c = std::sqrt(be / rho), step = 1e6;
    const Netlist n = pipeLadder(segments, step);
    const double omegaLadder = 2.0 * c * segments / len * std::sin(std::numbers::pi / (4.0 * segments));
    // The lowest mode from the linearised system's eigenvalues (a step excites every mode, so
    // zero crossings of a run would mix them). The Jacobian is scaled before the eigen solve:
    // flows by the line impedance Zc = rho*c/A, so that its entries are O(omega), not 1e12 beside
    // 1e-8 (unscaled, Eigen's unbalanced QR returns wrong eigenvalues for this ladder).
    BuildResult b = build(registry(), n, solver("cvode", 1e-5));
    QVERIFY2(b.ok(), b.errorText().c_str());
    const size_t m = static_cast<size_t>(b.system->stateCount());
    std::vector<double> y(m), yp, fp(m), fm(m), scale(m, 1.0);
    b.system->initialState(y.data());
    yp = y;
    const double zc = rho * c / (std::numbers::pi * d * d / 4);
    for (size_t i = 0; i < m; ++i)
        if (b.system->states[i].name.ends_with(".q")) scale[i] = 1.0 / zc;
    Eigen::MatrixXd jac(m, m);
    for (size_t col = 0; col < m; ++col) {
        const double h = 1e-3 * scale[col];
        yp[col] = y[col] + h;
        b.system->rhs(0.0, yp.data(), fp.data());
        yp[col] = y[col] - h;
        b.system->rhs(0.0, yp.data(), fm.data());
        yp[col] = y[col];
        for (size_t row = 0; row < m; ++row) jac(row, col) = (fp[row] - fm[row]) / (2 * h) * scale[col] / scale[row];
    }
    Eigen::EigenSolver<Eigen::MatrixXd> es(jac, false);
    double measured = INFINITY;
    for (Eigen::Index i = 0; i < es.eigenvalues().size(); ++i)
        if (std::abs(es.eigenvalues()(i).imag()) > 1.0) measured = std::min(measured, std::abs(es.eigenvalues()(i).imag()));
    const double analytic = std::numbers::pi * c / (2.0 * len);
    const double discretisation = 1.0 - omegaLadder / analytic;
    qInfo("%d segment(s): omega %.5g rad/s, ladder %.5g, line pi*c/(2L) %.5g: off by %.3g %% (discretisation %.3g %%)",
          segments, measured, omegaLadder, analytic, 100 * (1 - measured / analytic), 100 * discretisation);
    QVERIFY2(std::abs(measured / omegaLadder - 1.0) < 1e-4, qPrintable(QString::number(measured / omegaLadder)));
    QVERIFY(std::abs(1.0 - measured / analytic) < discretisation + 1e-4);
    // and a run shows it: the closed end's first peak comes at half the lowest period or later
    RunResult r = buildAndRun(n, {{"p", "signal", "end.p"}}, runOptions(solver("cvode", 1e-5, 1e-10, 1e-3), 0.05, 1e-5));
    QVERIFY2(r.ok, r.error.c_str());
    const auto& p = r.trace.columns[0];
    QVERIFY(*std::max_element(p.begin(), p.end()) > 1.8 * step);  // water hammer doubles the step, nearly
}

void TestPipes::stiffnessAnalysisFindsLadderMode() {
    const int segments = 8;
    const double len = kLadderLength, c = std::sqrt(kLadderBe / kLadderRho);
    const Netlist n = pipeLadder(segments, 1e6);
    BuildResult b = build(registry(), n, solver("cvode", 1e-5));
    QVERIFY2(b.ok(), b.errorText().c_str());
    std::vector<double> y(static_cast<size_t>(b.system->stateCount()));
    b.system->initialState(y.data());
    std::vector<int> all(y.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    const StiffnessReport rep = analyse(*b.system, 0.0, y, all);
    double lowest = INFINITY;
    for (auto l : rep.eigenvalues)
        if (std::abs(l.imag()) > 1.0) lowest = std::min(lowest, std::abs(l.imag()));
    const double omegaLadder = 2.0 * c * segments / len * std::sin(std::numbers::pi / (4.0 * segments));
    qInfo("stiffness analysis: lowest mode %.6g rad/s, ladder %.6g", lowest, omegaLadder);
    QVERIFY2(std::abs(lowest / omegaLadder - 1.0) < 1e-4, qPrintable(QString::number(lowest / omegaLadder, 'g', 10)));
}

QTEST_GUILESS_MAIN(TestPipes)
#include "test_pipes.moc"
