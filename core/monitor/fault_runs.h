// SPDX-License-Identifier: GPL-3.0-or-later
// Labelled runs for a condition monitor: the fault-free circuit (every fault at its first level)
// and, for every fault and every faulty level, the circuit with that one parameter changed, each
// driven by the seeded demand of the training and of the validation duty cycle. The runs go
// through the service's run machinery (service::runConfiguration) on worker threads
// (study::runParallel, all cores by default); each is kept sampled every T seconds.
#pragma once

#include <QString>
#include <atomic>
#include <functional>
#include <vector>

#include "monitor_spec.h"
#include "study/parallel_runs.h"

namespace hs::sim {
class Registry;
}

namespace hs::monitor {

enum class DutyCycle { Training = 0, Validation = 1 };

// One labelled run: fault index (-1 = fault-free) and level index (0 for the fault-free run).
struct FaultRun {
    int fault = -1, level = 0;
    DutyCycle duty = DutyCycle::Training;
    std::vector<std::vector<double>> samples;  // per probe (spec's probe order), sampled every T
    QString error;                             // the run failed: why
    // The level index of fault f in this run: its own level for its fault, 0 for the others.
    int levelOf(int f) const { return f == fault ? level : 0; }
};

struct FaultRunSet {
    QString error;                   // set-level problem (spec does not fit the circuit)
    std::vector<QString> probes;     // the probes sampled (sensors and reference sensors, once each)
    std::vector<FaultRun> runs;      // fault-free first, then fault by fault, level by level; per duty cycle
    int samples = 0;                 // samples per run
    double wallSeconds = 0;
    int probeIndex(const QString& name) const;
    // The fault-free run of a duty cycle (the reference of every run of that duty cycle).
    const FaultRun* faultFree(DutyCycle d) const;
};

// The circuit every run starts from: every fault at its first level.
model::Circuit faultFreeCircuit(const model::Circuit& c, const MonitorSpec& s);
// The circuit with the demand component replaced by a seeded PRMS (the spec's range and period).
model::Circuit withDemand(const model::Circuit& c, const DemandSpec& d, std::uint64_t seed);

// A run's probes sampled at t = k T, k = 0 .. floor(duration / T), linear between records.
std::vector<std::vector<double>> sampleTrace(const sim::Trace& trace, const std::vector<QString>& probes, double T,
                                             int count, QString* error);

FaultRunSet generateFaultRuns(const model::Circuit& c, const sim::Registry& reg, const MonitorSpec& s, int jobs = 0,
                              const std::atomic<bool>* stop = nullptr,
                              const std::function<void(const study::StudyProgress&)>& progress = {});

}  // namespace hs::monitor
