// SPDX-License-Identifier: GPL-3.0-or-later
// The run workspace end to end, offscreen: a finished Circuit 2 comparison (every configuration
// of examples/circuit2_pcv.hydro.json) leaves traces of every configuration in the plot area
// (checked on the pixels of a grab, which is kept as run_workspace_circuit2.png in the build
// folder for CI), a filled metrics table, the run panel at 100 %; then clicking a component shows
// its probes, hovering a wire gives its last pressure, and a second run draws the first one faint.
#include <QtTest>

#include "click_probes.h"
#include "metrics_table.h"
#include "model/circuit_io.h"
#include "plot_panel.h"
#include "run_panel.h"
#include "run_style.h"
#include "run_export.h"
#include "run_workspace.h"
#include "service/comparison.h"
#include "service/indeterminate_text.h"
#include "sim/registry.h"
#include "../../tlm_line_circuit.h"

#include <QLabel>
#include <set>
#include <QListWidget>
#include <QTabWidget>
#include <QTableWidget>

using namespace hs;

namespace {

// Pixels of exactly this colour: line cores are drawn in the pure colour, antialiased edges and
// text are not, and no other part of the plot uses these colours.
int countColour(const QImage& img, const QColor& c) {
    int n = 0;
    const QRgb want = c.rgb();
    for (int y = 0; y < img.height(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < img.width(); ++x) n += (line[x] | 0xff000000u) == want;
    }
    return n;
}

}  // namespace

class TestRunWorkspace : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void finishedCircuit2Comparison();
    void clickAndHover();
    void secondRunShowsFirstFaint();
    void tlmWarningInRunPanel();
    void costTableMatchesExport();
    void progressAndSummaryAfterFailureAndStop();
    void fiftyConfigurations();
    void noErrorRowsForIterationCounters();
    void indeterminateStepsAsCliAndCsv();

private:
    sim::Registry reg_ = sim::Registry::builtin();
    model::Circuit circuit_;
    widgets::RunWorkspace* ws_ = nullptr;
};

void TestRunWorkspace::initTestCase() {
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/circuit2_pcv.hydro.json", reg_);
    QVERIFY(loaded.ok());
    circuit_ = *loaded.circuit;
    ws_ = new widgets::RunWorkspace(reg_);
    ws_->resize(1400, 860);
    ws_->setCircuit(circuit_);
    ws_->show();
    QVERIFY(QTest::qWaitForWindowExposed(ws_));
}

