// SPDX-License-Identifier: GPL-3.0-or-later
// The TlmLine component: physical delay, lossless propagation, segments, filter damping.
#include <QtTest>

#include "tlm_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

// Be 1e9, rho 1000: c = 1000 m/s; d = 10 mm: Zc = rho*c/A = 1.273e10 Pa*s/m3.
Netlist sourceLineVolume(double len, double alphaLine, int segments, double vB) {
    Netlist n;
    n.fluid.bulk = constantBe(1e9);
    n.fluid.density = 1000;
    n.components = {comp("PressureSource", "ps", {{"p", 1e7}}),
                    comp("TlmLine", "line", {{"L", len}, {"d", 0.01}, {"alpha", alphaLine}, {"segments", double(segments)}}),
                    comp("Volume", "VB", {{"V", vB}})};
    n.wires = {wire("ps", "P", "line", "A"), wire("line", "B", "VB", "P1")};
    return n;
}

// Two TLM volumes joined by a line; VA starts at 100 bar, the rest at 0: a closed lossless system.
Netlist sloshing(double alphaLine) {
    Netlist n;
    n.fluid.bulk = constantBe(1e9);
    n.fluid.density = 1000;
    n.components = {comp("Volume", "VA", {{"V", 1e-4}, {"p0", 1e7}}),
                    comp("TlmLine", "line", {{"L", 1.0}, {"d", 0.01}, {"alpha", alphaLine}}),
                    comp("Volume", "VB", {{"V", 1e-4}})};
    n.wires = {wire("VA", "P1", "line", "A"), wire("line", "B", "VB", "P1")};
    return n;
}

SolverSettings lossless(double dt, std::initializer_list<const char*> volumes) {
    SolverSettings s = solver("rk4", dt);
    for (const char* v : volumes) s = withMethod(s, v, "tlm", {{"alpha", 0.0}});
    return s;
}

}  // namespace

class TestTlmLine : public QObject {
    Q_OBJECT
private slots:
    // A pressure step at A reaches the closed end B after exactly T = L/c and doubles there.
    void stepTravelsWithDelay() {
        const double dt = 1e-5, T = 10.0 / 1000.0;
        RunResult r = buildAndRun(sourceLineVolume(10.0, 0.0, 1, 1e-7), {{"pB", "pressure", "line.B"}},
                                  runOptions(lossless(dt, {"VB"}), 1.5 * T, dt));
        QVERIFY2(r.ok, r.error.c_str());
        const auto& t = r.trace.time;
        const auto& p = r.trace.columns[0];
        for (size_t i = 0; i < t.size(); ++i) {
            if (t[i] < T - 0.5 * dt) QVERIFY2(std::abs(p[i]) < 1.0, qPrintable(QString::number(t[i])));
            if (t[i] > T + 20 * dt && t[i] < 1.5 * T) QVERIFY2(std::abs(p[i] - 2e7) < 1e5, qPrintable(QString::number(p[i])));
        }
    }

    // Without the filter nothing is lost: the sloshing between two volumes keeps its amplitude
    // (RMS over many periods) through 400 round trips of the line.
    void losslessKeepsEnergy() {
        const double dt = 1e-5;
        auto amplitudes = [&](double alpha, double& first, double& last) {
            RunResult r = buildAndRun(sloshing(alpha), {{"pB", "pressure", "VB"}}, runOptions(lossless(dt, {"VA", "VB"}), 0.4, dt));
            if (!r.ok) return r.error;
            const auto& p = r.trace.columns[0];
            const size_t n = p.size(), w = n / 4;
            // the shared final pressure: VA's oil spread over both volumes and the line
            const double cv = 1e-4 / 1e9, cl = 3.141592653589793 * 0.01 * 0.01 / 4 * 1.0 / 1e9;
            const double mean = 1e7 * cv / (2 * cv + cl);
            // RMS of the oscillation over a window of several slosh periods (~5 ms): the
            // signal is quasi-periodic, so single peaks beat, the mean square does not.
            first = last = 0;
            for (size_t i = 0; i < w; ++i) first += (p[i] - mean) * (p[i] - mean);
            for (size_t i = n - w; i < n; ++i) last += (p[i] - mean) * (p[i] - mean);
            first = std::sqrt(first / w);
            last = std::sqrt(last / w);
            return std::string();
        };
        double f0 = 0, l0 = 0;
        std::string e = amplitudes(0.0, f0, l0);
        QVERIFY2(e.empty(), e.c_str());
        QVERIFY2(f0 > 1e6, qPrintable(QString::number(f0)));
        QVERIFY2(std::abs(l0 / f0 - 1) < 0.05, qPrintable(QString("%1 -> %2").arg(f0).arg(l0)));
    }

