// SPDX-License-Identifier: GPL-3.0-or-later
// The adaptive SUNDIALS steppers (cvode, esdirk3) and the Rosenbrock-W one (rosw3) step past record times and give the records by
// their dense output: on the laminar fill (analytic) the records between internal steps are
// within the tolerance of the exact solution while the steps are far fewer than the records, and
// the flows recorded are those of the interpolated state (the engine evaluates the system at the
// record, not at the last internal step). Input discontinuities still stop and restart them: with
// a Step on the supply pressure, the solution stays exact on both sides of the edge.
#include <QtTest/QtTest>

#include <cmath>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kPs = 1e7, kV = 1e-4, kG = 1e-11, kBe = 1.5e9, kTau = kV / (kBe * kG);

const std::vector<ProbeSpec>& fillProbes() {
    static const std::vector<ProbeSpec> p = {{"p", "pressure", "V"}, {"q", "flow", "R.B"}};
    return p;
}

// The supply steps from kPs to kPs / 4 at t0 (a signal into the source's pressure input).
Netlist steppedFill(double t0) {
    Netlist n = laminarFillNet(kPs, kV, kG, kBe);
    n.components.push_back(comp("Step", "cmd", {{"t0", t0}, {"before", kPs}, {"after", kPs / 4}}));
    n.wires.push_back(wire("cmd", "out", "src", "p"));
    return n;
}

}  // namespace

class TestDenseOutput : public QObject {
    Q_OBJECT
private slots:
    void recordsBetweenStepsAreInterpolated_data();
    void recordsBetweenStepsAreInterpolated();
    void restartsAtInputEdges_data();
    void restartsAtInputEdges();
};

void TestDenseOutput::recordsBetweenStepsAreInterpolated_data() {
    QTest::addColumn<QString>("stepper");
    QTest::newRow("cvode") << QStringLiteral("cvode");
    QTest::newRow("esdirk3") << QStringLiteral("esdirk3");
    QTest::newRow("rosw3") << QStringLiteral("rosw3");
}

void TestDenseOutput::recordsBetweenStepsAreInterpolated() {
    QFETCH(QString, stepper);
    const double rtol = 1e-7, record = kTau / 1000;
    const RunResult r = buildAndRun(laminarFillNet(kPs, kV, kG, kBe), fillProbes(),
                                    runOptions(solver(stepper.toStdString(), kTau / 100, rtol, rtol), 5 * kTau, record));
    QVERIFY2(r.ok, r.error.c_str());
    const long records = static_cast<long>(r.trace.time.size());
    double worst = 0, flowMismatch = 0;
    for (size_t i = 0; i < r.trace.time.size(); ++i) {
        const double p = r.trace.columns[0][i], exact = kPs * (1 - std::exp(-r.trace.time[i] / kTau));
        worst = std::max(worst, std::abs(p - exact) / kPs);
        // flow into R at B is -G (ps - p): the flow of the recorded (interpolated) pressure
        flowMismatch = std::max(flowMismatch, std::abs(r.trace.columns[1][i] + kG * (kPs - p)) / (kG * kPs));
    }
    qInfo("%s rtol %g: %ld steps for %ld records, max error %.3g of p_s, recorded flow vs recorded pressure %.3g",
          qPrintable(stepper), rtol, r.steps, records, worst, flowMismatch);
    QVERIFY2(r.steps * 5 < records, "the step must not be capped by the record interval");
    QVERIFY(worst < 100 * rtol);
    QVERIFY(flowMismatch < 1e-12);
}

void TestDenseOutput::restartsAtInputEdges_data() { recordsBetweenStepsAreInterpolated_data(); }

// The edge at t0 = 1.2345 tau lies between two records (tau / 100 apart): without a stop there
// the integrator would step across it with the old supply pressure.
void TestDenseOutput::restartsAtInputEdges() {
    QFETCH(QString, stepper);
    const double rtol = 1e-8, t0 = 1.2345 * kTau, record = kTau / 100;
    const RunResult r = buildAndRun(steppedFill(t0), fillProbes(),
                                    runOptions(solver(stepper.toStdString(), kTau / 100, rtol, rtol), 4 * kTau, record));
    QVERIFY2(r.ok, r.error.c_str());
    const double pEdge = kPs * (1 - std::exp(-t0 / kTau));
    auto exact = [&](double t) { return t < t0 ? kPs * (1 - std::exp(-t / kTau)) : kPs / 4 + (pEdge - kPs / 4) * std::exp(-(t - t0) / kTau); };
    double worst = 0, worstNearEdge = 0;
    for (size_t i = 0; i < r.trace.time.size(); ++i) {
        const double t = r.trace.time[i], e = std::abs(r.trace.columns[0][i] - exact(t)) / kPs;
        worst = std::max(worst, e);
        if (std::abs(t - t0) < 0.05 * kTau) worstNearEdge = std::max(worstNearEdge, e);
    }
    qInfo("%s: %ld steps for %zu records, max error %.3g of p_s, within 0.05 tau of the edge %.3g", qPrintable(stepper),
          r.steps, r.trace.time.size(), worst, worstNearEdge);
    QVERIFY(worst < 100 * rtol);
    QVERIFY(worstNearEdge < 100 * rtol);
}

QTEST_GUILESS_MAIN(TestDenseOutput)
#include "test_dense_output.moc"
