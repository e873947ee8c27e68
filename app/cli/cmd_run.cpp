// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli run FILE [--config NAME] [--duration T] [--out results.csv]
#include <QFileInfo>
#include <QRegularExpression>
#include <cstdio>
#include <unistd.h>

#include "cli.h"
#include "service/comparison.h"

namespace hs::cli {

int runCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {"config", "duration", "out"}, {"help", "quiet"});
    if (a.flag("help")) {
        out("usage: hydrostiff-cli run FILE [--config NAME] [--duration T] [--out results.csv] [--quiet]\n"
            "  Simulates one configuration (default: the reference) and writes the probes to CSV\n"
            "  (time + every probe, header 'name [unit]', '.' decimals). Default output:\n"
            "  <file stem>-<config>.csv in the current directory.");
        return Ok;
    }
    auto duration = a.number("duration");
    if (!a.ok() || a.positional.size() != 1) {
        err(a.ok() ? "run: give exactly one circuit file (see --help)" : "run: " + a.error());
        return Usage;
    }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    const model::SolverConfigDoc* cfg = a.value("config") ? circuit->config(*a.value("config")) : circuit->reference();
    if (!cfg) {
        QStringList names;
        for (const auto& c : circuit->configs) names << c.name;
        err("run: no configuration '" + a.value("config").value_or("") + "' (available: " + names.join(", ") + ")");
        return Usage;
    }
    const double T = duration.value_or(circuit->duration);
    const bool tty = isatty(2) && !a.flag("quiet");
    auto progress = [&](double t) {
        if (tty) std::fprintf(stderr, "\r%s: t = %.4g / %.4g s ", cfg->name.toUtf8().constData(), t, T);
    };
    sim::RunResult r = service::runConfiguration(*circuit, *cfg, reg, T, nullptr, progress);
    if (tty) std::fprintf(stderr, "\n");
    warnConfig(cfg->name, r.warnings);
    const QString outPath = a.value("out").value_or(QFileInfo(a.positional.front()).completeBaseName().section('.', 0, 0) + "-" +
                                                   QString(cfg->name).replace(QRegularExpression("[^A-Za-z0-9_.-]+"), "_") + ".csv");
    if (!r.trace.time.empty()) {
        QString e = service::writeTraceCsv(outPath, r.trace);
        if (!e.isEmpty()) { err("run: " + e); return FileError; }
    }
    const double simulated = r.trace.time.empty() ? 0.0 : r.trace.time.back();
    out(QString("configuration  %1 (%2)").arg(cfg->name, cfg->stepper));
    out(QString("simulated      %1 s in %2 s wall time, %3 steps").arg(fmt(simulated), fmt(r.wallSeconds), QString::number(r.steps)));
    out(QString("real-time factor %1 (simulated time / wall time)").arg(r.wallSeconds > 0 ? fmt(simulated / r.wallSeconds) : QString("-")));
    out(QString("cpu time       %1 s (engine thread)").arg(fmt(r.cpuSeconds)));
    if (!r.trace.time.empty()) out("wrote          " + outPath);
    if (!r.ok) {
        err("run failed: " + QString::fromStdString(r.error));
        return r.error.rfind("circuit does not compile", 0) == 0 ? CircuitError : RunFailed;
    }
    return Ok;
}

}  // namespace hs::cli
