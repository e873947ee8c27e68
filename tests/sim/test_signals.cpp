// SPDX-License-Identifier: GPL-3.0-or-later
// Signal sources: values at chosen times (Table, Square, SmoothTransition, Sine, Ramp, Step) and
// the seeded pseudo-random multilevel signal (deterministic per seed, different between seeds,
// held for a period, within its range / on its levels).
#include <QtTest/QtTest>

#include <set>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

// A system holding one signal source "s"; values read by evaluating the system at t.
class SignalProbe {
public:
    explicit SignalProbe(const NetComponent& source) {
        Netlist n;
        n.components = {source};
        BuildResult b = build(registry(), n, solver("rk4", 1e-3));
        error = b.errorText();
        sys = std::move(b.system);
        if (!sys) return;
        y.assign(static_cast<size_t>(sys->stateCount()), 0.0);
        dy = y;
        sys->initialState(y.data());
        for (const auto& c : sys->comps)
            if (c->id == source.id) slot = c->node[static_cast<size_t>(c->spec->portIndex("out"))];
    }
    double at(double t) {
        sys->rhs(t, y.data(), dy.data());
        return sys->eval().sig[slot];
    }
    std::unique_ptr<System> sys;
    std::string error;
    std::vector<double> y, dy;
    int slot = 0;
};

NetComponent prms(double seed, double period = 0.5, double lo = -10, double hi = 10, double delay = 0.0) {
    return comp("PRMS", "s", {{"seed", seed}, {"period", period}, {"min", lo}, {"max", hi}, {"delay", delay}});
}

}  // namespace

class TestSignals : public QObject {
    Q_OBJECT
private slots:
    void valuesAtTimes_data();
    void valuesAtTimes();
    void smoothTransitionIsSmooth();
    void prmsDeterministicAndHeld();
    void prmsLevels();
    void prmsInARun();
};

void TestSignals::valuesAtTimes_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QVariantMap>("num");
    QTest::addColumn<QString>("points");  // Table only
    QTest::addColumn<QList<double>>("times");
    QTest::addColumn<QList<double>>("values");
    QTest::newRow("table") << "Table" << QVariantMap{} << "0 0; 1 10; 2 10; 3 -5"
                           << QList<double>{0.0, 0.5, 1.0, 1.5, 2.5, 3.0, 7.0}
                           << QList<double>{0.0, 5.0, 10.0, 10.0, 2.5, -5.0, -5.0};
    QTest::newRow("table with a jump") << "Table" << QVariantMap{} << "1 2; 2 2; 2 4; 3 0"
                                       << QList<double>{0.0, 1.5, 1.999, 2.0, 2.5, 9.0}
                                       << QList<double>{2.0, 2.0, 2.0, 4.0, 2.0, 0.0};
    QTest::newRow("square 2 s, duty .5, -5/8")
        << "Square" << QVariantMap{{"period", 2.0}, {"duty", 0.5}, {"low", -5.0}, {"high", 8.0}} << ""
        << QList<double>{0.0, 0.3, 0.999, 1.001, 1.7, 2.001, 2.9, 3.5, 19.99}
        << QList<double>{8.0, 8.0, 8.0, -5.0, -5.0, 8.0, 8.0, -5.0, -5.0};
    QTest::newRow("square with delay, duty .25")
        << "Square" << QVariantMap{{"period", 1.0}, {"duty", 0.25}, {"low", 0.0}, {"high", 1.0}, {"delay", 0.5}} << ""
        << QList<double>{0.0, 0.49, 0.5, 0.7, 0.8, 1.5, 1.76}
        << QList<double>{0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0};
    QTest::newRow("smooth C1") << "SmoothTransition"
                               << QVariantMap{{"t0", 1.0}, {"t1", 3.0}, {"v0", 2.0}, {"v1", 6.0}, {"order", 1.0}} << ""
                               << QList<double>{0.0, 1.0, 1.5, 2.0, 3.0, 4.0}
                               << QList<double>{2.0, 2.0, 2.0 + 4.0 * 0.15625, 4.0, 6.0, 6.0};
    QTest::newRow("smooth C2") << "SmoothTransition"
                               << QVariantMap{{"t0", 1.0}, {"t1", 3.0}, {"v0", 2.0}, {"v1", 6.0}, {"order", 2.0}} << ""
                               << QList<double>{0.5, 1.5, 2.0, 2.5, 3.5}
                               << QList<double>{2.0, 2.0 + 4.0 * 0.103515625, 4.0, 6.0 - 4.0 * 0.103515625, 6.0};
    QTest::newRow("smooth C3") << "SmoothTransition"
                               << QVariantMap{{"t0", 1.0}, {"t1", 3.0}, {"v0", 2.0}, {"v1", 6.0}, {"order", 3.0}} << ""
                               << QList<double>{1.5, 2.0, 2.5}
                               << QList<double>{2.0 + 4.0 * 0.070556640625, 4.0, 6.0 - 4.0 * 0.070556640625};
    QTest::newRow("sine") << "Sine" << QVariantMap{{"amplitude", 10.0}, {"omega", 0.25}, {"phase", 0.0}, {"offset", 1.0}}
                          << "" << QList<double>{0.0, 2.0, 2.0 * std::numbers::pi}
                          << QList<double>{1.0, 1.0 + 10.0 * std::sin(0.5), 11.0};
    QTest::newRow("ramp") << "Ramp" << QVariantMap{{"t0", 1.0}, {"offset", 3.0}, {"slope", -2.0}} << ""
                          << QList<double>{0.0, 1.0, 2.5} << QList<double>{3.0, 3.0, 0.0};
    QTest::newRow("step") << "Step" << QVariantMap{{"t0", 0.25}, {"before", -1.0}, {"after", 4.0}} << ""
                          << QList<double>{0.0, 0.2499, 0.25, 9.0} << QList<double>{-1.0, -1.0, 4.0, 4.0};
}