void TestRunWorkspace::finishedCircuit2Comparison() {
    QSignalSpy finished(ws_, &widgets::RunWorkspace::runFinished);
    QCOMPARE(ws_->run(), QString());
    QVERIFY(ws_->isRunning());
    QVERIFY(!ws_->runAction()->isEnabled());
    QVERIFY(finished.wait(240000));
    QVERIFY(!ws_->isRunning());
    QVERIFY(ws_->runAction()->isEnabled());
    QTest::qWait(50);

    const auto& cmp = ws_->service().comparison();
    QCOMPARE(cmp.configs.size(), circuit_.configs.size());
    QCOMPARE(cmp.reference, 0);
    for (const auto& o : cmp.configs) QVERIFY2(o.result.ok, qPrintable(o.name + ": " + QString::fromStdString(o.result.error)));
    QCOMPARE(ws_->runPanel()->overallPermille(), 1000);

    const QImage shot = ws_->grab().toImage();
    const QString file = HS_TEST_OUTPUT_DIR "/run_workspace_circuit2.png";
    QVERIFY(shot.save(file));
    qInfo("screenshot: %s", qPrintable(file));

    auto* plot = ws_->plotPanel()->plot();
    const std::vector<int> graphs = plot->graphsWithData();
    QCOMPARE(graphs.size(), cmp.configs.size());
    // Accurate configurations draw over each other, so each one is checked alone (the legend
    // toggle hides the others): its colour must cover a real line in the plot area.
    const int n = static_cast<int>(cmp.configs.size());
    for (int i = 0; i < n; ++i) {
        QCOMPARE(graphs[static_cast<size_t>(i)], plot->probes().size());
        QCOMPARE(plot->pointCount(i, "p_v"), static_cast<int>(cmp.configs[static_cast<size_t>(i)].result.trace.time.size()));
        for (int j = 0; j < n; ++j) ws_->plotPanel()->legend()->item(j)->setCheckState(j == i ? Qt::Checked : Qt::Unchecked);
        QVERIFY(plot->seriesVisible(i) && (i == 0 || !plot->seriesVisible(0)));
        plot->replot();  // the toggles queue their replot
        const QImage area = plot->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const int px = countColour(area, widgets::configColor(i, cmp.configs[static_cast<size_t>(i)].reference));
        qInfo("%s: %d pixels of its colour in the plot area", qPrintable(cmp.configs[static_cast<size_t>(i)].name), px);
        QVERIFY2(px > 300, qPrintable(cmp.configs[static_cast<size_t>(i)].name));
    }
    QCOMPARE(ws_->plotPanel()->legend()->count(), n);
    for (int j = 0; j < n; ++j) ws_->plotPanel()->legend()->item(j)->setCheckState(Qt::Checked);
    // The metrics: every configuration's cost, every probe's error, copyable as text.
    QCOMPARE(ws_->metricsTable()->costTable()->rowCount(), n);
    QCOMPARE(ws_->metricsTable()->errorTable()->rowCount(), (n - 1) * static_cast<int>(cmp.configs[0].result.trace.names.size()));
    const QString text = ws_->metricsTable()->text();
    for (const auto& o : cmp.configs) QVERIFY(text.contains(o.name));
    QVERIFY(text.contains("RRMSE %"));
    for (const auto& o : cmp.configs)
        for (const auto& e : o.errors)
            QVERIFY2(text.contains(QString::number(e.rrmse, 'g', 4)), qPrintable(QString::fromStdString(e.name)));
}

void TestRunWorkspace::clickAndHover() {
    QVERIFY(ws_->showComponent("cyl"));
    QCOMPARE(ws_->plotPanel()->shownProbes(), (QStringList{"p1", "p2", "x"}));
    QVERIFY(ws_->showComponent("Vv"));
    QCOMPARE(ws_->plotPanel()->shownProbes(), QStringList{"p_v"});
    QVERIFY(!ws_->showComponent("tank"));  // no probe there: the choice stays
    QCOMPARE(ws_->plotPanel()->shownProbes(), QStringList{"p_v"});
    const QString hover = ws_->pressureText("valve", "A");
    QVERIFY2(hover.startsWith("p = ") && hover.contains("bar (RK4 1e-5)") && hover.contains("(CVODE)"), qPrintable(hover));
    // valve.A is the node of cyl.A: the text shows the last p1 sample of the reference, in bar.
    const auto& ref = ws_->service().comparison().configs[0].result.trace;
    QVERIFY2(hover.contains(QString::number(ref.columns[1].back() * 1e-5, 'f', 2) + " bar (RK4 1e-5)"), qPrintable(hover));
    QVERIFY(ws_->pressureText("nothing", "here").isEmpty());
}

void TestRunWorkspace::secondRunShowsFirstFaint() {
    service::RunServiceOptions opt;
    opt.duration = 0.5;
    opt.configs = {"RK4 1e-4"};
    ws_->setRunOptions(opt);
    QSignalSpy finished(ws_, &widgets::RunWorkspace::runFinished);
    QCOMPARE(ws_->run(), QString());
    QVERIFY(finished.wait(120000));
    QCOMPARE(ws_->service().runNumber(), 2);
    QCOMPARE(ws_->service().history().size(), 2);
    auto* plot = ws_->plotPanel()->plot();
    int faint = 0;
    for (int g = 0; g < plot->graphCount(); ++g) faint += plot->graph(g)->name().contains("(run 1)");
    QCOMPARE(faint, 2);  // p_v of the reference and of RK4 1e-4 from run 1 (CVODE did not run now)
}

