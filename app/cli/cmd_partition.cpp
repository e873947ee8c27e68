// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli partition FILE: the parallel partitions a configuration would get from each
// mapper (sim/partitioner.h): the coupling groups as tasks, each mapper's plan with its predicted
// load per partition in the mapper's cost model, the thesis' GA alone for comparison, and the
// measured wall time per step of a run with each plan on the threads.
#include <algorithm>
#include <chrono>

#include "cli.h"
#include "sim/builder.h"
#include "sim/mapping/exact_mapper.h"
#include "sim/mapping/ga_mapper.h"
#include "sim/partitioner.h"
#include "sim/simulator.h"
#include "sim/system.h"

namespace hs::cli {

namespace mapping = sim::mapping;

namespace {

// partition of each task from a partition of each unit
std::vector<int> perTask(const sim::GroupTaskGraph& tg, const std::vector<int>& partOfUnit) {
    std::vector<int> plan(static_cast<size_t>(tg.graph.size()), 0);
    for (size_t x = 0; x < partOfUnit.size(); ++x) plan[static_cast<size_t>(tg.taskOfUnit[x])] = partOfUnit[x];
    return plan;
}

QString loads(const std::vector<double>& t) {
    QStringList parts;
    for (double x : t) parts << QString::number(x, 'f', 0);
    return parts.join(" / ");
}

}  // namespace

int partitionCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {"config", "parts", "steps"}, {"help"});
    if (a.flag("help")) {
        out("usage: hydrostiff-cli partition FILE [--config NAME] [--parts N] [--steps K]\n"
            "  The parallel partitions of a configuration (a fixed-step rk4/euler configuration whose\n"
            "  circuit is cut at TLM volumes or long TLM lines; default: the first configuration with\n"
            "  threads > 1) on N partitions (default: its threads, at least 2). Prints the coupling\n"
            "  groups (the tasks: components that must share a partition) with their measured evaluation\n"
            "  cost, the lines between them (pairs of groups meeting at a TLM node or a cut line), then\n"
            "  for each partition_mapper (balanced, optimal) its plan and predicted load per partition\n"
            "  [ns per evaluation, a wave crossing partitions counted as " +
            QString::number(sim::kSharedMemoryLineCostNs) +
            " ns], the thesis' GA alone (12 x 60, 200 generations),\n"
            "  and, with --steps K (default 20000), the measured wall time per step of K steps on N\n"
            "  threads with each mapper and on one thread (threads always on: no adaptive fallback).");
        return Ok;
    }
    const auto partsOpt = a.number("parts"), stepsOpt = a.number("steps");
    if (!a.ok() || a.positional.size() != 1 || (partsOpt && (*partsOpt < 2 || *partsOpt > 64)) || (stepsOpt && *stepsOpt < 0)) {
        err(!a.ok() ? "partition: " + a.error() : "partition: give one circuit file, --parts 2..64 and --steps >= 0 (see --help)");
        return Usage;
    }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    const model::SolverConfigDoc* cfg = nullptr;
    if (a.value("config")) cfg = circuit->config(*a.value("config"));
    else
        for (const model::SolverConfigDoc& c : circuit->configs)
            if (c.threads > 1) { cfg = &c; break; }
    if (!cfg) {
        err(a.value("config") ? "partition: no configuration '" + *a.value("config") + "'"
                              : "partition: no configuration has threads > 1: name one with --config");
        return Usage;
    }
    sim::SolverSettings settings = model::toSolverSettings(*cfg);
    const int parts = partsOpt ? static_cast<int>(*partsOpt) : std::max(2, settings.threads);
    settings.threads = 1;  // the system is analysed serially; the runs below set the threads
    sim::BuildResult built = sim::build(reg, model::toNetlist(*circuit), settings);
    if (!built.ok()) {
        err("partition: circuit does not compile:\n" + QString::fromStdString(built.errorText()));
        return CircuitError;
    }
    sim::System& sys = *built.system;
    const sim::System::PartitionUnits units = sys.partitionUnits(settings.dt);
    const std::vector<double> cost = sim::measureComponentCost(sys);
    sim::GroupTaskGraph tg;
    if (std::string e = sim::groupTaskGraph(sys, units, parts, cost, settings.partition, tg); !e.empty()) {
        err("partition: " + QString::fromStdString(e));
        return CircuitError;
    }
    const mapping::TaskGraph& g = tg.graph;
    int lines = 0;
    for (const auto& list : g.edges) lines += static_cast<int>(list.size());
    out(QString("configuration '%1', %2 partitions: %3 coupling groups, %4 lines between them")
            .arg(cfg->name).arg(parts).arg(g.size()).arg(lines / 2));
    if (g.size() < 2) {
        err("partition: the circuit has one coupling group: nothing to place (cut it at TLM volumes or long TLM lines)");
        return CircuitError;
    }
    for (int t = 0; t < g.size(); ++t) {
        QStringList members;
        for (int x = 0; x < units.count; ++x)
            if (tg.taskOfUnit[static_cast<size_t>(x)] == t) {
                const int c = units.comp[static_cast<size_t>(x)];
                members << QString::fromStdString(sys.comps[static_cast<size_t>(c)]->id) + (x >= static_cast<int>(sys.comps.size()) ? ".end" : "");
            }
        out(QString("  group %1  %2 ns  %3").arg(t + 1, 3).arg(g.compute[static_cast<size_t>(t)], 8, 'f', 1).arg(members.join(' ')));
    }
    const mapping::LinkCosts links = mapping::LinkCosts::uniform(parts, sim::kSharedMemoryLineCostNs, 0.0);
    out("\nmapper     predicted busiest [ns]  per partition [ns]        plan (partition of each group)");
    auto row = [&](const QString& name, const std::vector<int>& plan, const QString& note) {
        QString p;
        for (int x : plan) p += QString::number(x);
        out(QString("%1 %2  %3  %4%5").arg(name, -10).arg(mapping::mappingCost(g, links, plan), 22, 'f', 1)
                .arg(loads(mapping::processorTimes(g, links, plan)), -24).arg(p).arg(note));
    };
    for (const std::string& name : sim::partitionMapperNames()) {
        sim::PartitionMapper m;
        sim::parsePartitionMapper(name, m);
        std::vector<int> partOfUnit;
        if (std::string e = sim::autoPartition(sys, units, parts, cost, settings.partition, partOfUnit, m); !e.empty()) {
            err("partition: " + QString::fromStdString(e));
            return CircuitError;
        }
        QString note;
        if (m == sim::PartitionMapper::Optimal) {
            const mapping::ExactResult proof = mapping::exactMapping(g, links, perTask(tg, partOfUnit), 4'000'000ULL);
            note = proof.provedOptimal ? "  (proved optimal)" : "  (search budget ran out: best found)";
        }
        row(QString::fromStdString(name), perTask(tg, partOfUnit), note);
    }
    const mapping::GaResult ga = mapping::gaMapping(g, links);
    row("GA alone", ga.assignment, QString("  (best at generation %1 of 200)").arg(ga.generationOfBest));

    const long steps = stepsOpt ? static_cast<long>(*stepsOpt) : 20000;
    if (steps == 0) return Ok;
    out(QString("\nmeasured, %1 steps of %2 s (wall time per step; CPU: see /proc/cpuinfo):").arg(steps).arg(settings.dt));
    auto measure = [&](int threads, const std::string& mapper) -> QString {
        sim::SolverSettings s = model::toSolverSettings(*cfg);
        s.threads = threads;
        s.partitionMapper = mapper;
        s.adaptiveThreads = false;
        sim::BuildResult b = sim::build(reg, model::toNetlist(*circuit), s);
        if (!b.ok()) return "does not compile: " + QString::fromStdString(b.errorText());
        sim::RunOptions opt;
        opt.duration = static_cast<double>(steps) * s.dt;
        opt.recordInterval = opt.duration;
        opt.solver = s;
        const sim::RunResult r = sim::simulate(*b.system, {}, opt);
        if (!r.ok) return "failed: " + QString::fromStdString(r.error);
        return QString("%1 us").arg(r.wallSeconds / static_cast<double>(std::max(1L, r.steps)) * 1e6, 0, 'f', 3);
    };
    out("  1 thread              " + measure(1, "balanced"));
    for (const std::string& name : sim::partitionMapperNames())
        out(QString("  %1 threads, %2 %3").arg(parts).arg(QString::fromStdString(name), -10).arg(measure(parts, name)));
    return Ok;
}

}  // namespace hs::cli
