// SPDX-License-Identifier: GPL-3.0-or-later
// Which pressure method to use for one volume under a configuration's stepper and step, judged on
// the volume's stiffness along a run (not at one state), with the figures behind the advice: the
// share of the run on which the step would be unstable, the steps each option costs and, for
// quasi-steady, the error it is expected to make. Never quasi-steady for a closable node.
#pragma once

#include <string>

#include "stiffness_along_run.h"

namespace hs::sim {

struct Suggestion {
    std::string method;  // "integrate", "local_implicit" or "quasi_steady"
    double step = 0;     // outer step [s] (the configuration's)
    std::string reason;
    // Share of the samples after the start on which step > the explicit stepper's stability limit
    // x tau (0 for adaptive and implicit steppers).
    double unstableShare = 0;
    bool unstableAtStart = false;  // the same test at t = 0 only
    double steps = 0;              // duration / step: the suggestion's outer steps
    // Integrating instead: the largest step stable on every sample (half the limit at the
    // smallest tau) and its steps over the duration; 0 when not limited.
    double integrateStep = 0, integrateSteps = 0;
    // quasi_steady only: RMS over the samples of tau*|dp/dt| [Pa], the lag of the node behind
    // its balance that dropping the compressibility flow V/Be dp/dt causes; NaN otherwise.
    double expectedLag = 0;
    bool closable = false;  // the node can be closed off (NodeClosure), so quasi-steady was ruled out
};

// duration: of the run the advice is for (the step counts).
Suggestion suggest(const VolumeStiffness& v, const std::string& stepper, double dt, double duration);

}  // namespace hs::sim
