// SPDX-License-Identifier: GPL-3.0-or-later
// The exact mapping cost of notes/003 §3.3 (Fig. 5.8) on graphs small enough to sum by hand.
#include <QtTest>

#include "sim/mapping/task_graph.h"
#include "thesis_graphs.h"

using namespace hs::sim::mapping;

class TestTaskGraph : public QObject {
    Q_OBJECT
private slots:
    // Three tasks in a chain 0 -2 lines- 1 -1 line- 2 on the thesis' transputer costs, tasks 0
    // and 1 on processor 0, task 2 on processor 3 (through the switch):
    // t(0) = D0 + D1 + [0-1 same processor: 0] + [1-2: 1*287 + 532] = 100 + 200 + 819
    // t(3) = D2 + [2-1: 1*287 + 532] = 50 + 819
    void costOfAChainByHand() {
        TaskGraph g;
        g.compute = {100, 200, 50};
        g.edges.resize(3);
        g.addLines(0, 1, 2.0);
        g.addLines(1, 2, 1.0);
        QCOMPARE(QString::fromStdString(g.check()), QString());
        const LinkCosts c = hs::test::transputerCosts(4);
        const std::vector<double> t = processorTimes(g, c, {0, 0, 3});
        QCOMPARE(t[0], 1119.0);
        QCOMPARE(t[1], 0.0);
        QCOMPARE(t[3], 869.0);
        QCOMPARE(mappingCost(g, c, {0, 0, 3}), 1119.0);
        // processors 0 and 1 share a direct link: 277 + 432 each way
        QCOMPARE(mappingCost(g, c, {0, 0, 1}), 300.0 + 709.0);
        // every task apart: t(1) = 200 + 2*277 + 432 + 287 + 532
        QCOMPARE(processorTimes(g, c, {0, 1, 2})[1], 200.0 + 2 * 277 + 432 + 287 + 532);
    }
    void transmissionGraphHasTheThesisEdges() {
        const TaskGraph g = hs::test::transmissionGraph(1);
        QCOMPARE(g.size(), 18);
        int degreeSum = 0;
        for (const auto& e : g.edges) degreeSum += static_cast<int>(e.size());
        QCOMPARE(degreeSum, 42);  // 21 edges
        QCOMPARE(static_cast<int>(g.edges[5].size()), 4);  // task 6: 3, 5, 7, 9
        QCOMPARE(static_cast<int>(g.edges[10].size()), 1);  // task 11: 10
        QCOMPARE(QString::fromStdString(g.check()), QString());
    }
    void badGraphsAreNamed() {
        TaskGraph g;
        g.compute = {1, -2};
        QVERIFY(QString::fromStdString(g.check()).contains("task 2"));
        g.compute = {1, 2};
        g.edges.resize(2);
        g.edges[0].push_back({1, 1.0});  // not mirrored
        QVERIFY(QString::fromStdString(g.check()).contains("not symmetric"));
        LinkCosts c = LinkCosts::uniform(2, 1, 1);
        c.perLine.pop_back();
        QVERIFY(!c.check().empty());
    }
};

QTEST_APPLESS_MAIN(TestTaskGraph)
#include "test_task_graph.moc"
