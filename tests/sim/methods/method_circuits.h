// SPDX-License-Identifier: GPL-3.0-or-later
// Circuits shared by the pressure-method tests.
#pragma once

#include "sim_test_util.h"

namespace hs::sim::test {

// p_s -> turbulent orifice k_in -> Volume "V" -> turbulent orifice k_out -> tank p_t.
inline Netlist twoOrifice(double ps, double pt, double kin, double kout, double vol, double be = 1e9) {
    Netlist n;
    n.fluid.bulk = constantBe(be);
    n.components = {comp("PressureSource", "ps", {{"p", ps}}),
                    comp("TurbulentOrifice", "oin", {{"k", kin}}, {{"spec", "k"}}),
                    comp("Volume", "V", {{"V", vol}, {"p0", pt}}),
                    comp("TurbulentOrifice", "oout", {{"k", kout}}, {{"spec", "k"}}),
                    comp("Tank", "t", {{"p", pt}})};
    n.wires = {wire("ps", "P", "oin", "A"), wire("oin", "B", "V", "P1"), wire("V", "P2", "oout", "A"),
               wire("oout", "B", "t", "P")};
    return n;
}

// The three-orifice circuit of notes/000_001 §2.4 (Cd 0.6, d 1 mm, rho 900, log10 Be).
inline Netlist threeOrifice(double v1, double v2) {
    Netlist n;
    n.fluid.bulk.model = BulkModulus::Model::LogLaw;
    n.fluid.density = 900;
    n.components = {comp("PressureSource", "ps", {{"p", 1e7}}), comp("TurbulentOrifice", "o1"),
                    comp("Volume", "V1", {{"V", v1}}),          comp("TurbulentOrifice", "o2"),
                    comp("Volume", "V2", {{"V", v2}}),          comp("TurbulentOrifice", "o3"),
                    comp("Tank", "t")};
    n.wires = {wire("ps", "P", "o1", "A"), wire("o1", "B", "V1", "P1"), wire("V1", "P2", "o2", "A"),
               wire("o2", "B", "V2", "P1"), wire("V2", "P2", "o3", "A"), wire("o3", "B", "t", "P")};
    return n;
}

inline SolverSettings withMethod(SolverSettings s, const std::string& volume, const std::string& method,
                                 std::map<std::string, double> params = {}) {
    s.methods[volume].method = method;
    s.methods[volume].params = std::move(params);
    return s;
}

}  // namespace hs::sim::test
