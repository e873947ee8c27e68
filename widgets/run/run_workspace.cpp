// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_workspace.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSplitter>
#include <QTimer>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <ctime>

#include "metrics_table.h"
#include "plot_panel.h"
#include "run_export.h"
#include "run_panel.h"
#include "run_style.h"
#include "sim/registry.h"

namespace hs::widgets {

namespace {
constexpr int kTickMs = 33;        // ~30 Hz: smooth to the eye, a small share of one core
constexpr int kTablesEvery = 6;    // the run panel and the tables at ~5 Hz: numbers, not motion

double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
}
}  // namespace

RunWorkspace::RunWorkspace(const sim::Registry& registry, QWidget* parent)
    : QWidget(parent), registry_(registry), service_(new service::RunService(registry, this)) {
    toolBar_ = new QToolBar;
    toolBar_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    runAction_ = toolBar_->addAction(tr("Run"), this, [this]() { run(); });
    runAction_->setToolTip(tr("Run every solver configuration (F5)"));
    runAction_->setShortcut(Qt::Key_F5);
    stopAction_ = toolBar_->addAction(tr("Stop"), this, &RunWorkspace::stop);
    stopAction_->setToolTip(tr("Stop all configurations (Shift+F5)"));
    stopAction_->setShortcut(Qt::SHIFT | Qt::Key_F5);
    auto* exportMenu = new QMenu(this);
    exportAction_ = toolBar_->addAction(tr("Export"));
    exportAction_->setMenu(exportMenu);
    if (auto* b = qobject_cast<QToolButton*>(toolBar_->widgetForAction(exportAction_))) b->setPopupMode(QToolButton::InstantPopup);
    connect(exportMenu, &QMenu::aboutToShow, this, [this, exportMenu]() { fillExportMenu(exportMenu); });

    plots_ = new PlotPanel;
    runPanel_ = new RunPanel;
    metrics_ = new MetricsTable;
    // Progress and metrics share the side in tabs: with ten configurations, stacked, neither
    // would have room in a dock. The run shows Progress, the end shows Metrics.
    side_ = new QTabWidget;
    side_->setDocumentMode(true);
    side_->addTab(runPanel_, tr("Progress"));
    side_->addTab(metrics_, tr("Metrics"));
    auto* side = side_;
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(plots_);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(0);
    // Run / Stop / Export share the row above the plots with box zoom and reset.
    plots_->addToolWidget(toolBar_);
    lay->addWidget(split, 1);

    timer_ = new QTimer(this);
    timer_->setTimerType(Qt::PreciseTimer);
    timer_->setInterval(kTickMs);
    connect(timer_, &QTimer::timeout, this, &RunWorkspace::tick);
    connect(service_, &service::RunService::finished, this, &RunWorkspace::onFinished);
    connect(service_, &service::RunService::configFailed, this, [this](int, const QString&) { runPanel_->update(*service_); });
    connect(service_, &service::RunService::configWarnings, this, [this](int, const QStringList&) { runPanel_->update(*service_); });
    updateActions();
}

RunWorkspace::~RunWorkspace() { service_->stop(); }

void RunWorkspace::setCircuit(const model::Circuit& circuit) { circuit_ = circuit; }

QString RunWorkspace::run() {
    const QString err = service_->start(circuit_, options_);
    if (!err.isEmpty()) {
        QMessageBox::warning(this, tr("Run"), err);
        return err;
    }
    onStarted();
    return {};
}

void RunWorkspace::stop() { service_->stop(); }

void RunWorkspace::adoptActions(QAction* run, QAction* stop) {
    delete runAction_;
    delete stopAction_;
    runAction_ = run;
    stopAction_ = stop;
    updateActions();
}

void RunWorkspace::clearResults() {
    if (service_->isRunning()) {
        clearWhenDone_ = true;
        service_->stop();
        return;
    }
    clearWhenDone_ = false;
    plots_->beginRun({}, 1.0);  // drops the faint traces before the runs they point into go
    pinned_.clear();
    service_->clear();
    plots_->setAvailableProbes({}, {});
    runPanel_->beginRun(*service_);
    metrics_->clear();
    probesKnown_ = false;
    updateActions();
    emit progressChanged(0);
}

void RunWorkspace::setPreferredConfigs(const QStringList& names) { plots_->setPreferredConfigs(names); }

bool RunWorkspace::isRunning() const { return service_->isRunning(); }

