// SPDX-License-Identifier: GPL-3.0-or-later
// SampleRing: order, wrap-around, the drop-when-full policy, and a real producer thread against a
// consumer (every record arrives whole, in order, and pushed == consumed + dropped).
#include <QtTest>
#include <thread>

#include "service/sample_ring.h"

using hs::service::SampleRing;

class TestSampleRing : public QObject {
    Q_OBJECT
private slots:
    void capacityRoundsUpToPowerOfTwo_data();
    void capacityRoundsUpToPowerOfTwo();
    void orderAndWrapAround();
    void fullRingDropsNewest();
    void consumeRespectsMax();
    void producerThreadAgainstConsumer();
};

void TestSampleRing::capacityRoundsUpToPowerOfTwo_data() {
    QTest::addColumn<int>("asked");
    QTest::addColumn<int>("expected");
    QTest::newRow("0") << 0 << 2;
    QTest::newRow("1") << 1 << 2;
    QTest::newRow("5") << 5 << 8;
    QTest::newRow("8") << 8 << 8;
    QTest::newRow("1000") << 1000 << 1024;
}

void TestSampleRing::capacityRoundsUpToPowerOfTwo() {
    QFETCH(int, asked);
    QFETCH(int, expected);
    SampleRing r(3, static_cast<size_t>(asked));
    QCOMPARE(r.capacity(), static_cast<size_t>(expected));
    QCOMPARE(r.width(), size_t(3));
}

void TestSampleRing::orderAndWrapAround() {
    SampleRing r(3, 4);
    std::vector<double> seen;
    double next = 0;
    // 10 rounds of 3 pushes and 3 pops walk the indices around the 4-slot ring several times.
    for (int round = 0; round < 10; ++round) {
        for (int k = 0; k < 3; ++k, ++next) {
            const double v[2] = {10 * next, -next};
            QVERIFY(r.push(next, v));
        }
        QCOMPARE(r.size(), size_t(3));
        r.consume([&](const double* rec) {
            QCOMPARE(rec[1], 10 * rec[0]);
            QCOMPARE(rec[2], -rec[0]);
            seen.push_back(rec[0]);
        });
        QCOMPARE(r.size(), size_t(0));
    }
    QCOMPARE(seen.size(), size_t(30));
    for (size_t i = 0; i < seen.size(); ++i) QCOMPARE(seen[i], static_cast<double>(i));
    QCOMPARE(r.dropped(), quint64(0));
    QCOMPARE(r.pushed(), quint64(30));
}

void TestSampleRing::fullRingDropsNewest() {
    SampleRing r(2, 4);
    for (int i = 0; i < 7; ++i) {
        const double v = i;
        QCOMPARE(r.push(i, &v), i < 4);
    }
    QCOMPARE(r.dropped(), quint64(3));
    QCOMPARE(r.pushed(), quint64(4));
    std::vector<double> got;
    r.consume([&](const double* rec) { got.push_back(rec[0]); });
    QCOMPARE(got, (std::vector<double>{0, 1, 2, 3}));  // the oldest kept, the newest dropped
    const double v = 9;
    QVERIFY(r.push(9, &v));  // room again after the consumer caught up
}

void TestSampleRing::consumeRespectsMax() {
    SampleRing r(1, 16);
    for (int i = 0; i < 10; ++i) r.push(i, nullptr);
    int n = 0;
    QCOMPARE(r.consume([&](const double*) { ++n; }, 4), size_t(4));
    QCOMPARE(n, 4);
    QCOMPARE(r.size(), size_t(6));
}

void TestSampleRing::producerThreadAgainstConsumer() {
    constexpr int kTotal = 400000;
    SampleRing r(4, 256);  // small, so that the producer outruns the consumer now and then
    std::atomic<bool> done{false};
    std::thread producer([&]() {
        for (int i = 0; i < kTotal; ++i) {
            const double v[3] = {2.0 * i, 3.0 * i, -1.0 * i};
            r.push(i, v);
        }
        done = true;
    });
    double last = -1;
    quint64 consumed = 0;
    bool whole = true, ordered = true;
    auto take = [&](const double* rec) {
        whole = whole && rec[1] == 2 * rec[0] && rec[2] == 3 * rec[0] && rec[3] == -rec[0];
        ordered = ordered && rec[0] > last;
        last = rec[0];
        ++consumed;
    };
    while (!done.load()) r.consume(take);
    producer.join();
    r.consume(take);
    QVERIFY(whole);
    QVERIFY(ordered);
    QCOMPARE(consumed + r.dropped(), quint64(kTotal));
    QCOMPARE(r.pushed(), consumed);
    QVERIFY(consumed > 0);
}

QTEST_APPLESS_MAIN(TestSampleRing)
#include "test_sample_ring.moc"
