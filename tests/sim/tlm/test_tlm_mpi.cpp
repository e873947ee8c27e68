// SPDX-License-Identifier: GPL-3.0-or-later
// Partitioned TLM with the partitions on MPI ranks (run by ctest under mpirun, 2 and 3 ranks):
// the long TLM chain (tools/bench/tlm_long_circuit.h) exchanging every step and every 4th step,
// rk4 and euler, bit-identical to the serial run of the same settings on every recorded sample
// and in the final state (gathered on rank 0); a circuit with nothing to cut (a TLM line between
// integrated volumes) runs whole on one rank, with the serial bits too.
#include <cstdio>
#include <string>

#include "sim_test_util.h"
#include "study/mpi/mpi_partition_link.h"
#include "study/mpi/mpi_ranks.h"
#include "tlm_long_circuit.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

int failures = 0;

void expect(bool ok, const std::string& what, int rank) {
    if (ok) return;
    ++failures;
    std::fprintf(stderr, "rank %d: FAIL: %s\n", rank, what.c_str());
}

std::vector<ProbeSpec> longProbes(int n) {
    std::vector<ProbeSpec> pr;
    for (int k = 0; k < n; ++k) {
        const std::string s = std::to_string(k);
        pr.push_back({"I" + s, "pressure", "I" + s});
        pr.push_back({"T" + s, "pressure", "T" + s});
        pr.push_back({"qa" + s, "flow", "a" + s + ".A"});
    }
    return pr;
}

// The serial run and the run over the ranks of the same settings; on rank 0 every sample equal.
void compareLong(PartitionLink& link, int n, const std::string& stepper, int exchange) {
    const std::string what = "long chain n=" + std::to_string(n) + " " + stepper + " exchange " + std::to_string(exchange);
    SolverSettings s = hs::bench::tlmLongSettings(n, 1e-5, 1, exchange);
    s.stepper = stepper;
    const RunResult serial = buildAndRun(hs::bench::tlmLongCircuit(n), longProbes(n), runOptions(s, 0.01, 2e-4));
    s.ranks = &link;
    BuildResult built = build(registry(), hs::bench::tlmLongCircuit(n), s);
    expect(built.ok(), what + ": build: " + built.errorText(), link.rank());
    if (!built.ok()) return;
    const RunResult ranks = simulate(*built.system, longProbes(n), runOptions(s, 0.01, 2e-4));
    // Really split: one partition per rank, each with states of its own and a partner.
    const System& sys = *built.system;
    expect(sys.partitionCount() == link.size(), what + ": not one partition per rank", link.rank());
    if (sys.partitionCount() == link.size()) {
        expect(!sys.partitionStates(link.rank()).empty(), what + ": this rank's partition has no states", link.rank());
        expect(!sys.rankPeers(link.rank()).empty(), what + ": this rank's partition has no partner", link.rank());
    }
    expect(serial.ok, what + ": serial run: " + serial.error, link.rank());
    expect(ranks.ok, what + ": run over ranks: " + ranks.error, link.rank());
    if (link.rank() != 0 || !serial.ok || !ranks.ok) return;
    expect(ranks.trace.time == serial.trace.time, what + ": record times differ", 0);
    expect(ranks.steps == serial.steps, what + ": step counts differ", 0);
    for (size_t c = 0; c < serial.trace.columns.size(); ++c)
        for (size_t i = 0; i < serial.trace.time.size(); ++i)
            if (ranks.trace.columns[c][i] != serial.trace.columns[c][i]) {
                expect(false, what + ": " + serial.trace.names[c] + " differs at t = " + std::to_string(serial.trace.time[i]), 0);
                i = serial.trace.time.size();
            }
    expect(ranks.finalState == serial.finalState, what + ": final states differ", 0);
    // The samples moved: the chain is not at rest (a comparison of zeros would prove nothing).
    expect(serial.trace.columns[0].back() > 1e5, what + ": the chain did not pressurise", 0);
    if (failures == 0) std::printf("ok: %s (%zu samples x %zu probes bit-identical)\n", what.c_str(), serial.trace.time.size(),
                                   serial.trace.columns.size());
}

// Only a TLM line between integrated volumes: nothing to cut at a TLM volume (lines stay whole
// over ranks), so one partition holds everything and the other rank idles: still the serial bits.
void uncuttableRunsWhole(PartitionLink& link) {
    Netlist net;
    net.fluid.bulk = constantBe(1e9);
    net.fluid.density = 870;
    net.components = {comp("PressureSource", "src", {{"p", 1e7}}), comp("Volume", "I", {{"V", 1e-4}}),
                      comp("TlmLine", "L", {{"L", 2.0}, {"d", 0.01}, {"alpha", 0.1}, {"segments", 1.0}}),
                      comp("Volume", "J", {{"V", 1e-4}}), comp("LaminarOrifice", "b", {{"G", 1e-10}}), comp("Tank", "tank")};
    net.wires = {wire("src", "P", "I", "P1"), wire("I", "P2", "L", "A"), wire("L", "B", "J", "P1"), wire("J", "P2", "b", "A"),
                 wire("b", "B", "tank", "P")};
    SolverSettings s = solver("rk4", 1e-5);
    const std::vector<ProbeSpec> probes = {{"J", "pressure", "J"}, {"qB", "flow", "L.B"}};
    const RunResult serial = buildAndRun(net, probes, runOptions(s, 5e-3, 1e-4));
    s.ranks = &link;
    const RunResult r = buildAndRun(net, probes, runOptions(s, 5e-3, 1e-4));
    expect(serial.ok && r.ok, "line circuit: " + serial.error + r.error, link.rank());
    if (link.rank() != 0 || !serial.ok || !r.ok) return;
    expect(r.trace.columns == serial.trace.columns && r.finalState == serial.finalState, "line circuit: results differ", 0);
    expect(serial.trace.columns[0].back() > 1e5, "line circuit: J did not pressurise", 0);
    if (failures == 0) std::printf("ok: a TLM line between integrated volumes runs whole on one rank, serial bits\n");
}

}  // namespace

int main(int argc, char** argv) {
    hs::study::MpiRanks mpi(&argc, &argv);
    hs::study::MpiPartitionLink link;
    if (link.size() < 2) {
        std::fprintf(stderr, "run under mpirun with at least 2 ranks\n");
        return 1;
    }
    compareLong(link, 7, "rk4", 1);
    compareLong(link, 7, "rk4", 4);
    compareLong(link, 5, "euler", 3);
    uncuttableRunsWhole(link);
    const double worst = link.minimum(failures == 0 ? 1.0 : 0.0);
    return worst == 1.0 ? 0 : 1;
}
