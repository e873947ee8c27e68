// SPDX-License-Identifier: GPL-3.0-or-later
// Parallel partitions cut at TLM volumes: coupling groups, automatic and manual partitioning,
// and runs on 2 threads that are bit-identical to the serial run.
#include <QtTest>

#include <set>

#include "tlm_circuits.h"
#include "tlm_long_circuit.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

RunResult runLong(int n, int threads, std::map<std::string, int> manual = {}, bool adaptive = true, int exchange = 1) {
    SolverSettings s = hs::bench::tlmLongSettings(n, 1e-5, threads, exchange);
    s.adaptiveThreads = adaptive;
    s.partition = std::move(manual);
    std::vector<ProbeSpec> pr;
    for (int k = 0; k < n; k += 7) {
        pr.push_back({"I" + std::to_string(k), "pressure", "I" + std::to_string(k)});
        pr.push_back({"T" + std::to_string(k), "pressure", "T" + std::to_string(k)});
        pr.push_back({"qa" + std::to_string(k), "flow", "a" + std::to_string(k) + ".A"});
    }
    return buildAndRun(hs::bench::tlmLongCircuit(n), pr, runOptions(s, 0.02, 1e-4));
}

// A chain cut only at TLM lines (every volume integrated): pressure source -> turbulent orifice
// a<k> -> volume I<k> -> TlmLine L<k> (2 m, 10 mm: delay 1.87 ms) -> volume J<k> -> next
// segment ... -> laminar orifice b -> tank.
Netlist lineChain(int n, int segments) {
    Netlist net;
    net.fluid.bulk = constantBe(1e9);
    net.fluid.density = 870;
    net.components.push_back(comp("PressureSource", "src", {{"p", 1e7}}));
    std::string prev = "src", prevPort = "P";
    for (int k = 0; k < n; ++k) {
        const std::string s = std::to_string(k);
        net.components.push_back(comp("TurbulentOrifice", "a" + s, {{"k", 2.2e-8}, {"dp_tr", 1e5}}, {{"spec", "k"}}));
        net.components.push_back(comp("Volume", "I" + s, {{"V", 1e-4}}));
        net.components.push_back(comp("TlmLine", "L" + s, {{"L", 2.0}, {"d", 0.01}, {"alpha", 0.1}, {"segments", double(segments)}}));
        net.components.push_back(comp("Volume", "J" + s, {{"V", 1e-4}}));
        net.wires.push_back(wire(prev, prevPort, "a" + s, "A"));
        net.wires.push_back(wire("a" + s, "B", "I" + s, "P1"));
        net.wires.push_back(wire("I" + s, "P2", "L" + s, "A"));
        net.wires.push_back(wire("L" + s, "B", "J" + s, "P1"));
        prev = "J" + s;
        prevPort = "P2";
    }
    net.components.push_back(comp("LaminarOrifice", "b", {{"G", 1e-10}}));
    net.components.push_back(comp("Tank", "tank"));
    net.wires.push_back(wire(prev, prevPort, "b", "A"));
    net.wires.push_back(wire("b", "B", "tank", "P"));
    return net;
}

RunResult runLineChain(int n, int segments, double dt, int threads, std::map<std::string, int> manual = {}) {
    SolverSettings s = solver("rk4", dt);
    s.threads = threads;
    s.adaptiveThreads = false;  // always on the threads: the cut itself is under test
    s.partition = std::move(manual);
    std::vector<ProbeSpec> pr;
    for (int k = 0; k < n; ++k) {
        pr.push_back({"I" + std::to_string(k), "pressure", "I" + std::to_string(k)});
        pr.push_back({"J" + std::to_string(k), "pressure", "J" + std::to_string(k)});
        pr.push_back({"qA" + std::to_string(k), "flow", "L" + std::to_string(k) + ".A"});
        pr.push_back({"qB" + std::to_string(k), "flow", "L" + std::to_string(k) + ".B"});
    }
    return buildAndRun(lineChain(n, segments), pr, runOptions(s, 0.03, 1e-4));
}

void compareBits(const RunResult& serial, const RunResult& par) {
    QVERIFY2(serial.ok && par.ok, (serial.error + par.error).c_str());
    QCOMPARE(par.trace.time.size(), serial.trace.time.size());
    for (size_t c = 0; c < serial.trace.columns.size(); ++c)
        for (size_t i = 0; i < serial.trace.time.size(); ++i)
            QVERIFY2(par.trace.columns[c][i] == serial.trace.columns[c][i],
                     qPrintable(QString("%1 at %2").arg(QString::fromStdString(serial.trace.names[c])).arg(serial.trace.time[i])));
}

}  // namespace

