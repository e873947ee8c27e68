// SPDX-License-Identifier: GPL-3.0-or-later
// The solver advisor's search space, built from the registry and the circuit's stiffness (never
// from method or stepper names): families of configurations, each one stepper with one way of
// solving the volumes' pressures, searched along a ladder of steps (fixed-step steppers) or
// tolerances (adaptive ones) from the most accurate rung to the cheapest.
//   - every stepper with every volume integrated (implicit fixed-step ones at each Newton tolerance);
//   - each fixed-step stepper that hosts pressure methods with the stiffness guidance's
//     suggestion per volume at each step (sim::suggest, "guided");
//   - each such stepper with each pressure method (and its variants, see methodVariants) on the
//     k stiffest volumes (smallest time constant along the run first), k = 1 .. volumes.
#pragma once

#include <QString>
#include <map>
#include <optional>
#include <vector>

#include "model/circuit.h"
#include "sim/method_suggestion.h"

namespace hs::sim {
class Registry;
struct MethodSpec;
}

namespace hs::study {

struct AdvisorFamily {
    QString label;  // "rk4; V1 local_implicit scheme=trapezoidal"
    QString stepper;
    bool adaptive = false;
    std::vector<double> ladder;  // dt [s] ascending, or rtol descending: most accurate first
    bool guided = false;         // methods from the guidance at each step
    double newtonTol = 0;        // implicit fixed-step steppers: rtol = atol of the Newton iteration (0: the default)
    double initialStep = 0;      // adaptive steppers: the first step (and the restart step at events) [s]; 0: the default
    std::map<QString, model::MethodDoc> methods;
};

struct AdvisorVolume {
    QString id;
    sim::VolumeStiffness stiffness;  // along the guidance's sampling run
};

// 1-2-5 steps per decade in (lo, hi].
std::vector<double> stepLadder(double lo, double hi);

struct SpaceOptions {
    // 0: each method with its default parameters; 1: also each other option of its choice
    // parameters, one at a time; 2: also each number parameter at 1/10 and 10x its default.
    int depth = 1;
    double minStep = 0, maxStep = 0;  // fixed-step ladder bounds [s] (exclusive, inclusive)
    // adaptive ladder (rtol = atol), 1-2-5 per decade; the first step is minStep (the reference's)
    std::vector<double> tolerances = stepLadder(5e-9, 5e-2);
    // Newton tolerances of implicit fixed-step steppers: the integrate and guided families try
    // each, the method families the first.
    std::vector<double> newtonTolerances = {1e-4, 1e-6};
};

// A method's variants: its defaults first, then (depth) one parameter changed at a time.
std::vector<std::pair<QString, model::MethodDoc>> methodVariants(const sim::MethodSpec& spec, int depth);

// volumes: sorted stiffest first.
std::vector<AdvisorFamily> advisorFamilies(const sim::Registry& reg, const std::vector<AdvisorVolume>& volumes,
                                           const SpaceOptions& opt);

// The configuration of a family at one rung (guided: sim::suggest per volume at that step over
// `duration`), named after the family and the rung.
model::SolverConfigDoc familyConfig(const AdvisorFamily& f, double rung, const std::vector<AdvisorVolume>& volumes,
                                    double duration);

}  // namespace hs::study
