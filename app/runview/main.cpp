// hydrostiff-runview FILE: opens a circuit in the run workspace and runs every configuration,
// with live plots, progress and metrics. Options for demos, screenshots and the benchmark.
#include <QApplication>
#include <QCommandLineParser>
#include <QMainWindow>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>
#include <cstdio>

#include "model/circuit_io.h"
#include "plot_panel.h"
#include "run_bench.h"
#include "run_export.h"
#include "run_workspace.h"
#include "sim/registry.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("hydrostiff-runview");
    QCommandLineParser p;
    p.setApplicationDescription("Runs every solver configuration of a HydroStiff circuit with live comparison plots.");
    p.addHelpOption();
    p.addPositionalArgument("FILE", "circuit file (*.hydro.json)");
    p.addOptions({{"duration", "simulated time [s] (default: the circuit's)", "T"},
                  {"record", "record interval [s] (default: the circuit's)", "DT"},
                  {"configs", "configurations to run besides the reference, comma separated", "A,B"},
                  {"threads", "configurations running at once (default: cores)", "N"},
                  {"probes", "probes to plot, comma separated (default: the first three)", "P,Q"},
                  {"screenshot", "after the run, save the window as PNG", "PNG"},
                  {"plot-image", "after the run, save the plots (PNG, SVG or PDF by suffix)", "FILE"},
                  {"quit", "quit when the run has ended"},
                  {"bench", "benchmark: headless vs GUI wall time, frame interval, event latency"},
                  {"repeat", "benchmark repetitions (default 1)", "N"},
                  {"size", "window size", "WxH"}});
    p.process(app);
    if (p.positionalArguments().size() != 1) {
        std::fprintf(stderr, "hydrostiff-runview: give exactly one circuit file (see --help)\n");
        return 2;
    }
    const hs::sim::Registry reg = hs::sim::Registry::builtin();
    const QString path = p.positionalArguments().front();
    hs::model::LoadResult loaded = hs::model::loadCircuit(path, reg);
    if (!loaded.ok()) {
        std::fprintf(stderr, "hydrostiff-runview: %s:\n", qPrintable(path));
        for (const QString& e : loaded.errors) std::fprintf(stderr, "  %s\n", qPrintable(e));
        return 2;
    }
    hs::service::RunServiceOptions opt;
    bool ok = true;
    auto number = [&](const char* name, double& out) {
        if (!p.isSet(name)) return;
        bool good = false;
        out = p.value(name).toDouble(&good);
        if (!good || !(out > 0)) {
            std::fprintf(stderr, "hydrostiff-runview: --%s needs a positive number, got '%s'\n", name, qPrintable(p.value(name)));
            ok = false;
        }
    };
    number("duration", opt.duration);
    number("record", opt.recordInterval);
    double threads = 0, repeat = 1;
    number("threads", threads);
    number("repeat", repeat);
    opt.threads = static_cast<int>(threads);
    if (p.isSet("configs")) {
        for (QString n : p.value("configs").split(',', Qt::SkipEmptyParts)) {
            n = n.trimmed();
            if (!loaded.circuit->config(n)) {
                std::fprintf(stderr, "hydrostiff-runview: no configuration '%s'\n", qPrintable(n));
                ok = false;
            }
            opt.configs << n;
        }
    }
    if (!ok) return 2;

    QMainWindow win;
    win.setWindowTitle(loaded.circuit->name + " — HydroStiff run");
    auto* ws = new hs::widgets::RunWorkspace(reg);
    ws->setCircuit(*loaded.circuit);
    ws->setRunOptions(opt);
    win.setCentralWidget(ws);
    auto* bar = new QProgressBar;
    bar->setRange(0, 1000);
    bar->setMaximumWidth(200);
    win.statusBar()->addPermanentWidget(bar);
    QObject::connect(ws, &hs::widgets::RunWorkspace::progressChanged, bar, &QProgressBar::setValue);
    QObject::connect(ws, &hs::widgets::RunWorkspace::runFinished, &win, [&win]() { win.statusBar()->showMessage(QObject::tr("Run finished"), 5000); });
    QSize size(1400, 860);
    if (p.isSet("size")) {
        const QStringList wh = p.value("size").split('x');
        if (wh.size() == 2) size = QSize(wh[0].toInt(), wh[1].toInt());
    }
    win.resize(size);
    win.show();

    if (p.isSet("bench")) return hs::runview::runBenchmark(*loaded.circuit, reg, opt, *ws, std::max(1, static_cast<int>(repeat)));

    QObject::connect(ws, &hs::widgets::RunWorkspace::runFinished, &win, [&]() {
        if (p.isSet("probes")) ws->plotPanel()->showProbes(p.value("probes").split(','));
        if (p.isSet("plot-image")) {
            const QString e = hs::widgets::exportPlotImage(*ws->plotPanel()->plot(), p.value("plot-image"));
            if (!e.isEmpty()) std::fprintf(stderr, "hydrostiff-runview: %s\n", qPrintable(e));
        }
        if (p.isSet("screenshot")) {
            QApplication::processEvents();
            if (!win.grab().save(p.value("screenshot"))) std::fprintf(stderr, "hydrostiff-runview: cannot write %s\n", qPrintable(p.value("screenshot")));
        }
        if (p.isSet("quit")) QTimer::singleShot(0, &app, &QApplication::quit);
    });
    QTimer::singleShot(0, ws, [ws]() { ws->run(); });
    return QApplication::exec();
}
