#include "run_bench.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>

#include "run_controller.h"
#include "run_workspace.h"
#include "service/comparison.h"

namespace hs::gui {

namespace {

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}

double median(const std::vector<double>& v) { return quantile(v, 0.5); }

// CPU seconds of the whole process: unlike wall time, not inflated by other programs' load.
double processCpu() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

int runBenchmark(const model::Circuit& circuit, const sim::Registry& reg, const service::RunServiceOptions& options,
                 RunController& runner, int repeat) {
    widgets::RunWorkspace& ws = runner.workspace();
    runner.setClickProbes(false);  // the file's probes only, as in the CLI run it is compared with
    model::Circuit c = circuit;
    if (options.duration > 0) c.duration = options.duration;
    if (options.recordInterval > 0) c.recordInterval = options.recordInterval;
    service::CompareOptions cli;
    cli.configs = options.configs;
    const int nConfigs = [&] {
        int n = 0;
        for (const auto& cfg : c.configs) n += options.configs.isEmpty() || options.configs.contains(cfg.name) || cfg.reference;
        return n;
    }();
    const int threads = options.threads > 0 ? options.threads : QThread::idealThreadCount();
    cli.jobs = std::min(threads, nConfigs);

    std::map<QString, std::vector<double>> cliWall, guiWall;
    std::vector<double> cliTotal, guiTotal, cliCpu, guiCpu, frames, ticks, tickCpu, latency;
    size_t points = 0;
    for (int r = 0; r < repeat; ++r) {
        QElapsedTimer clock;
        clock.start();
        double cpu0 = processCpu();
        service::Comparison cmp = service::runComparison(c, reg, cli);
        cliTotal.push_back(clock.nsecsElapsed() * 1e-9);
        cliCpu.push_back(processCpu() - cpu0);
        for (const auto& o : cmp.configs) {
            cliWall[o.name].push_back(o.result.wallSeconds);
            points = std::max(points, o.result.trace.time.size());
        }
        if (cmp.reference < 0) std::fprintf(stderr, "warning: %s\n", qPrintable(cmp.error));

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
        clock.restart();
        cpu0 = processCpu();
        if (!runner.run().isEmpty()) return 1;  // as the Run action does: dock shown, plots drawn
        probe.start(10);
        loop.exec();
        probe.stop();
        guiTotal.push_back(clock.nsecsElapsed() * 1e-9);
        guiCpu.push_back(processCpu() - cpu0);
        for (int i = 0; i < ws.service().configCount(); ++i) guiWall[ws.service().status(i).name].push_back(ws.service().status(i).wallSeconds);
        frames.insert(frames.end(), ws.frameIntervals().begin(), ws.frameIntervals().end());
        ticks.insert(ticks.end(), ws.tickDurations().begin(), ws.tickDurations().end());
        tickCpu.insert(tickCpu.end(), ws.tickCpu().begin(), ws.tickCpu().end());
    }

    std::printf("benchmark: %s\n  %g s simulated, record interval %g s (%zu points per trace), %d configuration(s), "
                "%d at once, %d repeat(s), medians\n\n",
                qPrintable(c.name), c.duration, c.recordInterval, points, nConfigs, cli.jobs, repeat);
    std::printf("  %-28s %12s %12s %10s\n", "wall time [s]", "headless", "GUI", "overhead");
    for (const auto& [name, v] : cliWall) {
        const double a = median(v), b = median(guiWall[name]);
        std::printf("  %-28s %12.3f %12.3f %9.1f%%\n", qPrintable(name), a, b, 100 * (b - a) / a);
    }
    const double a = median(cliTotal), b = median(guiTotal);
    std::printf("  %-28s %12.3f %12.3f %9.1f%%\n", "whole run", a, b, 100 * (b - a) / a);
    const double ca = median(cliCpu), cb = median(guiCpu);
    std::printf("  %-28s %12.3f %12.3f %9.1f%%\n\n", "CPU time, all threads [s]", ca, cb, 100 * (cb - ca) / ca);
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
