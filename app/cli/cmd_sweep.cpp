// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli sweep FILE --param comp.C5=lo:hi:n --param V.V=a,b [--lhs N --seed S] --out sweep.csv
#include <cmath>
#include <unistd.h>

#include "cli.h"
#include "progress_bar.h"
#include "study/sweep.h"

namespace hs::cli {

namespace {

// Removes every "--name VALUE" pair from args and returns the values (options given repeatedly).
QStringList takeRepeated(QStringList& args, const QString& name, QString* error) {
    QStringList values;
    for (int i = 0; i < args.size();) {
        if (args[i] != name) { ++i; continue; }
        if (i + 1 >= args.size()) { *error = "option " + name + " needs a value"; return {}; }
        values << args[i + 1];
        args.remove(i, 2);
    }
    return values;
}

}  // namespace

int sweepCommand(const QStringList& argvIn, const sim::Registry& reg, study::RunDistribution* ranks) {
    QStringList argv = argvIn;
    QString repeatError;
    const QStringList params = takeRepeated(argv, "--param", &repeatError);
    Args a(argv, {"lhs", "seed", "config", "jobs", "out", "duration", "probes", "stats"}, {"help", "quiet", "rrmse"});
    if (a.flag("help")) {
        out("usage: hydrostiff-cli sweep FILE --param COMP.PAR=SPEC [--param ...] --out sweep.csv\n"
            "                            [--lhs N [--seed S]] [--config NAME] [--jobs N] [--duration T]\n"
            "                            [--rrmse] [--probes p1,p2] [--stats final,min,max,mean] [--quiet]\n"
            "  Runs one configuration (--config, default the reference) at every point of a parameter\n"
            "  space, on worker threads (--jobs, default every core), with a progress bar and ETA on\n"
            "  stderr, and writes one CSV row per run: the parameter values, status (ok / failed),\n"
            "  wall time, steps, the statistics of each probe (final, min, max, time-weighted mean;\n"
            "  --stats picks, --probes restricts the probes) and the error of a failed run (a failed\n"
            "  run never stops the sweep).\n"
            "  SPEC: lo:hi:count (evenly spaced, count values), lo:hi:count:log (geometric) or a list\n"
            "  v1,v2,...; COMP.PAR names a number parameter of a component (e.g. comp.C5).\n"
            "  Without --lhs every combination runs (the full grid). --lhs N runs N points of a Latin\n"
            "  hypercube over the ranges (lists are sampled by index), --seed S (default 1) fixes it.\n"
            "  --rrmse also runs the reference configuration at each point and adds each probe's RRMSE\n"
            "  [%] against it. Exit code 0 if the sweep ran (whatever the runs' status).\n" +
            mpiHelp());
        return Ok;
    }
    auto lhs = a.number("lhs");
    auto seed = a.number("seed");
    auto jobs = a.number("jobs");
    auto duration = a.number("duration");
    if (!repeatError.isEmpty() || !a.ok() || a.positional.size() != 1) {
        err("sweep: " + (!repeatError.isEmpty() ? repeatError : !a.ok() ? a.error() : QString("give exactly one circuit file (see --help)")));
        return Usage;
    }
    if (params.isEmpty()) { err("sweep: give at least one --param COMP.PAR=SPEC (see --help)"); return Usage; }
    const auto outPath = a.value("out");
    if (!outPath) { err("sweep: give --out FILE.csv for the results"); return Usage; }
    if (lhs && (*lhs < 1 || *lhs != std::floor(*lhs))) { err("sweep: --lhs must be a whole number >= 1"); return Usage; }
    if (jobs && (*jobs < 1 || *jobs != std::floor(*jobs))) { err("sweep: --jobs must be a whole number >= 1"); return Usage; }
    if (seed && !lhs) { err("sweep: --seed needs --lhs"); return Usage; }
    const QStringList& kStats = study::sweepStatistics();
    QStringList stats = kStats;
    if (auto s = a.value("stats")) {
        stats = s->split(',', Qt::SkipEmptyParts);
        for (auto& st : stats) {
            st = st.trimmed();
            if (!kStats.contains(st)) { err("sweep: --stats: unknown statistic '" + st + "' (final, min, max, mean)"); return Usage; }
        }
    }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;

    study::SweepOptions opt;
    for (const auto& p : params) {
        QString e;
        auto axis = study::parseAxis(p, &e);
        if (!axis) { err("sweep: " + e); return Usage; }
        opt.axes.push_back(*axis);
    }
    opt.config = a.value("config").value_or(QString());
    opt.againstReference = a.flag("rrmse");
    opt.duration = duration.value_or(0.0);
    opt.jobs = static_cast<int>(jobs.value_or(0));
    if (const QString e = study::checkSweep(*circuit, reg, opt); !e.isEmpty()) { err("sweep: " + e); return CircuitError; }
    QStringList probes;
    if (auto p = a.value("probes")) {
        probes = p->split(',', Qt::SkipEmptyParts);
        QStringList known;
        for (const auto& pr : circuit->probes) known << pr.name;
        for (auto& n : probes) {
            n = n.trimmed();
            // A circuit without probes records the default ones, known only once built.
            if (!known.isEmpty() && !known.contains(n)) {
                err("sweep: --probes: no probe '" + n + "'; the probes are: " + known.join(", "));
                return Usage;
            }
        }
    }
    opt.points = lhs ? study::latinHypercube(opt.axes, static_cast<int>(*lhs), static_cast<std::uint64_t>(seed.value_or(1)))
                     : study::gridPoints(opt.axes);
    opt.distribution = ranks;
    ProgressBar bar(isatty(2) && !a.flag("quiet") && study::writesOutput(ranks));
    opt.progress = [&](const study::StudyProgress& p) { bar.show(p); };
    const study::SweepResult res = study::runSweep(*circuit, reg, opt);
    bar.clear();
    if (!study::writesOutput(ranks)) return res.error.isEmpty() ? Ok : CircuitError;
    if (!res.error.isEmpty()) { err("sweep: " + res.error); return CircuitError; }
    int ok = 0;
    double wall = 0;
    for (const auto& r : res.rows) {
        ok += r.status == "ok";
        wall += r.wallSeconds;
    }
    if (const QString e = study::writeSweepCsv(*outPath, opt, res, probes, stats); !e.isEmpty()) {
        err("sweep: " + e);
        return FileError;
    }
    out(QString("%1: '%2', %3 runs (%4), %5 ok, %6 failed; %7 s of run wall time in total")
            .arg(circuit->name, res.config)
            .arg(res.rows.size())
            .arg(lhs ? QString("Latin hypercube, seed %1").arg(seed.value_or(1)) : QString("full grid"))
            .arg(ok)
            .arg(static_cast<int>(res.rows.size()) - ok)
            .arg(fmt(wall)));
    if (ranks) out(ranksNote(ranks));
    out("wrote " + *outPath);
    return Ok;
}

}  // namespace hs::cli
