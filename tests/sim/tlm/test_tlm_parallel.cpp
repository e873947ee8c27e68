// Parallel partitions cut at TLM volumes: coupling groups, automatic and manual partitioning,
// and runs on 2 threads that are bit-identical to the serial run.
#include <QtTest>

#include <set>

#include "tlm_circuits.h"
#include "tlm_long_circuit.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

RunResult runLong(int n, int threads, std::map<std::string, int> manual = {}) {
    SolverSettings s = hs::bench::tlmLongSettings(n, 1e-5, threads);
    s.partition = std::move(manual);
    std::vector<ProbeSpec> pr;
    for (int k = 0; k < n; k += 7) {
        pr.push_back({"I" + std::to_string(k), "pressure", "I" + std::to_string(k)});
        pr.push_back({"T" + std::to_string(k), "pressure", "T" + std::to_string(k)});
        pr.push_back({"qa" + std::to_string(k), "flow", "a" + std::to_string(k) + ".A"});
    }
    return buildAndRun(hs::bench::tlmLongCircuit(n), pr, runOptions(s, 0.02, 1e-4));
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
        QTest::addColumn<int>("threads");
        QTest::newRow("2 threads") << 2;
        QTest::newRow("3 threads") << 3;
    }
    void bitIdentical() {
        QFETCH(int, threads);
        RunResult serial = runLong(40, 1);
        QVERIFY2(serial.ok, serial.error.c_str());
        RunResult par = runLong(40, threads);
        QVERIFY2(par.ok, par.error.c_str());
        QCOMPARE(par.trace.time.size(), serial.trace.time.size());
        for (size_t c = 0; c < serial.trace.columns.size(); ++c)
            for (size_t i = 0; i < serial.trace.time.size(); ++i)
                QVERIFY2(par.trace.columns[c][i] == serial.trace.columns[c][i],
                         qPrintable(QString("%1 at %2").arg(QString::fromStdString(serial.trace.names[c])).arg(serial.trace.time[i])));
        QVERIFY(std::abs(serial.trace.columns[0].back()) > 1e5);  // the chain carries flow
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
