// SPDX-License-Identifier: GPL-3.0-or-later
// A volume's stiffness along a run instead of at one state (issue 13 #6: the initial state of the
// three-orifice circuit, every orifice at dp = 0 and its largest conductance, gave V2 a time
// constant 1500 times below the one it has 0.1 ms later): its time constant V/(Be*G), pressure
// and pressure rate sampled at the records of a run, and whether its node can be closed off.
#pragma once

#include <string>
#include <vector>

#include "analysis.h"
#include "node_closure.h"
#include "simulator.h"

namespace hs::sim {

struct StiffnessSample {
    double t = 0, p = 0, tau = 0, dpdt = 0;  // tau = infinity when the node is isolated (G <= 0)
};

struct VolumeStiffness {
    std::string name;
    NodeStiffness start;                  // the linear analysis at t = 0
    std::vector<StiffnessSample> samples;  // at the records, t = 0 first
    NodeClosure closure;
    // Over the samples after the start (the start alone when there are none): the smallest time
    // constant and when, the largest (infinity: isolated at some sample).
    double tauMin = 0, tTauMin = 0, tauMax = 0;
};

struct StiffnessAlongRun {
    bool ok = false;
    bool stopped = false;  // options.stop ended the run early (a time budget)
    std::string error;     // the sampling run failed (the start-state analysis still holds)
    double duration = 0;
    double reached = 0;    // the last sampled time
    std::vector<VolumeStiffness> volumes;  // every node with a pressure method
};

// Runs sys (built with every volume integrated) with `options` (its record interval sets the
// samples) and samples every method node at each record.
StiffnessAlongRun sampleStiffness(System& sys, const RunOptions& options);

}  // namespace hs::sim