class TestTlmParallel : public QObject {
    Q_OBJECT
private slots:
    // The TLM volumes cut the chain: a<k>, I<k>, b<k> form one group per segment.
    void couplingGroups() {
        BuildResult b = build(registry(), hs::bench::tlmLongCircuit(5), hs::bench::tlmLongSettings(5, 1e-5, 1));
        QVERIFY(b.ok());
        const System& sys = *b.system;
        const std::vector<int> g = sys.couplingGroups();
        auto idx = [&](const std::string& id) {
            for (size_t i = 0; i < sys.comps.size(); ++i)
                if (sys.comps[i]->id == id) return g[i];
            return -1;
        };
        std::set<int> segs;
        for (int k = 0; k < 5; ++k) {
            const std::string s = std::to_string(k);
            QCOMPARE(idx("a" + s), idx("I" + s));
            QCOMPARE(idx("b" + s), idx("I" + s));
            segs.insert(idx("a" + s));
        }
        QCOMPARE(segs.size(), size_t(5));
        // without TLM the whole chain is one group
        BuildResult all = build(registry(), hs::bench::tlmLongCircuit(5), solver("rk4", 1e-6));
        QVERIFY(all.ok());
        const std::vector<int> g2 = all.system->couplingGroups();
        std::set<int> one;
        for (size_t i = 0; i < all.system->comps.size(); ++i)
            if (all.system->comps[i]->id[0] == 'a') one.insert(g2[i]);
        QCOMPARE(one.size(), size_t(1));
    }

    void bitIdentical_data() {
        // adaptive: the run switches between the threads and one thread (timing windows of 64
        // steps in 2000), so both paths and the switches between them are compared
        QTest::addColumn<int>("threads");
        QTest::addColumn<bool>("adaptive");
        QTest::addColumn<int>("exchange");
        QTest::newRow("2 threads") << 2 << false << 1;
        QTest::newRow("3 threads") << 3 << false << 1;
        QTest::newRow("2 threads adaptive") << 2 << true << 1;
        // waves exchanged every 10th / 7th step: the partitions take the steps in between alone
        // (7 does not divide the 100 steps of a record interval: runs end between exchanges)
        QTest::newRow("2 threads, exchange 10") << 2 << false << 10;
        QTest::newRow("3 threads, exchange 7") << 3 << false << 7;
        QTest::newRow("2 threads adaptive, exchange 7") << 2 << true << 7;
    }
    void bitIdentical() {
        QFETCH(int, threads);
        QFETCH(bool, adaptive);
        QFETCH(int, exchange);
        RunResult serial = runLong(40, 1, {}, true, exchange);
        QVERIFY2(serial.ok, serial.error.c_str());
        RunResult par = runLong(40, threads, {}, adaptive, exchange);
        QVERIFY2(par.ok, par.error.c_str());
        QCOMPARE(par.trace.time.size(), serial.trace.time.size());
        for (size_t c = 0; c < serial.trace.columns.size(); ++c)
            for (size_t i = 0; i < serial.trace.time.size(); ++i)
                QVERIFY2(par.trace.columns[c][i] == serial.trace.columns[c][i],
                         qPrintable(QString("%1 at %2").arg(QString::fromStdString(serial.trace.names[c])).arg(serial.trace.time[i])));
        QVERIFY(std::abs(serial.trace.columns[0].back()) > 1e5);  // the chain carries flow
    }