void TestSignals::valuesAtTimes() {
    QFETCH(QString, type);
    QFETCH(QVariantMap, num);
    QFETCH(QString, points);
    QFETCH(QList<double>, times);
    QFETCH(QList<double>, values);
    NetComponent c = comp(type.toStdString(), "s");
    for (auto it = num.begin(); it != num.end(); ++it) c.num[it.key().toStdString()] = it.value().toDouble();
    if (!points.isEmpty()) c.text["points"] = points.toStdString();
    SignalProbe probe(c);
    QVERIFY2(probe.sys, probe.error.c_str());
    QCOMPARE(times.size(), values.size());
    for (int i = 0; i < times.size(); ++i) {
        const double got = probe.at(times[i]);
        QVERIFY2(std::abs(got - values[i]) < 1e-12 * std::max(1.0, std::abs(values[i])),
                 qPrintable(QString("t = %1: got %2, expected %3").arg(times[i]).arg(got, 0, 'g', 17).arg(values[i])));
    }
}

void TestSignals::smoothTransitionIsSmooth() {
    // derivative (k = 1, 2, 3) vanishes at both ends: one-sided slopes ~ 0, and for k >= 2 the
    // second difference ~ 0 too
    for (int order = 1; order <= 3; ++order) {
        SignalProbe p(comp("SmoothTransition", "s", {{"t0", 1.0}, {"t1", 3.0}, {"v0", 0.0}, {"v1", 1.0}, {"order", double(order)}}));
        QVERIFY(p.sys);
        const double h = 1e-4;
        const double slope0 = (p.at(1.0 + h) - p.at(1.0)) / h, slope1 = (p.at(3.0) - p.at(3.0 - h)) / h;
        const double mid = (p.at(2.0 + h) - p.at(2.0 - h)) / (2 * h);
        QVERIFY2(std::abs(slope0) < 1e-3 && std::abs(slope1) < 1e-3, qPrintable(QString::number(order)));
        QVERIFY(mid > 0.5);  // a real transition in between
        if (order >= 2) QVERIFY(std::abs(p.at(1.0 + h) / (h * h)) < 1.0);  // starts like s^3 or flatter
    }
}

