// SPDX-License-Identifier: GPL-3.0-or-later
// hs-tlm-long: cost per step of the synthetic long TLM circuit (tlm_long_circuit.h) against its
// length N, on 1 and 2 threads (parallel partitions cut at the TLM volumes), and a check that
// both give bit-identical results. "T threads" always steps on the threads; "adaptive" is what
// a run does (settings.adaptiveThreads): it times both ways now and then and takes the faster.
//   hs-tlm-long [N ...] [--steps S] [--threads T] [--repeat R] [--exchange N]
// --exchange N: the TLM volumes exchange their waves every N-th step (notes §3.7); the
// partitions then meet once per N steps instead of twice per step.
// It also prints how many cores were free before and after (a pure computation on T threads),
// since on a shared machine the speed-up cannot exceed that.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "sim/builder.h"
#include "sim/registry.h"
#include "sim/simulator.h"
#include "tlm_long_circuit.h"

using namespace hs;

namespace {

struct Timing {
    double usPerStep = 0;
    std::vector<double> last;
    std::string error;
};

Timing timeRun(const sim::Registry& reg, int n, int threads, long steps, int repeat, bool adaptive = false, int exchange = 1) {
    Timing best;
    best.usPerStep = 1e300;
    const double dt = 1e-5;
    for (int r = 0; r < repeat; ++r) {
        sim::SolverSettings settings = bench::tlmLongSettings(n, dt, threads, exchange);
        settings.adaptiveThreads = adaptive;
        sim::BuildResult b = sim::build(reg, bench::tlmLongCircuit(n), settings);
        if (!b.ok()) return {0, {}, b.errorText()};
        sim::RunOptions o;
        o.solver = settings;
        o.duration = dt * static_cast<double>(steps);
        o.recordInterval = o.duration;
        const std::vector<sim::ProbeSpec> probes = {{"p", "pressure", "I" + std::to_string(n / 2)}, {"pt", "pressure", "T" + std::to_string(n - 1)}};
        sim::RunResult res = sim::simulate(*b.system, probes, o);
        if (!res.ok) return {0, {}, res.error};
        const double us = res.wallSeconds * 1e6 / static_cast<double>(res.steps);
        if (us < best.usPerStep) best.usPerStep = us;
        best.last = {res.trace.columns[0].back(), res.trace.columns[1].back()};
    }
    return best;
}

// How many cores the machine gives us now: the same pure computation once on one thread, then
// on `threads` threads at once. A speed-up of the circuit cannot exceed this.
double freeCores(int threads) {
    auto work = [] {
        volatile double sink = 0;
        double x = 0;
        for (long i = 0; i < 100000000; ++i) x += 1e-9 * static_cast<double>(i);
        sink = x;
        (void)sink;
    };
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    work();
    const auto t1 = clock::now();
    std::vector<std::thread> pool;
    for (int k = 1; k < threads; ++k) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    const auto t2 = clock::now();
    return threads * std::chrono::duration<double>(t1 - t0).count() / std::chrono::duration<double>(t2 - t1).count();
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> sizes;
    long steps = 2000;
    int threads = 2, repeat = 3, exchange = 1;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--steps") && i + 1 < argc) steps = std::atol(argv[++i]);
        else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--exchange") && i + 1 < argc) exchange = std::max(1, std::atoi(argv[++i]));
        else if (std::atoi(argv[i]) > 0) sizes.push_back(std::atoi(argv[i]));
        else {
            std::fprintf(stderr, "usage: hs-tlm-long [N ...] [--steps S] [--threads T] [--repeat R] [--exchange N]\n");
            return 2;
        }
    }
    if (sizes.empty()) sizes = {10, 50, 200, 500, 1000, 2000};
    const sim::Registry reg = sim::Registry::builtin();
    std::printf("free cores now (pure computation on %d threads): %.2f\n", threads, freeCores(threads));
    std::printf("%6s %12s %12s %12s %11s %10s %10s %10s\n", "N", "1 thread us", "T threads us", "adaptive us", "us/step/N", "speed-up",
                "adaptive", "identical");
    for (int n : sizes) {
        // alternate the two so that load from other processes hits both alike; best of each
        Timing one, par, ada;
        one.usPerStep = par.usPerStep = ada.usPerStep = 1e300;
        for (int r = 0; r < repeat && one.error.empty() && par.error.empty() && ada.error.empty(); ++r) {
            const Timing a = timeRun(reg, n, 1, steps, 1, false, exchange), b = timeRun(reg, n, threads, steps, 1, false, exchange),
                         c = timeRun(reg, n, threads, steps, 1, true, exchange);
            if (!a.error.empty() || a.usPerStep < one.usPerStep) one = a;
            if (!b.error.empty() || b.usPerStep < par.usPerStep) par = b;
            if (!c.error.empty() || c.usPerStep < ada.usPerStep) ada = c;
        }
        if (!one.error.empty() || !par.error.empty() || !ada.error.empty()) {
            std::fprintf(stderr, "N = %d: %s%s%s\n", n, one.error.c_str(), par.error.c_str(), ada.error.c_str());
            return 1;
        }
        const bool same = one.last == par.last && one.last == ada.last;
        std::printf("%6d %12.2f %12.2f %12.2f %11.4f %10.2f %10.2f %10s\n", n, one.usPerStep, par.usPerStep, ada.usPerStep,
                    one.usPerStep / n, one.usPerStep / par.usPerStep, one.usPerStep / ada.usPerStep, same ? "yes" : "NO");
    }
    std::printf("free cores after the runs: %.2f\n", freeCores(threads));
    return 0;
}
