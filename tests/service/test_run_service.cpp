// SPDX-License-Identifier: GPL-3.0-or-later
// RunService: configurations run concurrently and stream exactly the samples of a direct engine
// run; Stop ends every worker within 100 ms; a diverging configuration fails alone; queueing
// beyond the thread limit; a full ring falls back to the complete trace; run history.
#include <QSignalSpy>
#include <QtTest>
#include <cstring>

#include "model/circuit_io.h"
#include "service/comparison.h"
#include "service/run_service.h"
#include "sim/registry.h"
#include "../tlm_line_circuit.h"

using namespace hs;

namespace {

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

bool sameTrace(const sim::Trace& a, const sim::Trace& b) {
    if (a.names != b.names || a.units != b.units || !sameBits(a.time, b.time) || a.columns.size() != b.columns.size()) return false;
    for (size_t c = 0; c < a.columns.size(); ++c)
        if (!sameBits(a.columns[c], b.columns[c])) return false;
    return true;
}

// Waits for finished() with the event loop running (the service's signals are queued).
bool waitFinished(service::RunService& s, int ms) {
    if (!s.isRunning()) return true;
    QSignalSpy spy(&s, &service::RunService::finished);
    return spy.wait(ms);
}

}  // namespace

class TestRunService : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void concurrentRunsMatchDirectEngine();
    void stopEndsAllWithin100ms();
    void divergingConfigurationFailsAlone();
    void configurationsBeyondThreadLimitQueue();
    void fullRingFallsBackToCompleteTrace();
    void recordsPerConfigurationAreCapped();
    void historyKeepsLastRuns();
    void badStartIsRefused();
    void buildWarningsReachListeners();

private:
    sim::Registry reg_ = sim::Registry::builtin();
    model::Circuit circuit2_;
};

void TestRunService::initTestCase() {
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/circuit2_pcv.hydro.json", reg_);
    QVERIFY2(loaded.ok(), qPrintable(loaded.errors.join("\n")));
    circuit2_ = *loaded.circuit;
}

void TestRunService::concurrentRunsMatchDirectEngine() {
    service::RunService svc(reg_);
    service::RunServiceOptions opt;
    opt.duration = 0.4;  // a pressure transient and valve motion: every probe changes
    opt.configs = {"RK4 1e-4"};
    opt.threads = 2;
    QSignalSpy started(&svc, &service::RunService::configStarted);
    QVERIFY(svc.start(circuit2_, opt).isEmpty());
    QCOMPARE(svc.configCount(), 2);
    // Drain while running, as the GUI does, so that the rings (not the final results) fill the traces.
    while (svc.isRunning()) {
        QTest::qWait(5);
        svc.drain();
    }
    QCOMPARE(started.count(), 2);
    const service::Comparison& cmp = svc.comparison();
    QCOMPARE(cmp.reference, 0);
    for (int i = 0; i < 2; ++i) {
        const auto st = svc.status(i);
        QCOMPARE(st.state, service::RunState::Finished);
        QCOMPARE(st.dropped, quint64(0));
        QCOMPARE(svc.generation(i), 0);  // the streamed trace was kept, not replaced
        const model::SolverConfigDoc* cfg = circuit2_.config(st.name);
        const sim::RunResult direct = service::runConfiguration(circuit2_, *cfg, reg_, opt.duration);
        QVERIFY(direct.ok);
        const sim::Trace& streamed = cmp.configs[static_cast<size_t>(i)].result.trace;
        QCOMPARE(streamed.time.size(), size_t(401));
        QVERIFY2(sameTrace(streamed, direct.trace), qPrintable(st.name));
        QCOMPARE(cmp.configs[static_cast<size_t>(i)].result.steps, direct.steps);
        QVERIFY(st.realTimeFactor > 0);
        QCOMPARE(st.simulated, streamed.time.back());
    }
    // The live errors, extended tick by tick, end equal to comparing the complete traces.
    const auto live = svc.liveMetrics(1).errors();
    const auto fin = sim::compareTraces(cmp.configs[0].result.trace, cmp.configs[1].result.trace);
    QCOMPARE(cmp.configs[1].errors.size(), fin.size());
    QCOMPARE(live.size(), fin.size());
    QVERIFY(!fin.empty());
    for (size_t k = 0; k < fin.size(); ++k) {
        QVERIFY(live[k].rmse == fin[k].rmse);
        QVERIFY(live[k].maxAbs == fin[k].maxAbs);
    }
    QVERIFY(cmp.configs[1].speedup > 0);
    QVERIFY(svc.lastPressure(0, "Vv").has_value());
    QVERIFY(svc.lastPressure(0, "cyl.A").has_value());
    QCOMPARE(*svc.lastPressure(0, "cyl.A"), cmp.configs[0].result.trace.columns[1].back());  // probe p1 = cyl.A
}

