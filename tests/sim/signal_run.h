// SPDX-License-Identifier: GPL-3.0-or-later
// Runs a small signal network and reads its probes at given times (the signal block tests).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "sim_test_util.h"

namespace hs::sim::test {

struct SignalRun {
    RunResult result;
    std::string error;  // build or run error, "" when the run went through

    // Value of the probe at the recorded time nearest t.
    double at(const std::string& probe, double t) const {
        const int c = result.trace.column(probe);
        if (c < 0 || result.trace.time.empty()) return NAN;
        size_t best = 0;
        for (size_t i = 0; i < result.trace.time.size(); ++i)
            if (std::abs(result.trace.time[i] - t) < std::abs(result.trace.time[best] - t)) best = i;
        return result.trace.columns[static_cast<size_t>(c)][best];
    }
    const std::vector<double>& column(const std::string& probe) const {
        return result.trace.columns[static_cast<size_t>(result.trace.column(probe))];
    }
    // First recorded time after `after` at which the probe falls below `level` (NaN: never).
    double firstBelow(const std::string& probe, double level, double after) const {
        const auto& v = column(probe);
        for (size_t i = 0; i < v.size(); ++i)
            if (result.trace.time[i] > after && v[i] < level) return result.trace.time[i];
        return NAN;
    }
};

// Every probe reads "<id>.<port>" as a signal and is named by that target.
inline SignalRun runSignals(const std::vector<NetComponent>& comps, const std::vector<NetWire>& wires,
                            const std::vector<std::string>& signalPorts, const SolverSettings& s, double duration,
                            double record) {
    Netlist n;
    n.components = comps;
    n.wires = wires;
    std::vector<ProbeSpec> probes;
    for (const auto& p : signalPorts) probes.push_back({p, "signal", p});
    SignalRun r;
    r.result = buildAndRun(n, probes, runOptions(s, duration, record), &r.error);
    if (r.error.empty() && !r.result.ok) r.error = r.result.error;
    return r;
}

}  // namespace hs::sim::test
