// SPDX-License-Identifier: GPL-3.0-or-later
// Runs every solver configuration of a circuit in worker threads and streams their samples to
// the thread that owns the service (the GUI thread), as ARCHITECTURE §4 asks:
// - start() takes an immutable snapshot of the circuit, so the document may change during a run;
// - each configuration runs in its own worker, at most `threads` at once (default: the number of
//   cores), the rest queued;
// - samples go through one SampleRing per configuration; drain() (called ~30 times a second by
//   the viewer) moves them into the live traces of comparison() and extends the live errors;
// - stop() sets one atomic flag that every worker checks between steps;
// - workers never call Qt: they publish each phase (started, done) with a release store that the
//   owner's thread polls every 5 ms; started / progress / finished / failed are emitted there.
#pragma once

#include <QObject>
#include <QStringList>
#include <atomic>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "comparison.h"
#include "config_slot.h"
#include "live_metrics.h"
#include "run_history.h"


namespace hs::sim {
class Registry;
}

class QTimer;

namespace hs::service {

struct RunServiceOptions {
    double duration = 0;        // 0: the circuit's
    double recordInterval = 0;  // 0: the circuit's
    QStringList configs;        // empty: all; the reference always runs
    int threads = 0;            // 0: defaultWorkerCount()
    // Records per configuration (12 MB for six columns): RK4 1e-5 recording 1e6 samples in about
    // 2 s of wall time fills it in half a second of display stall; only then do samples drop and
    // the complete trace replace the live one at the end.
    size_t ringCapacity = size_t(1) << 18;
    // Records per configuration at most (0: no limit). The viewer holds every configuration's
    // complete trace (for exact errors and exports) plus its plotted copy, so memory grows with
    // the records: a run that would record more (1e8 steps with a fine record interval) records
    // every duration / maxRecords seconds instead, and recordsThinned() says so. Six probes:
    // about 0.2 GB per configuration at the limit. `hydrostiff-cli run` streams every record to disk.
    size_t maxRecords = 1000000;
};

struct ConfigStatus {
    QString name;
    bool reference = false;
    RunState state = RunState::Queued;
    double simulated = 0, duration = 0;  // [s]
    double wallSeconds = 0;              // since its worker started
    double realTimeFactor = 0;           // simulated / wall
    double eta = -1;                     // [s] wall time left at the current pace; -1 unknown
    quint64 dropped = 0;                 // live samples the ring had no room for
    QString error;                       // divergence or failure, with time, volume and hint
    double failTime = 0;
    // The builder's warnings (e.g. "volume 'V2' (tlm): parasitic inertance ... exceeds ..."),
    // known once the configuration has been compiled; the run goes on regardless.
    QStringList warnings;
    // Once it has ended: which right-hand side ran and what compiling it cost (kernel_note.h).
    QString kernel, kernelShort;
};

// Configurations run at once by default: one per core but one, which is left to the thread that
// displays the run. With a worker on every core the display takes its share from the workers and
// their wall times, and so the speed-ups shown, come out longer than a headless run's.
int defaultWorkerCount();

class RunService : public QObject {
    Q_OBJECT
public:
    explicit RunService(const sim::Registry& registry, QObject* parent = nullptr);
    ~RunService() override;  // stops the run and waits for the workers

    // Returns "" or why nothing started (a run is in progress, no configuration, ...).
    QString start(const model::Circuit& circuit, const RunServiceOptions& options = {});
    void stop();  // returns at once; finished() follows when every worker has ended
    bool isRunning() const { return running_; }

    int runNumber() const { return runNumber_; }  // 0 before the first run
    // The record interval of the current (or last) run [s]; thinned: coarser than asked for, to
    // stay within RunServiceOptions::maxRecords.
    double recordInterval() const { return snapshot_ ? snapshot_->recordInterval : 0.0; }
    bool recordsThinned() const { return recordsThinned_; }
    int configCount() const { return static_cast<int>(slots_.size()); }
    int referenceIndex() const { return reference_; }  // -1: no reference in this run
    ConfigStatus status(int config) const;  // owner thread
    // Owner thread: the configuration has ended and its trace in comparison() is final.
    bool ended(int config) const { return slots_[static_cast<size_t>(config)]->done; }

    // Owner thread: moves ring samples into the live traces and extends the live errors.
    // Returns true if anything arrived.
    bool drain();
    // Live traces while running (result.trace grows with drain()), the final comparison after
    // finished(). Only touched on the owner thread.
    const Comparison& comparison() const { return *cmp_; }
    std::shared_ptr<const Comparison> comparisonShared() const { return cmp_; }
    // Errors of configuration `config` against the reference so far (empty for the reference).
    const LiveMetrics& liveMetrics(int config) const { return metrics_[static_cast<size_t>(config)]; }
    // Changes when a live trace was replaced (the ring dropped samples, the full trace came in).
    int generation(int config) const { return slots_[static_cast<size_t>(config)]->generation; }
    // Final pressure of the node of "comp.port" (or of a volume id) in a configuration, once it ended.
    std::optional<double> lastPressure(int config, const QString& portOrVolume) const;

    const RunHistory& history() const { return history_; }
    // Forgets the last run and the history (another circuit was opened). False while running.
    bool clear();
    void setHistoryLimit(int n) { history_ = RunHistory(n); }

signals:
    void started();
    // The configuration compiled with warnings (once per configuration and run, before its
    // configStarted, or before configFailed if it fails before its first sample). Non-fatal.
    void configWarnings(int config, const QStringList& warnings);
    void configStarted(int config);         // its probes are known; samples may follow
    void progress(int config, double t);    // at most ~20 times a second per configuration
    void configFinished(int config);        // ran to the end, or was stopped
    void configFailed(int config, const QString& reason);
    void finished();                        // every configuration has ended

private:
    // One configuration on a worker thread. work() catches whatever runSlot() throws (a bug in
    // component code, bad_alloc): the configuration then fails with the message, and no
    // exception leaves the thread (it would terminate the program).
    void work(int index);
    void runSlot(int index);
    void joinWorkers();
    // The owner's thread, every 5 ms while running: the phases the workers have published.
    void poll();
    void onStarted(int run, int index);
    void onDone(int run, int index);
    void reportWarnings(int index);
    bool drainOne(size_t index);
    void updateMetrics();

    const sim::Registry& registry_;
    QTimer* poll_;
    std::int64_t nextProgressNs_ = 0;
    std::vector<std::thread> workers_;  // joined by the next start() and the destructor
    std::shared_ptr<const model::Circuit> snapshot_;
    std::vector<std::shared_ptr<ConfigSlot>> slots_;
    std::shared_ptr<Comparison> cmp_;
    std::vector<LiveMetrics> metrics_;
    std::atomic<bool> stop_{false};
    bool running_ = false;
    int runNumber_ = 0;
    int reference_ = -1;
    size_t ringCapacity_ = 0;
    bool recordsThinned_ = false;
    RunHistory history_;
};

}  // namespace hs::service