void TestSignals::prmsDeterministicAndHeld() {
    const double period = 0.5, lo = -10, hi = 10;
    SignalProbe a(prms(42, period, lo, hi)), b(prms(42, period, lo, hi)), other(prms(43, period, lo, hi));
    QVERIFY(a.sys && b.sys && other.sys);
    const int periods = 400;
    std::vector<double> va, vo;
    int differsFromPrevious = 0, differsFromOtherSeed = 0;
    double sum = 0.0;
    for (int k = 0; k < periods; ++k) {
        const double start = k * period;
        const double v = a.at(start + 1e-3);
        // held over the period
        for (double f : {0.1, 0.5, 0.9, 0.998}) QCOMPARE(a.at(start + f * period), v);
        // same seed, another system: the same value
        QCOMPARE(b.at(start + 0.25 * period), v);
        // in range
        QVERIFY(v >= lo && v <= hi);
        if (k > 0 && v != va.back()) ++differsFromPrevious;
        const double w = other.at(start + 0.25 * period);
        QVERIFY(w >= lo && w <= hi);
        if (w != v) ++differsFromOtherSeed;
        va.push_back(v);
        sum += v;
    }
    const double mean = sum / periods;
    double mn = *std::min_element(va.begin(), va.end()), mx = *std::max_element(va.begin(), va.end());
    qInfo("PRMS seed 42: %d periods, mean %.3f, min %.3f, max %.3f; %d level changes; %d periods differ from seed 43",
          periods, mean, mn, mx, differsFromPrevious, differsFromOtherSeed);
    QCOMPARE(differsFromPrevious, periods - 1);
    QCOMPARE(differsFromOtherSeed, periods);
    QVERIFY(std::abs(mean) < 1.5);  // uniform on [-10, 10]: standard error 0.29
    QVERIFY(mn < lo + 1.0 && mx > hi - 1.0);
    // a delay shifts the sequence
    SignalProbe delayed(prms(42, period, lo, hi, 1.0));
    QVERIFY(delayed.sys);
    QCOMPARE(delayed.at(1.0 + 3.2 * period), a.at(3.2 * period));
}

void TestSignals::prmsLevels() {
    NetComponent c = comp("PRMS", "s", {{"seed", 7.0}, {"period", 0.5}}, {{"mode", "levels"}, {"levels", "0, 1"}});
    SignalProbe p(c);
    QVERIFY2(p.sys, p.error.c_str());
    std::set<double> seen;
    for (int k = 0; k < 200; ++k) seen.insert(p.at(k * 0.5 + 0.2));
    QCOMPARE(seen, (std::set<double>{0.0, 1.0}));
    // three levels
    c.text["levels"] = "14e6, 17e6, 20e6";
    SignalProbe q(c);
    QVERIFY2(q.sys, q.error.c_str());
    seen.clear();
    for (int k = 0; k < 200; ++k) seen.insert(q.at(k * 0.5 + 0.2));
    QCOMPARE(seen, (std::set<double>{14e6, 17e6, 20e6}));
    // malformed list is a build error naming the component
    c.text["levels"] = "1, two";
    SignalProbe bad(c);
    QVERIFY(!bad.sys);
    QVERIFY(bad.error.find("'s'") != std::string::npos && bad.error.find("levels") != std::string::npos);
}

