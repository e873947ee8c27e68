// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli run FILE [--config NAME] [--duration T] [--record DT] [--set COMP.PARAM=V,...]
//                        [--out results.csv|.mat]; under mpirun the configuration's parallel
//                        partitions one on each rank, rank 0 writing.
#include <QFileInfo>
#include <QRegularExpression>
#include <cstdio>
#include <unistd.h>

#include "cli.h"
#include "model/circuit_io.h"
#include "service/comparison.h"
#include "service/kernel_note.h"
#include "service/result_file.h"
#include "service/streamed_run.h"
#include "sim/partition_link.h"

namespace hs::cli {

namespace {

// One run as the options ask for it.
struct RunRequest {
    model::Circuit circuit;
    QString config;  // the configuration's name in circuit
    double duration = 0;
    QString outPath;
    bool tty = false;
    const model::SolverConfigDoc& cfg() const { return *circuit.config(config); }
};

// Under mpirun: "" when the configuration's parallel partitions can go one on each rank.
QString partitionsOnRanksProblem(const model::SolverConfigDoc& cfg, int ranks) {
    if (cfg.threads <= 1)
        return QString("configuration '%1' has no parallel partitions (\"threads\": 1), so there is nothing to place on the %2 MPI "
                       "ranks; give it \"threads\": %2 (partitions cut at TLM volumes, docs/methods.md) or run it without mpirun")
            .arg(cfg.name)
            .arg(ranks);
    if (cfg.threads != ranks)
        return QString("configuration '%1' has %2 parallel partitions (\"threads\": %2) but mpirun started %3 ranks; "
                       "start one rank per partition: mpirun -np %2 hydrostiff-cli run ...")
            .arg(cfg.name)
            .arg(cfg.threads)
            .arg(ranks);
    return {};
}

// The options read and checked into req: Ok, or the exit code after the problem was said
// (`speaks`: this process prints; over ranks rank 0 speaks for all, each doing the same checks).
int prepare(Args& a, const sim::Registry& reg, bool speaks, const sim::PartitionLink* ranks, RunRequest& req) {
    auto complain = [&](const QString& s) {
        if (speaks) err("run: " + s);
    };
    auto duration = a.number("duration");
    auto record = a.number("record");
    if (a.ok() && record && !(*record > 0)) {
        complain("--record must be a positive interval in seconds");
        return Usage;
    }
    if (!a.ok() || a.positional.size() != 1) {
        complain(a.ok() ? "give exactly one circuit file (see --help)" : a.error());
        return Usage;
    }
    auto circuit = speaks ? loadOrReport(a.positional.front(), reg) : model::loadCircuit(a.positional.front(), reg).circuit;
    if (!circuit) return FileError;
    req.circuit = std::move(*circuit);
    if (QString e = applyParameterSets(a.value("set").value_or(""), req.circuit, reg); !e.isEmpty()) {
        complain(e);
        return Usage;
    }
    if (record) req.circuit.recordInterval = *record;
    const model::SolverConfigDoc* cfg = a.value("config") ? req.circuit.config(*a.value("config")) : req.circuit.reference();
    if (!cfg) {
        QStringList names;
        for (const auto& c : req.circuit.configs) names << c.name;
        complain("no configuration '" + a.value("config").value_or("") + "' (available: " + names.join(", ") + ")");
        return Usage;
    }
    if (auto kernel = a.value("kernel")) {
        if (*kernel != "interpreted" && *kernel != "generated") {
            complain("--kernel must be interpreted or generated, not '" + *kernel + "'");
            return Usage;
        }
        for (auto& c : req.circuit.configs)
            if (c.name == cfg->name) c.kernel = *kernel;
    }
    if (ranks) {
        if (QString e = partitionsOnRanksProblem(*cfg, ranks->size()); !e.isEmpty()) {
            complain(e);
            return Usage;
        }
    }
    req.config = cfg->name;
    req.duration = duration.value_or(req.circuit.duration);
    req.tty = isatty(2) && !a.flag("quiet") && speaks;
    req.outPath = a.value("out").value_or(QFileInfo(a.positional.front()).completeBaseName().section('.', 0, 0) + "-" +
                                          QString(cfg->name).replace(QRegularExpression("[^A-Za-z0-9_.-]+"), "_") + ".csv");
    return Ok;
}

// What a finished run prints; its exit code.
// ranks, parts: over MPI ranks, how many, and how many of the partitions exchange with another.
int report(const RunRequest& req, const sim::RunResult& r, const QString& fileError, const sim::PartitionLink* ranks, int parts = 0) {
    warnConfig(req.config, r.warnings);
    if (!fileError.isEmpty()) {
        err("run: " + fileError);
        return FileError;
    }
    const double simulated = r.trace.time.empty() ? 0.0 : r.trace.time.back();
    out(QString("configuration  %1 (%2)").arg(req.config, req.cfg().stepper));
    if (ranks && parts > 0)
        out(QString("partitions     %1, one on each of %1 MPI ranks (rank 0 gathered the probes)").arg(ranks->size()));
    else if (ranks)
        out(QString("partitions     none to cut (no TLM volume between the parts): the circuit ran whole on one of the %1 MPI ranks")
                .arg(ranks->size()));
    out(QString("simulated      %1 s in %2 s wall time, %3 steps").arg(fmt(simulated), fmt(r.wallSeconds), QString::number(r.steps)));
    out(QString("real-time factor %1 (simulated time / wall time)").arg(r.wallSeconds > 0 ? fmt(simulated / r.wallSeconds) : QString("-")));
    out(QString("cpu time       %1 s (engine thread%2)").arg(fmt(r.cpuSeconds), ranks ? QString(" of rank 0") : QString()));
    out("kernel         " + service::kernelNote(r));
    for (const auto& [node, st] : r.methodStats)
        if (st.guardedSteps > 0)
            out(QString("narx guard     node %1: %2 of %3 steps had an input outside the training range (fallback)")
                    .arg(QString::fromStdString(node)).arg(st.guardedSteps).arg(st.outerSteps));
    if (!r.trace.time.empty()) out("wrote          " + req.outPath);
    if (!r.ok) {
        err("run failed: " + QString::fromStdString(r.error));
        return r.error.rfind("circuit does not compile", 0) == 0 ? CircuitError : RunFailed;
    }
    return Ok;
}

// Every process builds the whole circuit and steps its own partition (sim::SolverSettings::ranks,
// docs/methods.md "Partitions on MPI ranks"); at the end rank 0 holds every probe and writes the
// file, which equals the serial run's bit for bit. The trace is kept in memory (a probe's values
// reach rank 0 at the end), so the CSV is written after the run, not streamed.
int runOnRanks(const RunRequest& req, const sim::Registry& reg, sim::PartitionLink& ranks) {
    const bool speaks = ranks.rank() == 0;
    service::PreparedRun run = service::prepareConfiguration(req.circuit, req.cfg(), reg, req.duration);
    sim::RunResult r;
    int parts = 0;
    if (run.system) {
        run.options.solver.ranks = &ranks;
        if (req.tty)
            run.options.progress = [&](double t) { std::fprintf(stderr, "\r%s: t = %.4g / %.4g s ", req.config.toUtf8().constData(), t, req.duration); };
        r = sim::simulate(*run.system, run.probes, run.options);  // collective; an exception ends every rank (main)
        if (req.tty) std::fprintf(stderr, "\n");
        // The partitions that exchange with another: none when the circuit had nothing to cut (no
        // TLM volume between its parts), and one partition then held everything.
        for (int k = 0; k < run.system->partitionCount(); ++k)
            if (!run.system->rankPeers(k).empty()) ++parts;
    } else {
        r.error = run.error;  // the same verdict on every process (same file, same build)
    }
    r.warnings = std::move(run.warnings);
    if (!speaks) return r.ok ? Ok : (r.error.rfind("circuit does not compile", 0) == 0 ? CircuitError : RunFailed);
    const QString fileError = r.trace.time.empty() ? QString() : service::writeTraceFile(req.outPath, r.trace);
    return report(req, r, fileError, &ranks, parts);
}

}  // namespace

int runCommand(const QStringList& argv, const sim::Registry& reg, sim::PartitionLink* ranks) {
    if (ranks && ranks->size() < 2) ranks = nullptr;
    const bool speaks = !ranks || ranks->rank() == 0;
    Args a(argv, {"config", "duration", "record", "out", "set", "kernel"}, {"help", "quiet"});
    if (a.flag("help")) {
        if (speaks)
            out("usage: hydrostiff-cli run FILE [--config NAME] [--duration T] [--record DT] [--out results.csv|results.mat]\n"
                "                          [--set COMP.PARAM=VALUE,...] [--kernel interpreted|generated] [--quiet]\n"
                "  Simulates one configuration (default: the reference) and writes the probes, sampled every\n"
                "  DT seconds (default: the circuit's record interval), to CSV (time + every probe, header\n"
                "  'name [unit]', '.' decimals), or to a MATLAB MAT-file when the name ends in .mat (t, a\n"
                "  column vector per probe, 'channels': variable, name, unit). CSV rows are written as the run\n"
                "  produces them, so memory stays flat however long the run, and the wall and cpu times\n"
                "  reported include formatting them; a .mat file is written at the end from memory, after\n"
                "  the timed run. Default output: <file stem>-<config>.csv in the current directory.\n"
                "  --set changes number parameters of the circuit for this run (e.g. a fault: --set cyl.L=5e-11).\n"
                "  --kernel overrides the configuration's right-hand side: generated compiles the circuit into\n"
                "  C++ before the run (RK4 only; the compile time is reported on its own, not in the run's\n"
                "  times; docs/running.md), interpreted runs the components through the engine's tables.\n" +
                partitionsHelp());
        return Ok;
    }
    RunRequest req;
    const int code = prepare(a, reg, speaks, ranks, req);
    if (ranks) {
        // Every process must agree before the collective run: one that could not prepare (a file
        // another host lacks) would leave the others waiting.
        const bool all = ranks->minimum(code == Ok ? 1.0 : 0.0) == 1.0;
        if (code != Ok) return code;
        if (!all) {
            if (speaks) err("run: another MPI rank could not read the circuit or the options (run it without mpirun there to see why)");
            return FileError;
        }
        return runOnRanks(req, reg, *ranks);
    }
    if (code != Ok) return code;
    auto progress = [&](double t) {
        if (req.tty) std::fprintf(stderr, "\r%s: t = %.4g / %.4g s ", req.config.toUtf8().constData(), t, req.duration);
    };
    // CSV: streamed row by row (the trace is not kept); MAT: the whole trace, written at the end.
    const bool streamed = !service::isMatPath(req.outPath);
    QString fileError;
    sim::RunResult r = streamed ? service::runConfigurationToCsv(req.circuit, req.cfg(), reg, req.duration, req.outPath, fileError, progress)
                                : service::runConfiguration(req.circuit, req.cfg(), reg, req.duration, nullptr, progress);
    if (req.tty) std::fprintf(stderr, "\n");
    if (!streamed && !r.trace.time.empty() && fileError.isEmpty()) fileError = service::writeTraceFile(req.outPath, r.trace);
    return report(req, r, fileError, nullptr);
}

}  // namespace hs::cli
