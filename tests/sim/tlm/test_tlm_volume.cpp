// SPDX-License-Identifier: GPL-3.0-or-later
// The TLM volume method against the thesis' relief-valve line (notes/003 §2.1, §7 items 1-5)
// and against the trapezoidal rule it is equivalent to (Appendix B).
#include <QtTest>

#include "sim/methods/tlm_volume.h"
#include "tlm_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

struct ReliefRun {
    bool ok = false;
    std::string error;
    double maxDev = 0, final = 0, crack = -1, peakQ = 0, peakPpar = 0;
};

ReliefRun runRelief(double dt, double filter, int exchange = 0) {
    ReliefRun out;
    const SolverSettings s = exchange > 0 ? tlmExchange(dt, "line", filter, exchange) : tlmSolver(dt, "line", 0.2, filter);
    RunResult r = buildAndRun(ReliefLine::net(), ReliefLine::probes(), runOptions(s, 0.3, std::max(dt, 1e-5)));
    out.ok = r.ok;
    out.error = r.error;
    if (!r.ok) return out;
    const auto& t = r.trace.time;
    const auto& p = r.trace.columns[0];
    const auto& q = r.trace.columns[1];
    for (size_t i = 0; i < t.size(); ++i) {
        out.maxDev = std::max(out.maxDev, std::abs(p[i] - ReliefLine::exact(t[i])));
        if (out.crack < 0 && q[i] > 0) out.crack = t[i];
        out.peakQ = std::max(out.peakQ, q[i]);
        out.peakPpar = std::max(out.peakPpar, r.trace.columns[2][i]);
    }
    out.final = p.back();
    return out;
}

// RC fill: pressure source -> laminar orifice G -> volume; extra closed ports make N > 1.
Netlist rcFill(int closedPorts) {
    Netlist n;
    n.fluid.bulk = constantBe(1e9);
    n.components = {comp("PressureSource", "ps", {{"p", 1e7}}), comp("LaminarOrifice", "r", {{"G", 1e-12}}),
                    comp("Volume", "V", {{"V", 1e-4}})};
    n.wires = {wire("ps", "P", "r", "A"), wire("r", "B", "V", "P1")};
    if (closedPorts > 0) n.components.push_back(comp("Tank", "t"));
    for (int i = 0; i < closedPorts; ++i) {
        const std::string id = "closed" + std::to_string(i);
        n.components.push_back(comp("LaminarOrifice", id, {{"G", 0.0}}));
        n.wires.push_back(wire("V", "P" + std::to_string(i + 2), id, "A"));
        n.wires.push_back(wire(id, "B", "t", "P"));
    }
    return n;
}

}  // namespace

class TestTlmVolume : public QObject {
    Q_OBJECT
private slots:
    void reliefLine_data() {
        QTest::addColumn<double>("dt");
        QTest::addColumn<double>("filter");
        QTest::addColumn<double>("dev");     // notes §2.1: one-step lag on the 1007 bar/s ramp [bar]
        QTest::addColumn<double>("peakQ");   // peak valve flow [l/min], notes §2.1 [D]
        QTest::addColumn<double>("ppar");    // peak parasitic pressure [bar]
        QTest::newRow("char 1e-5") << 1e-5 << 0.0 << 0.010 << 10.00 << 0.0063;
        QTest::newRow("char 1e-4") << 1e-4 << 0.0 << 0.101 << 13.9 << 0.063;
        QTest::newRow("char 1e-3") << 1e-3 << 0.0 << 1.007 << 14.8 << 0.63;
        // The pressure-only filter lags the ramp by 1/(1-alpha) steps instead of one (the flow part
        // of the wave is not delayed by the filter, the pressure part is): 1.25 x the deviation.
        // Its peak flows are the notes' 13.3 / 13.7 l/min; its Ppar is no larger (notes §7.4).
        QTest::newRow("pressure 1e-5") << 1e-5 << 1.0 << 0.0126 << 10.00 << 0.0063;
        QTest::newRow("pressure 1e-4") << 1e-4 << 1.0 << 0.126 << 13.3 << 0.063;
        QTest::newRow("pressure 1e-3") << 1e-3 << 1.0 << 1.26 << 13.7 << 0.63;
    }
    void reliefLine() {
        QFETCH(double, dt);
        QFETCH(double, filter);
        QFETCH(double, dev);
        QFETCH(double, peakQ);
        QFETCH(double, ppar);
        const ReliefRun r = runRelief(dt, filter);
        QVERIFY2(r.ok, r.error.c_str());
        const QString info = QString("dev %1 bar, final %2 bar, crack %3 s, peak %4 l/min, ppar %5 bar")
                                 .arg(r.maxDev / 1e5).arg(r.final / 1e5, 0, 'f', 4).arg(r.crack)
                                 .arg(r.peakQ * 60000).arg(r.peakPpar / 1e5);
        qInfo("%s", qPrintable(info));
        QVERIFY2(std::abs(r.final - 120.0167e5) < 0.002e5, qPrintable(info));
        QVERIFY2(std::abs(r.crack - ReliefLine::crackTime()) < 0.001 + 2 * dt, qPrintable(info));
        QVERIFY2(r.maxDev > 0.8 * dev * 1e5 && r.maxDev < 1.2 * dev * 1e5, qPrintable(info));
        QVERIFY2(std::abs(r.peakQ * 60000 - peakQ) < 0.35, qPrintable(info));
        if (ppar > 0) QVERIFY2(r.peakPpar > 0.75 * ppar * 1e5 && r.peakPpar < 1.25 * ppar * 1e5, qPrintable(info));
    }