void TestSignals::prmsInARun() {
    // A first-order lag (laminar fill, tau = V/(Be*G)) driven by a PRMS supply pressure. Same seed
    // -> identical trace; the exact solution is piecewise exponential. The adaptive steppers stop
    // at every level change (breakpoint) and restart, so DOPRI5 and CVODE match it tightly; fixed
    // RK4 smears each jump over one step (O(h) error at each level change).
    const double per = 0.05, v = 1e-4, g = 1e-11, be = 1.5e9, tau = v / (be * g);
    auto net = [&](double seed) {
        Netlist n;
        n.fluid.bulk = constantBe(be);
        n.components = {prms(seed, per, 1e6, 1e7), comp("PressureSource", "src"),
                        comp("LaminarOrifice", "R", {{"G", g}}), comp("Volume", "V", {{"V", v}})};
        n.wires = {wire("s", "out", "src", "p"), wire("src", "P", "R", "A"), wire("R", "B", "V", "P1")};
        return n;
    };
    const std::vector<ProbeSpec> probes = {{"u", "signal", "s.out"}, {"p", "pressure", "V"}};
    const double T = 1.0, rec = 1e-2;
    RunResult a = buildAndRun(net(5), probes, runOptions(solver("rk4", 1e-4), T, rec));
    RunResult b = buildAndRun(net(5), probes, runOptions(solver("rk4", 1e-4), T, rec));
    RunResult c = buildAndRun(net(6), probes, runOptions(solver("rk4", 1e-4), T, rec));
    RunResult d = buildAndRun(net(5), probes, runOptions(solver("dopri5", 1e-6, 1e-10, 1e-10), T, rec));
    RunResult e = buildAndRun(net(5), probes, runOptions(solver("cvode", 1e-6, 1e-10, 1e-10), T, rec));
    for (const RunResult* r : {&a, &b, &c, &d, &e}) QVERIFY2(r->ok, r->error.c_str());
    QCOMPARE(a.trace.columns, b.trace.columns);
    QVERIFY(a.trace.columns[0] != c.trace.columns[0]);
    // The levels of seed 5, computed outside the program (Python, from the formula in the PRMS
    // description: SplitMix64 of seed*0x100000001B3 + period index, top 53 bits as u in [0, 1),
    // level = min + (max - min) u), not by the component under test.
    static const double levels[20] = {5765947.492338951,  9645331.504199993, 3283516.524093408, 7241407.800717713,
                                      6379761.047245857,  5117547.21089357,  9950282.481795385, 1098851.342011556,
                                      5702397.265003538,  2077932.6827845848, 1003755.7470169159, 6197318.141880068,
                                      9731659.565930994,  3514090.9557725494, 2496762.1226903936, 4149767.1178967385,
                                      4475472.349678231,  4651423.350685734,  5183631.000448278,  2284331.548413476};
    // the input column of a run is the level of each period (away from the switch instants)
    auto checkLevels = [&](const RunResult& r) {
        int checked = 0;
        for (size_t i = 0; i < r.trace.time.size(); ++i) {
            const double t = r.trace.time[i], k = std::floor(t / per);
            if (std::abs(t / per - std::round(t / per)) < 1e-6 || k >= 20) continue;  // at a switch: either level
            if (std::abs(r.trace.columns[0][i] / levels[static_cast<int>(k)] - 1) > 1e-15) {
                qWarning("t = %.17g: %.17g, expected %.17g", t, r.trace.columns[0][i], levels[static_cast<int>(k)]);
                return -1;
            }
            ++checked;
        }
        return checked;
    };
    QVERIFY(checkLevels(a) >= 70);
    QVERIFY(checkLevels(d) >= 70);  // DOPRI5 stops at each switch: still the level of its period
    // seed 0, period 0 is SplitMix64's first output from state 0, the published 0xE220A8397B1DCDAF
    SignalProbe zero(prms(0, 1.0, 0.0, 1.0));
    QVERIFY(zero.sys);
    QCOMPARE(zero.at(0.5), static_cast<double>(0xE220A8397B1DCDAFull >> 11) * 0x1.0p-53);
    // exact: p relaxes towards the level of each period
    auto exact = [&](double t) {
        double p = 0.0, t0 = 0.0;
        for (int k = 0; t0 < t - 1e-12; ++k) {
            const double t1 = std::min((k + 1) * per, t);
            const double u = levels[std::min(k, 19)];
            p = u + (p - u) * std::exp(-(t1 - t0) / tau);
            t0 = t1;
        }
        return p;
    };
    const int pc = a.trace.column("p");
    const double errRk4 = maxDeviation(a.trace, pc, exact), errDopri = maxDeviation(d.trace, pc, exact);
    const double errCvode = maxDeviation(e.trace, pc, exact);
    qInfo("PRMS-driven fill (tau %.3g s, level every %g s): max |p - exact|: RK4 1e-4 %.3g Pa, DOPRI5 %.3g Pa (%ld steps), "
          "CVODE %.3g Pa (%ld steps)",
          tau, per, errRk4, errDopri, d.steps, errCvode, e.steps);
    QVERIFY(errDopri < 0.1);
    QVERIFY(errCvode < 1.0);
    QVERIFY(errRk4 > 1e3 && errRk4 < 3e4);  // ~ (h/6)*(level jump)/tau
}

QTEST_APPLESS_MAIN(TestSignals)
#include "test_signals.moc"