    // TLM lines are cuts when their delay allows: a line's ends see each other's waves only
    // after T = L/c, so with T/dt >= 2 (one segment) or >= 1 per segment (several) each end
    // can step on its own thread. Shorter lines join their sides.
    void cutAtLines() {
        BuildResult b = build(registry(), lineChain(4, 1), solver("rk4", 1e-5));
        QVERIFY2(b.ok(), b.errorText().c_str());
        System& sys = *b.system;
        auto distinctGroups = [&](double dt) {
            const System::PartitionUnits u = sys.partitionUnits(dt);
            const std::vector<int> g = sys.couplingGroups(u);
            std::set<int> seen;
            for (int x = 0; x < u.count; ++x)
                if (!sys.comps[static_cast<size_t>(u.comp[static_cast<size_t>(x)])]->isStatic()) seen.insert(g[static_cast<size_t>(x)]);
            return seen.size();
        };
        QCOMPARE(distinctGroups(1e-5), size_t(5));  // 4 lines cut the chain into 5 groups
        QCOMPARE(distinctGroups(0.0), size_t(1));   // no cuts at lines
        QCOMPARE(distinctGroups(0.9e-3), size_t(5));  // T/dt = 2.07
        QCOMPARE(distinctGroups(1e-3), size_t(1));    // T/dt = 1.87 < 2: not a cut
        BuildResult seg = build(registry(), lineChain(4, 2), solver("rk4", 1e-5));
        QVERIFY(seg.ok());
        // two segments of T/2 = 0.93 ms: a cut down to dt = T/2
        QVERIFY(seg.system->partitionUnits(0.9e-3).count == int(seg.system->comps.size()) + 4);
        QVERIFY(seg.system->partitionUnits(1e-3).count == int(seg.system->comps.size()));

        // bit-identical to the serial run, one segment and several (per segment 1.87 steps)
        compareBits(runLineChain(6, 1, 1e-5, 1), runLineChain(6, 1, 1e-5, 2));
        compareBits(runLineChain(6, 1, 1e-5, 1), runLineChain(6, 1, 1e-5, 3));
        const RunResult serialSeg = runLineChain(6, 100, 1e-5, 1);
        compareBits(serialSeg, runLineChain(6, 100, 1e-5, 2));
        // the waves do travel: the far end of the first line sees the source after the delay
        QVERIFY(serialSeg.ok);
        QVERIFY(std::abs(serialSeg.trace.columns[1].back()) > 1e5);
        // by hand across a line
        compareBits(runLineChain(6, 1, 1e-5, 1), runLineChain(6, 1, 1e-5, 2, {{"I0", 0}, {"J0", 1}}));
        // a line too short for the step joins its sides: splitting it by hand is refused
        const RunResult shortLine = runLineChain(2, 1, 1e-3, 2, {{"I0", 0}, {"J0", 1}});
        QVERIFY(!shortLine.ok);
        QVERIFY2(shortLine.error.find("assigned to another partition") != std::string::npos, shortLine.error.c_str());
    }

    // By hand: segments 0-9 on partition 1, the rest automatic; still identical. A hand split
    // through a non-TLM node is refused with the reason.
    void manualPartition() {
        std::map<std::string, int> manual;
        for (int k = 0; k < 10; ++k) manual["a" + std::to_string(k)] = 1;
        RunResult serial = runLong(20, 1), par = runLong(20, 2, manual);
        QVERIFY2(par.ok, par.error.c_str());
        for (size_t c = 0; c < serial.trace.columns.size(); ++c) QVERIFY(par.trace.columns[c] == serial.trace.columns[c]);
        RunResult bad = runLong(20, 2, {{"a3", 0}, {"b3", 1}});
        QVERIFY(!bad.ok);
        QVERIFY2(bad.error.find("assigned to another partition") != std::string::npos, bad.error.c_str());
    }

    // The relief line (through the valve's opening at 0.119 s) and the three-orifice circuit
    // with a TLM node on 2 threads.
    void seedsOnTwoThreads() {
        SolverSettings s = tlmSolver(1e-4, "line");
        RunResult a = buildAndRun(ReliefLine::net(), ReliefLine::probes(), runOptions(s, 0.2, 1e-3));
        s.threads = 2;
        RunResult b = buildAndRun(ReliefLine::net(), ReliefLine::probes(), runOptions(s, 0.2, 1e-3));
        QVERIFY2(a.ok && b.ok, (a.error + b.error).c_str());
        for (size_t c = 0; c < a.trace.columns.size(); ++c) QVERIFY(a.trace.columns[c] == b.trace.columns[c]);
        // exchange every 10th step (notes §3.7) on 2 threads as well
        SolverSettings x = tlmExchange(1e-4, "line", 1.0, 10);
        RunResult xa = buildAndRun(ReliefLine::net(), ReliefLine::probes(), runOptions(x, 0.2, 1e-3));
        x.threads = 2;
        RunResult xb = buildAndRun(ReliefLine::net(), ReliefLine::probes(), runOptions(x, 0.2, 1e-3));
        QVERIFY2(xa.ok && xb.ok, (xa.error + xb.error).c_str());
        QVERIFY(xa.trace.columns == xb.trace.columns && xa.trace.columns != a.trace.columns);
        SolverSettings q = withMethod(solver("rk4", 1e-4), "V2", "quasi_steady");
        q.threads = 2;
        RunResult held = buildAndRun(threeOrifice(1e-3, 1e-5), {{"p1", "pressure", "V1"}}, runOptions(q, 0.01, 1e-3));
        QVERIFY(!held.ok);
        QVERIFY2(held.error.find("integrate and tlm") != std::string::npos, held.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestTlmParallel)
#include "test_tlm_parallel.moc"
