// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_bench.h"

#include <QElapsedTimer>
#include <QFile>
#include <QEventLoop>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>

#include "cli_baseline.h"
#include "run_controller.h"
#include "run_workspace.h"
#include "service/comparison.h"
#include "sim/vector_state.h"

namespace hs::gui {

namespace {

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}

double median(const std::vector<double>& v) { return quantile(v, 0.5); }

// "model name" of /proc/cpuinfo: every figure says which CPU gave it.
QString cpuModel() {
    QFile f("/proc/cpuinfo");
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return "unknown";
    for (QByteArray line = f.readLine(); !line.isEmpty(); line = f.readLine())
        if (line.startsWith("model name")) return QString::fromUtf8(line.mid(line.indexOf(':') + 1)).trimmed();
    return "unknown";
}

// CPU seconds of the whole process: unlike wall time, not inflated by other programs' load.
double processCpu() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

int runBenchmark(const model::Circuit& circuit, const service::RunServiceOptions& options, RunController& runner,
                 int repeat) {
    widgets::RunWorkspace& ws = runner.workspace();
    runner.setClickProbes(false);  // the file's probes only, as in the CLI run it is compared with
    model::Circuit c = circuit;
    if (options.duration > 0) c.duration = options.duration;
    if (options.recordInterval > 0) c.recordInterval = options.recordInterval;
    const QString cli = findCli();
    if (cli.isEmpty()) {
        std::fprintf(stderr, "hydrostiff: --bench needs hydrostiff-cli next to this program or in ../cli\n");
        return 2;
    }
    const int nConfigs = [&] {
        int n = 0;
        for (const auto& cfg : c.configs) n += options.configs.isEmpty() || options.configs.contains(cfg.name) || cfg.reference;
        return n;
    }();
    const int threads = options.threads > 0 ? options.threads : service::defaultWorkerCount();
    const int jobs = std::min(threads, nConfigs);

    std::map<QString, std::vector<double>> cliWall, guiWall, cliEngineCpu, guiEngineCpu;
    std::map<QString, long> cliSteps, guiSteps;
    std::vector<double> cliTotal, guiTotal, cliCpu, guiCpu, frames, ticks, tickCpu, latency;
    size_t points = 0;
    int dirtyAtRun = 0;
    for (int r = 0; r < repeat; ++r) {
        // The baseline: the same circuit and configurations in a separate hydrostiff-cli process.
        const CliBaselineRun base = runCliBaseline(cli, c, options.configs, jobs);
        if (!base.error.isEmpty()) {
            std::fprintf(stderr, "hydrostiff: CLI baseline: %s\n", qPrintable(base.error));
            return 1;
        }
        cliTotal.push_back(base.processSeconds);
        cliCpu.push_back(base.processCpuSeconds);
        for (const auto& [name, w] : base.wall) cliWall[name].push_back(w);
        for (const auto& [name, s] : base.cpu) cliEngineCpu[name].push_back(s);
        cliSteps = base.steps;

        // Event latency: how late a 10 ms timer fires while the run streams.
        QTimer probe;
        probe.setTimerType(Qt::PreciseTimer);
        QElapsedTimer since;
        QObject::connect(&probe, &QTimer::timeout, [&]() {
            if (since.isValid()) latency.push_back(std::max(0.0, since.nsecsElapsed() * 1e-6 - 10.0));
            since.restart();
        });
        QEventLoop loop;
        QObject::connect(&ws, &widgets::RunWorkspace::runFinished, &loop, &QEventLoop::quit);
        ws.setRunOptions(options);
        QElapsedTimer clock;
        clock.start();
        const double cpu0 = processCpu();
        // What the engine's worker threads inherit from this thread (sim/vector_state.h).
        dirtyAtRun += sim::upperVectorStateDirty();
        if (!runner.run().isEmpty()) return 1;  // as the Run action does: dock shown, plots drawn
        probe.start(10);
        loop.exec();
        probe.stop();
        guiTotal.push_back(clock.nsecsElapsed() * 1e-9);
        guiCpu.push_back(processCpu() - cpu0);
        const service::Comparison& cmp = ws.service().comparison();
        for (const auto& o : cmp.configs) {
            guiWall[o.name].push_back(o.result.wallSeconds);
            guiEngineCpu[o.name].push_back(o.result.cpuSeconds);
            guiSteps[o.name] = o.result.steps;
            points = std::max(points, o.result.trace.time.size());
        }
        frames.insert(frames.end(), ws.frameIntervals().begin(), ws.frameIntervals().end());
        ticks.insert(ticks.end(), ws.tickDurations().begin(), ws.tickDurations().end());
        tickCpu.insert(tickCpu.end(), ws.tickCpu().begin(), ws.tickCpu().end());
    }

    std::printf("benchmark: %s\n  %g s simulated, record interval %g s (%zu points per trace), %d configuration(s), "
                "%d at once, %d repeat(s) alternating CLI process and GUI, medians\n  CPU: %s\n"
                "  GUI main thread's AVX upper state when Run was pressed: %s\n\n",
                qPrintable(c.name), c.duration, c.recordInterval, points, nConfigs, jobs, repeat, qPrintable(cpuModel()),
                !sim::vectorStateObservable() ? "not observable on this CPU"
                : dirtyAtRun ? "in use (its worker threads are born dirty; the engine cleans it)"
                             : "clean");
    std::printf("  %-28s %12s %12s %10s %s\n", "engine wall time [s]", "CLI process", "GUI", "overhead", "steps CLI / GUI");
    double worst = 0;
    for (const auto& [name, v] : cliWall) {
        const double a = median(v), b = median(guiWall[name]);
        worst = std::max(worst, (b - a) / a);
        std::printf("  %-28s %12.3f %12.3f %9.1f%% %ld / %ld%s\n", qPrintable(name), a, b, 100 * (b - a) / a, cliSteps[name],
                    guiSteps[name], cliSteps[name] == guiSteps[name] ? "" : "  (DIFFER)");
    }
    std::printf("\n  %-28s %12s %12s %10s\n", "engine thread CPU time [s]", "CLI process", "GUI", "overhead");
    double worstCpu = 0;
    for (const auto& [name, v] : cliEngineCpu) {
        const double a = median(v), b = median(guiEngineCpu[name]);
        worstCpu = std::max(worstCpu, (b - a) / a);
        std::printf("  %-28s %12.3f %12.3f %9.1f%%\n", qPrintable(name), a, b, 100 * (b - a) / a);
    }
    std::printf("\n");
    const double a = median(cliTotal), b = median(guiTotal);
    std::printf("  %-28s %12.3f %12.3f %9.1f%%\n", "whole run (CLI: process)", a, b, 100 * (b - a) / a);
    const double ca = median(cliCpu), cb = median(guiCpu);
    std::printf("  %-28s %12.3f %12.3f %9.1f%%\n\n", "CPU time, all threads [s]", ca, cb, 100 * (cb - ca) / ca);
    std::printf("  largest per-configuration GUI overhead: wall time %.1f %%, engine CPU time %.1f %% (target <= 10 %%)\n",
                100 * worst, 100 * worstCpu);
    std::printf("  (wall times include waiting for a core: with as many workers as cores, the GUI's display thread\n"
                "   takes its share from the workers, and other programs' load counts too; CPU times do not)\n");
    std::printf("  GUI frame interval while streaming [ms]: median %.1f, p95 %.1f, max %.1f (%zu frames, target 33)\n",
                median(frames), quantile(frames, 0.95), frames.empty() ? 0.0 : *std::max_element(frames.begin(), frames.end()),
                frames.size());
    std::printf("  GUI tick cost (drain + append + replot + tables) [ms]: median %.1f, p95 %.1f, max %.1f\n",
                median(ticks), quantile(ticks, 0.95), ticks.empty() ? 0.0 : *std::max_element(ticks.begin(), ticks.end()));
    std::printf("  GUI tick CPU time (display thread) [ms]: median %.1f, p95 %.1f, max %.1f\n", median(tickCpu),
                quantile(tickCpu, 0.95), tickCpu.empty() ? 0.0 : *std::max_element(tickCpu.begin(), tickCpu.end()));
    std::printf("  event latency (10 ms probe timer, lateness) [ms]: median %.1f, p95 %.1f, max %.1f\n", median(latency),
                quantile(latency, 0.95), latency.empty() ? 0.0 : *std::max_element(latency.begin(), latency.end()));
    return 0;
}

}  // namespace hs::gui