void TestRunService::stopEndsAllWithin100ms() {
    service::RunService svc(reg_);
    service::RunServiceOptions opt;
    opt.threads = 2;  // three configurations: two running, one queued
    opt.configs = {"RK4 1e-5", "RK4 1e-4", "CVODE"};
    QVERIFY(svc.start(circuit2_, opt).isEmpty());
    QCOMPARE(svc.configCount(), 3);
    QElapsedTimer wait;
    wait.start();
    while (svc.status(0).simulated < 0.05 && wait.elapsed() < 20000) QTest::qWait(5);
    QVERIFY(svc.status(0).simulated > 0);
    QElapsedTimer clock;
    qint64 endedAfter = -1;
    connect(&svc, &service::RunService::finished, this, [&]() { endedAfter = clock.elapsed(); });
    clock.start();
    svc.stop();
    QVERIFY(waitFinished(svc, 5000));
    qInfo("finished %lld ms after stop()", endedAfter);
    QVERIFY(endedAfter >= 0);
    QVERIFY2(endedAfter < 100, qPrintable(QString("took %1 ms").arg(endedAfter)));
    for (int i = 0; i < svc.configCount(); ++i) {
        QCOMPARE(svc.status(i).state, service::RunState::Stopped);
        QVERIFY(svc.status(i).simulated < 20);
    }
    // The partial traces stay: the reference got somewhere before the stop.
    svc.drain();
    QVERIFY(svc.comparison().configs[0].result.trace.time.size() > 10);
}

void TestRunService::divergingConfigurationFailsAlone() {
    model::Circuit c = circuit2_;
    model::SolverConfigDoc bad = *c.config("RK4 1e-4");
    bad.name = "RK4 5e-3 (too coarse)";
    bad.dt = 5e-3;
    c.configs.push_back(bad);
    service::RunService svc(reg_);
    service::RunServiceOptions opt;
    opt.duration = 0.3;
    opt.configs = {"RK4 1e-4", bad.name};
    QSignalSpy failed(&svc, &service::RunService::configFailed);
    QVERIFY(svc.start(c, opt).isEmpty());
    QVERIFY(waitFinished(svc, 60000));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.first().at(0).toInt(), 2);
    const QString reason = failed.first().at(1).toString();
    QVERIFY2(reason.contains("diverged at t ="), qPrintable(reason));
    QVERIFY2(reason.contains("Hint"), qPrintable(reason));
    QCOMPARE(svc.status(2).state, service::RunState::Failed);
    QCOMPARE(svc.status(2).error, reason);
    QVERIFY(svc.status(2).failTime < 0.3);
    // The others ran to the end, with the same samples as alone.
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(svc.status(i).state, service::RunState::Finished);
        const auto direct = service::runConfiguration(c, *c.config(svc.status(i).name), reg_, opt.duration);
        QVERIFY(sameTrace(svc.comparison().configs[static_cast<size_t>(i)].result.trace, direct.trace));
    }
    QCOMPARE(svc.comparison().reference, 0);
}

