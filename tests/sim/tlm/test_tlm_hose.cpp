// SPDX-License-Identifier: GPL-3.0-or-later
// The TlmHose component (TLM line with line friction and visco-elastic walls), the Hopsan start
// of TLM lines and the FlowSource's Hopsan pressure clamp: reduction to the lossless line, wave
// delay L/c, steady pressure drop = the resistance law, the clamp's wave.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "tlm_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kRho = 870, kBe = 1e9;
const double kSpeed = std::sqrt(kBe / kRho);  // 1072.1 m/s

// Pressure source (a step to ps at t0 when 'step') -> line -> node VB -> laminar orifice G -> tank.
Netlist pressureDriven(const NetComponent& line, double ps, double g) {
    Netlist n;
    n.fluid.bulk = constantBe(kBe);
    n.fluid.density = kRho;
    n.components = {comp("PressureSource", "ps", {{"p", ps}}), line, comp("Volume", "VB", {{"V", 1e-9}}),
                    comp("LaminarOrifice", "or", {{"G", g}}), comp("Tank", "tank", {{"p", 0.0}})};
    n.wires = {wire("ps", "P", line.id, "A"), wire(line.id, "B", "VB", "P1"), wire("VB", "P2", "or", "A"), wire("or", "B", "tank", "P")};
    return n;
}

// Flow source Q -> node VA -> line -> node VB -> laminar orifice G -> tank (or, g = 0: a pressure source pb at B).
Netlist flowDriven(const NetComponent& line, double q, double g, const std::string& clamp = "none", double pb = 0.0) {
    Netlist n;
    n.fluid.bulk = constantBe(kBe);
    n.fluid.density = kRho;
    n.components = {comp("FlowSource", "src", {{"Q", q}}, {{"clamp", clamp}}), comp("Volume", "VA", {{"V", 1e-9}}), line};
    n.wires = {wire("src", "P", "VA", "P1"), wire("VA", "P2", line.id, "A")};
    if (g > 0) {
        n.components.push_back(comp("Volume", "VB", {{"V", 1e-9}}));
        n.components.push_back(comp("LaminarOrifice", "or", {{"G", g}}));
        n.components.push_back(comp("Tank", "tank", {{"p", 0.0}}));
        n.wires.push_back(wire(line.id, "B", "VB", "P1"));
        n.wires.push_back(wire("VB", "P2", "or", "A"));
        n.wires.push_back(wire("or", "B", "tank", "P"));
    } else {
        n.components.push_back(comp("PressureSource", "pb", {{"p", pb}}));
        n.wires.push_back(wire(line.id, "B", "pb", "P"));
    }
    return n;
}

SolverSettings quasiSteady(double dt, std::initializer_list<const char*> volumes) {
    SolverSettings s = solver("rk4", dt);
    for (const char* v : volumes) s = withMethod(s, v, "quasi_steady", {});
    return s;
}

NetComponent hose(double len, double d, double mu, double etaW, std::map<std::string, std::string> text = {}) {
    return comp("TlmHose", "line", {{"L", len}, {"d", d}, {"mu", mu}, {"eta_w", etaW}, {"Be", kBe}, {"rho", kRho}}, std::move(text));
}

NetComponent lossless(double len, double d, std::map<std::string, std::string> text = {}) {
    return comp("TlmLine", "line", {{"L", len}, {"d", d}, {"Be", kBe}, {"rho", kRho}}, std::move(text));
}

}  // namespace

class TestTlmHose : public QObject {
    Q_OBJECT
private slots:
    // mu = 0 and eta_w = 0: every filter is 1 and every friction term 0, and with a delay of
    // whole steps Zc0 = rho a/A: the hose is the lossless TlmLine, sample for sample.
    void withoutLossesIsTheLosslessLine() {
        const double dt = 1e-4, len = 20 * dt * kSpeed;  // T = 20 steps
        const std::vector<ProbeSpec> probes = {{"pB", "pressure", "line.B"}, {"qA", "flow", "line.A"}};
        const RunOptions o = runOptions(quasiSteady(dt, {"VB"}), 0.05, dt);
        RunResult a = buildAndRun(pressureDriven(hose(len, 0.01, 0.0, 0.0), 1e7, 1e-11), probes, o);
        RunResult b = buildAndRun(pressureDriven(lossless(len, 0.01), 1e7, 1e-11), probes, o);
        QVERIFY2(a.ok, a.error.c_str());
        QVERIFY2(b.ok, b.error.c_str());
        QCOMPARE(a.trace.time.size(), b.trace.time.size());
        double worstP = 0, worstQ = 0, maxP = 0;
        for (size_t i = 0; i < a.trace.time.size(); ++i) {
            worstP = std::max(worstP, std::abs(a.trace.columns[0][i] - b.trace.columns[0][i]));
            worstQ = std::max(worstQ, std::abs(a.trace.columns[1][i] - b.trace.columns[1][i]));
            maxP = std::max(maxP, std::abs(b.trace.columns[0][i]));
        }
        QVERIFY2(maxP > 1e7, "the wave reached B");
        QVERIFY2(worstP <= 1e-6 * maxP, qPrintable(QString::number(worstP)));
        QVERIFY2(worstQ <= 1e-12, qPrintable(QString::number(worstQ)));
    }

