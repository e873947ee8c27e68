// SPDX-License-Identifier: GPL-3.0-or-later
// Pressure valves: the reducing valve holds its outlet within its regulation band whatever the
// load; the sequence valve opens at its cracking pressure; the pilot-operated check opens at the
// pilot ratio; the counterbalance valve opens at pA + ratio*pX = p_set and passes B->A freely;
// the flow control valve limits the flow to its setting.
#include <QtTest/QtTest>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

// The first recorded time at which column `col` exceeds `level`, or -1.
double firstCrossing(const RunResult& r, int col, double level) {
    for (size_t i = 0; i < r.trace.time.size(); ++i)
        if (r.trace.columns[col][i] > level) return r.trace.time[i];
    return -1.0;
}

}  // namespace

class TestPressureValves : public QObject {
    Q_OBJECT
private slots:
    void reducingHoldsSetPressure_data();
    void reducingHoldsSetPressure();
    void sequenceOpensAtCrack();
    void pilotCheckOpensAtRatio();
    void counterbalanceOpensAtSetting();
    void counterbalanceFreeReverseFlow();
    void flowControlLimitsFlow();
    void dividerSplitsWhateverTheLoads();
};

void TestPressureValves::reducingHoldsSetPressure_data() {
    QTest::addColumn<double>("load");  // laminar conductance of the consumer [m3/(s Pa)]
    QTest::newRow("no load, relieving") << 0.0;
    QTest::newRow("light load") << 1e-12;
    QTest::newRow("heavy load") << 5e-11;
}

void TestPressureValves::reducingHoldsSetPressure() {
    QFETCH(double, load);
    const double pset = 5e6, band = 5e5;
    Netlist n;
    n.fluid.bulk = constantBe(1.5e9);
    n.components = {comp("PressureSource", "src", {{"p", 2e7}}),
                    comp("PressureReducingValve", "prv", {{"p_set", pset}, {"dp_reg", band}, {"k", 1e-6}, {"dp_tr", 1e4}}),
                    comp("Volume", "V", {{"V", 1e-4}}),
                    comp("LaminarOrifice", "load", {{"G", load > 0 ? load : 1e-20}}),
                    comp("Tank", "tank")};
    n.wires = {wire("src", "P", "prv", "P"), wire("prv", "A", "V", "P1"), wire("V", "P2", "load", "A"),
               wire("load", "B", "tank", "P")};
    // Without a load the first fill overshoots the setting (the spool lags the 75 us fill), and
    // only the relieving drain brings a trapped outlet back.
    if (load == 0.0) n.wires.push_back(wire("prv", "T", "tank", "P"));
    RunResult r = buildAndRun(n, {{"p", "pressure", "V"}}, runOptions(solver("cvode", 1e-4, 1e-9, 1e-3), 1.0, 0.01));
    QVERIFY2(r.ok, r.error.c_str());
    const double p = r.trace.columns[0].back();
    qInfo("load %.0e: outlet %.4f bar (set %.1f, band %.1f bar)", load, p / 1e5, pset / 1e5, band / 1e5);
    if (load == 0.0) {  // relieving: back at the setting, where both edges are closed
        QVERIFY(std::abs(p - pset) < 0.01 * band);
        return;
    }
    QVERIFY(p <= pset);
    QVERIFY(p >= pset - band);
    // the band is proportional: the flow the load takes is the opening times the orifice's flow
    const double opening = std::clamp((pset - p) / band, 0.0, 1.0);
    const double qValve = opening * 1e-6 * flowRoot(2e7 - p, 1e4);
    QVERIFY2(std::abs(qValve - load * p) < 1e-6 * qValve, qPrintable(QString("valve %1 load %2").arg(qValve).arg(load * p)));
}

