// SPDX-License-Identifier: GPL-3.0-or-later
// Stiffness guidance for a configuration, shared by `hydrostiff-cli stiffness` and the editor's
// method panel (one build -> sample -> suggest orchestration): the circuit is run once with every
// volume integrated by CVODE, each volume's time constant is sampled along that run, and a
// pressure method is suggested per volume for the configuration's stepper and step.
#pragma once

#include <QString>
#include <string>
#include <vector>

#include "model/circuit.h"
#include "sim/method_suggestion.h"

namespace hs::sim {
class Registry;
}

namespace hs::service {

struct GuidanceOptions {
    double duration = 0;  // of the sampling run; 0 = the circuit's
    int samples = 200;    // records of the sampling run (t = 0 and samples more)
    // Wall-clock budget of the sampling run [s] (0 = none): past it the run stops and the advice
    // rests on the part sampled (the editor's panel, which recomputes on every edit, sets one).
    double wallBudget = 0;
};

struct VolumeGuidance {
    sim::VolumeStiffness stiffness;
    sim::Suggestion suggestion;
    std::string currentMethod;  // what the configuration uses for it now
};

struct Guidance {
    bool ok = false;
    QString error;    // no guidance at all (no configuration, does not compile)
    QString runNote;  // the sampling run failed: the advice rests on the states up to its failure
    QString config, stepper;
    QString sampler;  // the sampling run's stepper (cvode, or sdirk2 for fixed-step-only circuits)
    double dt = 0, duration = 0;
    int samples = 0;
    std::vector<VolumeGuidance> volumes;
    const VolumeGuidance* volume(const std::string& id) const;
};

// The sampling run's solver: every volume integrated (the advice must not depend on the method it
// chooses) by CVODE, tolerances 1e-6 (at 1e-4 the three-orifice start-up is off enough to put V2's
// tau at 1.8e-5 s instead of 5.1e-4 s at t = 0.025 s); or, for circuits with components that need
// a fixed step (TLM lines), by the L-stable SDIRK2 at the configuration's step.
hs::sim::SolverSettings samplingSolver(const model::SolverConfigDoc& cfg, bool fixedStep = false);

Guidance guideConfiguration(const model::Circuit& c, const sim::Registry& reg, const QString& config,
                            const GuidanceOptions& options = {});

}  // namespace hs::service
