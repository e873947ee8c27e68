// SPDX-License-Identifier: GPL-3.0-or-later
// Circuits and exact solutions shared by the TLM tests (notes/003 §2.1).
#pragma once

#include <algorithm>
#include <cmath>

#include "methods/method_circuits.h"

namespace hs::sim::test {

// Flow source -> line (one volume) -> relief valve -> tank, Table 2.1 of the thesis.
struct ReliefLine {
    static constexpr double Q = 10.0 / 60000.0;                    // 10 l/min
    static constexpr double V = 3.0 * 3.141592653589793 * 0.025 * 0.025 / 4.0;
    static constexpr double Be = 8900e5;
    static constexpr double Pc = 120e5;
    static constexpr double K = 600.0 / 60000.0 / 1e5;            // 600 l/min/bar
    static double C() { return V / Be; }
    static double crackTime() { return Pc * C() / Q; }
    // Lumped exact pressure of the volume.
    static double exact(double t) {
        const double tc = crackTime();
        if (t <= tc) return Q * t / C();
        return Pc + Q / K * (1.0 - std::exp(-(t - tc) * K / C()));
    }
    static Netlist net() {
        Netlist n;
        n.fluid.bulk = constantBe(Be);
        n.fluid.density = 890;
        n.components = {comp("FlowSource", "source", {{"Q", Q}}), comp("Volume", "line", {{"V", V}}),
                        comp("ReliefValve", "relief", {{"p_crack", Pc}, {"Kq", K}}), comp("Tank", "tank")};
        n.wires = {wire("source", "P", "line", "P1"), wire("line", "P2", "relief", "P"), wire("relief", "T", "tank", "P")};
        return n;
    }
    static std::vector<ProbeSpec> probes() {
        return {{"p valve", "pressure", "relief.P"}, {"Q valve", "flow", "relief.P"}, {"ppar", "ppar", "line"}};
    }
};

inline SolverSettings tlmSolver(double dt, const std::string& volume, double alpha = 0.2, double filter = 0.0) {
    return withMethod(solver("rk4", dt), volume, "tlm", {{"alpha", alpha}, {"filter", filter}});
}

// The same with the waves exchanged every n-th step (notes §3.7).
inline SolverSettings tlmExchange(double dt, const std::string& volume, double filter, int n) {
    return withMethod(solver("rk4", dt), volume, "tlm", {{"alpha", 0.2}, {"filter", filter}, {"exchange", double(n)}});
}

}  // namespace hs::sim::test
