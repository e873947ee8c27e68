// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli identify FILE --measured data.csv --spec identify.json: GA + Hooke-Jeeves.
#include <QFile>
#include <unistd.h>

#include "cli.h"
#include "study/identify_spec.h"
#include "study/measured_data.h"
#ifdef HS_HAVE_PAGMO
#include "study/identify.h"
#endif

namespace hs::cli {

int identifyCommand(const QStringList& argv, const sim::Registry& reg, study::RunDistribution* ranks) {
    Args a(argv, {"measured", "spec", "jobs", "truth"}, {"help", "quiet"});
    if (a.flag("help")) {
        out(QString("usage: hydrostiff-cli identify FILE --measured data.csv --spec identify.json [--jobs N] [--truth v1,v2] [--quiet]\n"
            "  Identifies component parameters from measurements (notes/003 §4): each parameter on the grid\n"
            "  of its resolution (max - min)/(2^bits - 1) between its bounds; the cost, the weighted mean\n"
            "  absolute difference of chosen probes from measured columns at the measured times; a genetic\n"
            "  algorithm in islands that exchange their best (pagmo2), then Hooke-Jeeves from each island's\n"
            "  best. Every cost evaluation is one simulation; islands and refinements run in parallel.\n"
            "  data.csv: header row, time [s] first, one column per signal ('p1' or 'p1 [Pa]'); the CSV of\n"
            "  `hydrostiff-cli run` reads as it is. identify.json: docs/many-runs.md.\n"
            "  \"optimizer\": \"nlopt\" in identify.json replaces the GA by independent starts of an NLopt global\n"
            "  algorithm (\"nlopt\": {\"algorithm\": \"GN_CRS2_LM\", \"evaluations\": 300, \"starts\": 6}).\n"
            "  --truth v1,v2,... (the true values of synthetic data, in the spec's order) also prints after how\n"
            "  many evaluations the best point came within one resolution of them for good (the parallel jobs\n"
            "  of each phase counted as if they advanced in step, so threads and ranks count the same).\n"
#ifndef HS_HAVE_PAGMO
            "  This build has no pagmo2 (Debian libpagmo-dev): identify is absent.\n"
#elif !defined(HS_HAVE_NLOPT)
            "  This build has no NLopt (Debian libnlopt-dev): \"optimizer\": \"nlopt\" is absent.\n"
#endif
                    ) +
            mpiHelp());
        return Ok;
    }
    auto jobs = a.number("jobs");
    if (!a.ok() || a.positional.size() != 1) {
        err(a.ok() ? "identify: give exactly one circuit file (see --help)" : "identify: " + a.error());
        return Usage;
    }
    const auto measuredPath = a.value("measured");
    const auto specPath = a.value("spec");
    if (!measuredPath || !specPath) { err("identify: give --measured data.csv and --spec identify.json"); return Usage; }
#ifndef HS_HAVE_PAGMO
    (void)reg;
    (void)jobs;
    (void)ranks;
    err("identify: this build has no pagmo2 (install Debian's libpagmo-dev and rebuild)");
    return Usage;
#else
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    QString e;
    auto data = study::readMeasuredCsv(*measuredPath, &e);
    if (!data) { err("identify: " + e); return FileError; }
    QFile f(*specPath);
    if (!f.open(QIODevice::ReadOnly)) { err("identify: cannot read " + *specPath + ": " + f.errorString()); return FileError; }
    QStringList errors;
    auto spec = study::parseIdentifySpec(f.readAll(), *circuit, reg, &errors);
    if (!spec) {
        err(*specPath + ":");
        for (const auto& x : errors) err("  " + x);
        return Usage;
    }
    const bool tty = isatty(2) && !a.flag("quiet") && study::writesOutput(ranks);
    std::vector<double> truth;
    if (auto t = a.value("truth")) {
        for (const QString& v : t->split(',', Qt::SkipEmptyParts)) {
            bool good = false;
            truth.push_back(v.trimmed().toDouble(&good));
            if (!good) { err("identify: --truth: '" + v + "' is not a number"); return Usage; }
        }
        if (truth.size() != spec->parameters.size()) {
            err(QString("identify: --truth: %1 values for %2 parameters").arg(truth.size()).arg(spec->parameters.size()));
            return Usage;
        }
    }
    const study::IdentifyResult res = study::identify(
        *circuit, reg, *spec, *data, static_cast<int>(jobs.value_or(0)),
        [&](const QString& phase, int done, int total) {
            if (tty) std::fprintf(stderr, "\r%s %d/%d   ", phase.toUtf8().constData(), done, total);
        },
        truth, ranks);
    if (tty) std::fprintf(stderr, "\r%60s\r", "");
    if (!study::writesOutput(ranks)) return res.error.isEmpty() ? Ok : CircuitError;
    if (ranks) out(ranksNote(ranks));
    if (!res.error.isEmpty()) { err("identify: " + res.error); return CircuitError; }
    out(QString("%1: %2, then %3; %4 simulations in %5 s")
            .arg(circuit->name, res.method, spec->hj.enabled ? QString("Hooke-Jeeves") : QString("no refinement"))
            .arg(res.evaluations)
            .arg(fmt(res.wallSeconds, 3)));
    if (!truth.empty())
        out(res.evaluationsToTruth < 0
                ? QString("the best point is not within one resolution of --truth")
                : QString("within one resolution of --truth from evaluation %1 on (%2 s)").arg(res.evaluationsToTruth).arg(fmt(res.secondsToTruth, 3)));
    out(QString("\n%1%2%3%4").arg("parameter", -22).arg("identified", -16).arg("resolution", -14).arg("bounds"));
    for (size_t k = 0; k < spec->parameters.size(); ++k) {
        const auto& p = spec->parameters[k];
        out(QString("%1%2%3%4").arg(p.axis.key(), -22).arg(fmt(res.best[k], 6), -16).arg(fmt(p.resolution(), 3), -14)
                .arg("[" + fmt(p.min) + ", " + fmt(p.max) + "], " + QString::number(p.bits) + " bits"));
    }
    out("\ncost (weighted mean |probe - measured|): " + fmt(res.bestCost, 5) + QString(", from %1 ").arg(spec->optimizer == "nlopt" ? "start" : "island") +
        QString::number(res.bestIsland + 1));
    out(QString("\n%1%2%3%4").arg(spec->optimizer == "nlopt" ? "start" : "island", -8).arg("global cost", -14).arg("after H-J", -14).arg("H-J evaluations"));
    for (size_t i = 0; i < res.islands.size(); ++i)
        out(QString("%1%2%3%4").arg(i + 1, -8).arg(fmt(res.islands[i].gaCost, 5), -14).arg(fmt(res.islands[i].refinedCost, 5), -14)
                .arg(res.islands[i].hjEvaluations));
    return Ok;
#endif
}

}  // namespace hs::cli
