// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli run FILE [--config NAME] [--duration T] [--record DT] [--out results.csv|.mat]
#include <QFileInfo>
#include <QRegularExpression>
#include <cstdio>
#include <unistd.h>

#include "cli.h"
#include "service/comparison.h"
#include "service/result_file.h"
#include "service/streamed_run.h"

namespace hs::cli {

int runCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {"config", "duration", "record", "out", "kernel"}, {"help", "quiet"});
    if (a.flag("help")) {
        out("usage: hydrostiff-cli run FILE [--config NAME] [--duration T] [--record DT] [--out results.csv|results.mat]\n"
            "                          [--kernel interpreted|generated] [--quiet]\n"
            "  Simulates one configuration (default: the reference) and writes the probes, sampled every\n"
            "  DT seconds (default: the circuit's record interval), to CSV (time + every probe, header\n"
            "  'name [unit]', '.' decimals), or to a MATLAB MAT-file when the name ends in .mat (t, a\n"
            "  column vector per probe, 'channels': variable, name, unit). CSV rows are written as the run\n"
            "  produces them, so memory stays flat however long the run, and the wall and cpu times\n"
            "  reported include formatting them; a .mat file is written at the end from memory, after\n"
            "  the timed run. Default output: <file stem>-<config>.csv in the current directory.\n"
            "  --kernel overrides the configuration's right-hand side: generated compiles the circuit into\n"
            "  C++ before the run (RK4 only; the compile time is reported on its own, not in the run's\n"
            "  times; docs/running.md), interpreted runs the components through the engine's tables.");
        return Ok;
    }
    auto duration = a.number("duration");
    auto record = a.number("record");
    if (a.ok() && record && !(*record > 0)) {
        err("run: --record must be a positive interval in seconds");
        return Usage;
    }
    if (!a.ok() || a.positional.size() != 1) {
        err(a.ok() ? "run: give exactly one circuit file (see --help)" : "run: " + a.error());
        return Usage;
    }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    if (record) circuit->recordInterval = *record;
    const model::SolverConfigDoc* cfg = a.value("config") ? circuit->config(*a.value("config")) : circuit->reference();
    if (!cfg) {
        QStringList names;
        for (const auto& c : circuit->configs) names << c.name;
        err("run: no configuration '" + a.value("config").value_or("") + "' (available: " + names.join(", ") + ")");
        return Usage;
    }
    model::SolverConfigDoc chosen = *cfg;
    if (auto kernel = a.value("kernel")) {
        if (*kernel != "interpreted" && *kernel != "generated") {
            err("run: --kernel must be interpreted or generated, not '" + *kernel + "'");
            return Usage;
        }
        chosen.kernel = *kernel;
        cfg = &chosen;
    }
    const double T = duration.value_or(circuit->duration);
    const bool tty = isatty(2) && !a.flag("quiet");
    auto progress = [&](double t) {
        if (tty) std::fprintf(stderr, "\r%s: t = %.4g / %.4g s ", cfg->name.toUtf8().constData(), t, T);
    };
    const QString outPath = a.value("out").value_or(QFileInfo(a.positional.front()).completeBaseName().section('.', 0, 0) + "-" +
                                                   QString(cfg->name).replace(QRegularExpression("[^A-Za-z0-9_.-]+"), "_") + ".csv");
    // CSV: streamed row by row (the trace is not kept); MAT: the whole trace, written at the end.
    const bool streamed = !service::isMatPath(outPath);
    QString fileError;
    sim::RunResult r = streamed ? service::runConfigurationToCsv(*circuit, *cfg, reg, T, outPath, fileError, progress)
                                : service::runConfiguration(*circuit, *cfg, reg, T, nullptr, progress);
    if (tty) std::fprintf(stderr, "\n");
    warnConfig(cfg->name, r.warnings);
    if (!streamed && !r.trace.time.empty()) fileError = service::writeTraceFile(outPath, r.trace);
    if (!fileError.isEmpty()) { err("run: " + fileError); return FileError; }
    const double simulated = r.trace.time.empty() ? 0.0 : r.trace.time.back();
    out(QString("configuration  %1 (%2)").arg(cfg->name, cfg->stepper));
    out(QString("simulated      %1 s in %2 s wall time, %3 steps").arg(fmt(simulated), fmt(r.wallSeconds), QString::number(r.steps)));
    out(QString("real-time factor %1 (simulated time / wall time)").arg(r.wallSeconds > 0 ? fmt(simulated / r.wallSeconds) : QString("-")));
    out(QString("cpu time       %1 s (engine thread)").arg(fmt(r.cpuSeconds)));
    if (r.kernel == "generated")
        out(r.kernelFromCache ? QString("kernel         generated (library from the cache, not compiled)")
                              : QString("kernel         generated, compiled in %1 s wall before the run (not in the times above)")
                                    .arg(fmt(r.kernelCompileSeconds)));
    else out("kernel         interpreted");
    for (const auto& [node, st] : r.methodStats)
        if (st.guardedSteps > 0)
            out(QString("narx guard     node %1: %2 of %3 steps had an input outside the training range (fallback)")
                    .arg(QString::fromStdString(node)).arg(st.guardedSteps).arg(st.outerSteps));
    if (!r.trace.time.empty()) out("wrote          " + outPath);
    if (!r.ok) {
        err("run failed: " + QString::fromStdString(r.error));
        return r.error.rfind("circuit does not compile", 0) == 0 ? CircuitError : RunFailed;
    }
    return Ok;
}

}  // namespace hs::cli
