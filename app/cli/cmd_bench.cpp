// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli bench FILE: the benchmark tables a circuit file keeps (its "benchmarks" list),
// each row run in turn in this process, our numbers printed beside the published ones.
#include <cstdio>
#include <unistd.h>

#include "cli.h"
#include "service/benchmark.h"

namespace hs::cli {

namespace {

QString cell(const std::map<QString, double>& m, const QString& key) {
    auto it = m.find(key);
    if (it == m.end()) return "-";
    return key == "steps" || key.startsWith("inner") || key == "newton" || key == "failures" || key == "cap_hits"
               ? QString::number(it->second, 'f', 0)
               : fmt(it->second, 4);
}

void printTable(const service::BenchmarkResult& r, const model::Circuit& c) {
    const auto& s = r.spec;
    out(s.title + (s.source.isEmpty() ? "" : "  [" + s.source + "]"));
    const model::SolverConfigDoc* truth = s.truth.isEmpty() ? c.reference() : c.config(s.truth);
    const QString base = s.baseline.isEmpty() ? (truth ? truth->name : QString()) : s.baseline;
    out(QString("%1 s simulated; errors against '%2' (wall %3 s); speed-up against '%4' (wall %5 s)")
            .arg(fmt(r.duration), truth ? truth->name : "?", fmt(r.truthWall, 4), base, fmt(r.baselineWall, 4)));
    if (!r.error.isEmpty()) {
        out("  " + r.error);
        return;
    }
    int labelW = 12;
    for (const auto& row : r.rows) labelW = std::max(labelW, static_cast<int>(row.label.size()) + 2);
    const bool anyPublished = std::any_of(s.rows.begin(), s.rows.end(), [](auto& x) { return !x.published.empty(); });
    const int w = 10;
    QString h1 = QString(s.sweepParams.isEmpty() ? "configuration" : s.sweepParams.join('=')).leftJustified(labelW);
    QString h2 = QString().leftJustified(labelW);
    // Each metric's (sub)column is wide enough for its heading plus a space, so headings never run together.
    std::vector<int> cw;
    for (const auto& m : s.metrics) {
        const QString unit = service::metricUnit(m, c, &s);
        const QString head = service::metricHeading(m) + (unit.isEmpty() ? "" : " [" + unit + "]");
        const int sub = std::max(w, anyPublished ? (static_cast<int>(head.size()) + 2) / 2 : static_cast<int>(head.size()) + 1);
        cw.push_back(sub);
        h1 += head.leftJustified(anyPublished ? 2 * sub : sub);
        h2 += anyPublished ? QString("ours").leftJustified(sub) + QString("paper").leftJustified(sub) : QString().leftJustified(sub);
    }
    out(h1 + "status");
    if (anyPublished) out(h2);
    for (size_t i = 0; i < r.rows.size(); ++i) {
        const auto& row = r.rows[i];
        QString line = row.label.leftJustified(labelW);
        for (qsizetype k = 0; k < s.metrics.size(); ++k) {
            const auto& m = s.metrics[k];
            const int w = cw[static_cast<size_t>(k)];
            line += cell(row.ours, m).leftJustified(w);
            if (anyPublished) line += cell(s.rows[i].published, m).leftJustified(w);
        }
        out(line + row.status);
    }
    for (const auto& row : r.rows)
        if (!row.result.ok) out("  " + row.label + ": " + QString::fromStdString(row.result.error));
    if (!s.note.isEmpty()) out("note: " + s.note);
}

}  // namespace

int benchCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {"table", "duration", "csv"}, {"help", "list", "quiet"});
    if (a.flag("help")) {
        out("usage: hydrostiff-cli bench FILE [--table NAME[,NAME]] [--list] [--duration T] [--csv out.csv] [--quiet]\n"
            "  Runs the benchmark tables kept in the circuit file (top-level \"benchmarks\", see\n"
            "  docs/validation.md): each row is a configuration of the circuit (or a value of a swept\n"
            "  method parameter), run one after the other in this process. Prints per row the listed\n"
            "  metrics (wall time, speed-up against the table's baseline, real-time factor, errors\n"
            "  against the table's ground truth, method statistics) beside the published numbers.\n"
            "  --list shows the tables; --duration shortens every run (for a quick look; the\n"
            "  published numbers are for the full span); --csv writes one line per row and metric.");
        return Ok;
    }
    auto duration = a.number("duration");
    if (!a.ok() || a.positional.size() != 1) {
        err(a.ok() ? "bench: give exactly one circuit file (see --help)" : "bench: " + a.error());
        return Usage;
    }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    QStringList errors;
    auto specs = service::benchmarkSpecs(*circuit, &errors);
    if (!errors.isEmpty()) {
        for (const auto& e : errors) err(a.positional.front() + ": " + e);
        return FileError;
    }
    if (specs.empty()) {
        err("bench: " + a.positional.front() + " keeps no benchmark tables");
        return Usage;
    }
    if (a.flag("list")) {
        for (const auto& s : specs)
            out(s.name.leftJustified(16) + s.title + QString(" (%1 rows)").arg(s.rows.size()));
        return Ok;
    }
    QStringList wanted;
    if (auto t = a.value("table")) wanted = t->split(',', Qt::SkipEmptyParts);
    for (const auto& n : wanted)
        if (std::none_of(specs.begin(), specs.end(), [&](auto& s) { return s.name == n.trimmed(); })) {
            err("bench: no table '" + n + "' in " + a.positional.front() + " (--list shows them)");
            return Usage;
        }
    service::BenchmarkOptions opt;
    opt.duration = duration.value_or(0.0);
    const bool tty = isatty(2) && !a.flag("quiet");
    if (tty)
        opt.progress = [](const QString& what, double t) {
            std::fprintf(stderr, "\r%-40s t = %8.4g s ", what.left(40).toUtf8().constData(), t);
        };
    std::vector<service::BenchmarkResult> results;
    QStringList warned;  // each configuration's warnings once, however many tables run it
    bool failed = false;
    for (const auto& s : specs) {
        if (!wanted.isEmpty() && !wanted.contains(s.name)) continue;
        results.push_back(service::runBenchmark(*circuit, s, reg, opt));
        if (tty) std::fprintf(stderr, "\r%80s\r", "");
        for (const auto& [config, w] : results.back().warnings)
            if (!warned.contains(config)) {
                warned << config;
                warnConfig(config, w);
            }
        printTable(results.back(), *circuit);
        out("");
        failed = failed || !results.back().error.isEmpty();
    }
    if (auto path = a.value("csv")) {
        QString e = service::writeBenchmarkCsv(*path, results, *circuit);
        if (!e.isEmpty()) { err("bench: " + e); return FileError; }
        out("wrote " + *path);
    }
    return failed ? RunFailed : Ok;
}

}  // namespace hs::cli
