// SPDX-License-Identifier: GPL-3.0-or-later
// Small helpers shared by the engine tests: netlist shorthand, building, running, and the
// circuits of notes/000_001 that several tests use.
#pragma once

#include <cmath>
#include <map>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "sim/analysis.h"
#include "sim/builder.h"
#include "sim/metrics.h"
#include "sim/netlist.h"
#include "sim/registry.h"
#include "sim/simulator.h"
#include "sim/system.h"

namespace hs::sim::test {

inline const Registry& registry() {
    static const Registry r = Registry::builtin();
    return r;
}

inline NetComponent comp(std::string type, std::string id, std::map<std::string, double> num = {},
                         std::map<std::string, std::string> text = {}) {
    NetComponent c;
    c.type = std::move(type);
    c.id = std::move(id);
    c.num = std::move(num);
    c.text = std::move(text);
    return c;
}

inline NetWire wire(std::string a, std::string pa, std::string b, std::string pb) {
    return {std::move(a), std::move(pa), std::move(b), std::move(pb)};
}

inline SolverSettings solver(const std::string& stepper, double dt, double rtol = 1e-8, double atol = 1e-8) {
    SolverSettings s;
    s.stepper = stepper;
    s.dt = dt;
    s.rtol = rtol;
    s.atol = atol;
    return s;
}

inline RunOptions runOptions(const SolverSettings& s, double duration, double record) {
    RunOptions o;
    o.solver = s;
    o.duration = duration;
    o.recordInterval = record;
    return o;
}

// Builds and runs; the BuildResult is returned through `built` so that a test can report errors.
inline RunResult buildAndRun(const Netlist& net, const std::vector<ProbeSpec>& probes, const RunOptions& o,
                             std::string* buildError = nullptr) {
    BuildResult b = build(registry(), net, o.solver);
    if (!b.ok()) {
        RunResult r;
        r.error = "build failed: " + b.errorText();
        if (buildError) *buildError = b.errorText();
        return r;
    }
    return simulate(*b.system, probes, o);
}

inline BulkModulus constantBe(double be) {
    BulkModulus b;
    b.model = BulkModulus::Model::Constant;
    b.value = be;
    return b;
}

inline BulkModulus logBe(bool naturalLog = false) {
    BulkModulus b;
    b.model = BulkModulus::Model::LogLaw;
    b.naturalLog = naturalLog;
    return b;
}

// Three-orifice series circuit (notes/000_001 §2.4): source -> O1 -> V1 -> O2 -> V2 -> O3 -> tank.
// Orifices Cd 0.6, d 1 mm, rho 900 (k = 2.2214e-8).
inline Netlist threeOrifice(double v1, double v2, const BulkModulus& be, double ps = 1e7, double p10 = 0.0,
                            double p20 = 0.0) {
    Netlist n;
    n.fluid.bulk = be;
    n.fluid.density = 900.0;
    const std::map<std::string, double> orifice = {{"Cd", 0.6}, {"A", std::numbers::pi * 1e-6 / 4.0}, {"rho", 900.0}};
    n.components = {comp("PressureSource", "src", {{"p", ps}}),
                    comp("TurbulentOrifice", "O1", orifice),
                    comp("Volume", "V1", {{"V", v1}, {"p0", p10}}),
                    comp("TurbulentOrifice", "O2", orifice),
                    comp("Volume", "V2", {{"V", v2}, {"p0", p20}}),
                    comp("TurbulentOrifice", "O3", orifice),
                    comp("Tank", "tank", {{"p", 0.0}})};
    n.wires = {wire("src", "P", "O1", "A"), wire("O1", "B", "V1", "P1"), wire("V1", "P2", "O2", "A"),
               wire("O2", "B", "V2", "P1"), wire("V2", "P2", "O3", "A"), wire("O3", "B", "tank", "P")};
    return n;
}

inline std::vector<ProbeSpec> threeOrificeProbes() {
    return {{"p1", "pressure", "V1"}, {"p2", "pressure", "V2"}};
}

// Circuit 1 of notes/000_001 §2.1 at the operating point of its stiffness analysis: p_s 20 MPa,
// K = 1e-6, k_t = 1e-7 (command chosen so k_t is at rest), on/off valve open, Be 1.5 GPa.
inline Netlist circuit1(double v1, double v2 = 1e-3, double p10 = 19.8e6, double p20 = 1.5e5) {
    Netlist n;
    n.fluid.bulk = constantBe(1.5e9);
    const double c6 = 5.26e-7, c9 = 1.2, kt = 1e-7;
    n.components = {comp("PressureSource", "src", {{"p", 20e6}}),
                    comp("PressureCompensator", "comp", {{"K0", 1e-6}, {"C5", 1.02e6}}),
                    comp("Volume", "V1", {{"V", v1}, {"p0", p10}}),
                    comp("ControlThrottle", "throttle", {{"kt0", kt}, {"C6", c6}, {"C9", c9}}),
                    comp("Constant", "U", {{"value", c9 + kt / c6}}),
                    comp("Volume", "V2", {{"V", v2}, {"p0", p20}}),
                    comp("TurbulentOrifice", "orifice", {{"k", 5.62e-7}}, {{"spec", "k"}}),
                    comp("OnOffValve", "onoff", {{"k", 5.73e-7}}),
                    comp("Constant", "open", {{"value", 1.0}}),
                    comp("Tank", "tank", {{"p", 0.0}})};
    n.wires = {wire("src", "P", "comp", "P"),         wire("comp", "C", "V1", "P1"),
               wire("comp", "LS", "V2", "P3"),        wire("V1", "P2", "throttle", "A"),
               wire("throttle", "B", "V2", "P1"),     wire("U", "out", "throttle", "U"),
               wire("V2", "P2", "orifice", "A"),      wire("orifice", "B", "tank", "P"),
               wire("V2", "P4", "onoff", "A"),        wire("onoff", "B", "tank", "P"),
               wire("open", "out", "onoff", "open")};
    return n;
}

// ps -laminar G- V (p0 = 0): p = ps (1 - exp(-t/tau)), tau = V/(Be G).
inline Netlist laminarFillNet(double ps, double v, double g, double be) {
    Netlist n;
    n.fluid.bulk = constantBe(be);
    n.components = {comp("PressureSource", "src", {{"p", ps}}), comp("LaminarOrifice", "R", {{"G", g}}),
                    comp("Volume", "V", {{"V", v}, {"p0", 0.0}})};
    n.wires = {wire("src", "P", "R", "A"), wire("R", "B", "V", "P1")};
    return n;
}

// Index of the hydraulic node with this name (a Volume id), -1 if none.
inline int nodeIndex(const System& sys, const std::string& name) {
    for (size_t i = 0; i < sys.hyd.size(); ++i)
        if (sys.hyd[i].name == name) return static_cast<int>(i);
    return -1;
}

// Largest relative deviation of column c of `tr` from f(t) over the trace, relative to `scale`.
template <class F>
double maxDeviation(const Trace& tr, int c, F&& f, double tMax = 1e300) {
    double m = 0.0;
    for (size_t i = 0; i < tr.time.size(); ++i) {
        if (tr.time[i] > tMax) break;
        m = std::max(m, std::abs(tr.columns[static_cast<size_t>(c)][i] - f(tr.time[i])));
    }
    return m;
}

inline const ProbeError* findError(const std::vector<ProbeError>& errs, const std::string& name) {
    for (const auto& e : errs)
        if (e.name == name) return &e;
    return nullptr;
}

}  // namespace hs::sim::test
