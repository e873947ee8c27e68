// SPDX-License-Identifier: GPL-3.0-or-later
// LiveMetrics against sim::compareTraces: fed in uneven chunks while "both runs go on", the final
// errors equal the batch computation bit for bit and the error trace is config - reference on the
// reference grid; nothing is compared before the other trace has reached it.
#include <QtTest>
#include <cmath>
#include <random>

#include "service/live_metrics.h"

using namespace hs;

namespace {

sim::Trace makeTrace(double dt, double tEnd, double phase, double gain) {
    sim::Trace tr;
    tr.names = {"p", "x", "only here"};
    tr.units = {"Pa", "m", "-"};
    tr.columns.assign(3, {});
    for (int i = 0; i * dt <= tEnd * (1 + 1e-12); ++i) {
        const double t = i * dt;
        tr.time.push_back(t);
        tr.columns[0].push_back(1e6 * (2 + std::sin(7 * t + phase)) * gain);
        tr.columns[1].push_back(0.01 * std::cos(3 * t) * gain);
        tr.columns[2].push_back(t);
    }
    return tr;
}

// The first n samples of a trace (a run in progress).
sim::Trace prefix(const sim::Trace& tr, size_t n) {
    sim::Trace p;
    p.names = tr.names;
    p.units = tr.units;
    p.time.assign(tr.time.begin(), tr.time.begin() + static_cast<long>(n));
    for (const auto& c : tr.columns) p.columns.emplace_back(c.begin(), c.begin() + static_cast<long>(n));
    return p;
}

}  // namespace

class TestLiveMetrics : public QObject {
    Q_OBJECT
private slots:
    void incrementalEqualsBatch_data();
    void incrementalEqualsBatch();
    void waitsForTheOtherTrace();
};

void TestLiveMetrics::incrementalEqualsBatch_data() {
    QTest::addColumn<double>("otherDt");
    QTest::addColumn<double>("otherEnd");
    QTest::newRow("same grid") << 1e-3 << 1.0;
    QTest::newRow("coarser grid") << 3e-3 << 1.0;
    QTest::newRow("finer grid") << 0.7e-3 << 1.0;
    QTest::newRow("other stopped early") << 1e-3 << 0.61;
}

void TestLiveMetrics::incrementalEqualsBatch() {
    QFETCH(double, otherDt);
    QFETCH(double, otherEnd);
    const sim::Trace ref = makeTrace(1e-3, 1.0, 0.0, 1.0);
    sim::Trace other = makeTrace(otherDt, otherEnd, 0.01, 1.001);
    other.names[2] = "absent from the reference";
    std::mt19937 rng(42);
    std::uniform_int_distribution<size_t> chunk(1, 97);
    service::LiveMetrics live;
    size_t nr = 0, no = 0, total = 0;
    while (nr < ref.time.size() || no < other.time.size()) {
        nr = std::min(ref.time.size(), nr + chunk(rng));
        no = std::min(other.time.size(), no + chunk(rng));
        total += live.update(prefix(ref, nr), prefix(other, no), false);
    }
    total += live.update(ref, other, true);

    const auto batch = sim::compareTraces(ref, other);
    const auto inc = live.errors();
    QCOMPARE(inc.size(), size_t(2));
    QCOMPARE(inc.size(), batch.size());
    for (size_t k = 0; k < inc.size(); ++k) {
        QCOMPARE(inc[k].name, batch[k].name);
        QCOMPARE(inc[k].unit, batch[k].unit);
        QCOMPARE(inc[k].samples, batch[k].samples);
        QVERIFY(inc[k].rmse == batch[k].rmse);  // bit for bit, not within a tolerance
        QVERIFY(inc[k].rrmse == batch[k].rrmse);
        QVERIFY(inc[k].maxAbs == batch[k].maxAbs);
        QVERIFY(inc[k].rmse > 0);
    }
    const sim::Trace& e = live.error();
    QCOMPARE(e.time.size(), static_cast<size_t>(batch[0].samples));
    QCOMPARE(total, e.time.size());
    for (size_t i = 0; i < e.time.size(); i += 37) {
        QCOMPARE(e.time[i], ref.time[i]);
        QVERIFY(e.columns[0][i] == sim::interpolate(other, 0, ref.time[i]) - ref.columns[0][i]);
    }
}

void TestLiveMetrics::waitsForTheOtherTrace() {
    const sim::Trace ref = makeTrace(1e-3, 1.0, 0.0, 1.0);
    const sim::Trace other = makeTrace(1e-3, 1.0, 0.0, 1.0);
    service::LiveMetrics live;
    // The reference is done, the other has 101 samples (t <= 0.1): only those can be compared.
    QCOMPARE(live.update(ref, prefix(other, 101), false), size_t(101));
    QCOMPARE(live.error().time.back(), 0.1);
    QCOMPARE(live.update(ref, prefix(other, 101), false), size_t(0));
    QCOMPARE(live.update(ref, other, true), ref.time.size() - 101);
    for (const auto& err : live.errors()) QCOMPARE(err.maxAbs, 0.0);  // identical traces
    live.reset();
    QVERIFY(live.error().time.empty());
    QVERIFY(live.errors().empty());
}

QTEST_APPLESS_MAIN(TestLiveMetrics)
#include "test_live_metrics.moc"