void RunWorkspace::onStarted() {
    std::vector<PlotPanel::SeriesInfo> info;
    const auto& cmp = service_->comparison();
    for (int i = 0; i < static_cast<int>(cmp.configs.size()); ++i)
        info.push_back({cmp.configs[static_cast<size_t>(i)].name, cmp.configs[static_cast<size_t>(i)].reference, i});
    plots_->beginRun(info, service_->status(0).duration);
    pinned_.clear();
    for (int k = 0; k < service_->history().size(); ++k) pinned_.push_back(service_->history().at(k).comparison);
    for (int i = 0; i < static_cast<int>(cmp.configs.size()); ++i) {
        std::vector<std::pair<int, const sim::Trace*>> prev;
        for (const auto& p : service_->history().previous(cmp.configs[static_cast<size_t>(i)].name, service_->runNumber()))
            prev.emplace_back(p.number, p.trace);
        plots_->plot()->setPrevious(i, prev);
    }
    runPanel_->beginRun(*service_);
    side_->setCurrentWidget(runPanel_);
    metrics_->clear();
    probesKnown_ = false;
    frames_.clear();
    tickCost_.clear();
    tickCpu_.clear();
    ticks_ = 0;
    plots_->plot()->setStreaming(true);
    lastTick_ = -1;
    clock_.start();
    timer_->start();
    updateActions();
    emit runStarted();
}

void RunWorkspace::tick() {
    const double t0 = clock_.nsecsElapsed() * 1e-6, cpu0 = threadCpuMs();
    if (lastTick_ >= 0 && service_->isRunning()) frames_.push_back(t0 - lastTick_);
    lastTick_ = t0;
    service_->drain();
    const auto& cmp = service_->comparison();
    if (!probesKnown_)
        for (const auto& o : cmp.configs)
            if (!o.result.trace.names.empty()) {
                QStringList names, units;
                for (size_t k = 0; k < o.result.trace.names.size(); ++k) {
                    names << QString::fromStdString(o.result.trace.names[k]);
                    units << QString::fromStdString(o.result.trace.units[k]);
                }
                plots_->setAvailableProbes(names, units);
                probesKnown_ = true;
                break;
            }
    std::vector<PlotSeries> series;
    const int ref = service_->referenceIndex();
    for (int i = 0; i < static_cast<int>(cmp.configs.size()); ++i) {
        const auto& o = cmp.configs[static_cast<size_t>(i)];
        // Every sample goes into the graphs once the whole run has ended, not when one
        // configuration ends: a graph with 1e6 points costs each later replot a pass over them
        // (QCustomPlot's adaptive sampling), 30 times a second, on the thread the workers share
        // the cores with.
        const bool ended = service_->ended(i) && !service_->isRunning();
        series.push_back({o.name, o.reference, i, &o.result.trace, i == ref || ref < 0 ? nullptr : &service_->liveMetrics(i).error(),
                          service_->generation(i), ended, ended && ref >= 0 && service_->ended(ref)});
    }
    plots_->append(series);
    if (++ticks_ % kTablesEvery == 0 || !service_->isRunning()) {
        runPanel_->update(*service_);
        metrics_->update(*service_);
        emit progressChanged(runPanel_->overallPermille());
    }
    if (service_->isRunning()) {
        tickCost_.push_back(clock_.nsecsElapsed() * 1e-6 - t0);
        tickCpu_.push_back(threadCpuMs() - cpu0);
    }
}

void RunWorkspace::onFinished() {
    timer_->stop();
    if (clearWhenDone_) {
        plots_->plot()->setStreaming(false);
        clearResults();
        emit runFinished();
        return;
    }
    tick();  // the last samples, the complete traces, the final metrics
    // The numbers are what a finished run is for, unless something failed: its message is in
    // the run panel.
    bool allOk = service_->configCount() > 0;
    for (int i = 0; i < service_->configCount(); ++i) allOk = allOk && service_->status(i).state == service::RunState::Finished;
    if (allOk) side_->setCurrentWidget(metrics_);
    plots_->plot()->setStreaming(false);
    updateActions();
    // What was simulated: full only when every configuration ran to the end.
    emit progressChanged(runPanel_->overallPermille());
    emit runFinished();
}

void RunWorkspace::updateActions() {
    const bool running = service_->isRunning();
    runAction_->setEnabled(!running);
    stopAction_->setEnabled(running);
    exportAction_->setEnabled(!running && service_->runNumber() > 0);
}

bool RunWorkspace::showComponent(const QString& id) {
    if (auto it = componentProbes_.find(id); it != componentProbes_.end()) return plots_->showProbes(it->second);
    QStringList names;
    for (const auto& p : circuit_.probes) {
        const QString comp = p.target.section('.', 0, 0);
        if (comp == id) names << (p.name.isEmpty() ? p.quantity + " " + p.target : p.name);
    }
    if (circuit_.probes.empty())  // default probes are named after their node or mechanical node
        for (const QString& n : plots_->availableProbes())
            if (n.section(' ', 1) == id || n.section(' ', 1).section('.', 0, 0) == id) names << n;
    return plots_->showProbes(names);
}

