// SPDX-License-Identifier: GPL-3.0-or-later
#include "replay.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "sim/builder.h"

namespace hs::inverse {

namespace {
std::string tablePoints(const InverseResult& r) {
    std::string s;
    s.reserve(r.gridU.size() * 28);
    char b[64];
    for (size_t i = 0; i < r.gridU.size(); ++i) {
        std::snprintf(b, sizeof b, "%.17g %.17g;", static_cast<double>(i) * r.dt, r.gridU[i]);
        s += b;
    }
    return s;
}

std::string uniqueId(const sim::Netlist& net, std::string base) {
    auto taken = [&](const std::string& id) {
        for (const auto& c : net.components)
            if (c.id == id) return true;
        return false;
    };
    std::string id = base;
    for (int k = 2; taken(id); ++k) id = base + std::to_string(k);
    return id;
}
}  // namespace

sim::Netlist replayNetlist(const sim::Netlist& net, const ValveCylinderDrive& d, const InverseResult& r) {
    sim::Netlist f = net;
    std::vector<sim::NetWire> wires;
    for (const auto& w : f.wires)
        if (!((w.toComp == d.valveId && w.toPort == "U") || (w.fromComp == d.valveId && w.fromPort == "U"))) wires.push_back(w);
    f.wires = wires;
    sim::NetComponent table;
    table.type = "Table";
    table.id = uniqueId(f, "inverse_u");
    table.text["points"] = tablePoints(r);
    f.components.push_back(table);
    f.wires.push_back({table.id, "out", d.valveId, "U"});
    auto setIn = [&](const std::string& id, const std::string& name, double v) {
        for (auto& c : f.components)
            if (c.id == id) c.num[name] = v;
    };
    setIn(d.cylinderId, "pA0", r.pA0);
    setIn(d.cylinderId, "pB0", r.pB0);
    for (const auto& v : d.volumesA) setIn(v.id, "p0", r.pA0);
    for (const auto& v : d.volumesB) setIn(v.id, "p0", r.pB0);
    setIn(d.valveId, "Us0", r.xv0);
    return f;
}

ReplayResult replayForward(const sim::Registry& reg, const sim::Netlist& net, const ValveCylinderDrive& d,
                           const InverseResult& r, double recordInterval) {
    ReplayResult out;
    sim::SolverSettings s;
    s.stepper = "rk4";
    s.dt = r.dt;
    const sim::Netlist forward = replayNetlist(net, d, r);
    const std::string tableId = forward.components.back().id;
    sim::BuildResult b = sim::build(reg, forward, s);
    if (!b.ok()) { out.error = "replay: " + b.errorText(); return out; }
    sim::RunOptions o;
    o.duration = r.endTime;
    o.recordInterval = recordInterval;
    o.solver = s;
    std::vector<sim::ProbeSpec> probes = {{"x_forward", "position", d.cylinderId + ".rod"},
                                          {"u", "signal", tableId + ".out"}};
    out.run = sim::simulate(*b.system, probes, o);
    if (!out.run.ok) { out.error = "replay: " + out.run.error; return out; }
    const auto& t = out.run.trace.time;
    const auto& x = out.run.trace.columns[0];
    for (size_t i = 0; i < t.size(); ++i) {
        const double e = std::abs(x[i] - d.motion->derivative(t[i], 0));
        if (e > out.maxError) { out.maxError = e; out.maxErrorTime = t[i]; }
    }
    return out;
}

}  // namespace hs::inverse