// The inlet pressure ramps 10 bar/s through the 100 bar cracking pressure; the valve's opening
// follows with tau = 1 ms, so it reaches 1 % at about crack + dp_open/100 + a ms of ramp.
void TestPressureValves::sequenceOpensAtCrack() {
    const double crack = 1e7, slope = 1e6;
    Netlist n;
    n.components = {comp("Ramp", "ramp", {{"slope", slope}}),
                    comp("PressureSource", "src", {}),
                    comp("SequenceValve", "seq", {{"p_crack", crack}, {"dp_open", 1e5}, {"k", 1e-6}, {"tau", 1e-3}}),
                    comp("Tank", "tank")};
    n.wires = {wire("ramp", "out", "src", "p"), wire("src", "P", "seq", "P"), wire("seq", "A", "tank", "P")};
    RunResult r = buildAndRun(n, {{"x", "state", "seq.x"}}, runOptions(solver("rk4", 1e-5), 12.0, 1e-3));
    QVERIFY2(r.ok, r.error.c_str());
    const double t = firstCrossing(r, 0, 0.01);
    const double pOpen = slope * t;
    qInfo("sequence valve opens (1 %%) at %.4f bar, crack %.1f bar", pOpen / 1e5, crack / 1e5);
    QVERIFY2(pOpen >= crack && pOpen < crack + 0.05e5, qPrintable(QString::number(pOpen)));
}

// pA = 0, pB = 100 bar, the pilot ramps: reverse flow B->A starts at phi*pX = pB + p_crack.
void TestPressureValves::pilotCheckOpensAtRatio() {
    const double phi = 3.5, crack = 1e5, pb = 1e7, slope = 1e6;
    Netlist n;
    n.components = {comp("Ramp", "ramp", {{"slope", slope}}), comp("PressureSource", "pilot", {}),
                    comp("PressureSource", "b", {{"p", pb}}), comp("Tank", "a"),
                    comp("PilotCheckValve", "pc", {{"phi", phi}, {"p_crack", crack}, {"k", 5e-7}})};
    n.wires = {wire("ramp", "out", "pilot", "p"), wire("pilot", "P", "pc", "X"), wire("b", "P", "pc", "B"),
               wire("a", "P", "pc", "A")};
    RunResult r = buildAndRun(n, {{"q", "flow", "pc.B"}}, runOptions(solver("rk4", 1e-4), 4.0, 1e-4));
    QVERIFY2(r.ok, r.error.c_str());
    const double t = firstCrossing(r, 0, 1e-9);  // flow INTO the valve at B: reverse flow
    const double expected = (pb + crack) / phi;
    qInfo("pilot check opens at pX = %.4f bar (ratio: %.4f bar)", slope * t / 1e5, expected / 1e5);
    QVERIFY2(std::abs(slope * t - expected) <= slope * 1e-4 + 1.0, qPrintable(QString::number(slope * t)));
    QVERIFY(std::abs(r.trace.columns[0].back() - 5e-7 * std::sqrt(pb)) < 1e-12);
}

void TestPressureValves::counterbalanceOpensAtSetting() {
    const double pset = 2e7, ratio = 3.0, pa = 1.5e7, slope = 1e6;
    Netlist n;
    n.components = {comp("Ramp", "ramp", {{"slope", slope}}), comp("PressureSource", "pilot", {}),
                    comp("PressureSource", "load", {{"p", pa}}), comp("Tank", "valve"),
                    comp("CounterbalanceValve", "cbv", {{"p_set", pset}, {"ratio", ratio}, {"dp_open", 1e5}, {"tau", 1e-3}})};
    n.wires = {wire("ramp", "out", "pilot", "p"), wire("pilot", "P", "cbv", "X"), wire("load", "P", "cbv", "A"),
               wire("valve", "P", "cbv", "B")};
    RunResult r = buildAndRun(n, {{"x", "state", "cbv.x"}}, runOptions(solver("rk4", 1e-5), 3.0, 1e-3));
    QVERIFY2(r.ok, r.error.c_str());
    const double pilot = slope * firstCrossing(r, 0, 0.01);
    const double expected = (pset - pa) / ratio;
    qInfo("counterbalance opens at pilot %.4f bar (setting: %.4f bar)", pilot / 1e5, expected / 1e5);
    QVERIFY2(pilot >= expected && pilot < expected + 0.05e5, qPrintable(QString::number(pilot)));
    QCOMPARE(r.trace.columns[0].front(), 0.0);  // holds the load before
}

