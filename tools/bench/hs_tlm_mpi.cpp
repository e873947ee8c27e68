// SPDX-License-Identifier: GPL-3.0-or-later
// hs-tlm-mpi: the communication-cost model of notes/003 §3.7 / §7 item 7,
// T_par(n) = T1/P + T_comm/n, on partitions placed on MPI ranks (one per rank), the long TLM
// chain (tlm_long_circuit.h) exchanging its TLM volumes' waves every n-th step. Run it under
// mpirun:
//   mpirun -np 2 hs-tlm-mpi [--segments N] [--steps S] [--repeat R] [--exchange 1,2,5,10,...]
// For each n: T1 = the serial run of the same settings (every rank runs it at once, the least
// kept), T_par = the run over the ranks (the slowest rank), both as CPU time of the running thread
// (not inflated by other programs on a shared machine; a rank waiting in a blocking MPI receive
// spins, so its waiting counts) and as wall time; the least of R repeats. T_comm is taken from
// n = 1 as in the thesis (T_comm = T_par(1) - T1/P) and predicts the other rows. Also checks that
// every run over ranks gives the serial result's last sample bit for bit.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "sim/builder.h"
#include "sim/registry.h"
#include "sim/simulator.h"
#include "study/mpi/mpi_partition_link.h"
#include "study/mpi/mpi_ranks.h"
#include "tlm_long_circuit.h"

using namespace hs;

namespace {

struct Times {
    double cpu = 1e300, wall = 1e300;
    double last = 0;
    std::string error;
};

Times timeRun(const sim::Registry& reg, int n, long steps, int exchange, int repeat, sim::PartitionLink* link) {
    Times best;
    const double dt = 1e-5;
    for (int r = 0; r < repeat; ++r) {
        sim::SolverSettings s = bench::tlmLongSettings(n, dt, 1, exchange);
        s.ranks = link;
        sim::BuildResult b = sim::build(reg, bench::tlmLongCircuit(n), s);
        if (!b.ok()) return {0, 0, 0, b.errorText()};
        sim::RunOptions o;
        o.solver = s;
        o.duration = dt * static_cast<double>(steps);
        o.recordInterval = o.duration;
        const sim::RunResult res = sim::simulate(*b.system, {{"p", "pressure", "I" + std::to_string(n - 1)}}, o);
        if (!res.ok) return {0, 0, 0, res.error};
        best.cpu = std::min(best.cpu, res.cpuSeconds);
        best.wall = std::min(best.wall, res.wallSeconds);
        best.last = res.trace.columns[0].back();
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    study::MpiRanks mpi(&argc, &argv);
    study::MpiPartitionLink link;
    int segments = 24, repeat = 3;
    long steps = 20000;
    std::vector<int> exchanges = {1, 2, 5, 10, 20, 50};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
        if (a == "--segments" && v) segments = std::atoi(argv[++i]);
        else if (a == "--steps" && v) steps = std::atol(argv[++i]);
        else if (a == "--repeat" && v) repeat = std::atoi(argv[++i]);
        else if (a == "--exchange" && v) {
            exchanges.clear();
            for (const char* p = argv[++i]; *p;) {
                exchanges.push_back(std::atoi(p));
                while (*p && *p != ',') ++p;
                if (*p == ',') ++p;
            }
        } else {
            if (link.rank() == 0)
                std::fprintf(stderr, "usage: mpirun -np P hs-tlm-mpi [--segments N] [--steps S] [--repeat R] [--exchange 1,2,5,...]\n");
            return 2;
        }
    }
    const int P = link.size();
    const sim::Registry reg = sim::Registry::builtin();
    if (link.rank() == 0)
        std::printf("long TLM chain, %d segments, %ld steps of 10 us, %d ranks, least of %d runs; times in ms\n", segments, steps, P,
                    repeat);
    if (link.rank() == 0)
        std::printf("%6s %10s %10s %10s %10s %12s %8s %10s\n", "n", "T1 cpu", "Tpar cpu", "T1 wall", "Tpar wall", "model cpu", "model", "identical");
    double tcomm = -1;
    int bad = 0;
    for (int n : exchanges) {
        const Times serial = timeRun(reg, segments, steps, n, repeat, nullptr);
        const Times par = timeRun(reg, segments, steps, n, repeat, &link);
        // the least serial time over the ranks (all ran it at once), the slowest rank's parallel one
        const double t1 = link.minimum(serial.cpu), t1w = link.minimum(serial.wall);
        const double tp = -link.minimum(-par.cpu), tpw = -link.minimum(-par.wall);
        if (link.rank() != 0) continue;
        if (!serial.error.empty() || !par.error.empty()) {
            std::printf("%6d failed: %s%s\n", n, serial.error.c_str(), par.error.c_str());
            ++bad;
            continue;
        }
        if (tcomm < 0) tcomm = tp - t1 / P;  // from the first row (n = 1), as the thesis
        const double model = t1 / P + tcomm / n;
        const bool same = serial.last == par.last;
        bad += !same;
        std::printf("%6d %10.2f %10.2f %10.2f %10.2f %12.2f %7.0f%% %10s\n", n, 1e3 * t1, 1e3 * tp, 1e3 * t1w, 1e3 * tpw, 1e3 * model,
                    100.0 * (tp - model) / model, same ? "yes" : "NO");
    }
    if (link.rank() == 0 && tcomm >= 0)
        std::printf("T_comm = T_par(1) - T1/%d = %.2f ms (%.2f us per exchange step)\n", P, 1e3 * tcomm, 1e6 * tcomm / double(steps));
    return bad ? 1 : 0;
}