// The builder's TLM warning in the Progress tab: a warning sign before the configuration's name
// with the full text as its tooltip, and the text under its row; the run finishes regardless.
// The reference's row and a run at a small enough step show none.
void TestRunWorkspace::tlmWarningInRunPanel() {
    widgets::RunWorkspace ws(reg_);
    ws.resize(1200, 700);
    auto coarse = model::parseCircuit(test::tlmLineCircuitJson(1e-3), reg_);
    QVERIFY2(coarse.ok(), qPrintable(coarse.errors.join("\n")));
    ws.setCircuit(*coarse.circuit);
    ws.show();
    QVERIFY(QTest::qWaitForWindowExposed(&ws));
    QSignalSpy finished(&ws, &widgets::RunWorkspace::runFinished);
    QCOMPARE(ws.run(), QString());
    QVERIFY(finished.wait(60000));
    QVERIFY(ws.service().comparison().configs[1].result.ok);
    widgets::RunPanel* panel = ws.runPanel();
    const QString text = panel->warningText(1);
    QVERIFY2(text.startsWith("volume 'V' (tlm): parasitic inertance") && text.contains("use dt <= 0.000476 s"), qPrintable(text));
    QCOMPARE(panel->nameToolTip(1), text);
    QVERIFY(panel->warningText(0).isEmpty());
    QVERIFY(panel->nameToolTip(0).isEmpty());
    // shown on screen: the Progress tab's label under the row
    ws.sideTabs()->setCurrentWidget(panel);
    QTest::qWait(20);
    bool visible = false;
    for (QLabel* l : panel->findChildren<QLabel*>())
        if (l->isVisible() && l->text().contains("warning: volume 'V' (tlm): parasitic inertance")) visible = true;
    QVERIFY(visible);
    QVERIFY(ws.grab().toImage().save(HS_TEST_OUTPUT_DIR "/run_panel_tlm_warning.png"));

    auto fine = model::parseCircuit(test::tlmLineCircuitJson(1e-4), reg_);
    QVERIFY(fine.ok());
    ws.setCircuit(*fine.circuit);
    QCOMPARE(ws.run(), QString());
    QVERIFY(finished.wait(60000));
    QVERIFY(panel->warningText(1).isEmpty());
    QVERIFY(panel->nameToolTip(1).isEmpty());
}

// Issue 13 #3: the Cost table on screen, its copied text and the exported metrics CSV show the
// same figures (wall time, steps, real-time factor, speed-up) for every configuration.
void TestRunWorkspace::costTableMatchesExport() {
    widgets::RunWorkspace ws(reg_);
    ws.resize(1200, 700);
    auto c = model::parseCircuit(test::tlmLineCircuitJson(1e-4), reg_);
    QVERIFY2(c.ok(), qPrintable(c.errors.join("\n")));
    ws.setCircuit(*c.circuit);
    ws.show();
    QVERIFY(QTest::qWaitForWindowExposed(&ws));
    QSignalSpy finished(&ws, &widgets::RunWorkspace::runFinished);
    QCOMPARE(ws.run(), QString());
    QVERIFY(finished.wait(60000));
    QCoreApplication::processEvents();
    QTemporaryDir dir;
    const QString path = dir.filePath("metrics.csv");
    QCOMPARE(widgets::exportMetricsCsv(ws.service().comparison(), path), QString());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
    const QStringList header = lines.front().split(',');
    const int wall = header.indexOf("wall time [s]"), steps = header.indexOf("steps"), speed = header.indexOf("speed-up [-]"),
              rtf = header.indexOf("real-time factor [-]");
    QVERIFY(wall > 0 && steps > 0 && speed > 0 && rtf > 0);
    // The first line of each configuration (its name is the quoted first field, without commas here).
    std::map<QString, QStringList> byName;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList f = lines[i].split(',');
        const QString name = f.front().mid(1, f.front().size() - 2);
        if (!byName.count(name)) byName[name] = f;
    }
    QTableWidget* cost = ws.metricsTable()->costTable();
    QCOMPARE(cost->rowCount(), static_cast<int>(ws.service().comparison().configs.size()));
    QCOMPARE(static_cast<int>(byName.size()), cost->rowCount());
    const QString copied = ws.metricsTable()->text();
    auto shown = [](const QString& csv) {
        const double v = csv.toDouble();
        return v > 0 ? QString::number(v, 'g', 4) : QStringLiteral("–");
    };
    for (int r = 0; r < cost->rowCount(); ++r) {
        const auto& o = ws.service().comparison().configs[static_cast<size_t>(r)];
        QVERIFY(byName.count(o.name));
        const QStringList& row = byName[o.name];
        QCOMPARE(cost->item(r, 2)->text(), shown(row[wall]));
        QCOMPARE(cost->item(r, 3)->text(), row[steps]);
        QCOMPARE(cost->item(r, 4)->text(), shown(row[rtf]));
        QCOMPARE(cost->item(r, 5)->text(), shown(row[speed]));
        QStringList cells;
        for (int k = 0; k < cost->columnCount(); ++k) cells << cost->item(r, k)->text();
        QVERIFY(copied.contains(cells.join('\t')));
    }
}

