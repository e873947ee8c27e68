// SPDX-License-Identifier: GPL-3.0-or-later
// What a condition monitor watches and learns (the faults file, docs/condition-monitoring.md):
// the faults, each a number parameter of a component with its levels (the first level is the
// fault-free value), the seeded demand sensors of the training and validation duty cycles, the
// sensor probes the networks read (scaled linearly to [0.1, 0.9], seed 003 eq. 8.11), optionally
// the fault-free reference's probes, the time window and the network sizes.
#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

#include "model/circuit.h"

namespace hs::sim {
class Registry;
}

namespace hs::monitor {

struct FaultSpec {
    QString name;
    QString component, parameter;  // "cyl", "L"
    QString unit;                  // shown in reports ("" = the parameter's SI unit)
    double display = 1.0;          // reported value = SI value * display (e.g. 6e6 for l/min/bar)
    std::vector<double> levels;    // SI values; levels[0] is fault-free
    QString key() const { return component + "." + parameter; }
};

// A probe a network reads, with the range mapped to [0.1, 0.9] (lo == hi: from the training data).
struct SignalSpec {
    QString probe;
    double lo = 0, hi = 0;
    bool fixedRange() const { return hi > lo; }
};

struct DemandSpec {
    QString component;  // a signal source with one output 'out', replaced by a seeded PRMS
    double min = 0, max = 1, period = 0.25;
    std::uint64_t trainingSeed = 1, validationSeed = 2;
};

struct MonitorSpec {
    QString configuration;         // "" = the circuit's reference
    double duration = 0;           // [s] per run; 0 = the circuit's
    double sampleInterval = 0.01;  // [s] T
    int window = 5;                // consecutive samples of each signal per pattern
    DemandSpec demand;
    std::vector<SignalSpec> sensors;    // of the run being monitored
    std::vector<SignalSpec> reference;  // of the fault-free reference run (same demand)
    std::vector<FaultSpec> faults;
    int hidden = 15;                    // first-stage networks: inputs : hidden : 1
    int filterWindow = 5, filterHidden = 10;  // second stage: faults*filterWindow : hidden : 1 per fault
    int quantiseWindow = 5;             // outputs averaged before quantising to a level
    int maxEpochs = 200, maxFail = 6;   // Levenberg-Marquardt, early stopping
    std::uint64_t seed = 1;

    int inputs() const { return window * static_cast<int>(sensors.size() + reference.size()); }
    int filterInputs() const { return filterWindow * static_cast<int>(faults.size()); }
};

// Reads a faults file; nullopt and *error (naming the file, the key and what is wrong) on bad
// input.
std::optional<MonitorSpec> readMonitorSpec(const QString& path, QString* error);

// "" or why the spec does not fit the circuit: an unknown component or parameter of a fault
// (study::checkAxis's message), a demand component that is not a one-output signal source, a
// probe the circuit does not define (the circuit's probes listed), an unknown configuration.
QString checkMonitorSpec(const MonitorSpec& spec, const model::Circuit& c, const sim::Registry& reg);

// Seed 003 eq. 8.11: A = 0.1 + 0.8 (V - lo)/(hi - lo); and its inverse.
inline double scaleTo01_09(double v, double lo, double hi) { return 0.1 + 0.8 * (v - lo) / (hi - lo); }
inline double unscale01_09(double a, double lo, double hi) { return lo + (a - 0.1) * (hi - lo) / 0.8; }

// The thesis's weight count of an n:m:c network, (n + c) m (seed 003 §8.5.3: connections, biases
// not counted): 540 for 35:15:1, 1220 for 60:20:1.
inline int thesisWeightCount(int n, int m, int c) { return (n + c) * m; }

}  // namespace hs::monitor
