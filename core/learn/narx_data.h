// SPDX-License-Identifier: GPL-3.0-or-later
// Training data for a NARX volume from any circuit: run a reference configuration (optionally
// with chosen signal sources replaced by seeded random multilevel signals), and record at a
// fixed sample interval the volume's NARX inputs (core/sim/methods/narx_features.h) and its
// pressure. The result is a Dataset (CSV, docs/learned-models.md) whose meta entries say what
// it was made from.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "learn/dataset.h"
#include "learn/narx_model.h"
#include "sim/netlist.h"
#include "sim/registry.h"

namespace hs::learn {

// A signal source replaced by a seeded pseudo-random multilevel signal (the PRMS component).
struct RandomExcitation {
    std::string component;
    double min = -10, max = 10, period = 0.5;
    std::uint64_t seed = 1;
};

struct NarxDataOptions {
    std::string volume;            // Volume component id
    sim::SolverSettings reference; // how the data run is solved (the circuit's reference)
    double duration = 10.0;        // [s]
    double sampleInterval = 1e-4;  // [s]: the step the surrogate will be used at
    std::vector<RandomExcitation> random;
    const std::atomic<bool>* stop = nullptr;
    std::function<void(double t)> progress;
};

struct NarxDataResult {
    bool ok = false;
    std::string error;
    Dataset data;  // columns t, q_in, q_out, Be, V, p
    double wallSeconds = 0;
};

// Replaces each excitation's component by a PRMS with the same id (its one port must be a signal
// output "out"). Returns an error text or "".
[[nodiscard]] std::string applyRandomExcitations(const sim::Registry& reg, sim::Netlist& net,
                                                 const std::vector<RandomExcitation>& random);

// Fingerprint of a circuit as the engine sees it (components, parameters, wires).
std::string netlistHash(const sim::Netlist& net);

// For every volume of the settings on the narx method: a warning when its model was trained on a
// circuit other than `net` (the model's "circuit_hash" against netlistHash(net)), naming both.
std::vector<std::string> narxProvenanceWarnings(const sim::Netlist& net, const sim::SolverSettings& settings);

// The provenance lines of a model trained for `volume` of `circuit` (file name circuitFile) on
// `data`: volume, circuit, circuit_hash, data_circuit_hash (the narx method's warning reads them).
void stampNarxProvenance(NarxModel& m, const std::string& volume, const std::string& circuitFile, const sim::Netlist& circuit,
                         const Dataset& data);

NarxDataResult generateNarxData(const sim::Registry& reg, const sim::Netlist& circuit, const NarxDataOptions& options);

}  // namespace hs::learn