void TestPressureValves::counterbalanceFreeReverseFlow() {
    Netlist n;
    n.components = {comp("Tank", "load"), comp("PressureSource", "valve", {{"p", 1e6}}), comp("Tank", "pilot"),
                    comp("CounterbalanceValve", "cbv", {{"k_check", 1e-6}, {"p_check", 2e5}})};
    n.wires = {wire("pilot", "P", "cbv", "X"), wire("load", "P", "cbv", "A"), wire("valve", "P", "cbv", "B")};
    RunResult r = buildAndRun(n, {{"q", "flow", "cbv.A"}}, runOptions(solver("rk4", 1e-4), 0.01, 1e-3));
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(std::abs(r.trace.columns[0].back() + 1e-6 * std::sqrt(8e5)) < 1e-12);  // B->A through the check
}

void TestPressureValves::flowControlLimitsFlow() {
    const double qset = 1e-4;
    for (double dp : {1e5, 1e6, 2e7}) {
        Netlist n;
        n.components = {comp("PressureSource", "src", {{"p", dp}}), comp("Tank", "tank"),
                        comp("FlowControlValve", "fcv", {{"Q_set", qset}, {"k", 1e-6}})};
        n.wires = {wire("src", "P", "fcv", "A"), wire("fcv", "B", "tank", "P")};
        RunResult r = buildAndRun(n, {{"q", "flow", "fcv.A"}}, runOptions(solver("rk4", 1e-4), 0.001, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.trace.columns[0].back(), std::min(qset, 1e-6 * std::sqrt(dp)));
    }
}

// 40 l/min into a 1:3 divider feeding two different laminar loads: 10 and 30 l/min.
void TestPressureValves::dividerSplitsWhateverTheLoads() {
    const double q = 40.0 / 60000.0;
    Netlist n;
    n.fluid.bulk = constantBe(1.5e9);
    n.components = {comp("FlowSource", "pump", {{"Q", q}}), comp("Volume", "Vp", {{"V", 1e-4}}),
                    comp("FlowDivider", "div", {{"ratio", 0.25}, {"k", 1e-6}, {"dp_tr", 1e4}}),
                    comp("Volume", "Va", {{"V", 1e-4}}), comp("Volume", "Vb", {{"V", 1e-4}}),
                    comp("LaminarOrifice", "loadA", {{"G", 1e-10}}), comp("LaminarOrifice", "loadB", {{"G", 1e-9}}),
                    comp("Tank", "tank")};
    n.wires = {wire("pump", "P", "Vp", "P1"), wire("Vp", "P2", "div", "P"), wire("div", "A", "Va", "P1"),
               wire("div", "B", "Vb", "P1"), wire("Va", "P2", "loadA", "A"), wire("Vb", "P2", "loadB", "A"),
               wire("loadA", "B", "tank", "P"), wire("loadB", "B", "tank", "P")};
    RunResult r = buildAndRun(n, {{"qa", "flow", "div.A"}, {"qb", "flow", "div.B"}, {"pa", "pressure", "Va"}, {"pb", "pressure", "Vb"}},
                              runOptions(solver("cvode", 1e-3, 1e-10, 1e-3), 2.0, 0.01));
    QVERIFY2(r.ok, r.error.c_str());
    const double qa = -r.trace.columns[0].back(), qb = -r.trace.columns[1].back();
    qInfo("divider: A %.4f l/min at %.1f bar, B %.4f l/min at %.1f bar", qa * 60000, r.trace.columns[2].back() / 1e5,
          qb * 60000, r.trace.columns[3].back() / 1e5);
    QVERIFY(std::abs(qa / (0.25 * q) - 1.0) < 1e-6);
    QVERIFY(std::abs(qb / (0.75 * q) - 1.0) < 1e-6);
}

QTEST_GUILESS_MAIN(TestPressureValves)
#include "test_pressure_valves.moc"