// Issue 13 #5 (run panel): every configuration failing is not "finished" with a full bar; the
// overall bar is the mean of the configurations' progress, not the slowest one's (3 of 5 done
// is at least 60 %); after Stop the title says stopped, not finished.
void TestRunWorkspace::progressAndSummaryAfterFailureAndStop() {
    widgets::RunWorkspace ws(reg_);
    ws.resize(1200, 700);
    ws.show();
    QVERIFY(QTest::qWaitForWindowExposed(&ws));
    QSignalSpy finished(&ws, &widgets::RunWorkspace::runFinished);
    auto* title = ws.runPanel()->findChild<QLabel*>("runTitle");
    QVERIFY(title);

    // Every configuration fails (the volume's second port is left open: nothing compiles).
    auto broken = model::parseCircuit(test::tlmLineCircuitJson(1e-4), reg_);
    QVERIFY(broken.ok());
    broken.circuit->wires.erase(broken.circuit->wires.begin() + 2);  // V.P2 -> orifice.A
    ws.setCircuit(*broken.circuit);
    QCOMPARE(ws.run(), QString());
    QVERIFY(finished.wait(60000));
    for (int i = 0; i < ws.service().configCount(); ++i) QCOMPARE(ws.service().status(i).state, service::RunState::Failed);
    QVERIFY2(!title->text().contains("finished"), qPrintable(title->text()));
    QVERIFY2(title->text().contains("failed"), qPrintable(title->text()));
    QVERIFY(ws.runPanel()->overallPermille() < 1000);
    QCOMPARE(widgets::runSummary(ws.service()), QString("failed: none of the 2 configurations ran to the end"));

    // Three quick configurations and two that take minutes, all at once; stopped when the quick
    // ones are done.
    auto c = model::parseCircuit(test::tlmLineCircuitJson(1e-4), reg_);
    QVERIFY(c.ok());
    model::SolverConfigDoc slow = c.circuit->configs[0];
    slow.reference = false;
    slow.dt = 1e-9;
    slow.name = "RK4 1e-9 a";
    c.circuit->configs.push_back(slow);
    slow.name = "RK4 1e-9 b";
    c.circuit->configs.push_back(slow);
    model::SolverConfigDoc quick = c.circuit->configs[0];
    quick.reference = false;
    quick.dt = 1e-4;
    quick.name = "RK4 1e-4";
    c.circuit->configs.insert(c.circuit->configs.begin() + 1, quick);
    QCOMPARE(c.circuit->configs.size(), size_t(5));
    ws.setCircuit(*c.circuit);
    service::RunServiceOptions opt;
    opt.threads = 5;
    ws.setRunOptions(opt);
    QCOMPARE(ws.run(), QString());
    auto quickDone = [&] {
        int n = 0;
        for (int i = 0; i < 5; ++i) n += ws.service().status(i).state == service::RunState::Finished;
        return n;
    };
    QTRY_COMPARE_WITH_TIMEOUT(quickDone(), 3, 120000);
    QVERIFY(ws.isRunning());
    // The panel updates on the display tick: wait for it to count the three.
    QTRY_VERIFY_WITH_TIMEOUT(title->text().contains("3 of 5"), 10000);
    QVERIFY2(ws.runPanel()->overallPermille() >= 600, qPrintable(QString::number(ws.runPanel()->overallPermille())));
    ws.stop();
    QVERIFY(finished.wait(60000));
    QVERIFY2(title->text().contains("stopped: 3 of 5 ran to the end"), qPrintable(title->text()));
    QVERIFY2(!title->text().contains("finished"), qPrintable(title->text()));
    QVERIFY(ws.runPanel()->overallPermille() < 1000);
    ws.setRunOptions({});
}

