// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli advise FILE --error E [--probes a,b] [--budget S]: the fastest configuration
// within an error bound, its Pareto front, and the winner written into the file.
#include <cmath>
#include <unistd.h>

#include "cli.h"
#include "progress_bar.h"
#include "study/advisor.h"
#include "study/advisor_file.h"

namespace hs::cli {

namespace {

QString pad(const QString& s, int w) { return s.leftJustified(w); }

QString errorText(const study::AdvisorRun& r) { return r.ok ? fmt(r.error, 3) : QString("-"); }

}  // namespace

int adviseCommand(const QStringList& argv, const sim::Registry& reg, study::RunDistribution* ranks) {
    Args a(argv, {"error", "probes", "budget", "span", "depth", "confirm", "jobs", "name", "min-step", "max-step", "log"},
           {"help", "quiet", "dry-run", "with-file-configs", "all"});
    if (a.flag("help")) {
        out("usage: hydrostiff-cli advise FILE --error PERCENT [--probes p1,x] [--budget SECONDS] [--span FRACTION]\n"
            "                             [--depth 0|1|2] [--confirm N] [--jobs N] [--min-step S] [--max-step S]\n"
            "                             [--name NAME] [--dry-run] [--with-file-configs] [--all] [--log runs.csv] [--quiet]\n"
            "  Searches for the fastest configuration whose error (the largest RRMSE % over --probes, default\n"
            "  every probe) against the file's reference configuration is within --error. The space: every\n"
            "  stepper with every volume integrated over a ladder of steps (1-2-5 per decade above the\n"
            "  reference's step up to the record interval or a hundredth of the duration, whichever is\n"
            "  larger; or --min-step/--max-step) or of tolerances\n"
            "  (adaptive steppers: rtol = atol 1e-8 to 5e-2, 1-2-5 per decade, first step the reference's); the stiffness guidance's per-volume suggestion at each step;\n"
            "  each pressure method (--depth 0: defaults; 1: and each option of its choice parameters; 2: and\n"
            "  number parameters at 1/10 and 10x their default) on the 1, 2, ... stiffest volumes.\n"
            "  Each family is bisected along its ladder on the first --span of the duration (default 0.2),\n"
            "  families in parallel (--jobs, default every core), within half the budget; the --confirm\n"
            "  (default 4) families cheapest there are bisected again over the whole duration, among their\n"
            "  rungs up to one past the one found. Cost is the CPU time of the run's thread. --budget (default 120 s)\n"
            "  bounds the search's wall time (the first confirmation always finishes). Prints the Pareto\n"
            "  front (CPU time vs error) of the full runs (--all: every full run) and writes the winner into FILE as a new configuration (--name, a\n"
            "  unique one by default) through the file writer; --dry-run leaves the file alone.\n"
            "  --with-file-configs also runs the file's own configurations over the duration, for comparison\n"
            "  (outside the budget; timed like the advisor's own, never the winner). --log writes every run\n"
            "  of the search (short and full) to a CSV file.\n" +
            mpiHelp());
        return Ok;
    }
    auto bound = a.number("error");
    auto budget = a.number("budget");
    auto span = a.number("span");
    auto depth = a.number("depth");
    auto confirm = a.number("confirm");
    auto jobs = a.number("jobs");
    auto minStep = a.number("min-step");
    auto maxStep = a.number("max-step");
    if (!a.ok() || a.positional.size() != 1) {
        err(a.ok() ? "advise: give exactly one circuit file (see --help)" : "advise: " + a.error());
        return Usage;
    }
    if (!bound || !(*bound > 0)) { err("advise: give --error PERCENT > 0 (the largest RRMSE % allowed)"); return Usage; }
    if (budget && !(*budget > 0)) { err("advise: --budget must be > 0 seconds"); return Usage; }
    if (span && !(*span > 0 && *span <= 1)) { err("advise: --span must be in (0, 1]"); return Usage; }
    if (depth && (*depth < 0 || *depth > 2 || *depth != std::floor(*depth))) { err("advise: --depth is 0, 1 or 2"); return Usage; }
    if (confirm && (*confirm < 1 || *confirm != std::floor(*confirm))) { err("advise: --confirm must be a whole number >= 1"); return Usage; }
    if (jobs && (*jobs < 1 || *jobs != std::floor(*jobs))) { err("advise: --jobs must be a whole number >= 1"); return Usage; }
    const QString path = a.positional.front();
    auto circuit = loadOrReport(path, reg);
    if (!circuit) return FileError;

    study::AdvisorOptions opt;
    opt.errorBound = *bound;
    if (auto p = a.value("probes"))
        for (const auto& n : p->split(',', Qt::SkipEmptyParts)) opt.probes << n.trimmed();
    opt.budget = budget.value_or(120.0);
    opt.spanFraction = span.value_or(0.2);
    opt.space.depth = static_cast<int>(depth.value_or(1));
    opt.space.minStep = minStep.value_or(0.0);
    opt.space.maxStep = maxStep.value_or(0.0);
    opt.confirm = static_cast<int>(confirm.value_or(4));
    opt.jobs = static_cast<int>(jobs.value_or(0));
    opt.withFileConfigs = a.flag("with-file-configs");
    opt.distribution = ranks;
    const bool tty = isatty(2) && !a.flag("quiet") && study::writesOutput(ranks);
    QString phase;
    ProgressBar bar(tty, "");
    opt.progress = [&](const QString& ph, const study::StudyProgress& p) {
        if (ph != phase && tty) {
            bar.clear();
            err("advise: " + ph + " ...");
            phase = ph;
        }
        bar.show(p);
    };
    const study::AdvisorResult res = study::advise(*circuit, reg, opt);
    bar.clear();
    if (!study::writesOutput(ranks)) return res.error.isEmpty() ? Ok : CircuitError;
    if (ranks) out(ranksNote(ranks));
    if (!res.error.isEmpty()) { err("advise: " + res.error); return CircuitError; }

    if (auto log = a.value("log")) {
        if (const QString e = study::writeAdvisorLog(*log, res); !e.isEmpty()) { err("advise: " + e); return FileError; }
    }
    int ok = 0;
    for (const auto& r : res.shortRuns) ok += r.ok;
    out(QString("%1: bound %2 % RRMSE on %3 against the reference '%4'")
            .arg(circuit->name, fmt(*bound), res.probes.join(", "), res.reference));
    out(QString("searched %1 families with %2 runs over the first %3 s (%4 ran to the end), confirmed over %5 s; %6 s wall")
            .arg(res.families)
            .arg(res.shortRuns.size())
            .arg(fmt(res.span))
            .arg(ok)
            .arg(fmt(res.duration))
            .arg(fmt(res.elapsed, 3)));
    for (const auto& n : res.notes) out("note: " + n);
    int nameW = 30;
    for (const auto& r : res.fullRuns) nameW = std::max(nameW, static_cast<int>(r.config.name.size()) + 2);
    const bool all = a.flag("all");
    out(QString("\n%1 (CPU time vs error, full duration):").arg(all ? "every full run, * = on the Pareto front" : "Pareto front"));
    out(pad("configuration", nameW) + pad("CPU [s]", 11) + pad("wall [s]", 11) + pad("error %", 10) + "status");
    auto row = [&](int i, bool mark) {
        const study::AdvisorRun& r = res.fullRuns[size_t(i)];
        QString status = r.ok ? (r.withinBound ? "within bound" : "over bound") : r.failure;
        if (i == res.winner) status += "  <- winner";
        if (r.family == "reference") status += " (reference)";
        if (r.family == "file") status += " (file)";
        out(pad((mark ? "* " : "  ") + r.config.name, nameW) + pad(fmt(r.cpu, 4), 11) + pad(fmt(r.wall, 4), 11) +
            pad(errorText(r), 10) + status);
    };
    if (all) {
        for (int i = 0; i < static_cast<int>(res.fullRuns.size()); ++i)
            row(i, std::find(res.front.begin(), res.front.end(), i) != res.front.end());
    } else {
        for (int i : res.front) row(i, false);
    }
    if (res.winner <= 0) {
        out("\nno configuration faster than the reference met the bound; the file is unchanged");
        return Ok;
    }
    const study::AdvisorRun& w = res.fullRuns[size_t(res.winner)];
    out(QString("\nwinner: %1: %2 s CPU (reference %3 s: %4x faster), error %5 %")
            .arg(w.config.name, fmt(w.cpu, 4), fmt(res.fullRuns[0].cpu, 4), fmt(res.fullRuns[0].cpu / w.cpu, 3), fmt(w.error, 3)));
    if (a.flag("dry-run")) return Ok;
    model::SolverConfigDoc cfg = w.config;
    if (auto n = a.value("name")) cfg.name = *n;
    const study::AddedConfig added = study::addConfiguration(path, cfg, reg);
    if (!added.error.isEmpty()) { err("advise: " + added.error); return FileError; }
    out("added configuration '" + added.name + "' to " + path);
    if (added.reformatted)
        err("advise: note: " + path + " was not in the canonical form; the writer rewrote it as `hydrostiff-cli format` would");
    return Ok;
}

}  // namespace hs::cli
