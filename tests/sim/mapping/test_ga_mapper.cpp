// SPDX-License-Identifier: GPL-3.0-or-later
// The GA mapper against the thesis' claims (notes/003 §3.4, §7 item 8). The thesis' GA found the
// exhaustive optimum of the transmission's 18 tasks on 4 processors; its compute vector is lost,
// and with ours (drawn per seed) the same GA, with the thesis' settings, ends 1.0-5.7 % above the
// optimum on 4 processors and 0-0.4 % above on 2 (docs/methods.md, "Partition mappers"): the
// bounds asserted below. It keeps independent sub-circuits apart. The engine's "optimal" mapper
// therefore finishes with the exact search (test_exact_mapper.cpp).
#include <QtTest>

#include <set>

#include "sim/mapping/exact_mapper.h"
#include "sim/mapping/ga_mapper.h"
#include "thesis_graphs.h"

using namespace hs::sim::mapping;

class TestGaMapper : public QObject {
    Q_OBJECT
private slots:
    // Encoding bookkeeping of §3.4: 2 bits per task for 4 processors, 3 for 8; crossover points
    // 1 for 36 bits, 2 for 54, 3 for 72, 4 for 108, 5 for 128, 7 for 192.
    void thesisEncoding() {
        QCOMPARE(bitsPerTask(4), 2);
        QCOMPARE(bitsPerTask(8), 3);
        QCOMPARE(bitsPerTask(3), 2);
        QCOMPARE(crossoverPoints(36), 1);
        QCOMPARE(crossoverPoints(54), 2);
        QCOMPARE(crossoverPoints(72), 3);
        QCOMPARE(crossoverPoints(108), 4);
        QCOMPARE(crossoverPoints(128), 5);
        QCOMPARE(crossoverPoints(192), 7);
    }
    void nearTheOptimumWithin200Generations_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<int>("processors");
        QTest::addColumn<double>("bound");
        for (unsigned s = 1; s <= 8; ++s) {
            QTest::addRow("D from seed %u, 2 processors", s) << s << 2 << 0.02;
            QTest::addRow("D from seed %u, 4 processors", s) << s << 4 << 0.07;
        }
    }
    void nearTheOptimumWithin200Generations() {
        QFETCH(unsigned, seed);
        QFETCH(int, processors);
        QFETCH(double, bound);
        const TaskGraph g = hs::test::transmissionGraph(seed);
        const LinkCosts c = hs::test::transputerCosts(processors);
        const GaResult ga = gaMapping(g, c);  // 12 x 60, 200 generations, Table 5.1
        const ExactResult best = exactMapping(g, c, ga.assignment);
        QVERIFY(best.provedOptimal);
        qInfo("D seed %u, %d processors: optimum %.0f cycles, GA %.0f (%+.2f %%) at generation %d", seed, processors, best.cost,
              ga.cost, 100 * (ga.cost / best.cost - 1), ga.generationOfBest);
        QVERIFY(ga.cost >= best.cost);
        QVERIFY(ga.cost <= (1 + bound) * best.cost);
        QCOMPARE(static_cast<int>(ga.bestPerGeneration.size()), 201);
        QCOMPARE(mappingCost(g, c, ga.assignment), ga.cost);
        // the best never gets worse (elitism) and the run is reproducible
        for (size_t i = 1; i < ga.bestPerGeneration.size(); ++i) QVERIFY(ga.bestPerGeneration[i] <= ga.bestPerGeneration[i - 1]);
        QCOMPARE(gaMapping(g, c).assignment, ga.assignment);
    }
    // Two identical transmissions on the two processors of a shared-memory machine: the optimum
    // is one transmission per processor (no line crosses, and no plan can put less than half of
    // the total on its busier processor), and the GA finds it.
    void keepsIndependentCircuitsApart() {
        const TaskGraph one = hs::test::transmissionGraph(3, 1);
        TaskGraph both = one;
        both.compute.insert(both.compute.end(), one.compute.begin(), one.compute.end());
        both.edges.resize(36);
        for (const auto& [a, b] : hs::test::transmissionEdges()) both.addLines(18 + a - 1, 18 + b - 1, 1.0);
        const LinkCosts c = LinkCosts::uniform(2, 277, 432);
        const GaResult ga = gaMapping(both, c);
        for (int j = 1; j < 18; ++j) {
            QCOMPARE(ga.assignment[static_cast<size_t>(j)], ga.assignment[0]);
            QCOMPARE(ga.assignment[static_cast<size_t>(18 + j)], ga.assignment[18]);
        }
        QVERIFY(ga.assignment[0] != ga.assignment[18]);
        double total = 0;
        for (double d : one.compute) total += d;
        QCOMPARE(ga.cost, total);
        qInfo("found at generation %d", ga.generationOfBest);
    }
    void oneProcessorIsTrivial() {
        const TaskGraph g = hs::test::transmissionGraph(1);
        const GaResult ga = gaMapping(g, LinkCosts::uniform(1, 1, 1));
        double total = 0;
        for (double d : g.compute) total += d;
        QCOMPARE(ga.cost, total);
    }
};

QTEST_APPLESS_MAIN(TestGaMapper)
#include "test_ga_mapper.moc"
