// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli compare FILE: every configuration against the reference.
#include <QRegularExpression>
#include <algorithm>
#include <cstdio>
#include <unistd.h>

#include "cli.h"
#include "service/comparison.h"
#include "service/indeterminate_text.h"
#include "sim/stepper.h"

namespace hs::cli {

namespace {

QString pad(const QString& s, int w) { return s.leftJustified(w); }

QString stepText(const model::SolverConfigDoc& c) {
    const hs::sim::StepperSpec* s = hs::sim::findBuiltinStepper(c.stepper.toStdString());
    if (s && !s->adaptive) return fmt(c.dt, 3) + " s";
    return "rtol " + fmt(c.rtol, 2);
}

}  // namespace

int compareCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {"duration", "configs", "jobs", "out", "metrics"}, {"help", "quiet"});
    if (a.flag("help")) {
        out("usage: hydrostiff-cli compare FILE [--duration T] [--configs A,B] [--jobs N] [--out aligned.csv|.mat]\n"
            "                              [--metrics metrics.csv] [--quiet]\n"
            "  Runs every configuration (or those listed, plus the reference), compares each with the\n"
            "  reference on the reference's time grid and prints, per configuration, wall time, steps,\n"
            "  speed-up and real-time factor (simulated time / wall time), and per probe RMSE,\n"
            "  RRMSE % (100*RMSE/mean|ref|) and max |error|. --jobs runs configurations in parallel\n"
            "  (default 1, which keeps wall times comparable). --out writes the aligned traces and\n"
            "  errors (a MATLAB MAT-file if the name ends in .mat), --metrics the error table. Exit code\n"
            "  1 if the reference fails; a failing non-reference configuration is reported in the table.");
        return Ok;
    }
    auto duration = a.number("duration");
    auto jobs = a.number("jobs");
    if (!a.ok() || a.positional.size() != 1) {
        err(a.ok() ? "compare: give exactly one circuit file (see --help)" : "compare: " + a.error());
        return Usage;
    }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    service::CompareOptions opt;
    opt.duration = duration.value_or(0.0);
    opt.jobs = static_cast<int>(jobs.value_or(1));
    if (auto list = a.value("configs")) {
        opt.configs = list->split(',', Qt::SkipEmptyParts);
        for (auto& n : opt.configs) {
            n = n.trimmed();
            if (!circuit->config(n)) { err("compare: no configuration '" + n + "'"); return Usage; }
        }
    }
    const bool tty = isatty(2) && !a.flag("quiet");
    const double T = opt.duration > 0 ? opt.duration : circuit->duration;
    if (tty)
        opt.progress = [&](const QString& name, double t) {
            std::fprintf(stderr, "\r%-24s t = %8.4g / %.4g s ", name.toUtf8().constData(), t, T);
        };
    service::Comparison cmp = service::runComparison(*circuit, reg, opt);
    if (tty) std::fprintf(stderr, "\r%80s\r", "");
    for (const auto& o : cmp.configs) warnConfig(o.name, o.result.warnings);

    out(QString("%1: %2 s simulated, record interval %3 s").arg(circuit->name, fmt(T), fmt(circuit->recordInterval)));
    out("");
    // Columns as wide as their longest entry, so that long names do not run into the next column.
    int nameW = 26, stepperW = 8;
    for (const auto& o : cmp.configs) {
        nameW = std::max(nameW, static_cast<int>(o.name.size()) + (o.reference ? 6 : 0) + 1);
        stepperW = std::max(stepperW, static_cast<int>(circuit->config(o.name)->stepper.size()) + 1);
    }
    out(pad("configuration", nameW) + pad("stepper", stepperW) + pad("step", 12) + pad("wall [s]", 10) + pad("steps", 11) +
        pad("speed-up", 10) + pad("RT factor", 11) + "status");
    for (const auto& o : cmp.configs) {
        const model::SolverConfigDoc* c = circuit->config(o.name);
        const auto& r = o.result;
        QString status = r.ok ? "ok" : "FAILED";
        out(pad(o.name + (o.reference ? " (ref)" : ""), nameW) + pad(c->stepper, stepperW) + pad(stepText(*c), 12) +
            pad(fmt(r.wallSeconds, 4), 10) + pad(QString::number(r.steps), 11) +
            pad(o.reference ? "1" : (o.speedup > 0 ? fmt(o.speedup, 3) : "-"), 10) + pad(fmt(o.realTimeFactor, 4), 11) + status);
    }
    for (const auto& o : cmp.configs)
        if (!o.result.ok) out("\n" + o.name + ": " + QString::fromStdString(o.result.error));
    if (cmp.reference >= 0) {
        out("\nerrors against the reference '" + cmp.configs[static_cast<size_t>(cmp.reference)].name + "':");
        out(pad("configuration", nameW) + pad("probe", 18) + pad("RMSE", 12) + pad("RRMSE %", 12) + pad("max |err|", 12) + "unit");
        for (const auto& o : cmp.configs) {
            if (o.reference) continue;
            for (const auto& e : o.errors)
                out(pad(o.name, nameW) + pad(QString::fromStdString(e.name), 18) + pad(fmt(e.rmse, 4), 12) +
                    pad(fmt(e.rrmse, 4), 12) + pad(fmt(e.maxAbs, 4), 12) + QString::fromStdString(e.unit) +
                    (o.result.ok ? "" : "  (up to the failure)"));
        }
    } else {
        err("\ncompare: " + cmp.error);
    }
    // Quasi-steady / multiple-scales nodes whose balance did not pin the pressure on some steps
    // (flows vanished or the root was out of reach within the step): count and time spans.
    bool header = false;
    for (const auto& o : cmp.configs)
        for (const auto& [node, st] : o.result.methodStats) {
            if (st.indeterminateSteps == 0) continue;
            if (!header) out("\nsteps on which the quasi-steady balance did not pin the node's pressure (indeterminate):");
            header = true;
            out(pad(o.name, nameW) + "node " + QString::fromStdString(node) + ": " + QString::number(st.indeterminateSteps) +
                " steps (" + service::indeterminateTimeText(st) + " s) in " + QString::number(st.indeterminateSpanCount) +
                " spans [s]: " + service::indeterminateSpansText(st));
        }
    // Learned (narx) nodes: steps whose inputs left the training range and the fallback solved.
    header = false;
    for (const auto& o : cmp.configs)
        for (const auto& [node, st] : o.result.methodStats) {
            if (st.guardedSteps == 0) continue;
            if (!header) out("\nsteps on which a narx node's input left its training range (solved by the fallback):");
            header = true;
            out(pad(o.name, nameW) + "node " + QString::fromStdString(node) + ": " + QString::number(st.guardedSteps) + " of " +
                QString::number(st.outerSteps) + " steps");
        }
    if (auto path = a.value("out")) {
        QString e = service::writeAlignedFile(*path, cmp);
        if (!e.isEmpty()) { err("compare: " + e); return FileError; }
        out("\nwrote " + *path);
    }
    if (auto path = a.value("metrics")) {
        QString e = service::writeMetricsCsv(*path, cmp);
        if (!e.isEmpty()) { err("compare: " + e); return FileError; }
        out("wrote " + *path);
    }
    return cmp.reference >= 0 ? Ok : RunFailed;
}

}  // namespace hs::cli