    // Stable at every step from 1e-6 to 1e-3 s (60 times the volume-valve time constant) and at
    // the right steady state.
    void reliefLineStableRange() {
        for (double dt : {1e-6, 3e-6, 3e-5, 3e-4, 1e-3}) {
            RunResult r = buildAndRun(ReliefLine::net(), ReliefLine::probes(),
                                      runOptions(tlmSolver(dt, "line"), 0.3, std::max(dt, 1e-4)));
            QVERIFY2(r.ok, r.error.c_str());
            QVERIFY2(std::abs(r.trace.columns[0].back() - 120.0167e5) < 0.002e5, qPrintable(QString::number(dt)));
        }
    }

    // Appendix B: the thesis' volume (two ports, one closed) equals the trapezoidal rule with
    // step 2*dt on every other step; a one-port volume equals it with step dt.
    void trapezoidalEquivalence_data() {
        QTest::addColumn<int>("closed");
        QTest::addColumn<int>("stride");
        QTest::newRow("2 ports: h = 2 dt") << 1 << 2;
        QTest::newRow("1 port: h = dt") << 0 << 1;
    }
    void trapezoidalEquivalence() {
        QFETCH(int, closed);
        QFETCH(int, stride);
        const double dt = 1e-2, C = 1e-4 / 1e9, G = 1e-12, ps = 1e7;  // tau = C/G = 0.1 s
        RunResult r = buildAndRun(rcFill(closed), {{"p", "pressure", "r.B"}}, runOptions(tlmSolver(dt, "V", 0.0), 0.4, dt));
        QVERIFY2(r.ok, r.error.c_str());
        const auto& p = r.trace.columns[0];
        // Trapezoidal rule on C*dp/dt = G*(ps - p) with step h, started from TLM's first value,
        // compared every `stride` steps; `sub` steps of h/sub per comparison for the wrong step.
        auto worst = [&](double h, int sub) {
            const double a = h * G / (2 * C);
            double trap = p[0], w = 0;
            for (size_t k = static_cast<size_t>(stride); k < p.size(); k += static_cast<size_t>(stride)) {
                for (int j = 0; j < sub; ++j) trap = (trap * (1 - a) + 2 * a * ps) / (1 + a);
                w = std::max(w, std::abs(p[k] - trap));
            }
            return w;
        };
        const double same = worst(stride * dt, 1);
        const double other = stride == 2 ? worst(dt, 2) : worst(2 * dt, 1);  // the other step size
        QVERIFY2(same < 1e-9 * ps, qPrintable(QString::number(same)));
        QVERIFY2(other > 1e-4 * ps, qPrintable(QString::number(other)));
    }