// Issue 13 #7: 50 configurations. The workspace keeps a bounded minimum height (the progress
// list scrolls instead of growing the window); the reference and the configuration selected in
// the editor are plotted, the others are a click away in the legend, whose names are not cut;
// every configuration has its own colour and dash pattern; the cursor readout is a compact table
// of the plotted configurations that goes away when the mouse leaves the plot; cursors A and B
// read all 50 in the same table.
void TestRunWorkspace::fiftyConfigurations() {
    auto c = model::parseCircuit(test::tlmLineCircuitJson(1e-4), reg_);
    QVERIFY(c.ok());
    c.circuit->duration = 0.01;
    model::SolverConfigDoc base = c.circuit->configs[1];
    c.circuit->configs.resize(1);
    for (int k = 1; k < 50; ++k) {
        model::SolverConfigDoc v = base;
        v.name = QString("TLM at %1 s, alpha from the sweep, variant %2").arg(QString::number(1e-4 + k * 1e-6, 'g', 4)).arg(k, 2, 10, QChar('0'));
        v.dt = 1e-4 + k * 1e-6;
        c.circuit->configs.push_back(v);
    }
    widgets::RunWorkspace ws(reg_);
    ws.resize(1500, 520);
    ws.setCircuit(*c.circuit);
    const QString selected = c.circuit->configs[7].name;
    ws.setPreferredConfigs({selected});
    ws.show();
    QVERIFY(QTest::qWaitForWindowExposed(&ws));
    QSignalSpy finished(&ws, &widgets::RunWorkspace::runFinished);
    QCOMPARE(ws.run(), QString());
    QVERIFY(finished.wait(120000));
    QCoreApplication::processEvents();
    widgets::TracePlot* plot = ws.plotPanel()->plot();
    ws.sideTabs()->setCurrentWidget(ws.runPanel());
    // The cursor in the middle of the first plot, as the mouse puts it there.
    const QPoint mid = plot->axisRects().value(0) ? plot->axisRects().value(0)->rect().center() : plot->rect().center();
    QMouseEvent move(QEvent::MouseMove, QPointF(mid), QPointF(plot->mapToGlobal(mid)), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(plot, &move);
    QCoreApplication::processEvents();
    QVERIFY(ws.grab().toImage().save(HS_TEST_OUTPUT_DIR "/run_workspace_50_configs.png"));
    qInfo("screenshot: %s", HS_TEST_OUTPUT_DIR "/run_workspace_50_configs.png");

    // Bounded: a dock of 520 px holds the workspace with 50 rows of progress.
    QVERIFY2(ws.minimumSizeHint().height() <= 520, qPrintable(QString::number(ws.minimumSizeHint().height())));
    // Plotted: the reference and the selected configuration; the legend lists all 50, uncut.
    QListWidget* legend = ws.plotPanel()->legend();
    QCOMPARE(legend->count(), 50);
    QCOMPARE(legend->textElideMode(), Qt::ElideNone);
    QStringList checked;
    for (int i = 0; i < legend->count(); ++i) {
        QVERIFY(legend->item(i)->text().startsWith(c.circuit->configs[static_cast<size_t>(i)].name));
        QCOMPARE(plot->seriesVisible(i), legend->item(i)->checkState() == Qt::Checked);
        if (legend->item(i)->checkState() == Qt::Checked) checked << c.circuit->configs[static_cast<size_t>(i)].name;
    }
    QCOMPARE(checked, (QStringList{c.circuit->configs[0].name, selected}));
    // Distinct colour and dash pattern for every configuration, the same in the plot.
    std::set<std::pair<QRgb, int>> looks;
    for (int i = 0; i < 50; ++i) looks.insert({widgets::configColor(i, i == 0).rgb(), static_cast<int>(widgets::configDash(i, i == 0))});
    QCOMPARE(looks.size(), size_t(50));
    std::set<QRgb> hues;
    for (int i = 1; i <= 12; ++i) hues.insert(widgets::configColor(i, false).rgb());
    QCOMPARE(hues.size(), size_t(12));
    for (int g = 0; g < plot->graphCount(); ++g)
        for (int i = 0; i < 50; ++i)
            if (plot->graph(g)->name() == c.circuit->configs[static_cast<size_t>(i)].name)
                QCOMPARE(plot->graph(g)->pen().style(), widgets::configDash(i, i == 0));
    // The readout: one row per plotted configuration, a table of bounded height; gone on leave.
    auto* table = ws.plotPanel()->readoutTable();
    QVERIFY(table && table->isVisible());
    QCOMPARE(table->rowCount(), 2);
    QVERIFY(table->height() <= 8 * table->fontMetrics().height());
    QEvent leave(QEvent::Leave);
    QApplication::sendEvent(plot, &leave);
    QVERIFY(!table->isVisible());

    // Cursors A and B: the same bounded table, a row per plotted configuration (all 50 once
    // "All" is pressed), three columns per probe; it stays after the mouse has left.
    ws.plotPanel()->deltaCursorsButton()->setChecked(true);
    QVERIFY(table->isVisible());
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->columnCount(), 1 + 3 * plot->probes().size());
    for (int i = 0; i < legend->count(); ++i) legend->item(i)->setCheckState(Qt::Checked);
    QCOMPARE(table->rowCount(), 50);
    QVERIFY(table->height() <= 8 * table->fontMetrics().height());
    QCoreApplication::processEvents();
    QVERIFY(ws.grab().toImage().save(HS_TEST_OUTPUT_DIR "/run_workspace_50_configs_cursors.png"));
    ws.plotPanel()->deltaCursorsButton()->setChecked(false);
    QVERIFY(!table->isVisible());
}

