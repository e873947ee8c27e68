// SPDX-License-Identifier: GPL-3.0-or-later
// notes/003 §7 item 6: where the error of exchanging every n-th step comes from, on the relief
// line at a global step of 1e-5 s, the line volume being the cut. With Z* = n*Z' (eq. 6.14) the
// element is a line of delay n*dt, and its errors are those of a global step n*dt:
//  - start-up: the source's 10 l/min step at t = 0 meets Z* at once, the source port jumps to
//    Z*Q (1.259 bar at n = 100): the largest deviation of the run, a discontinuity spike;
//  - after start-up, on the 1007 bar/s ramp, both ports run a constant offset ahead of the
//    lumped pressure: Z*Q/2 with the characteristic filter, 0.6*Z*Q with the pressure filter,
//    n times the single-rate offset;
//  - at the operating point after the valve opens the valve pressure is exact again.
// Z*Q = n*Q*dt/(C*(1 - alpha)) = (dp/dt)*n*dt/(1 - alpha): a cut whose pressure moves slower
// (the same line 100 times larger) stays within a small fraction of a bar at n = 100.
#include <QtTest>

#include "tlm_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kDt = 1e-5;

struct ExchangeErrors {
    double startMax = 0, startTime = -1;  // largest |p_source - exact| and when
    double valveOffset = 0, sourceOffset = 0, offsetSpread = 0;  // settled ramp, 0.03-0.11 s (0.3 s: 0.1-0.3 s)
    double valveAfterOpening = 0;  // largest |p_valve - exact| from 5 ms after the opening
};

ExchangeErrors measure(int n, double filter, double volumeScale) {
    Netlist net = ReliefLine::net();
    net.components[1].num["V"] = ReliefLine::V * volumeScale;
    const double c = ReliefLine::C() * volumeScale;
    const double tc = ReliefLine::crackTime() * volumeScale;
    auto exact = [&](double t) { return volumeScale == 1.0 ? ReliefLine::exact(t) : ReliefLine::Q * t / c; };
    const std::vector<ProbeSpec> probes = {{"p valve", "pressure", "relief.P"}, {"p source", "pressure", "source.P"}};
    RunResult r = buildAndRun(net, probes, runOptions(tlmExchange(kDt, "line", filter, n), 0.3, kDt));
    ExchangeErrors e;
    if (!r.ok) return e;
    const double from = volumeScale == 1.0 ? 0.03 : 0.1, to = volumeScale == 1.0 ? 0.11 : 0.3;
    double lo = 1e300, hi = -1e300;
    for (size_t i = 0; i < r.trace.time.size(); ++i) {
        const double t = r.trace.time[i], ev = r.trace.columns[0][i] - exact(t), es = r.trace.columns[1][i] - exact(t);
        if (std::abs(es) > e.startMax) {
            e.startMax = std::abs(es);
            e.startTime = t;
        }
        if (t >= from && t < to) {
            lo = std::min({lo, ev, es});
            hi = std::max({hi, ev, es});
            e.valveOffset = ev;
            e.sourceOffset = es;
        }
        if (t > tc + 0.005) e.valveAfterOpening = std::max(e.valveAfterOpening, std::abs(ev));
    }
    e.offsetSpread = hi - lo;
    return e;
}

}  // namespace

class TestTlmExchangeError : public QObject {
    Q_OBJECT
private slots:
    void errorParts_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<double>("filter");
        QTest::addColumn<double>("volumeScale");
        QTest::addColumn<double>("offsetShare");  // settled offset / (Z*Q)
        QTest::addColumn<double>("startBar");     // Z*Q [bar], the start-up spike
        QTest::newRow("pressure, n 1") << 1 << 1.0 << 1.0 << 0.6 << 0.01259;
        QTest::newRow("pressure, n 10") << 10 << 1.0 << 1.0 << 0.6 << 0.1259;
        QTest::newRow("pressure, n 100") << 100 << 1.0 << 1.0 << 0.6 << 1.259;
        QTest::newRow("characteristic, n 10") << 10 << 0.0 << 1.0 << 0.5 << 0.1259;
        QTest::newRow("characteristic, n 100") << 100 << 0.0 << 1.0 << 0.5 << 1.259;
        QTest::newRow("pressure, n 100, 100 x V") << 100 << 1.0 << 100.0 << 0.6 << 0.01259;
    }
    void errorParts() {
        QFETCH(int, n);
        QFETCH(double, filter);
        QFETCH(double, volumeScale);
        QFETCH(double, offsetShare);
        QFETCH(double, startBar);
        const ExchangeErrors e = measure(n, filter, volumeScale);
        const double zStarQ = n * ReliefLine::Be * kDt / (ReliefLine::V * volumeScale * 0.8) * ReliefLine::Q;
        const QString info = QString("Z*Q %1 bar; start-up max %2 bar at %3 s; settled offset valve %4, source %5 bar (spread %6); "
                                     "valve after opening %7 bar")
                                 .arg(zStarQ / 1e5).arg(e.startMax / 1e5).arg(e.startTime).arg(e.valveOffset / 1e5)
                                 .arg(e.sourceOffset / 1e5).arg(e.offsetSpread / 1e5).arg(e.valveAfterOpening / 1e5);
        qInfo("n %d: %s", n, qPrintable(info));
        QVERIFY2(e.startTime >= 0, "the run failed");
        QVERIFY2(std::abs(zStarQ / 1e5 / startBar - 1) < 1e-3, qPrintable(info));
        // the start-up spike: the source port at Z*Q within the first exchange interval
        QVERIFY2(std::abs(e.startMax / zStarQ - 1) < 1e-6, qPrintable(info));
        QVERIFY2(e.startTime <= n * kDt, qPrintable(info));
        // after start-up: both ports a constant offset ahead of the lumped ramp
        QVERIFY2(std::abs(e.valveOffset / zStarQ - offsetShare) < 1e-4, qPrintable(info));
        QVERIFY2(std::abs(e.sourceOffset / zStarQ - offsetShare) < 1e-4, qPrintable(info));
        QVERIFY2(e.offsetSpread < 1e-4 * zStarQ, qPrintable(info));
        // and at the operating point the valve pressure is the lumped one (the opening rings
        // on the source side for a few exchange intervals)
        if (volumeScale == 1.0) QVERIFY2(e.valveAfterOpening < 0.005e5, qPrintable(info));
    }
};

QTEST_GUILESS_MAIN(TestTlmExchangeError)
#include "test_tlm_exchange_error.moc"