    // notes §7 item 3: with Z' = Z/(1-alpha) a constant inflow ramps the pressure at Q/C for both
    // filters and any number of ports.
    void capacitanceKept_data() {
        QTest::addColumn<double>("filter");
        QTest::addColumn<int>("closed");
        QTest::addColumn<int>("exchange");
        QTest::newRow("characteristic, 2 ports") << 0.0 << 1 << 1;
        QTest::newRow("pressure, 2 ports") << 1.0 << 1 << 1;
        QTest::newRow("characteristic, 4 ports") << 0.0 << 3 << 1;
        QTest::newRow("pressure, 4 ports") << 1.0 << 3 << 1;
        // notes §3.7: Z* = n*Z' with one filtering per exchange keeps the capacitance
        QTest::newRow("pressure, 2 ports, exchange 10") << 1.0 << 1 << 10;
        QTest::newRow("characteristic, 2 ports, exchange 10") << 0.0 << 1 << 10;
        QTest::newRow("pressure, 4 ports, exchange 7") << 1.0 << 3 << 7;
    }
    void capacitanceKept() {
        QFETCH(double, filter);
        QFETCH(int, closed);
        QFETCH(int, exchange);
        Netlist n = rcFill(closed);
        n.components[0] = comp("FlowSource", "ps", {{"Q", 1e-4}});
        n.components.erase(n.components.begin() + 1);
        n.wires[0] = wire("ps", "P", "V", "P1");
        n.wires.erase(n.wires.begin() + 1);
        RunResult r = buildAndRun(n, {{"pm", "pressure", "V"}}, runOptions(tlmExchange(1e-4, "V", filter, exchange), 0.1, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        const auto& p = r.trace.columns[0];
        const size_t a = p.size() / 2, b = p.size() - 1;
        // With exchange n the node pressure is that of the last exchange (the finish of a step
        // s with s % n == 0, at time (s+1)*dt): the slope between those times.
        auto exchangeTime = [&](size_t i) {
            const long steps = std::lround(r.trace.time[i] / 1e-4);
            return (static_cast<double>((steps - 1) / exchange * exchange) + 1.0) * 1e-4;
        };
        const double slope = (p[b] - p[a]) / (exchangeTime(b) - exchangeTime(a));
        const double expect = 1e-4 / (1e-4 / 1e9);
        QVERIFY2(std::abs(slope / expect - 1) < 1e-6, qPrintable(QString::number(slope / expect - 1)));
    }

    // notes §3.7: exchange every n-th step. n = 1 is the standard scheme to the last bit; n = 10
    // and 100 at 1e-5 s behave like a line of delay n*dt: stable, the exact steady state, the
    // lag of a global step n*dt on the ramp, and the opening peaks the notes report for the
    // reconstruction (13.3-13.7 l/min with the pressure filter).
    void exchangeInterval_data() {
        QTest::addColumn<double>("filter");
        QTest::addColumn<int>("n");
        QTest::addColumn<double>("dev");    // [bar]: as the same filter at a global step n*dt
        QTest::addColumn<double>("peakQ");  // [l/min]
        QTest::newRow("pressure, n 10") << 1.0 << 10 << 0.126 << 13.3;
        QTest::newRow("pressure, n 100") << 1.0 << 100 << 1.26 << 13.7;
        QTest::newRow("characteristic, n 10") << 0.0 << 10 << 0.101 << 13.85;
    }
    void exchangeInterval() {
        QFETCH(double, filter);
        QFETCH(int, n);
        QFETCH(double, dev);
        QFETCH(double, peakQ);
        const ReliefRun r = runRelief(1e-5, filter, n);
        QVERIFY2(r.ok, r.error.c_str());
        const QString info = QString("dev %1 bar, final %2 bar, crack %3 s, peak %4 l/min, ppar %5 bar")
                                 .arg(r.maxDev / 1e5).arg(r.final / 1e5, 0, 'f', 4).arg(r.crack)
                                 .arg(r.peakQ * 60000).arg(r.peakPpar / 1e5);
        qInfo("exchange %d: %s", n, qPrintable(info));
        QVERIFY2(std::abs(r.final - 120.0167e5) < 0.002e5, qPrintable(info));
        QVERIFY2(r.maxDev > 0.8 * dev * 1e5 && r.maxDev < 1.2 * dev * 1e5, qPrintable(info));
        QVERIFY2(std::abs(r.peakQ * 60000 - peakQ) < 0.2, qPrintable(info));
    }
    void exchangeOneIsStandard() {
        for (double filter : {0.0, 1.0}) {
            RunResult a = buildAndRun(ReliefLine::net(), ReliefLine::probes(), runOptions(tlmSolver(1e-4, "line", 0.2, filter), 0.3, 1e-4));
            RunResult b = buildAndRun(ReliefLine::net(), ReliefLine::probes(), runOptions(tlmExchange(1e-4, "line", filter, 1), 0.3, 1e-4));
            QVERIFY2(a.ok && b.ok, (a.error + b.error).c_str());
            QVERIFY(a.trace.columns == b.trace.columns);
            // and n = 2 is not (the test can tell them apart)
            RunResult c = buildAndRun(ReliefLine::net(), ReliefLine::probes(), runOptions(tlmExchange(1e-4, "line", filter, 2), 0.3, 1e-4));
            QVERIFY(c.ok && c.trace.columns != a.trace.columns);
        }
        std::string e;
        MethodSetting bad{"tlm", {{"exchange", 2.5}}};
        QVERIFY(!makePressureMethod(registry(), bad, e));
        QVERIFY2(e.find("whole number") != std::string::npos, e.c_str());
    }

    // start = Hopsan start values: the first step is Hopsan's initialisation. The ports show the
    // start pressure at t0 and the next step's waves are formed from it and no flow, so with
    // constant sources the run is the standard one delayed by exactly one step: p(t_(k+1)) held =
    // p(t_k) solved, bit for bit (the same arithmetic on the same waves).
    void hopsanStartDelaysByOneStep() {
        const double dt = 1e-4;
        SolverSettings solved = tlmSolver(dt, "V", 0.1, 0.0), held = solved;
        held.methods["V"].params["start"] = 1.0;
        const std::vector<ProbeSpec> probes = {{"p", "pressure", "r.B"}, {"q", "flow", "r.B"}};
        RunResult a = buildAndRun(rcFill(0), probes, runOptions(solved, 0.01, dt));
        RunResult b = buildAndRun(rcFill(0), probes, runOptions(held, 0.01, dt));
        QVERIFY2(a.ok && b.ok, (a.error + b.error).c_str());
        const auto &pa = a.trace.columns[0], &pb = b.trace.columns[0], &qb = b.trace.columns[1];
        QCOMPARE(pb[0], 0.0);  // the volume's start pressure, not the orifice's solved port pressure
        QCOMPARE(-qb[0], 1e-12 * 1e7);  // the orifice's law at that pressure (into V; the waves see none)
        QVERIFY(pa[0] > 0.0);  // solved: the orifice's first flow already raised its port
        QVERIFY(pa.size() == pb.size() && pa.size() > 50);
        for (size_t k = 0; k + 1 < pa.size(); ++k)
            QVERIFY2(pb[k + 1] == pa[k], qPrintable(QString("step %1: %2 vs %3").arg(k).arg(pb[k + 1]).arg(pa[k])));
    }

    // filter = "characteristic, Hopsan's waves": each port's leaving wave from its held wave and
    // flow, c + 2 Z u (Hopsan's volumes), not from its pressure. Where a component writes
    // p = c + Z u the two agree (to rounding); where a port is held at 0 Pa (a cavitating
    // orifice) only the flow counts: c0' = alpha c0 + (1 - alpha)(c1 + 2 Z u1) for two ports.
    void hopsanWavesFromHeldWaveAndFlow() {
        const double alpha = 0.1, dt = 1e-3, vol = 1e-3, be = 1e9;
        TlmVolumeMethod plain(alpha, TlmVolumeMethod::Filter::Characteristic), hopsan(alpha, TlmVolumeMethod::Filter::HopsanWaves);
        double c[2], z[2], ch[2], zh[2];
        for (TlmVolumeMethod* m : {&plain, &hopsan}) {
            m->bindWavePorts(2);
            m->initStates(1e5, nullptr);
        }
        plain.prepareWaves(dt, vol, be, c, z);
        hopsan.prepareWaves(dt, vol, be, ch, zh);
        QCOMPARE(ch[0], c[0]);
        QCOMPARE(zh[0], z[0]);
        const double q[2] = {3e-5, -1e-5};  // out of the volume at each port
        const double p[2] = {c[0] - z[0] * q[0], c[1] - z[1] * q[1]};  // consistent with the sources
        plain.updateWaves(p, q, 0.0);
        hopsan.updateWaves(p, q, 0.0);
        plain.prepareWaves(dt, vol, be, c, z);
        hopsan.prepareWaves(dt, vol, be, ch, zh);
        for (int i = 0; i < 2; ++i) QVERIFY2(std::abs(ch[i] - c[i]) < 1e-12 * std::abs(c[i]), qPrintable(QString::number(ch[i] - c[i])));
        // port 0 held at 0 Pa with a flow its source alone would not give
        const double c0 = ch[0], c1 = ch[1], zc = zh[0];
        const double qh[2] = {5e-5, -2e-5}, ph[2] = {0.0, c1 - zc * qh[1]};
        plain.updateWaves(ph, qh, 0.0);
        hopsan.updateWaves(ph, qh, 0.0);
        plain.prepareWaves(dt, vol, be, c, z);
        hopsan.prepareWaves(dt, vol, be, ch, zh);
        const double want0 = alpha * c0 + (1 - alpha) * (c1 + 2 * zc * -qh[1]);
        const double want1 = alpha * c1 + (1 - alpha) * (c0 + 2 * zc * -qh[0]);
        QVERIFY2(std::abs(ch[0] - want0) < 1e-9 * std::abs(want0), qPrintable(QString::number(ch[0] - want0)));
        QVERIFY2(std::abs(ch[1] - want1) < 1e-9 * std::abs(want1), qPrintable(QString::number(ch[1] - want1)));
        QVERIFY(std::abs(c[1] - want1) > 1e3);  // the pressure form sees port 0 at 0 Pa instead
        // Hopsan exchanges every step: with an exchange interval the choice is refused
        std::string e;
        MethodSetting bad{"tlm", {{"filter", 2.0}, {"exchange", 2.0}}};
        QVERIFY(!makePressureMethod(registry(), bad, e));
        QVERIFY2(e.find("exchange = 1") != std::string::npos, e.c_str());
    }

    // LaminarOrifice cavitation = "Hopsan: ports held at 0 Pa": a TLM volume drained by a flow
    // source, fed from a tank at 1 bar through the orifice. Where its port would fall below 0 Pa
    // the orifice writes 0 Pa and passes the law of a 0 Pa port, G*(1 bar - 0) (Hopsan's
    // HydraulicLaminarOrifice); without the option the port goes negative and the flow exceeds it.
    void laminarOrificeHopsanCavitation() {
        const double g = 1e-10, dt = 1e-3;
        for (const std::string cav : {"none", "Hopsan: ports held at 0 Pa"}) {
            Netlist n;
            n.fluid.bulk = constantBe(1e9);
            n.components = {comp("Tank", "t", {{"p", 1e5}}), comp("LaminarOrifice", "r", {{"G", g}}, {{"cavitation", cav}}), comp("Volume", "V", {{"V", 1e-3}}), comp("FlowSource", "drain", {{"Q", -1e-4}})};
            n.wires = {wire("t", "P", "r", "A"), wire("r", "B", "V", "P1"), wire("V", "P2", "drain", "P")};
            RunResult run = buildAndRun(n, {{"p", "pressure", "r.B"}, {"q", "flow", "r.B"}}, runOptions(tlmSolver(dt, "V", 0.1), 0.2, dt));
            QVERIFY2(run.ok, run.error.c_str());
            const double p = run.trace.columns[0].back(), q = -run.trace.columns[1].back();  // q: into V
            if (cav == "none") {
                QVERIFY2(p < -1e5 && q > 1.5 * g * 1e5, qPrintable(QString("%1 Pa %2 m3/s").arg(p).arg(q)));
            } else {
                QCOMPARE(p, 0.0);
                QVERIFY2(std::abs(q - g * 1e5) < 1e-12 * g * 1e5, qPrintable(QString("%1 m3/s").arg(q)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestTlmVolume)
#include "test_tlm_volume.moc"
