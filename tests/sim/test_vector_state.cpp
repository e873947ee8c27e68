// SPDX-License-Identifier: GPL-3.0-or-later
// The engine cleans the AVX upper-register state of the thread it runs on (sim/vector_state.h).
// A thread started by a thread whose upper state is in use inherits that state; on Intel cores
// with AVX-512 every SSE instruction then runs slowly (the GUI ran the engine ~9x slower than the
// CLI). The state itself is visible on any CPU with XGETBV(1) (AMD EPYC and Intel Xeon both), so
// this test fails where the guard is missing even on a CPU that pays no penalty for it.
#include <QtTest>

#include <thread>

#include "sim/vector_state.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestVectorState : public QObject {
    Q_OBJECT
private slots:
    void dirtyStateIsInheritedAndCleared();
    void engineRunsCleanInThreadBornDirty();
};

void TestVectorState::dirtyStateIsInheritedAndCleared() {
    if (!vectorStateObservable()) QSKIP("this CPU cannot report its AVX upper state (no XGETBV with ECX = 1)");
    bool parentDirty = false, childDirty = false, childAfterClear = true;
    std::thread parent([&] {
        parentDirty = dirtyUpperVectorState() && upperVectorStateDirty();
        std::thread child([&] {
            childDirty = upperVectorStateDirty();
            clearUpperVectorState();
            childAfterClear = upperVectorStateDirty();
        });
        child.join();
        clearUpperVectorState();
    });
    parent.join();
    QVERIFY(parentDirty);
    QVERIFY2(childDirty, "a thread should inherit the upper state of the thread that started it");
    QVERIFY(!childAfterClear);
}

// The run itself: started from a dirty thread (as the GUI starts its workers), every recorded
// sample is taken with a clean upper state, and the results equal those of a run born clean.
void TestVectorState::engineRunsCleanInThreadBornDirty() {
    if (!vectorStateObservable()) QSKIP("this CPU cannot report its AVX upper state (no XGETBV with ECX = 1)");
    const Netlist net = threeOrifice(1e-3, 1e-5, logBe());
    auto runIn = [&](bool bornDirty, int& dirtySamples, bool& startedDirty) {
        RunResult result;
        std::thread parent([&] {
            if (bornDirty) dirtyUpperVectorState();
            std::thread worker([&] {
                startedDirty = upperVectorStateDirty();
                RunOptions o = runOptions(solver("rk4", 1e-5), 0.05, 1e-3);
                o.sample = [&](double, const double*, size_t) { dirtySamples += upperVectorStateDirty(); };
                result = buildAndRun(net, threeOrificeProbes(), o);
            });
            worker.join();
            clearUpperVectorState();
        });
        parent.join();
        return result;
    };
    int dirtyClean = 0, dirtyDirty = 0;
    bool startedClean = true, startedDirty = false;
    const RunResult clean = runIn(false, dirtyClean, startedClean);
    const RunResult dirty = runIn(true, dirtyDirty, startedDirty);
    QVERIFY(clean.ok && dirty.ok);
    QVERIFY2(startedDirty, "the worker should start with its parent's dirty state");
    QCOMPARE(dirtyDirty, 0);
    QCOMPARE(dirtyClean, 0);
    QCOMPARE(dirty.steps, clean.steps);
    QCOMPARE(dirty.trace.time.size(), clean.trace.time.size());
    for (size_t c = 0; c < clean.trace.columns.size(); ++c) QVERIFY(dirty.trace.columns[c] == clean.trace.columns[c]);
}

QTEST_GUILESS_MAIN(TestVectorState)
#include "test_vector_state.moc"