// Issue 13: iteration counters (probe on click adds "inner V2", "newton V2") get no RMSE rows
// in the error table; the pressures still do.
void TestRunWorkspace::noErrorRowsForIterationCounters() {
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg_);
    QVERIFY(loaded.ok());
    model::Circuit c = *loaded.circuit;
    c.configs.resize(5);  // the reference, RK4 1e-3, CVODE, the TLM ones: V2 has a method
    const auto cp = widgets::addClickProbes(c, reg_);
    bool counters = false;
    for (const auto& p : cp.circuit.probes) counters = counters || p.quantity == "inner_iterations";
    QVERIFY(counters);
    widgets::RunWorkspace ws(reg_);
    ws.resize(1200, 700);
    ws.setCircuit(cp.circuit);
    service::RunServiceOptions opt;
    opt.duration = 0.01;
    ws.setRunOptions(opt);
    ws.show();
    QVERIFY(QTest::qWaitForWindowExposed(&ws));
    QSignalSpy finished(&ws, &widgets::RunWorkspace::runFinished);
    QCOMPARE(ws.run(), QString());
    QVERIFY(finished.wait(120000));
    QTableWidget* errors = ws.metricsTable()->errorTable();
    QVERIFY(errors->rowCount() > 0);
    bool pressure = false;
    for (int r = 0; r < errors->rowCount(); ++r) {
        const QString probe = errors->item(r, 1)->text();
        QVERIFY2(!probe.startsWith("inner ") && !probe.startsWith("newton "), qPrintable(probe));
        pressure = pressure || probe == "p1" || probe == "p2";
    }
    QVERIFY(pressure);
}

