// SPDX-License-Identifier: GPL-3.0-or-later
// Synthetic long circuit for the TLM / parallel-partition benchmark: a pressure source feeds a
// chain of N segments to a tank. Segment k: TLM volume T<k> (0.1 ml) -> turbulent orifice a<k>
// (1 mm, laminar below 1 bar, so it is solved by the bracketed root) -> integrated volume I<k>
// (1 l) -> laminar orifice b<k> -> next segment. The TLM volumes cut the chain into N
// independent groups {a<k>, I<k>, b<k>}; header-only so the tests can build the same circuit.
#pragma once

#include <string>

#include "sim/netlist.h"

namespace hs::bench {

inline sim::Netlist tlmLongCircuit(int segments) {
    using sim::NetComponent;
    sim::Netlist n;
    n.fluid.bulk.model = sim::BulkModulus::Model::Constant;
    n.fluid.bulk.value = 1e9;
    n.fluid.density = 870;
    auto add = [&](const std::string& type, const std::string& id, std::map<std::string, double> num,
                   std::map<std::string, std::string> text = {}) {
        NetComponent c;
        c.type = type;
        c.id = id;
        c.num = std::move(num);
        c.text = std::move(text);
        n.components.push_back(std::move(c));
    };
    auto wire = [&](const std::string& a, const std::string& pa, const std::string& b, const std::string& pb) {
        n.wires.push_back({a, pa, b, pb});
    };
    add("PressureSource", "src", {{"p", 1e7}});
    std::string prev = "src", prevPort = "P";
    for (int k = 0; k < segments; ++k) {
        const std::string s = std::to_string(k);
        add("Volume", "T" + s, {{"V", 1e-7}});
        add("TurbulentOrifice", "a" + s, {{"k", 2.2e-8}, {"dp_tr", 1e5}}, {{"spec", "k"}});
        add("Volume", "I" + s, {{"V", 1e-3}});
        add("LaminarOrifice", "b" + s, {{"G", 1e-10}});
        wire(prev, prevPort, "T" + s, "P1");
        wire("T" + s, "P2", "a" + s, "A");
        wire("a" + s, "B", "I" + s, "P1");
        wire("I" + s, "P2", "b" + s, "A");
        prev = "b" + s;
        prevPort = "B";
    }
    add("Tank", "tank", {{"p", 0.0}});
    wire(prev, prevPort, "tank", "P");
    return n;
}

// Every T<k> as TLM (alpha 0.2, waves exchanged every `exchange`-th step); the I<k> stay
// integrated.
inline sim::SolverSettings tlmLongSettings(int segments, double dt, int threads, int exchange = 1) {
    sim::SolverSettings s;
    s.stepper = "rk4";
    s.dt = dt;
    s.threads = threads;
    for (int k = 0; k < segments; ++k)
        s.methods["T" + std::to_string(k)] = {"tlm", {{"alpha", 0.2}, {"exchange", static_cast<double>(exchange)}}, {}};
    return s;
}

}  // namespace hs::bench
