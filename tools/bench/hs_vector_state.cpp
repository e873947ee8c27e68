// SPDX-License-Identifier: GPL-3.0-or-later
// hs-vector-state FILE [--config NAME] [--duration T] [--repeat N]
//
// The regression benchmark of the GUI's 9x slowdown (docs/performance.md): a thread started by a
// thread whose AVX upper-register state is in use inherits that state, and on Intel cores with
// AVX-512 every SSE instruction then runs slowly. The GUI's main thread had such a state, so its
// worker threads ran the engine ~9x slower than the CLI. This program shows, on any CPU:
//  1. what a dirty state costs this CPU: a libm log/exp loop in a thread born dirty vs born clean,
//     with nothing cleaning it (~31x on an Intel Xeon with AVX-512, ~1x on AMD EPYC);
//  2. that the engine is immune: one configuration of FILE run in a thread born dirty vs born clean,
//     wall time ratio, and how many of its records were taken with the state still in use (XGETBV
//     with ECX = 1 reads it on both vendors). Exit code 1 if any was: the guard is missing.
#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "model/circuit_io.h"
#include "service/comparison.h"
#include "sim/registry.h"
#include "sim/vector_state.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a) { return std::chrono::duration<double>(Clock::now() - a).count(); }

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

std::string cpuModel() {
    std::ifstream f("/proc/cpuinfo");
    for (std::string line; std::getline(f, line);)
        if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
    return "unknown";
}

// Runs fn in a thread started by a thread whose upper state is dirty (or clean), as the GUI's
// main thread starts its workers; the starter cleans itself afterwards.
template <class Fn>
void inThreadBorn(bool dirty, Fn fn) {
    std::thread starter([&] {
        if (dirty) hs::sim::dirtyUpperVectorState();
        std::thread worker(fn);
        worker.join();
        hs::sim::clearUpperVectorState();
    });
    starter.join();
}

// The penalty probe: what libm's log and exp cost in the calling thread's current state.
double libmLoopSeconds() {
    volatile double sink = 0;
    double x = 1.0;
    const auto t0 = Clock::now();
    for (int i = 0; i < 5'000'000; ++i) {
        x = x * 1.0000001 + 1e-9;
        sink = sink + std::log(x) + std::exp(-x * 1e-3);
    }
    return seconds(t0);
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    QString file, config;
    double duration = 0;
    int repeat = 3;
    for (int i = 0; i < args.size(); ++i) {
        const bool hasValue = i + 1 < args.size();
        if (args[i] == "--config" && hasValue) config = args[++i];
        else if (args[i] == "--duration" && hasValue) duration = args[++i].toDouble();
        else if (args[i] == "--repeat" && hasValue) repeat = std::max(1, args[++i].toInt());
        else if (!args[i].startsWith("--") && file.isEmpty()) file = args[i];
        else {
            std::fprintf(stderr, "usage: hs-vector-state FILE [--config NAME] [--duration T] [--repeat N]\n");
            return 2;
        }
    }
    if (file.isEmpty()) {
        std::fprintf(stderr, "usage: hs-vector-state FILE [--config NAME] [--duration T] [--repeat N]\n");
        return 2;
    }
    const hs::sim::Registry reg = hs::sim::Registry::builtin();
    const auto loaded = hs::model::loadCircuit(file, reg);
    if (!loaded.ok()) {
        std::fprintf(stderr, "hs-vector-state: %s\n", qPrintable(loaded.errors.join("\n")));
        return 3;
    }
    const hs::model::Circuit& c = *loaded.circuit;
    const hs::model::SolverConfigDoc* cfg = config.isEmpty() ? c.reference() : c.config(config);
    if (!cfg) {
        std::fprintf(stderr, "hs-vector-state: no configuration '%s'\n", qPrintable(config));
        return 2;
    }
    const double T = duration > 0 ? duration : c.duration;

    std::printf("CPU: %s\nAVX upper state observable (XGETBV 1): %s\n\n", cpuModel().c_str(),
                hs::sim::vectorStateObservable() ? "yes" : "no");
    std::vector<double> libmClean, libmDirty, engClean, engDirty;
    long dirtyRecords = 0, records = 0;
    bool ok = true;
    for (int r = 0; r < repeat; ++r) {
        for (bool dirty : {false, true}) {
            double s = 0;
            inThreadBorn(dirty, [&] { s = libmLoopSeconds(); });
            (dirty ? libmDirty : libmClean).push_back(s);
        }
        for (bool dirty : {false, true}) {
            hs::sim::RunResult res;
            inThreadBorn(dirty, [&] {
                res = hs::service::runConfiguration(c, *cfg, reg, T, nullptr, [&](double) {
                    ++records;
                    dirtyRecords += hs::sim::upperVectorStateDirty();
                });
            });
            if (!res.ok) {
                std::fprintf(stderr, "hs-vector-state: run failed: %s\n", res.error.c_str());
                ok = false;
            }
            (dirty ? engDirty : engClean).push_back(res.wallSeconds);
        }
    }
    const double lc = median(libmClean), ld = median(libmDirty), ec = median(engClean), ed = median(engDirty);
    std::printf("medians of %d alternating rounds        born clean   born dirty   dirty/clean\n", repeat);
    std::printf("libm log+exp loop, nothing cleans [s]  %10.3f   %10.3f   %8.2f   (what a dirty state costs this CPU)\n",
                lc, ld, ld / lc);
    std::printf("engine: %-30s %10.3f   %10.3f   %8.2f   (must be ~1)\n", qPrintable(cfg->name + " [s]"), ec, ed, ed / ec);
    std::printf("engine records taken with the upper state in use: %ld of %ld%s\n", dirtyRecords, records,
                !hs::sim::vectorStateObservable() ? " (not observable on this CPU)" : dirtyRecords ? "  FAIL: the guard is missing" : "");
    return ok && dirtyRecords == 0 ? 0 : 1;
}
