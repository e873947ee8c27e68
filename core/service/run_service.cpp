// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_service.h"

#include <QThread>
#include <QTimer>
#include <algorithm>
#include <chrono>

#include "kernel_note.h"
#include "sim/registry.h"
#include "sim/system.h"

namespace hs::service {

namespace {

std::int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

constexpr std::int64_t kProgressIntervalNs = 50'000'000;  // 20 Hz: enough for a progress bar

// Final pressure of every hydraulic node, keyed by each "comp.port" on it and by its volumes.
std::map<QString, double> nodePressures(const sim::System& sys) {
    std::map<QString, double> out;
    const sim::Eval& e = sys.eval();
    for (size_t n = 0; n < sys.hyd.size(); ++n) {
        const double p = e.p[n];
        for (int gp : sys.hyd[n].ports) {
            const sim::PortRef& pr = sys.ports[static_cast<size_t>(gp)];
            const sim::Component& c = *sys.comps[static_cast<size_t>(pr.comp)];
            out[QString::fromStdString(c.id + "." + c.spec->ports[static_cast<size_t>(pr.port)].id)] = p;
        }
        for (const auto& v : sys.hyd[n].volumeIds) out[QString::fromStdString(v)] = p;
    }
    return out;
}

}  // namespace

RunService::RunService(const sim::Registry& registry, QObject* parent)
    : QObject(parent), registry_(registry), poll_(new QTimer(this)), cmp_(std::make_shared<Comparison>()) {
    // 5 ms: Stop and the end of a run are seen well within the 100 ms the user may wait.
    poll_->setInterval(5);
    connect(poll_, &QTimer::timeout, this, &RunService::poll);
}

RunService::~RunService() {
    stop_.store(true);
    joinWorkers();
}

void RunService::joinWorkers() {
    for (std::thread& t : workers_) t.join();
    workers_.clear();
}

QString RunService::start(const model::Circuit& circuit, const RunServiceOptions& options) {
    if (running_) return tr("a run is in progress; stop it first");
    auto snap = std::make_shared<model::Circuit>(circuit);
    if (options.duration > 0) snap->duration = options.duration;
    if (options.recordInterval > 0) snap->recordInterval = options.recordInterval;
    if (!(snap->duration > 0)) return tr("the duration must be positive");
    if (!(snap->recordInterval > 0)) return tr("the record interval must be positive");
    const bool thin = options.maxRecords > 0 && snap->duration / snap->recordInterval > static_cast<double>(options.maxRecords);
    if (thin) snap->recordInterval = snap->duration / static_cast<double>(options.maxRecords);

    std::vector<std::shared_ptr<ConfigSlot>> configSlots;
    auto cmp = std::make_shared<Comparison>();
    for (const auto& cfg : snap->configs) {
        if (!options.configs.isEmpty() && !options.configs.contains(cfg.name) && !cfg.reference) continue;
        auto s = std::make_shared<ConfigSlot>();
        s->config = cfg;
        s->duration = snap->duration;
        configSlots.push_back(std::move(s));
        ConfigOutcome o;
        o.name = cfg.name;
        o.reference = cfg.reference;
        cmp->configs.push_back(std::move(o));
    }
    if (configSlots.empty()) return tr("the circuit has no solver configuration to run");

    snapshot_ = std::move(snap);
    recordsThinned_ = thin;
    slots_ = std::move(configSlots);
    cmp_ = std::move(cmp);
    metrics_.assign(slots_.size(), LiveMetrics());
    reference_ = -1;
    for (size_t i = 0; i < slots_.size(); ++i)
        if (slots_[i]->config.reference && reference_ < 0) reference_ = static_cast<int>(i);
    ringCapacity_ = options.ringCapacity;
    // The workers of the last run have posted their last event; they are ending or gone.
    joinWorkers();
    stop_.store(false);
    running_ = true;
    ++runNumber_;
    // The reference first: every error needs it, so it should never wait in the queue.
    auto order = std::make_shared<std::vector<int>>();
    if (reference_ >= 0) order->push_back(reference_);
    for (int i = 0; i < configCount(); ++i)
        if (i != reference_) order->push_back(i);
    nextProgressNs_ = 0;
    poll_->start();
    emit started();
    // Plain threads, each taking the next configuration until none is left: the rest wait
    // their turn. std::thread rather than a QThreadPool, so that start and join are pthread
    // calls that ThreadSanitizer sees (tools/tsan.sh).
    const int want = options.threads > 0 ? options.threads : defaultWorkerCount();
    const int n = std::clamp(want, 1, configCount());
    auto next = std::make_shared<std::atomic<int>>(0);
    for (int k = 0; k < n; ++k)
        workers_.emplace_back([this, order, next]() {
            for (int j = next->fetch_add(1); j < static_cast<int>(order->size()); j = next->fetch_add(1)) work((*order)[static_cast<size_t>(j)]);
        });
    return {};
}

void RunService::stop() { stop_.store(true); }

int defaultWorkerCount() { return std::max(1, QThread::idealThreadCount() - 1); }

bool RunService::clear() {
    if (running_) return false;
    slots_.clear();
    metrics_.clear();
    cmp_ = std::make_shared<Comparison>();
    snapshot_.reset();
    reference_ = -1;
    history_.clear();
    return true;
}

void RunService::work(int index) {
    std::shared_ptr<ConfigSlot> slot = slots_[static_cast<size_t>(index)];
    std::string error;
    try {
        runSlot(index);
        return;
    } catch (const std::exception& e) {
        error = e.what();
    } catch (...) {
        error = "unknown exception";
    }
    // The run is over whatever phase it was in; the owner reads the result after the kDone
    // store, and the ring (if any) only holds what was recorded before the failure.
    slot->result.ok = false;
    slot->result.stopped = false;
    slot->result.failTime = slot->simulated.load(std::memory_order_relaxed);
    slot->result.error = internalError(error, slot->result.failTime);
    slot->wallEndNs.store(nowNs());
    slot->state.store(static_cast<int>(RunState::Failed));
    slot->published.store(ConfigSlot::kDone, std::memory_order_release);
}

void RunService::runSlot(int index) {
    // Only the slot, the snapshot and the stop flag are touched here; all are owned by shared
    // pointers or by the service, whose destructor waits for the workers.
    std::shared_ptr<ConfigSlot> slot = slots_[static_cast<size_t>(index)];
    std::shared_ptr<const model::Circuit> circuit = snapshot_;
    // No Qt call from here: the worker publishes each phase with a release store, and the
    // owner's thread polls it with acquire (poll()). Everything written before the store is
    // then visible there, and ThreadSanitizer, which cannot see inside Qt's event queue, sees
    // the pairing too.
    auto publish = [&slot](int phase) { slot->published.store(phase, std::memory_order_release); };
    slot->wallStartNs.store(nowNs());
    if (stop_.load()) {
        slot->result.stopped = true;
        slot->state.store(static_cast<int>(RunState::Stopped));
        slot->wallEndNs.store(nowNs());
        publish(ConfigSlot::kDone);
        return;
    }
    slot->state.store(static_cast<int>(RunState::Running));
    PreparedRun prep = prepareConfiguration(*circuit, slot->config, registry_, circuit->duration);
    slot->warnings = prep.warnings;
    slot->result.warnings = prep.warnings;
    if (!prep.system) {
        slot->result.error = prep.error;
    } else {
        for (const auto& p : prep.probes) {
            std::string unit;
            const std::string e = sim::checkProbe(*prep.system, p, &unit);
            if (!e.empty() && slot->result.error.empty()) slot->result.error = e;
            slot->names.push_back(p.name.empty() ? p.quantity + " " + p.target : p.name);
            slot->units.push_back(unit);
            slot->quantities.push_back(p.quantity);
        }
    }
    if (!slot->result.error.empty()) {
        slot->state.store(static_cast<int>(RunState::Failed));
        slot->wallEndNs.store(nowNs());
        publish(ConfigSlot::kDone);
        return;
    }
    slot->ring = std::make_shared<SampleRing>(1 + prep.probes.size(), ringCapacity_);
    publish(ConfigSlot::kStarted);

    SampleRing* ring = slot->ring.get();
    prep.options.stop = &stop_;
    prep.options.sample = [ring](double t, const double* v, size_t) { ring->push(t, v); };
    prep.options.progress = [&slot](double t) { slot->simulated.store(t, std::memory_order_relaxed); };
    sim::RunResult res = sim::simulate(*prep.system, prep.probes, prep.options);
    res.warnings = std::move(prep.warnings);
    slot->lastPressure = nodePressures(*prep.system);
    if (!res.trace.time.empty()) slot->simulated.store(res.trace.time.back());
    const RunState st = res.ok ? RunState::Finished : res.stopped ? RunState::Stopped : RunState::Failed;
    slot->result = std::move(res);
    slot->wallEndNs.store(nowNs());
    slot->state.store(static_cast<int>(st));
    publish(ConfigSlot::kDone);
}

void RunService::poll() {
    const int run = runNumber_;
    const std::int64_t now = nowNs();
    const bool progressDue = now >= nextProgressNs_;
    if (progressDue) nextProgressNs_ = now + kProgressIntervalNs;
    for (size_t i = 0; i < slots_.size(); ++i) {
        const int phase = slots_[i]->published.load(std::memory_order_acquire);
        const int index = static_cast<int>(i);
        // A worker may have started and ended between two polls: started comes first.
        if (phase >= ConfigSlot::kStarted && !slots_[i]->ringReady && slots_[i]->ring) onStarted(run, index);
        if (runNumber_ != run) return;  // a handler of the signals started another run
        if (phase == ConfigSlot::kDone && !slots_[i]->done) onDone(run, index);
        if (runNumber_ != run || !running_) return;  // finished (listeners may have cleared or restarted)
        if (progressDue && phase == ConfigSlot::kStarted) emit progress(index, slots_[i]->simulated.load(std::memory_order_relaxed));
    }
}

void RunService::onStarted(int run, int index) {
    if (run != runNumber_) return;
    ConfigSlot& s = *slots_[static_cast<size_t>(index)];
    sim::Trace& tr = cmp_->configs[static_cast<size_t>(index)].result.trace;
    tr.names = s.names;
    tr.units = s.units;
    tr.quantities = s.quantities;
    tr.columns.assign(s.names.size(), {});
    // Room for the whole run up front: growing 1e6-sample vectors by doubling on this thread
    // costs copies and page faults in the middle of the display ticks.
    const size_t expected = static_cast<size_t>(snapshot_->duration / snapshot_->recordInterval) + 2;
    tr.time.reserve(expected);
    for (auto& c : tr.columns) c.reserve(expected);
    if (index != reference_) metrics_[static_cast<size_t>(index)].reserve(expected, s.names.size());
    s.ringReady = true;
    reportWarnings(index);
    if (run != runNumber_) return;  // a handler started another run
    emit configStarted(index);
}

bool RunService::drainOne(size_t i) {
    ConfigSlot& s = *slots_[i];
    if (!s.ringReady || s.done) return false;
    sim::Trace& tr = cmp_->configs[i].result.trace;
    const size_t w = s.ring->width();
    return s.ring->consume([&](const double* r) {
        tr.time.push_back(r[0]);
        for (size_t c = 1; c < w; ++c) tr.columns[c - 1].push_back(r[c]);
    }) > 0;
}

void RunService::updateMetrics() {
    if (reference_ < 0) return;
    const sim::Trace& ref = cmp_->configs[static_cast<size_t>(reference_)].result.trace;
    const bool refDone = slots_[static_cast<size_t>(reference_)]->done;
    for (size_t i = 0; i < slots_.size(); ++i) {
        if (static_cast<int>(i) == reference_) continue;
        metrics_[i].update(ref, cmp_->configs[i].result.trace, refDone && slots_[i]->done);
    }
}

bool RunService::drain() {
    bool any = false;
    for (size_t i = 0; i < slots_.size(); ++i) any = drainOne(i) || any;
    if (any) updateMetrics();
    return any;
}

void RunService::onDone(int run, int index) {
    if (run != runNumber_) return;
    const size_t i = static_cast<size_t>(index);
    ConfigSlot& s = *slots_[i];
    drainOne(i);
    ConfigOutcome& o = cmp_->configs[i];
    // The worker's trace is complete; the live one misses what the ring dropped.
    const bool replaced = o.result.trace.time.size() != s.result.trace.time.size();
    sim::Trace streamed = std::move(o.result.trace);
    o.result = std::move(s.result);
    s.result = sim::RunResult();
    if (!replaced) o.result.trace = std::move(streamed);  // what the viewers already hold
    s.done = true;
    if (replaced) {
        ++s.generation;
        if (index == reference_)
            for (auto& m : metrics_) m.reset();
        else
            metrics_[i].reset();
    }
    updateMetrics();
    reportWarnings(index);
    if (run != runNumber_) return;

    const auto state = static_cast<RunState>(s.state.load());
    if (state == RunState::Failed)
        emit configFailed(index, QString::fromStdString(o.result.error));
    else
        emit configFinished(index);

    for (const auto& other : slots_)
        if (!other->done) return;
    // The live errors have reached the ends of both traces: the same numbers as comparing the
    // complete traces, without another pass over 1e6 samples on this thread.
    std::vector<std::vector<sim::ProbeError>> known(slots_.size());
    for (size_t k = 0; k < slots_.size(); ++k)
        if (static_cast<int>(k) != reference_) known[k] = metrics_[k].errors();
    finishComparison(*cmp_, reference_ >= 0 ? &known : nullptr);
    running_ = false;
    poll_->stop();
    history_.add({runNumber_, cmp_});
    emit finished();
}

// Owner thread, after the acquire load has seen the worker's started or done phase: the
// warnings it wrote before that release store are visible.
void RunService::reportWarnings(int index) {
    ConfigSlot& s = *slots_[static_cast<size_t>(index)];
    if (s.warningsSeen) return;
    s.warningsSeen = true;
    for (const auto& w : s.warnings) s.shownWarnings << QString::fromStdString(w);
    if (!s.shownWarnings.isEmpty()) emit configWarnings(index, s.shownWarnings);
}

ConfigStatus RunService::status(int config) const {
    const ConfigSlot& s = *slots_[static_cast<size_t>(config)];
    ConfigStatus st;
    st.name = s.config.name;
    st.reference = s.config.reference;
    st.state = static_cast<RunState>(s.state.load());
    st.simulated = s.simulated.load(std::memory_order_relaxed);
    st.duration = s.duration;
    const std::int64_t t0 = s.wallStartNs.load(), t1 = s.wallEndNs.load();
    if (t0 > 0) st.wallSeconds = 1e-9 * static_cast<double>((t1 > 0 ? t1 : nowNs()) - t0);
    if (st.wallSeconds > 0) st.realTimeFactor = st.simulated / st.wallSeconds;
    if (st.state == RunState::Running && st.simulated > 0)
        st.eta = (st.duration - st.simulated) * st.wallSeconds / st.simulated;
    else if (st.state != RunState::Queued)
        st.eta = 0;
    if (s.ringReady) st.dropped = s.ring->dropped();
    st.warnings = s.shownWarnings;
    if (s.done) {
        st.error = QString::fromStdString(cmp_->configs[static_cast<size_t>(config)].result.error);
        st.failTime = cmp_->configs[static_cast<size_t>(config)].result.failTime;
        st.kernel = kernelNote(cmp_->configs[static_cast<size_t>(config)].result);
        st.kernelShort = kernelShortNote(cmp_->configs[static_cast<size_t>(config)].result);
    }
    return st;
}

std::optional<double> RunService::lastPressure(int config, const QString& portOrVolume) const {
    const ConfigSlot& s = *slots_[static_cast<size_t>(config)];
    if (!s.done) return std::nullopt;
    auto it = s.lastPressure.find(portOrVolume);
    if (it == s.lastPressure.end()) return std::nullopt;
    return it->second;
}

}  // namespace hs::service