QString RunWorkspace::pressureText(const QString& comp, const QString& port) const {
    const auto& cmp = service_->comparison();
    QStringList parts;
    const QString key = comp + "." + port;
    for (int i = 0; i < static_cast<int>(cmp.configs.size()); ++i) {
        const auto& o = cmp.configs[static_cast<size_t>(i)];
        std::optional<double> p = service_->lastPressure(i, key);
        if (!p) {
            for (const auto& pr : circuit_.probes) {
                if (pr.quantity != "pressure" || (pr.target != key && pr.target != comp)) continue;
                const int c = o.result.trace.column((pr.name.isEmpty() ? pr.quantity + " " + pr.target : pr.name).toStdString());
                if (c >= 0 && !o.result.trace.time.empty()) p = o.result.trace.columns[static_cast<size_t>(c)].back();
            }
        }
        if (p) parts << QString("%1 bar (%2)").arg(QString::number(*p * 1e-5, 'f', 2), o.name);
    }
    return parts.isEmpty() ? QString() : "p = " + parts.join(", ");
}

void RunWorkspace::fillExportMenu(QMenu* menu) {
    menu->clear();
    const auto& cmp = service_->comparison();
    const bool results = !service_->isRunning() && service_->runNumber() > 0 && !cmp.configs.empty();
    if (!results) {
        menu->addAction(tr("(no results: run first)"))->setEnabled(false);
        return;
    }
    for (int i = 0; i < static_cast<int>(cmp.configs.size()); ++i)
        menu->addAction(tr("Traces of '%1' (CSV, MATLAB .mat)…").arg(cmp.configs[static_cast<size_t>(i)].name), this,
                        [this, i]() { exportTrace(i); });
    menu->addSeparator();
    menu->addAction(tr("Aligned comparison with errors (CSV, MATLAB .mat)…"), this, &RunWorkspace::exportAligned);
    menu->addAction(tr("Metrics table (CSV)…"), this, &RunWorkspace::exportMetrics);
    menu->addAction(tr("Plot image (PNG, SVG, PDF)…"), this, &RunWorkspace::exportImage);
}

namespace {
// "Three orifices in series" -> "three_orifices_in_series": a file name stem without spaces or
// characters that some file systems refuse.
QString stem(const QString& name) {
    QString s;
    for (const QChar c : name.trimmed().toLower()) s += c.isLetterOrNumber() || c == '.' || c == '-' ? c : QChar('_');
    while (s.contains("__")) s.replace("__", "_");
    while (s.startsWith('_')) s.remove(0, 1);
    while (s.endsWith('_')) s.chop(1);
    return s;
}

// Traces and aligned comparisons: the format follows the name (service/result_file.h).
QString resultFilter() { return QObject::tr("CSV files (*.csv);;MATLAB MAT-files (*.mat)"); }
}  // namespace

QString RunWorkspace::proposedExportPath(const QString& kind, int config) const {
    QString base = stem(circuit_.name);
    if (base.isEmpty()) base = QStringLiteral("run");
    QString file;
    const auto& cmp = service_->comparison();
    if (kind == "trace" && config >= 0 && config < static_cast<int>(cmp.configs.size()))
        file = base + '_' + stem(cmp.configs[static_cast<size_t>(config)].name) + ".csv";
    else if (kind == "image") file = base + "_plot.png";
    else file = base + '_' + kind + ".csv";
    const QString dir = exportDir_.isEmpty() ? QDir::homePath() : exportDir_;
    return QDir(dir).filePath(file);
}

QString RunWorkspace::askExportPath(const QString& title, const QString& kind, int config, const QString& filter) {
    QString selected;
    QString path = QFileDialog::getSaveFileName(this, title, proposedExportPath(kind, config), filter, &selected);
    // A name typed without a suffix takes the chosen filter's ("MATLAB MAT-files (*.mat)": .mat).
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        if (const auto m = QRegularExpression(R"(\*(\.\w+))").match(selected); m.hasMatch()) path += m.captured(1);
    if (!path.isEmpty()) exportDir_ = QFileInfo(path).absolutePath();  // the next export starts there
    return path;
}

void RunWorkspace::exportTrace(int config) {
    const QString path = askExportPath(tr("Export traces"), "trace", config, resultFilter());
    if (path.isEmpty()) return;
    const QString e = exportTraceFile(service_->comparison(), config, path);
    if (!e.isEmpty()) QMessageBox::warning(this, tr("Export"), e);
}

void RunWorkspace::exportAligned() {
    const QString path = askExportPath(tr("Export aligned comparison"), "aligned", -1, resultFilter());
    if (path.isEmpty()) return;
    const QString e = exportAlignedFile(service_->comparison(), path);
    if (!e.isEmpty()) QMessageBox::warning(this, tr("Export"), e);
}

void RunWorkspace::exportMetrics() {
    const QString path = askExportPath(tr("Export metrics"), "metrics", -1, tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    const QString e = exportMetricsCsv(service_->comparison(), path);
    if (!e.isEmpty()) QMessageBox::warning(this, tr("Export"), e);
}

void RunWorkspace::exportImage() {
    const QString path = askExportPath(tr("Export plot image"), "image", -1,
                                       tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (path.isEmpty()) return;
    const QString e = exportPlotImage(*plots_->plot(), path);
    if (!e.isEmpty()) QMessageBox::warning(this, tr("Export"), e);
}

}  // namespace hs::widgets
