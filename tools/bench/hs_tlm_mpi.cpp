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
#include <algorithm>
#include <chrono>
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

// One exchange between ranks 0 and 1 as the stepper makes it (a send and a receive of 2 doubles
// each way, the lower rank sending first): the least and the median of `count` round trips [s].
std::pair<double, double> roundTrip(sim::PartitionLink& link, int count) {
    std::vector<double> out(2, 1.0), in;
    std::vector<double> t;
    for (int i = 0; i < count; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        if (link.rank() == 0) {
            link.send(1, out);
            link.receive(1, in);
        } else if (link.rank() == 1) {
            link.receive(0, in);
            link.send(0, out);
        }
        t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(t.begin(), t.end());
    return {t.front(), t[t.size() / 2]};
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
    double tcomm = -1, t1First = 0;
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
        if (tcomm < 0) {
            tcomm = tp - t1 / P;  // from the first row (n = 1), as the thesis
            t1First = t1;
        }
        const double model = t1 / P + tcomm / n;
        const bool same = serial.last == par.last;
        bad += !same;
        std::printf("%6d %10.2f %10.2f %10.2f %10.2f %12.2f %7.0f%% %10s\n", n, 1e3 * t1, 1e3 * tp, 1e3 * t1w, 1e3 * tpw, 1e3 * model,
                    100.0 * (tp - model) / model, same ? "yes" : "NO");
    }
    const auto [rtMin, rtMedian] = roundTrip(link, 5000);
    if (link.rank() == 0 && tcomm >= 0) {
        const double perExchange = tcomm / double(steps);
        std::printf("T_comm = T_par(1) - T1/%d = %.2f ms (%.2f us per exchange step)\n", P, 1e3 * tcomm, 1e6 * perExchange);
        std::printf("one exchange alone (5000 round trips of 2 doubles): least %.2f us, median %.2f us\n", 1e6 * rtMin,
                    1e6 * rtMedian);
        // More ranks: the chain cut into P pieces, a middle piece with two partners; T1 from the n=1 row's serial run.
        std::printf("model for more ranks, T_par(n) = T1/P + (steps/n) * partners * t_exchange [ms], T1 = %.2f ms:\n",
                    1e3 * t1First);
        std::printf("%6s %8s %16s %16s\n", "P", "n", "t = measured", "t = least trip");
        for (int p : {2, 4, 8})
            for (int n : {1, 10, 50}) {
                const double partners = p == 2 ? 1.0 : 2.0;
                std::printf("%6d %8d %16.2f %16.2f\n", p, n, 1e3 * (t1First / p + double(steps) / n * partners * perExchange),
                            1e3 * (t1First / p + double(steps) / n * partners * rtMin));
            }
    }
    return bad ? 1 : 0;
}
