// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's side of the mappers: the coupling groups of a built circuit as the mapping
// problem's tasks (lines where groups meet at a TLM node), the optimal mapper's plan never worse
// than the balanced one in the model's cost, and a run with it bit-identical to the serial run.
#include <QtTest>

#include "sim/mapping/exact_mapper.h"
#include "sim/partitioner.h"
#include "sim/settings_check.h"
#include "tlm/tlm_circuits.h"
#include "tlm_long_circuit.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

int compIndex(const System& sys, const std::string& id) {
    for (size_t c = 0; c < sys.comps.size(); ++c)
        if (sys.comps[c]->id == id) return static_cast<int>(c);
    return -1;
}

RunResult runLong(int n, int threads, const std::string& mapper) {
    SolverSettings s = hs::bench::tlmLongSettings(n, 1e-5, threads);
    s.partitionMapper = mapper;
    s.adaptiveThreads = false;
    std::vector<ProbeSpec> pr;
    for (int k = 0; k < n; k += 3) {
        pr.push_back({"I" + std::to_string(k), "pressure", "I" + std::to_string(k)});
        pr.push_back({"qa" + std::to_string(k), "flow", "a" + std::to_string(k) + ".A"});
    }
    return buildAndRun(hs::bench::tlmLongCircuit(n), pr, runOptions(s, 0.01, 1e-4));
}

}  // namespace

class TestGroupGraph : public QObject {
    Q_OBJECT
private slots:
    // The long chain: segment k's orifices and integrated volume are one task; its TLM volume
    // T<k> is another, with one line to the segment before and one to its own segment (and
    // those two segments share a line through T<k>).
    void chainTasksAndLines() {
        const int n = 6;
        BuildResult b = build(registry(), hs::bench::tlmLongCircuit(n), hs::bench::tlmLongSettings(n, 1e-5, 1));
        QVERIFY2(b.ok(), b.errorText().c_str());
        System& sys = *b.system;
        const System::PartitionUnits units = sys.partitionUnits(1e-5);
        std::vector<double> cost(sys.comps.size(), 10.0);
        GroupTaskGraph tg;
        QCOMPARE(QString::fromStdString(groupTaskGraph(sys, units, 2, cost, {}, tg)), QString());
        QCOMPARE(QString::fromStdString(tg.graph.check()), QString());
        auto task = [&](const std::string& id) { return tg.taskOfUnit[static_cast<size_t>(compIndex(sys, id))]; };
        auto lines = [&](int a, int b) {
            for (const auto& e : tg.graph.edges[static_cast<size_t>(a)])
                if (e.task == b) return e.lines;
            return 0.0;
        };
        for (int k = 0; k < n; ++k) {
            const std::string s = std::to_string(k);
            QCOMPARE(task("I" + s), task("a" + s));
            QCOMPARE(task("b" + s), task("a" + s));
            QVERIFY(task("T" + s) != task("a" + s));
            QCOMPARE(tg.graph.compute[static_cast<size_t>(task("a" + s))], 30.0);  // three components of cost 10
            if (k == 0) continue;  // T0 is not a TLM node: the pressure source imposes its pressure
            // T<k> meets its own segment and the one before, which meet each other there
            QCOMPARE(lines(task("T" + s), task("a" + s)), 1.0);
            QCOMPARE(lines(task("T" + s), task("b" + std::to_string(k - 1))), 1.0);
            QCOMPARE(lines(task("a" + s), task("b" + std::to_string(k - 1))), 1.0);
            QCOMPARE(static_cast<int>(tg.graph.edges[static_cast<size_t>(task("T" + s))].size()), 2);
        }
        // a hand placement pins the task of the whole group
        QCOMPARE(QString::fromStdString(groupTaskGraph(sys, units, 2, cost, {{"I2", 1}}, tg)), QString());
        QCOMPARE(tg.graph.pinnedTo(task("a2")), 1);
        QVERIFY(QString::fromStdString(groupTaskGraph(sys, units, 2, cost, {{"nope", 1}}, tg)).contains("no component 'nope'"));
    }
    // In the optimal mapper's own cost model its plan is never worse than the balanced plan,
    // and on this chain of 8 segments on 2 partitions it is the proved optimum.
    void optimalPlanIsNoWorse() {
        const int n = 8;
        BuildResult b = build(registry(), hs::bench::tlmLongCircuit(n), hs::bench::tlmLongSettings(n, 1e-5, 1));
        QVERIFY2(b.ok(), b.errorText().c_str());
        System& sys = *b.system;
        const System::PartitionUnits units = sys.partitionUnits(1e-5);
        std::vector<double> cost(sys.comps.size());
        for (size_t c = 0; c < cost.size(); ++c) cost[c] = 5.0 + static_cast<double>((c * 37) % 11) * 20.0;  // uneven
        GroupTaskGraph tg;
        QCOMPARE(QString::fromStdString(groupTaskGraph(sys, units, 2, cost, {}, tg)), QString());
        const mapping::LinkCosts links = mapping::LinkCosts::uniform(2, kSharedMemoryLineCostNs, 0.0);
        auto planCost = [&](PartitionMapper m) {
            std::vector<int> partOfUnit;
            const std::string e = autoPartition(sys, units, 2, cost, {}, partOfUnit, m);
            if (!e.empty()) qFatal("%s", e.c_str());
            std::vector<int> perTask(static_cast<size_t>(tg.graph.size()), 0);
            for (int x = 0; x < units.count; ++x) perTask[static_cast<size_t>(tg.taskOfUnit[static_cast<size_t>(x)])] = partOfUnit[static_cast<size_t>(x)];
            return mapping::mappingCost(tg.graph, links, perTask);
        };
        const double balanced = planCost(PartitionMapper::Balanced), optimal = planCost(PartitionMapper::Optimal);
        const mapping::ExactResult exact = mapping::exactMapping(tg.graph, links);
        QVERIFY(exact.provedOptimal);
        qInfo("balanced %.1f, optimal %.1f (proved %.1f)", balanced, optimal, exact.cost);
        QVERIFY(optimal <= balanced);
        QCOMPARE(optimal, exact.cost);
    }
    void runIsBitIdentical() {
        const RunResult serial = runLong(12, 1, "balanced"), optimal = runLong(12, 2, "optimal");
        QVERIFY2(serial.ok && optimal.ok, (serial.error + optimal.error).c_str());
        for (size_t c = 0; c < serial.trace.columns.size(); ++c) QVERIFY(optimal.trace.columns[c] == serial.trace.columns[c]);
    }
    void unknownMapperIsNamed() {
        SolverSettings s = hs::bench::tlmLongSettings(2, 1e-5, 2);
        s.partitionMapper = "genetic";
        const std::vector<SettingsIssue> issues = checkSolverSettings(registry(), s, pressureMethodHosts(registry(), hs::bench::tlmLongCircuit(2)));
        QVERIFY(std::any_of(issues.begin(), issues.end(), [](const SettingsIssue& i) {
            return i.key == "partition_mapper" && i.text.find("'genetic'") != std::string::npos;
        }));
        const RunResult r = runLong(2, 2, "genetic");
        QVERIFY(!r.ok);
    }
};

QTEST_APPLESS_MAIN(TestGroupGraph)
#include "test_group_graph.moc"
