// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff: the desktop editor, with Run / Stop and the run dock. Options to run a circuit on
// opening (demos, screenshots) and the GUI benchmark (--bench).
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <cstdio>

#include "gui_settings.h"
#include "main_window.h"
#include "service/process_memory.h"
#include "model/circuit_document.h"
#include "plot_panel.h"
#include "run_bench.h"
#include "run_controller.h"
#include "run_export.h"
#include "run_workspace.h"
#include "sim/registry.h"
#include "study_launch.h"

namespace {

// The examples folder: next to an installed binary, else the source tree this was built from.
QString examplesDir() {
    const QDir app(QCoreApplication::applicationDirPath());
    for (const char* rel : {"examples", "../share/hydrostiff/examples", "../../examples"})
        if (QDir d(app.filePath(rel)); d.exists()) return d.absolutePath();
    return QStringLiteral(HS_SOURCE_EXAMPLES);
}

// Run options from the command line; false (with a message on stderr) on a bad value.
bool runOptions(const QCommandLineParser& p, const hs::model::Circuit& c, hs::service::RunServiceOptions& opt, int& repeat) {
    bool ok = true;
    auto number = [&](const char* name, double& out) {
        if (!p.isSet(name)) return;
        bool good = false;
        out = p.value(name).toDouble(&good);
        if (!good || !(out > 0)) {
            std::fprintf(stderr, "hydrostiff: --%s needs a positive number, got '%s'\n", name, qPrintable(p.value(name)));
            ok = false;
        }
    };
    double threads = 0, rep = 1;
    number("duration", opt.duration);
    number("record", opt.recordInterval);
    number("threads", threads);
    number("repeat", rep);
    opt.threads = static_cast<int>(threads);
    repeat = std::max(1, static_cast<int>(rep));
    for (QString n : p.value("configs").split(',', Qt::SkipEmptyParts)) {
        n = n.trimmed();
        if (!c.config(n)) {
            std::fprintf(stderr, "hydrostiff: no configuration '%s' in the circuit\n", qPrintable(n));
            ok = false;
        }
        opt.configs << n;
    }
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    hs::service::keepFreedMemoryForReuse();
    QApplication app(argc, argv);
    QApplication::setApplicationName("HydroStiff");
    QApplication::setOrganizationName("HydroStiff");
    QApplication::setApplicationVersion(HS_VERSION);
    QCommandLineParser cli;
    cli.setApplicationDescription("HydroStiff schematic editor for stiff fluid-power circuits");
    cli.addHelpOption();
    cli.addVersionOption();
    cli.addPositionalArgument("file", "circuit to open (*.hydro.json)");
    cli.addOptions({{"run", "run every solver configuration once the circuit is open"},
                    {"duration", "simulated time of runs started here [s] (default: the circuit's)", "T"},
                    {"record", "record interval [s] (default: the circuit's)", "DT"},
                    {"configs", "configurations to run besides the reference, comma separated", "A,B"},
                    {"threads", "configurations running at once (default: cores - 1, at least 1)", "N"},
                    {"probes", "after the run, plot these probes (comma separated)", "P,Q"},
                    {"screenshot", "after the run, save the window as PNG (with --sweep or --advise: the dialog, when it has finished)", "PNG"},
                    {"monitor", "load a condition monitor model (docs/condition-monitoring.md)", "MODEL"},
                    {"plot-image", "after the run, save the plots (PNG, SVG or PDF by suffix)", "FILE"},
                    {"quit", "quit when the run (or the study of --sweep or --advise) has ended"},
                    {"bench", "benchmark the run: headless vs GUI wall time, frame interval, event latency"},
                    {"repeat", "benchmark repetitions (default 1)", "N"},
                    {"size", "window size", "WxH"}});
    hs::gui::addStudyOptions(cli);
    cli.process(app);

    const hs::sim::Registry registry = hs::sim::Registry::builtin();
    QSettings qs;
    hs::gui::GuiSettings settings(qs);
    hs::gui::MainWindow w({registry, settings, examplesDir(),
                           QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)});
    if (cli.isSet("size")) {
        const QStringList wh = cli.value("size").split('x');
        if (wh.size() == 2) w.resize(wh[0].toInt(), wh[1].toInt());
    }
    w.show();
    if (cli.positionalArguments().isEmpty()) {
        QTimer::singleShot(0, &w, &hs::gui::MainWindow::offerRecovery);
        return app.exec();
    }
    QString err;
    if (!w.openFile(cli.positionalArguments().front(), &err)) {
        if (cli.isSet("run") || cli.isSet("bench")) {
            std::fprintf(stderr, "hydrostiff: %s\n", qPrintable(err));
            return 2;
        }
        QMessageBox::critical(&w, "Cannot open circuit", err);
        return app.exec();
    }
    if (cli.isSet("monitor")) {
        if (const QString e = w.attachMonitor(cli.value("monitor")); !e.isEmpty()) {
            std::fprintf(stderr, "hydrostiff: %s\n", qPrintable(e));
            return 2;
        }
    }
    hs::service::RunServiceOptions opt;
    int repeat = 1;
    if (!runOptions(cli, w.document().circuit(), opt, repeat)) return 2;
    hs::gui::RunController& runner = w.runner();
    runner.workspace().setRunOptions(opt);
    if (cli.isSet("bench")) return hs::gui::runBenchmark(w.document().circuit(), opt, runner, repeat);
    if (hs::gui::studyRequested(cli)) {
        if (const QString e = hs::gui::startStudy(cli, w, registry); !e.isEmpty()) {
            std::fprintf(stderr, "hydrostiff: %s\n", qPrintable(e));
            return 2;
        }
        return app.exec();
    }
    if (!cli.isSet("run")) return app.exec();

    QObject::connect(&runner.workspace(), &hs::widgets::RunWorkspace::runFinished, &w, [&]() {
        hs::widgets::PlotPanel& plots = *runner.workspace().plotPanel();
        if (cli.isSet("probes")) plots.showProbes(cli.value("probes").split(','));
        if (cli.isSet("plot-image")) {
            const QString e = hs::widgets::exportPlotImage(*plots.plot(), cli.value("plot-image"));
            if (!e.isEmpty()) std::fprintf(stderr, "hydrostiff: %s\n", qPrintable(e));
        }
        if (cli.isSet("screenshot")) {
            QApplication::processEvents();
            if (!w.grab().save(cli.value("screenshot")))
                std::fprintf(stderr, "hydrostiff: cannot write %s\n", qPrintable(cli.value("screenshot")));
        }
        if (cli.isSet("quit")) QTimer::singleShot(0, &app, &QApplication::quit);
    });
    QTimer::singleShot(0, &w, [&runner]() { runner.run(); });
    return app.exec();
}