    // With friction and wall viscosity the far end still sees nothing before T = L/c.
    void stepArrivesAfterTheDelay() {
        const double dt = 1e-4, len = 10.0, T = len / kSpeed;
        RunResult r = buildAndRun(pressureDriven(hose(len, 0.03, 0.03, 0.01), 1e7, 1e-10), {{"pB", "pressure", "line.B"}},
                                  runOptions(quasiSteady(dt, {"VB"}), 3 * T, dt));
        QVERIFY2(r.ok, r.error.c_str());
        const auto& t = r.trace.time;
        const auto& p = r.trace.columns[0];
        const double n = std::round(T / dt);  // the delay in whole steps
        for (size_t i = 0; i < t.size(); ++i) {
            if (t[i] < (n - 0.5) * dt) QVERIFY2(p[i] == 0.0, qPrintable(QString("p_B(%1) = %2").arg(t[i]).arg(p[i])));
            if (t[i] > (n + 0.5) * dt) QVERIFY2(p[i] > 1e6, qPrintable(QString("p_B(%1) = %2").arg(t[i]).arg(p[i])));
        }
    }

    // In steady flow the pressure drop is the line's resistance law: laminar 128 mu L q/(pi d^4);
    // turbulent (Re > 2300) 32 rho f L q^2/(pi^2 d^5), f = 0.079 Re^-1/4 (Blasius).
    void steadyDropIsTheResistanceLaw_data() {
        QTest::addColumn<double>("mu");
        QTest::addColumn<double>("q");
        QTest::newRow("laminar") << 0.03 << 1e-5;
        QTest::newRow("turbulent") << 0.003 << 1e-3;
    }
    void steadyDropIsTheResistanceLaw() {
        QFETCH(double, mu);
        QFETCH(double, q);
        const double dt = 1e-4, len = 10.0, d = 0.01, pi = std::numbers::pi;
        const double zc = kRho * kSpeed / (pi * d * d / 4);
        const RunOptions o = runOptions(quasiSteady(dt, {"VA", "VB"}), 20.0, 1e-2);
        RunResult r = buildAndRun(flowDriven(hose(len, d, mu, 0.01), q, 1.0 / zc),
                                  {{"pA", "pressure", "line.A"}, {"pB", "pressure", "line.B"}}, o);
        QVERIFY2(r.ok, r.error.c_str());
        const double drop = r.trace.columns[0].back() - r.trace.columns[1].back();
        const double re = 4 * kRho * q / (pi * d * mu);
        const double expected = re < 2300 ? 128 * mu * len * q / (pi * std::pow(d, 4))
                                          : 32 * kRho * 0.079 * std::pow(re, -0.25) * len * q * q / (pi * pi * std::pow(d, 5));
        QVERIFY2(std::abs(drop - expected) <= 1e-6 * expected,
                 qPrintable(QString("drop %1 Pa, law %2 Pa (Re %3)").arg(drop, 0, 'g', 10).arg(expected, 0, 'g', 10).arg(re)));
    }

    // Hopsan start values: the first wave leaving B (at a pressure source of 1 MPa, no Q-type
    // neighbour that computes its start) is p0 = 0, not the solve at t0, so the source's pressure
    // reaches A one step later than in a solved start.
    void hopsanStartDelaysTheFirstWave() {
        const double dt = 1e-3, len = 100 * dt * kSpeed, zq = 1e4;  // T = 100 steps
        const double d = std::sqrt(4 * kRho * kSpeed / (1e9 * std::numbers::pi));  // Zc = 1e9
        auto pA = [&](const char* start, double t) {
            RunResult r = buildAndRun(flowDriven(lossless(len, d, {{"start", start}}), zq / 1e9, 0.0, "none", 1e6),
                                      {{"pA", "pressure", "VA"}}, runOptions(quasiSteady(dt, {"VA"}), 0.15, dt));
            if (!r.ok) return std::nan("");
            for (size_t i = 0; i < r.trace.time.size(); ++i)
                if (std::abs(r.trace.time[i] - t) < 0.5 * dt) return r.trace.columns[0][i];
            return std::nan("");
        };
        QVERIFY(std::abs(pA("solved", 0.1) - (2e6 + zq)) < 1e-3);
        QVERIFY(std::abs(pA("Hopsan start values", 0.1) - zq) < 1e-3);
        QVERIFY(std::abs(pA("Hopsan start values", 0.101) - (2e6 + zq)) < 1e-3);
    }

    // Hopsan's clamp: a flow source Q into a line closed at B by 0 Pa. The waves alternate
    // c_A = -c_B(t - T), c_B = p_A + Z Q. From 2T on c_A = -2 Z Q and p_A = c_A + Z Q < 0:
    // without the clamp the line carries p_A + Z Q = 0 back (no flow at B from 3T), with it
    // p_A = 0 and the flow Q is kept: Z Q travels (B delivers Q from 3T on, not conservative).
    void clampKeepsTheFlow() {
        const double dt = 1e-3, len = 100 * dt * kSpeed, q = 1e-5;
        const double d = std::sqrt(4 * kRho * kSpeed / (1e9 * std::numbers::pi));  // Zc = 1e9
        auto flowOutAtB = [&](const char* clamp) {
            RunResult r = buildAndRun(flowDriven(lossless(len, d), q, 0.0, clamp, 0.0), {{"qB", "flow", "line.B"}},
                                      runOptions(quasiSteady(dt, {"VA"}), 0.36, dt));
            if (!r.ok) return std::nan("");
            return -r.trace.columns[0].back();  // at t = 0.36 s, between 3T and 4T
        };
        QVERIFY2(std::abs(flowOutAtB("none")) < 1e-12, qPrintable(QString::number(flowOutAtB("none"))));
        QVERIFY2(std::abs(flowOutAtB("Hopsan pressure clamp (not conservative)") - q) < 1e-12,
                 qPrintable(QString::number(flowOutAtB("Hopsan pressure clamp (not conservative)"))));
    }
};

QTEST_GUILESS_MAIN(TestTlmHose)
#include "test_tlm_hose.moc"
