// SPDX-License-Identifier: GPL-3.0-or-later
#include "study_launch.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>
#include <QUndoStack>
#include <cstdio>

#include "advisor_dialog.h"
#include "main_window.h"
#include "sweep_dialog.h"

namespace hs::gui {

namespace {

// After the study: the dialog as PNG (--screenshot) and the end of the program (--quit).
void whenDone(const QCommandLineParser& p, QDialog* d) {
    if (p.isSet("screenshot")) {
        QApplication::processEvents();
        if (!d->grab().save(p.value("screenshot")))
            std::fprintf(stderr, "hydrostiff: cannot write %s\n", qPrintable(p.value("screenshot")));
    }
    if (p.isSet("quit")) QTimer::singleShot(0, qApp, &QApplication::quit);
}

}  // namespace

void addStudyOptions(QCommandLineParser& p) {
    p.addOptions({{"sweep", "open the parameter sweep with this row (repeat for more) and run it", "COMP.PAR=lo:hi:count[:log]"},
                  {"sweep-config", "the configuration the sweep runs (default: the reference)", "NAME"},
                  {"sweep-lhs", "a Latin hypercube of N points instead of the full grid", "N"},
                  {"sweep-seed", "the Latin hypercube's seed (default 1)", "S"},
                  {"advise", "open Find the Fastest Configuration with this error bound [%] and start it", "PERCENT"},
                  {"advise-probes", "the advisor's probes, comma separated (default: every probe)", "P,Q"},
                  {"advise-budget", "the advisor's time budget [s] (default 120)", "S"},
                  {"advise-depth", "the advisor's depth 0, 1 or 2 (default 1)", "D"}});
}

bool studyRequested(const QCommandLineParser& p) { return p.isSet("sweep") || p.isSet("advise"); }

QString startStudy(const QCommandLineParser& p, MainWindow& w, const sim::Registry& reg) {
    auto number = [&](const char* name, double def, bool* ok) {
        if (!p.isSet(name)) return def;
        bool good = false;
        const double v = p.value(name).toDouble(&good);
        *ok = *ok && good;
        return v;
    };
    bool ok = true;
    if (p.isSet("sweep")) {
        auto* d = new SweepDialog(w.document(), reg, &w);
        d->setAttribute(Qt::WA_DeleteOnClose);
        for (const QString& text : p.values("sweep")) {
            QString e;
            auto axis = study::parseAxis(text, &e);
            if (!axis) return "--sweep: " + e;
            if (!axis->range) return "--sweep '" + text + "': the dialog takes ranges lo:hi:count[:log], not lists";
            if (!d->addParameter(axis->key(), axis->lo, axis->hi, static_cast<int>(axis->values.size()), axis->logScale))
                return "--sweep: the circuit has no number parameter '" + axis->key() + "'";
        }
        if (p.isSet("sweep-config") && !d->setConfiguration(p.value("sweep-config")))
            return "--sweep-config: no configuration '" + p.value("sweep-config") + "'";
        const double lhs = number("sweep-lhs", 0, &ok), seed = number("sweep-seed", 1, &ok);
        if (!ok || lhs < 0) return "--sweep-lhs and --sweep-seed take whole numbers";
        if (lhs > 0) d->setLatinHypercube(static_cast<int>(lhs), static_cast<std::uint64_t>(seed));
        QObject::connect(d, &SweepDialog::sweepFinished, d, [&p, d] { whenDone(p, d); });
        d->show();
        return d->start();
    }
    auto* d = new AdvisorDialog(w.document(), w.undoStack(), reg, &w);
    d->setAttribute(Qt::WA_DeleteOnClose);
    const double bound = number("advise", 1, &ok), budget = number("advise-budget", 120, &ok), depth = number("advise-depth", 1, &ok);
    if (!ok || !(bound > 0) || !(budget > 0)) return "--advise, --advise-budget and --advise-depth take positive numbers";
    d->setErrorBound(bound);
    d->setBudget(budget);
    d->setDepth(static_cast<int>(depth));
    if (p.isSet("advise-probes")) d->setProbes(p.value("advise-probes").split(',', Qt::SkipEmptyParts));
    QObject::connect(d, &AdvisorDialog::searchFinished, d, [&p, d] { whenDone(p, d); });
    d->show();
    return d->start();
}

}  // namespace hs::gui
