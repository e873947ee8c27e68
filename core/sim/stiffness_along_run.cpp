// SPDX-License-Identifier: GPL-3.0-or-later
#include "stiffness_along_run.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "system.h"

namespace hs::sim {

namespace {

void summarise(VolumeStiffness& v) {
    const double inf = std::numeric_limits<double>::infinity();
    const size_t first = v.samples.size() > 1 ? 1 : 0;
    v.tauMin = inf;
    v.tauMax = 0;
    for (size_t k = first; k < v.samples.size(); ++k) {
        const StiffnessSample& s = v.samples[k];
        if (s.tau < v.tauMin) v.tauMin = s.tau, v.tTauMin = s.t;
        v.tauMax = std::max(v.tauMax, s.tau);
    }
    if (v.samples.empty()) v.tauMin = v.tauMax = v.start.tau;
}

}  // namespace

StiffnessAlongRun sampleStiffness(System& sys, const RunOptions& options) {
    StiffnessAlongRun out;
    out.duration = options.duration;
    std::vector<int> nodes;
    {
        std::vector<double> y(static_cast<size_t>(sys.stateCount()));
        sys.initialState(y.data());
        const StiffnessReport start = analyse(sys, 0.0, y, pressureStates(sys));
        size_t k = 0;
        for (size_t n = 0; n < sys.hyd.size(); ++n) {
            if (!sys.hyd[n].method) continue;
            VolumeStiffness v;
            v.name = sys.hyd[n].name;
            v.start = start.nodes[k++];
            v.closure = nodeClosure(sys, static_cast<int>(n));
            out.volumes.push_back(std::move(v));
            nodes.push_back(static_cast<int>(n));
        }
    }
    RunOptions opt = options;
    // Each record has just evaluated the system at (t, y): the node's own flows give its time
    // constant and its pressure rate Be/V * net inflow.
    opt.sample = [&](double t, const double*, size_t) {
        for (size_t i = 0; i < nodes.size(); ++i) {
            const int n = nodes[i];
            StiffnessSample s;
            s.t = t;
            s.p = sys.eval().p[n];
            s.tau = nodeTimeConstant(sys, n);
            s.dpdt = sys.nodeBulkModulus(n) / sys.nodeVolume(n) * sys.nodeInflow(n, s.p);
            out.volumes[i].samples.push_back(s);
        }
    };
    const RunResult r = simulate(sys, {}, opt);
    out.ok = r.ok;
    out.stopped = r.stopped;
    out.error = r.error;
    out.reached = r.trace.time.empty() ? 0.0 : r.trace.time.back();
    for (auto& v : out.volumes) summarise(v);
    return out;
}

}  // namespace hs::sim
