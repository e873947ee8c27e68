// SPDX-License-Identifier: GPL-3.0-or-later
// What one configuration's worker and the service's own thread share during a run. Internal to
// RunService. The atomics are read by status() at any time; everything else is written by the
// worker *before* its release store of the matching phase in `published` (started / done) and
// read by the service's thread only after its acquire load has seen that phase.
#pragma once

#include <QString>
#include <QStringList>
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

    // The worker's release store of each phase; the service's polling acquire load pairs with it.
    static constexpr int kStarted = 1, kDone = 2;
    std::atomic<int> published{0};

    // Published with the "started" event (with "done" if it fails or stops before it starts).
    std::shared_ptr<SampleRing> ring;
    std::vector<std::string> names, units, quantities;
    std::vector<std::string> warnings;  // the builder's, non-fatal (a TLM volume's parasitic inertance)
    // Published with the "done" event.
    sim::RunResult result;
    std::map<QString, double> lastPressure;  // "comp.port" and volume id -> final node pressure [Pa]

    // The service thread's own bookkeeping.
    bool ringReady = false;
    bool warningsSeen = false;  // copied into shownWarnings, configWarnings emitted if any
    QStringList shownWarnings;
    bool done = false;
    int generation = 0;
};

}  // namespace hs::service