void TestRunService::configurationsBeyondThreadLimitQueue() {
    service::RunService svc(reg_);
    service::RunServiceOptions opt;
    opt.duration = 0.05;
    opt.threads = 1;
    opt.configs = {"RK4 1e-5", "RK4 1e-4", "CVODE"};
    QVERIFY(svc.start(circuit2_, opt).isEmpty());
    QCOMPARE(svc.status(2).state, service::RunState::Queued);  // one worker: the last one waits
    QCOMPARE(svc.status(2).eta, -1.0);
    std::vector<int> order;
    connect(&svc, &service::RunService::configFinished, this, [&](int i) { order.push_back(i); });
    QVERIFY(waitFinished(svc, 60000));
    QCOMPARE(order, (std::vector<int>{0, 1, 2}));  // one at a time, the reference first
    for (int i = 0; i < 3; ++i) QCOMPARE(svc.status(i).state, service::RunState::Finished);
}

void TestRunService::fullRingFallsBackToCompleteTrace() {
    service::RunService svc(reg_);
    service::RunServiceOptions opt;
    opt.duration = 0.2;
    opt.configs = {"RK4 1e-4"};
    opt.ringCapacity = 16;  // never drained while running: most samples are dropped
    QVERIFY(svc.start(circuit2_, opt).isEmpty());
    QVERIFY(waitFinished(svc, 60000));
    QVERIFY(svc.status(0).dropped > 100);
    QCOMPARE(svc.generation(0), 1);
    const auto direct = service::runConfiguration(circuit2_, *circuit2_.config("RK4 1e-5"), reg_, opt.duration);
    QVERIFY(sameTrace(svc.comparison().configs[0].result.trace, direct.trace));
    QCOMPARE(svc.liveMetrics(1).error().time.size(), direct.trace.time.size());
}

// A run that would record more than maxRecords samples per configuration records every
// duration / maxRecords seconds instead (the viewer holds complete traces: memory stays bounded)
// and says so; within the limit nothing changes.
void TestRunService::recordsPerConfigurationAreCapped() {
    service::RunService svc(reg_);
    service::RunServiceOptions opt;
    opt.duration = 0.2;
    opt.recordInterval = 1e-4;  // 2001 records asked for
    opt.configs = {"RK4 1e-4"};
    opt.maxRecords = 100;
    QVERIFY(svc.start(circuit2_, opt).isEmpty());
    QVERIFY(svc.recordsThinned());
    QCOMPARE(svc.recordInterval(), 0.002);
    QVERIFY(waitFinished(svc, 60000));
    for (const auto& o : svc.comparison().configs) {
        QVERIFY(o.result.ok);
        QCOMPARE(o.result.trace.time.size(), size_t(101));
        QCOMPARE(o.result.trace.time.back(), opt.duration);
    }
    QCOMPARE(svc.liveMetrics(1).error().time.size(), size_t(101));
    opt.maxRecords = 2001;
    QVERIFY(svc.start(circuit2_, opt).isEmpty());
    QVERIFY(!svc.recordsThinned());
    QCOMPARE(svc.recordInterval(), 1e-4);
    QVERIFY(waitFinished(svc, 60000));
    QCOMPARE(svc.comparison().configs[0].result.trace.time.size(), size_t(2001));
}

void TestRunService::historyKeepsLastRuns() {
    service::RunService svc(reg_);
    svc.setHistoryLimit(2);
    service::RunServiceOptions opt;
    opt.duration = 0.02;
    opt.configs = {"RK4 1e-4"};
    for (int run = 1; run <= 3; ++run) {
        QVERIFY(svc.start(circuit2_, opt).isEmpty());
        QVERIFY(waitFinished(svc, 60000));
        QCOMPARE(svc.runNumber(), run);
    }
    QCOMPARE(svc.history().size(), 2);
    QCOMPARE(svc.history().at(0).number, 3);
    const auto prev = svc.history().previous("RK4 1e-4", 4);
    QCOMPARE(prev.size(), size_t(2));
    QCOMPARE(prev[0].number, 3);
    QCOMPARE(prev[1].number, 2);
    QVERIFY(svc.history().previous("CVODE", 4).empty());  // it never ran
    QVERIFY(sameTrace(*prev[0].trace, *prev[1].trace));     // same circuit, same engine: same samples

    // Another circuit in the window: nothing of these runs may be laid under its runs.
    QVERIFY(svc.start(circuit2_, opt).isEmpty());
    QVERIFY(!svc.clear());  // not while running
    QVERIFY(waitFinished(svc, 60000));
    QVERIFY(svc.clear());
    QCOMPARE(svc.history().size(), 0);
    QCOMPARE(svc.configCount(), 0);
    QVERIFY(svc.comparison().configs.empty());
    QVERIFY(svc.start(circuit2_, opt).isEmpty());
    QVERIFY(waitFinished(svc, 60000));
    QCOMPARE(svc.runNumber(), 5);
    QVERIFY(svc.history().previous("RK4 1e-4", 5).empty());
}

