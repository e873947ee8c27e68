// SPDX-License-Identifier: GPL-3.0-or-later
// Signal nonlinearities, logic and shapes (signal_nonlinear.cpp, signal_logic.cpp,
// signal_shapes.cpp) and the differential pressure sensor: the rate limiter's slopes, the lookup
// table's interpolation and its two rules outside the points, division by zero, the relay's
// hysteresis, static maps, pulse and soft step values.
#include <QtTest/QtTest>

#include "signal_run.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

// A ramp u = t - 1 through one block "b"; probes b.out.
SignalRun throughBlock(const NetComponent& block, double duration = 4.0, double record = 0.01) {
    return runSignals({comp("Ramp", "u", {{"t0", 0.0}, {"offset", -1.0}, {"slope", 1.0}}), block},
                      {wire("u", "out", block.id, block.type == "Comparator" || block.type == "Logic" || block.type == "Product" ||
                                                          block.type == "Division" ? "in1" : "in")},
                      {"b.out"}, solver("rk4", 1e-3), duration, record);
}

}  // namespace

class TestSignalNonlinear : public QObject {
    Q_OBJECT
private slots:
    void rateLimiterSlopes() {
        // 0 -> 1 at 0.1 s and back at 1 s; rise 2/s, fall 4/s, Tf 0.1 ms
        const SignalRun r = runSignals({comp("Pulse", "u", {{"base", 0.0}, {"amplitude", 1.0}, {"t_start", 0.1}, {"t_end", 1.0}}),
                                        comp("RateLimiter", "b", {{"rise", 2.0}, {"fall", 4.0}, {"Tf", 1e-4}})},
                                       {wire("u", "out", "b", "in")}, {"b.out"}, solver("rk4", 1e-5), 1.5, 1e-3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(std::abs(r.at("b.out", 0.35) - 0.5) < 1e-5);   // 2/s for 0.25 s
        QVERIFY(std::abs(r.at("b.out", 0.45) - 0.7) < 1e-5);
        QVERIFY(std::abs(r.at("b.out", 0.9) - 1.0) < 1e-9);    // reached and held
        QVERIFY(std::abs(r.at("b.out", 1.125) - 0.5) < 1e-5);  // 4/s down
        QVERIFY(std::abs(r.at("b.out", 1.4)) < 1e-9);
    }
    // start = input: the output begins at the input's first value (1.1) and falls at 0.2/s
    // after the input steps to -0.1 at 1 s (Hopsan's Hydraulic22OnOffValveTest input).
    void rateLimiterStartsAtInput() {
        const SignalRun r = runSignals({comp("Step", "u", {{"t0", 1.0}, {"before", 1.1}, {"after", -0.1}}),
                                        comp("RateLimiter", "b", {{"rise", 0.2}, {"fall", 0.2}, {"Tf", 1e-3}}, {{"start", "input"}})},
                                       {wire("u", "out", "b", "in")}, {"b.out"}, solver("rk4", 1e-3), 8.0, 1e-3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.at("b.out", 0.0), 1.1);
        QCOMPARE(r.at("b.out", 0.9), 1.1);
        QVERIFY(std::abs(r.at("b.out", 4.0) - (1.1 - 0.2 * 3.0)) < 1e-3);
        QVERIFY(std::abs(r.at("b.out", 8.0) - (-0.1)) < 1e-9);
    }
    // form = discrete at the step (Hopsan's limiter): each 1 ms step moves the output by exactly
    // rise*dt towards the input, the value at t_k already including the move made at t_k, and it
    // lands on the input exactly; the output is held between steps. Under CVODE (no fixed step)
    // the block falls back to the continuous limiter and still runs.
    void discreteRateLimiterSteps() {
        auto run = [](const char* stepper) {
            return runSignals({comp("Step", "u", {{"t0", 0.1}, {"before", 0.0}, {"after", 1.0}}),
                               comp("RateLimiter", "b", {{"rise", 2.0}, {"fall", 2.0}, {"Tf", 1e-3}},
                                    {{"start", "input"}, {"form", "discrete at the step"}})},
                              {wire("u", "out", "b", "in")}, {"b.out"}, solver(stepper, 1e-3), 1.0, 1e-3);
        };
        const SignalRun r = run("rk4");
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.at("b.out", 0.099), 0.0);
        for (int k = 0; k <= 10; ++k)  // the step at 0.1 s is seen at t = 0.1 s: k+1 moves by t = 0.1 + k ms
            QVERIFY2(std::abs(r.at("b.out", 0.1 + 1e-3 * k) - 2e-3 * (k + 1)) < 1e-12, qPrintable(QString::number(k)));
        QCOMPARE(r.at("b.out", 0.6), 1.0);  // 500 moves of 2e-3: exactly on the input, then held
        const SignalRun c = run("cvode");
        QVERIFY2(c.error.empty(), c.error.c_str());
        QVERIFY(std::abs(c.at("b.out", 0.35) - 0.5) < 5e-3);  // the continuous limiter: 2/s from 0.1 s
    }
    void lookupTable_data() {
        QTest::addColumn<QString>("outside");
        QTest::addColumn<double>("t");
        QTest::addColumn<double>("expected");
        // points (0, 0), (1, 2), (2, 3); the input is t - 1
        for (const char* rule : {"hold", "extrapolate"}) {
            const bool hold = QString(rule) == "hold";
            QTest::addRow("%s below", rule) << rule << 0.0 << (hold ? 0.0 : -2.0);
            QTest::addRow("%s first point", rule) << rule << 1.0 << 0.0;
            QTest::addRow("%s segment 1", rule) << rule << 1.5 << 1.0;
            QTest::addRow("%s inner point", rule) << rule << 2.0 << 2.0;
            QTest::addRow("%s segment 2", rule) << rule << 2.5 << 2.5;
            QTest::addRow("%s above", rule) << rule << 4.0 << (hold ? 3.0 : 4.0);
        }
    }
    void lookupTable() {
        QFETCH(QString, outside);
        QFETCH(double, t);
        QFETCH(double, expected);
        const SignalRun r = throughBlock(comp("LookupTable1D", "b", {}, {{"points", "0 0; 1 2; 2 3"}, {"outside", outside.toStdString()}}));
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY2(std::abs(r.at("b.out", t) - expected) < 1e-9, qPrintable(QString::number(r.at("b.out", t))));
    }
    void lookupTableRejectsUnorderedPoints() {
        const SignalRun r = throughBlock(comp("LookupTable1D", "b", {}, {{"points", "0 0; 1 2; 1 3"}}));
        QVERIFY2(r.error.find("strictly") != std::string::npos, r.error.c_str());
    }
    // in1 = 2, in2 = t - 1 crosses 0 at t = 1: the divisor is held at eps = 1e-3 there.
    void divisionByZero() {
        const SignalRun r = runSignals({comp("Constant", "n", {{"value", 2.0}}),
                                        comp("Ramp", "d", {{"t0", 0.0}, {"offset", -1.0}, {"slope", 1.0}}),
                                        comp("Division", "b", {{"eps", 1e-3}})},
                                       {wire("n", "out", "b", "in1"), wire("d", "out", "b", "in2")}, {"b.out"},
                                       solver("rk4", 1e-3), 2.0, 1e-3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(std::abs(r.at("b.out", 0.5) - (-4.0)) < 1e-9);
        QVERIFY(std::abs(r.at("b.out", 1.5) - 4.0) < 1e-9);
        for (double y : r.column("b.out")) QVERIFY(std::isfinite(y) && std::abs(y) <= 2.0 / 1e-3 + 1e-6);
        // at the crossing (|in2| < eps) the output is in1/(+-eps)
        const double atZero = r.at("b.out", 1.0);
        QVERIFY2(std::abs(std::abs(atZero) - 2000.0) < 1e-6, qPrintable(QString::number(atZero)));
    }
    void relayHysteresis() {
        // in = 2 sin(t): high once above 1 (t = pi/6), still high at 0 on the way down, low
        // after -1 (t = 7pi/6), low again at 0 on the way up (t = 2 pi)
        const SignalRun r = runSignals({comp("Sine", "u", {{"amplitude", 2.0}, {"omega", 1.0}}),
                                        comp("Relay", "b", {{"on", 1.0}, {"off", -1.0}, {"high", 5.0}, {"low", -5.0}})},
                                       {wire("u", "out", "b", "in")}, {"b.out"}, solver("rk4", 1e-3), 7.0, 1e-3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.at("b.out", 0.5), -5.0);
        QCOMPARE(r.at("b.out", 0.53), 5.0);  // pi/6 = 0.5236
        QCOMPARE(r.at("b.out", std::numbers::pi), 5.0);
        QCOMPARE(r.at("b.out", 3.66), 5.0);  // 7 pi/6 = 3.665
        QCOMPARE(r.at("b.out", 3.67), -5.0);
        QCOMPARE(r.at("b.out", 2 * std::numbers::pi), -5.0);
    }
    void staticMaps_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("op");
        QTest::addColumn<double>("t");  // input t - 1
        QTest::addColumn<double>("expected");
        QTest::newRow("saturation low") << "Saturation" << "" << 0.2 << -0.5;
        QTest::newRow("saturation inside") << "Saturation" << "" << 1.2 << 0.2;
        QTest::newRow("saturation high") << "Saturation" << "" << 3.0 << 1.5;
        QTest::newRow("dead zone below") << "DeadZone" << "" << 0.0 << -0.5;  // -1 - (-0.5)
        QTest::newRow("dead zone inside") << "DeadZone" << "" << 1.5 << 0.0;
        QTest::newRow("dead zone above") << "DeadZone" << "" << 3.0 << 1.0;   // 2 - 1
        QTest::newRow("greater, false") << "Comparator" << ">" << 1.2 << 0.0;  // 0.2 > 0.5
        QTest::newRow("greater, true") << "Comparator" << ">" << 1.7 << 1.0;
        QTest::newRow("less, true") << "Comparator" << "<" << 1.2 << 1.0;
        QTest::newRow("not of 0.2") << "Logic" << "not" << 1.2 << 1.0;
        QTest::newRow("not of 0.7") << "Logic" << "not" << 1.7 << 0.0;
        QTest::newRow("and with open in2") << "Logic" << "and" << 1.7 << 0.0;
        QTest::newRow("or with open in2") << "Logic" << "or" << 1.7 << 1.0;
        QTest::newRow("xor with open in2") << "Logic" << "xor" << 1.2 << 0.0;
    }
    void staticMaps() {
        QFETCH(QString, type);
        QFETCH(QString, op);
        QFETCH(double, t);
        QFETCH(double, expected);
        std::map<std::string, std::string> text;
        if (!op.isEmpty()) text["op"] = op.toStdString();
        const SignalRun r = throughBlock(comp(type.toStdString(), "b", paramsFor(type), text));
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY2(std::abs(r.at("b.out", t) - expected) < 1e-9, qPrintable(QString::number(r.at("b.out", t))));
    }
    void product() {
        const SignalRun r = runSignals({comp("Constant", "a", {{"value", -3.0}}),
                                        comp("Ramp", "u", {{"t0", 0.0}, {"offset", -1.0}, {"slope", 1.0}}), comp("Product", "b")},
                                       {wire("a", "out", "b", "in1"), wire("u", "out", "b", "in2")}, {"b.out"},
                                       solver("rk4", 1e-3), 2.0, 0.5);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(std::abs(r.at("b.out", 0.5) - 1.5) < 1e-12);
        QVERIFY(std::abs(r.at("b.out", 2.0) - (-3.0)) < 1e-12);
    }
    void sum4() {
        const SignalRun r = runSignals({comp("Constant", "a", {{"value", 1.0}}), comp("Constant", "b", {{"value", 10.0}}),
                                        comp("Constant", "c", {{"value", 100.0}}), comp("Sum4", "s", {{"b", -1.0}, {"c", 0.5}})},
                                       {wire("a", "out", "s", "in1"), wire("b", "out", "s", "in2"), wire("c", "out", "s", "in3")},
                                       {"s.out"}, solver("rk4", 1e-3), 0.01, 0.01);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.at("s.out", 0.01), 1.0 - 10.0 + 50.0);  // in4 open: 0
    }
    void pulseAndSoftStep() {
        const SignalRun r = runSignals({comp("Pulse", "p", {{"base", 1.0}, {"amplitude", 2.0}, {"t_start", 0.5}, {"t_end", 1.0}}),
                                        comp("SoftStep", "s", {{"y0", 1.0}, {"amplitude", 4.0}, {"t_start", 0.2}, {"t_end", 1.2}})},
                                       {}, {"p.out", "s.out"}, solver("rk4", 1e-3), 1.5, 1e-3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.at("p.out", 0.499), 1.0);
        QCOMPARE(r.at("p.out", 0.5), 3.0);  // the step that lands on an edge (t accumulated) sees it
        QCOMPARE(r.at("p.out", 0.999), 3.0);
        QCOMPARE(r.at("p.out", 1.0), 1.0);
        QCOMPARE(r.at("s.out", 0.2), 1.0);
        QVERIFY(std::abs(r.at("s.out", 0.7) - 3.0) < 1e-9);  // half way: y0 + A/2
        QVERIFY(std::abs(r.at("s.out", 0.45) - (1.0 + 4.0 * (1 - std::cos(std::numbers::pi / 4)) / 2)) < 1e-9);
        QCOMPARE(r.at("s.out", 1.2), 5.0);
    }
    // p_A - p_B across an orifice between a 5 MPa source and a 0.1 MPa tank; the sensor draws
    // no flow (the orifice's two flows stay equal and opposite); p*Q on either side.
    void differentialPressure() {
        Netlist n;
        n.components = {comp("PressureSource", "src", {{"p", 5e6}}), comp("LaminarOrifice", "o", {{"G", 1e-11}}),
                        comp("Tank", "tank", {{"p", 1e5}}), comp("DifferentialPressureSensor", "dp"),
                        comp("HydraulicPowerSensor", "pin", {}, {{"port", "o.A"}}),
                        comp("HydraulicPowerSensor", "pout", {}, {{"port", "o.B"}, {"direction", "out of"}})};
        n.wires = {wire("src", "P", "o", "A"), wire("o", "B", "tank", "P"), wire("dp", "A", "o", "A"), wire("dp", "B", "o", "B"),
                   wire("pin", "P", "o", "A"), wire("pout", "P", "o", "B")};
        const RunResult r = buildAndRun(n, {{"dp", "signal", "dp.dp"}, {"qa", "flow", "o.A"}, {"qb", "flow", "o.B"},
                                            {"pin", "signal", "pin.W"}, {"pout", "signal", "pout.W"}},
                                        runOptions(solver("rk4", 1e-3), 0.01, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.trace.columns[0].back(), 4.9e6);
        QVERIFY(std::abs(r.trace.columns[1].back() - 4.9e-5) < 1e-15);
        QCOMPARE(r.trace.columns[2].back(), -r.trace.columns[1].back());
        // power into the orifice at A (5 MPa * 49 ml/s = 245 W), out of it at B (0.1 MPa: 4.9 W)
        QVERIFY(std::abs(r.trace.columns[3].back() - 245.0) < 1e-9);
        QVERIFY(std::abs(r.trace.columns[4].back() - 4.9) < 1e-9);
    }
    // sampling = previous step (Hopsan's sensors): a ramped source pressure through an orifice into
    // a tank; the sensors read at t_k the value the current ones read at t_{k-1}, the flow sensor
    // included (it reads the orifice after its own solve), and both start at the first value.
    void sensorsSamplePreviousStep() {
        Netlist n;
        n.components = {comp("Table", "ramp", {}, {{"points", "0 1e5; 1 1.01e7"}}), comp("PressureSource", "src"),
                        comp("LaminarOrifice", "o", {{"G", 1e-11}}), comp("Tank", "tank", {{"p", 1e5}}),
                        comp("PressureSensor", "now"), comp("PressureSensor", "prev", {}, {{"sampling", "previous step"}}),
                        comp("FlowSensor", "qnow", {}, {{"port", "o.A"}}),
                        comp("FlowSensor", "qprev", {}, {{"port", "o.A"}, {"sampling", "previous step"}})};
        n.wires = {wire("ramp", "out", "src", "p"), wire("src", "P", "o", "A"), wire("o", "B", "tank", "P"),
                   wire("now", "P", "o", "A"), wire("prev", "P", "o", "A")};
        const RunResult r = buildAndRun(n, {{"now", "signal", "now.p"}, {"prev", "signal", "prev.p"},
                                            {"qnow", "signal", "qnow.Q"}, {"qprev", "signal", "qprev.Q"}},
                                        runOptions(solver("rk4", 1e-3), 0.1, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        const auto& now = r.trace.columns[0];
        const auto& prev = r.trace.columns[1];
        const auto& qnow = r.trace.columns[2];
        const auto& qprev = r.trace.columns[3];
        QCOMPARE(prev[0], now[0]);
        QCOMPARE(prev[1], now[0]);
        for (size_t k = 2; k < now.size(); ++k) {
            QVERIFY2(std::abs(prev[k] - now[k - 1]) < 1e-6, qPrintable(QString::number(k)));
            QVERIFY2(std::abs(qprev[k] - qnow[k - 1]) < 1e-18, qPrintable(QString::number(k)));
        }
        QVERIFY(std::abs(now[50] - now[49] - 1e4) < 1e-3);  // the ramp: 1e4 Pa a step
    }

private:
    static std::map<std::string, double> paramsFor(const QString& type) {
        if (type == "Saturation") return {{"lower", -0.5}, {"upper", 1.5}};
        if (type == "DeadZone") return {{"start", -0.5}, {"end", 1.0}};
        if (type == "Comparator") return {{"offset", 0.5}};
        return {};
    }
};

QTEST_GUILESS_MAIN(TestSignalNonlinear)
#include "test_signal_nonlinear.moc"
