// SPDX-License-Identifier: GPL-3.0-or-later
// Runs one configuration of a compiled System: steps it, samples the probes at the record
// interval, watches for divergence and reports it with the node, the time and a hint.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "netlist.h"
#include "pressure_method.h"

namespace hs::sim {

class System;

struct ProbeSpec {
    std::string name;      // column name; empty = "<quantity> <target>"
    std::string quantity;  // pressure | flow | position | velocity | force | signal | state | ppar | parasitic_inertance
                           // | inner_iterations | newton_iterations (of the node's pressure method, per record interval)
    std::string target;    // "comp.port", or "comp.state" for quantity state, or a volume id for pressure
};

// A pressure method's iteration counter (inner_iterations, newton_iterations): a cost, not a
// value to compare with a reference (its "error" between two configurations means nothing).
bool isIterationCounter(const std::string& quantity);

struct Trace {
    std::vector<std::string> names;
    std::vector<std::string> units;
    std::vector<std::string> quantities;  // per column, the probe's quantity ("" where unknown)
    std::vector<double> time;
    std::vector<std::vector<double>> columns;  // one per probe, same length as time
    int column(const std::string& name) const;
    // Whether column c is compared with a reference: every column but iteration counters.
    bool compared(size_t c) const { return c >= quantities.size() || !isIterationCounter(quantities[c]); }
};

struct RunOptions {
    double duration = 1.0;
    double recordInterval = 1e-3;
    SolverSettings solver;
    const std::atomic<bool>* stop = nullptr;       // set to end the run early
    std::function<void(double t)> progress;        // after a record, at most every duration/1000
    // Called after every record with the probe values just appended to the trace (in probe
    // order), so that a viewer can stream them while the run goes on.
    std::function<void(double t, const double* values, size_t count)> sample;
    // false: records go to `sample` only and the result's trace keeps names, units and the last
    // record, so that memory does not grow with the run's length (a long run streamed to disk).
    bool keepTrace = true;
};

struct RunResult {
    bool ok = false;
    bool stopped = false;
    std::string error;        // what went wrong, with node, time and a hint
    double failTime = 0.0;
    Trace trace;
    double wallSeconds = 0.0;
    // CPU time of the thread that ran simulate() (partition workers not included): unlike the
    // wall time, not inflated when other programs take the cores.
    double cpuSeconds = 0.0;
    long steps = 0;
    long rhsEvaluations = 0;
    long newtonIterations = 0, jacobians = 0, splitSteps = 0;  // implicit steppers
    std::vector<std::pair<std::string, MethodStats>> methodStats;  // per node with a method
    std::vector<double> finalState;  // state vector where the run ended (last good state on failure)
    // Non-fatal notes on the configuration (the builder's BuildResult::warnings, e.g. a TLM
    // volume's parasitic inertance). simulate() leaves it empty; whoever built the system copies
    // them in (service::runConfiguration does).
    std::vector<std::string> warnings;
    // The right-hand side that ran: "interpreted" or "generated" (kernel/); the generated
    // kernel's compile time (wall, before the run: not in wallSeconds or cpuSeconds; 0 when
    // its library came from the cache).
    std::string kernel = "interpreted";
    double kernelCompileSeconds = 0.0;
    bool kernelFromCache = false;
};

// Resolves a probe against the system: returns "" and fills unit, or an error naming the probe.
[[nodiscard]] std::string checkProbe(System& sys, const ProbeSpec& probe, std::string* unit = nullptr);
// Default probes when a circuit defines none: every node pressure and every mechanical position.
std::vector<ProbeSpec> defaultProbes(const System& sys);

[[nodiscard]] RunResult simulate(System& sys, const std::vector<ProbeSpec>& probes, const RunOptions& options);

// Time constant tau = V/(Be*G) of hydraulic node n at the last evaluated state (G = -dQnet/dp by
// a central difference of the node's own flows). Infinity when G <= 0.
double nodeTimeConstant(System& sys, int n);

}  // namespace hs::sim
