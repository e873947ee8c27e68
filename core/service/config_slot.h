// What one configuration's worker and the service's own thread share during a run. Internal to
// RunService. The atomics are read by status() at any time; everything else is written by the
// worker *before* it posts the matching event (started / done) to the service's thread and read
// there only after that event, so the event queue's lock orders the accesses.
#pragma once

#include <QString>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/circuit.h"
#include "sample_ring.h"
#include "sim/simulator.h"

namespace hs::service {

enum class RunState { Queued, Running, Finished, Failed, Stopped };

struct ConfigSlot {
    model::SolverConfigDoc config;
    double duration = 0;

    std::atomic<int> state{static_cast<int>(RunState::Queued)};
    std::atomic<double> simulated{0.0};
    std::atomic<std::int64_t> wallStartNs{0}, wallEndNs{0};  // steady clock; 0 = not yet

    // The worker's release store before each event; the handler's acquire load pairs with it.
    static constexpr int kStarted = 1, kDone = 2;
    std::atomic<int> published{0};

    // Published with the "started" event.
    std::shared_ptr<SampleRing> ring;
    std::vector<std::string> names, units;
    // Published with the "done" event.
    sim::RunResult result;
    std::map<QString, double> lastPressure;  // "comp.port" and volume id -> final node pressure [Pa]

    // The service thread's own bookkeeping.
    bool ringReady = false;
    bool done = false;
    int generation = 0;
};

}  // namespace hs::service
