// SPDX-License-Identifier: GPL-3.0-or-later
// The branch-and-bound optimum equals plain enumeration of every assignment, with and without
// the relabelling symmetry, on random graphs small enough to enumerate.
#include <QtTest>

#include <random>

#include "sim/mapping/exact_mapper.h"
#include "thesis_graphs.h"

using namespace hs::sim::mapping;

namespace {

TaskGraph randomGraph(unsigned seed, int n, double edgeProbability) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> d(100, 3000), u(0, 1);
    TaskGraph g;
    g.compute.resize(static_cast<size_t>(n));
    for (double& x : g.compute) x = std::round(d(rng));
    g.edges.resize(static_cast<size_t>(n));
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            if (u(rng) < edgeProbability) g.addLines(a, b, 1.0 + std::floor(u(rng) * 3));
    return g;
}

double enumerate(const TaskGraph& g, const LinkCosts& c) {
    const int n = g.size(), P = c.processors;
    std::vector<int> a(static_cast<size_t>(n), 0);
    double best = 1e300;
    while (true) {
        best = std::min(best, mappingCost(g, c, a));
        int i = 0;
        while (i < n && ++a[static_cast<size_t>(i)] == P) a[static_cast<size_t>(i++)] = 0;
        if (i == n) return best;
    }
}

}  // namespace

class TestExactMapper : public QObject {
    Q_OBJECT
private slots:
    void equalsEnumeration_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<int>("tasks");
        QTest::addColumn<int>("processors");
        QTest::addColumn<bool>("uniform");
        for (unsigned s = 1; s <= 6; ++s) {
            QTest::addRow("uniform %u", s) << s << 9 << 3 << true;
            QTest::addRow("transputer %u", s) << s << 8 << 4 << false;
        }
    }
    void equalsEnumeration() {
        QFETCH(unsigned, seed);
        QFETCH(int, tasks);
        QFETCH(int, processors);
        QFETCH(bool, uniform);
        const TaskGraph g = randomGraph(seed, tasks, 0.35);
        const LinkCosts c = uniform ? LinkCosts::uniform(processors, 250, 400) : hs::test::transputerCosts(processors);
        const ExactResult r = exactMapping(g, c);
        QVERIFY(r.provedOptimal);
        QCOMPARE(r.cost, enumerate(g, c));
        QCOMPARE(mappingCost(g, c, r.assignment), r.cost);
        // a start at the optimum is kept, and a worse start does not change the optimum
        QCOMPARE(exactMapping(g, c, r.assignment).cost, r.cost);
        QCOMPARE(exactMapping(g, c, std::vector<int>(static_cast<size_t>(tasks), processors - 1)).cost, r.cost);
    }
    // The thesis' small example size (18 tasks on 4 processors) is within reach.
    void transmissionOnFourProcessors() {
        const TaskGraph g = hs::test::transmissionGraph(7);
        const ExactResult r = exactMapping(g, hs::test::transputerCosts(4));
        QVERIFY(r.provedOptimal);
        double total = 0;
        for (double d : g.compute) total += d;
        QVERIFY(r.cost >= total / 4);  // a bound no mapping beats
        QVERIFY(r.cost < total);
    }
};

QTEST_APPLESS_MAIN(TestExactMapper)
#include "test_exact_mapper.moc"