    // Lossless segments only pass the waves on: 4 segments equal 1 to rounding.
    void segmentsEqualWholeLine() {
        const double dt = 1e-5;
        RunResult a = buildAndRun(sourceLineVolume(10.0, 0.0, 1, 1e-6), {{"pB", "pressure", "line.B"}},
                                  runOptions(lossless(dt, {"VB"}), 0.05, dt));
        RunResult b = buildAndRun(sourceLineVolume(10.0, 0.0, 4, 1e-6), {{"pB", "pressure", "line.B"}},
                                  runOptions(lossless(dt, {"VB"}), 0.05, dt));
        QVERIFY2(a.ok && b.ok, (a.error + b.error).c_str());
        double worst = 0;
        for (size_t i = 0; i < a.trace.time.size(); ++i)
            worst = std::max(worst, std::abs(a.trace.columns[0][i] - b.trace.columns[0][i]));
        QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
    }

    // Mixed: a TLM volume at the source end behind a resistor matched to the line (G = 1/Zc)
    // and an integrated volume at the far end. The wave arrives after T, and the matched end
    // absorbs the reflections: the far volume charges like an RC with R = Zc.
    void mixedNeighbours() {
        const double dt = 1e-5, T = 0.01, zc = 1000.0 * 1000.0 / (3.141592653589793 * 1e-4 / 4);
        Netlist n = sourceLineVolume(10.0, 0.0, 1, 1e-3);
        n.components.push_back(comp("LaminarOrifice", "match", {{"G", 1.0 / zc}}));
        n.components.push_back(comp("Volume", "VS", {{"V", 1e-7}}));
        n.wires[0] = wire("ps", "P", "match", "A");
        n.wires.push_back(wire("match", "B", "VS", "P1"));
        n.wires.push_back(wire("VS", "P2", "line", "A"));
        RunResult r = buildAndRun(n, {{"pB", "pressure", "VB"}}, runOptions(tlmSolver(dt, "VS", 0.0), 0.2, 1e-4));
        QVERIFY2(r.ok, r.error.c_str());
        const double tau = zc * 1e-3 / 1e9;
        for (size_t i = 0; i < r.trace.time.size(); ++i) {
            const double t = r.trace.time[i];
            if (t < T - dt) QVERIFY(std::abs(r.trace.columns[0][i]) < 1.0);
            if (t > 5 * T) QVERIFY2(std::abs(r.trace.columns[0][i] - 1e7 * (1 - std::exp(-(t - T) / tau))) < 0.05e7,
                                    qPrintable(QString("%1 %2").arg(t).arg(r.trace.columns[0][i])));
        }
        QVERIFY2(std::abs(r.trace.columns[0].back() - 1e7) < 1e3, qPrintable(QString::number(r.trace.columns[0].back())));
    }