// Issue 19: the run panel's method statistics show quasi-steady's indeterminate steps, time and
// spans for Vv, the same as the headless comparison `hydrostiff-cli compare` prints (the same
// engine run again here) and the metrics CSV.
void TestRunWorkspace::indeterminateStepsAsCliAndCsv() {
    model::Circuit c = circuit_;
    std::vector<model::SolverConfigDoc> keep;
    for (const auto& cfg : c.configs)
        if (cfg.name == "RK4 1e-4" || cfg.name == "Quasi-steady 5e-4") keep.push_back(cfg);
    QCOMPARE(keep.size(), size_t(2));
    keep[0].reference = true;
    c.configs = keep;
    widgets::RunWorkspace ws(reg_);
    ws.resize(1400, 800);
    ws.setCircuit(c);
    service::RunServiceOptions opt;
    opt.duration = 1.0;
    ws.setRunOptions(opt);
    ws.show();
    QVERIFY(QTest::qWaitForWindowExposed(&ws));
    QSignalSpy finished(&ws, &widgets::RunWorkspace::runFinished);
    QCOMPARE(ws.run(), QString());
    QVERIFY(finished.wait(120000));
    QCoreApplication::processEvents();

    service::CompareOptions headless;
    headless.duration = 1.0;
    const service::Comparison cli = service::runComparison(c, reg_, headless);
    QCOMPARE(cli.configs.size(), size_t(2));
    const sim::MethodStats* st = nullptr;
    for (const auto& [node, ms] : cli.configs[1].result.methodStats)
        if (node == "Vv") st = &ms;
    QVERIFY(st);
    QVERIFY2(st->indeterminateSteps > 1900, qPrintable(QString::number(st->indeterminateSteps)));

    QTableWidget* methods = ws.metricsTable()->methodTable();
    int row = -1;
    for (int r = 0; r < methods->rowCount(); ++r)
        if (methods->item(r, 0)->text() == "Quasi-steady 5e-4" && methods->item(r, 1)->text() == "Vv") row = r;
    QVERIFY(row >= 0);
    QCOMPARE(methods->horizontalHeaderItem(2)->text(), QString("indeterminate"));
    QCOMPARE(methods->item(row, 2)->text(), QString::number(st->indeterminateSteps));
    QCOMPARE(methods->item(row, 3)->text(), service::indeterminateTimeText(*st));
    QCOMPARE(methods->item(row, 10)->text(), service::indeterminateSpansText(*st));
    QVERIFY(methods->item(row, 10)->text().startsWith("0-"));

    QTemporaryDir dir;
    const QString path = dir.filePath("metrics.csv");
    QCOMPARE(widgets::exportMetricsCsv(ws.service().comparison(), path), QString());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
    const int col = static_cast<int>(lines.front().split(',').indexOf("indeterminate steps"));
    QVERIFY(col > 0);
    bool seen = false;
    for (const QString& line : lines.mid(1))
        if (line.startsWith("\"Quasi-steady 5e-4\"")) {
            QCOMPARE(line.split(',')[col], methods->item(row, 2)->text());
            seen = true;
        }
    QVERIFY(seen);
    QVERIFY(ws.grab().toImage().save(HS_TEST_OUTPUT_DIR "/run_workspace_indeterminate.png"));
    methods->resize(1300, 120);
    QVERIFY(methods->grab().toImage().save(HS_TEST_OUTPUT_DIR "/metrics_indeterminate.png"));
}

QTEST_MAIN(TestRunWorkspace)
#include "test_run_workspace.moc"