void TestRunService::badStartIsRefused() {
    service::RunService svc(reg_);
    model::Circuit none = circuit2_;
    none.configs.clear();
    QVERIFY(svc.start(none).contains("no solver configuration"));
    service::RunServiceOptions opt;
    opt.duration = 5;
    QVERIFY(svc.start(circuit2_, opt).isEmpty());
    QVERIFY(svc.start(circuit2_, opt).contains("in progress"));
    svc.stop();
    QVERIFY(waitFinished(svc, 5000));
}

// The builder's warnings (a TLM volume whose parasitic inertance exceeds the adjoining line's)
// reach the listeners once per configuration, in its status and in its result; the run goes on
// to the end. At a step small enough there is none.
void TestRunService::buildWarningsReachListeners() {
    auto circuit = [&](double dt) {
        auto r = model::parseCircuit(test::tlmLineCircuitJson(dt), reg_);
        if (!r.ok()) qWarning("%s", qPrintable(r.errors.join("\n")));
        return r.ok() ? *r.circuit : model::Circuit();
    };
    const model::Circuit coarse = circuit(1e-3);
    QCOMPARE(coarse.configs.size(), size_t(2));
    service::RunService svc(reg_);
    QSignalSpy warned(&svc, &service::RunService::configWarnings);
    QSignalSpy started(&svc, &service::RunService::configStarted);
    service::RunServiceOptions opt;
    opt.threads = 2;
    QVERIFY(svc.start(coarse, opt).isEmpty());
    QVERIFY(waitFinished(svc, 30000));
    QCOMPARE(warned.count(), 1);
    QCOMPARE(warned.front().at(0).toInt(), 1);  // "TLM"; the reference integrates V
    const QStringList w = warned.front().at(1).toStringList();
    QCOMPARE(w.size(), 1);
    QVERIFY2(w.front().startsWith("volume 'V' (tlm): parasitic inertance Be*dt^2/V = 1e+08 kg/m4 at dt = 0.001 s exceeds"),
             qPrintable(w.front()));
    QVERIFY2(w.front().contains("rho*L/A = 2.27e+07 kg/m4") && w.front().contains("use dt <= 0.000476 s"), qPrintable(w.front()));
    QCOMPARE(started.count(), 2);
    QCOMPARE(svc.status(1).warnings, w);
    QVERIFY(svc.status(0).warnings.isEmpty());
    const auto& cmp = svc.comparison();
    QCOMPARE(cmp.configs[1].result.warnings.size(), size_t(1));
    QCOMPARE(QString::fromStdString(cmp.configs[1].result.warnings.front()), w.front());
    QVERIFY(cmp.configs[0].result.warnings.empty());
    // non-fatal: both ran to the end and were compared
    QVERIFY2(cmp.configs[1].result.ok, cmp.configs[1].result.error.c_str());
    QCOMPARE(cmp.reference, 0);
    QVERIFY(!cmp.configs[1].errors.empty());

    // the step the warning suggests: none
    warned.clear();
    QVERIFY(svc.start(circuit(4.76e-4), opt).isEmpty());
    QVERIFY(waitFinished(svc, 30000));
    QCOMPARE(warned.count(), 0);
    QVERIFY(svc.status(1).warnings.isEmpty());
    QVERIFY(svc.comparison().configs[1].result.ok);
}

QTEST_GUILESS_MAIN(TestRunService)
#include "test_run_service.moc"