    // alpha > 0 against the line's own equations (notes/003 (2.5-2.6), (2.25-2.27)): a 10 m line
    // (T = 10 ms) between an imposed 100 bar at A and the tank at B, line initially at 0 Pa.
    // Each end is p = c + Z'q with Z' = Zc/(1 - alpha), so until the first reflection returns
    // (t < 2T) A takes q_A = P/Z'; the wave 2P reaches B after T and is filtered there step by
    // step, c_B(n+1) = alpha c_B(n) + (1 - alpha) 2P, so q_B = -c_B/Z' -> -2P/Z'; B's reflection
    // -2P reaches A at 2T: q_A = 3P/Z'. Z' = Zc (no 1/(1 - alpha)) changes every flow by 20 %.
    void filteredLineFollowsItsEquations() {
        const double dt = 1e-5, len = 10.0, T = len / 1000.0, alpha = 0.2, P = 1e7;
        const double zc = 1000.0 * 1000.0 / (std::numbers::pi * 0.01 * 0.01 / 4.0), zp = zc / (1.0 - alpha);
        Netlist n;
        n.fluid.bulk = constantBe(1e9);
        n.fluid.density = 1000;
        n.components = {comp("PressureSource", "ps", {{"p", P}}),
                        comp("TlmLine", "line", {{"L", len}, {"d", 0.01}, {"alpha", alpha}}), comp("Tank", "tank")};
        n.wires = {wire("ps", "P", "line", "A"), wire("line", "B", "tank", "P")};
        RunResult r = buildAndRun(n, {{"qA", "flow", "line.A"}, {"qB", "flow", "line.B"}}, runOptions(solver("rk4", dt), 4 * T, dt));
        QVERIFY2(r.ok, r.error.c_str());
        const auto& t = r.trace.time;
        const auto& qa = r.trace.columns[0];
        const auto& qb = r.trace.columns[1];
        int checkedA1 = 0, checkedA2 = 0, checkedB = 0, transient = 0;
        for (size_t i = 0; i < t.size(); ++i) {
            const QString at = QString("t = %1: qA %2, qB %3").arg(t[i]).arg(qa[i]).arg(qb[i]);
            if (t[i] > 0 && t[i] < 2 * T - 2 * dt) {
                QVERIFY2(std::abs(qa[i] / (P / zp) - 1) < 1e-9, qPrintable(at));
                ++checkedA1;
            }
            if (t[i] < T - 2 * dt) QVERIFY2(std::abs(qb[i]) < 1e-12, qPrintable(at));
            if (t[i] > T + 60 * dt && t[i] < 3 * T - 2 * dt) {
                QVERIFY2(std::abs(qb[i] / (-2 * P / zp) - 1) < 1e-9, qPrintable(at));
                ++checkedB;
            }
            if (t[i] > 2 * T + 60 * dt && t[i] < 4 * T - 2 * dt) {
                QVERIFY2(std::abs(qa[i] / (3 * P / zp) - 1) < 1e-9, qPrintable(at));
                ++checkedA2;
            }
            // the filter, step by step, while the first wave builds up at B
            if (i > 0 && qb[i - 1] != 0 && t[i] < T + 60 * dt) {
                const double expected = alpha * qb[i - 1] + (1 - alpha) * (-2 * P / zp);
                QVERIFY2(std::abs(qb[i] - expected) < 1e-9 * 2 * P / zp, qPrintable(at));
                if (std::abs(qb[i]) > 0.01 * 2 * P / zp && std::abs(qb[i]) < 0.99 * 2 * P / zp) ++transient;
            }
        }
        QVERIFY(checkedA1 > 1000 && checkedB > 1000 && checkedA2 > 1000);
        QVERIFY2(transient >= 2, "the filter's build-up was not sampled");
    }

    void delayShorterThanStep() {
        RunResult r = buildAndRun(sourceLineVolume(0.005, 0.0, 1, 1e-6), {}, runOptions(lossless(1e-5, {"VB"}), 0.01, 1e-3));
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find("shorter than the step") != std::string::npos, r.error.c_str());
        std::string err;
        RunResult c = buildAndRun(sourceLineVolume(10, 0.0, 1, 1e-6), {}, runOptions(solver("cvode", 1e-5), 0.01, 1e-3), &err);
        QVERIFY(err.find("fixed-step") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestTlmLine)
#include "test_tlm_line.moc"
