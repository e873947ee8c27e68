// SPDX-License-Identifier: GPL-3.0-or-later
// Run, watch and compare, in one widget to dock in the main window: a tool bar (Run, Stop,
// Export), the plots, the run panel and the metrics table, fed by a RunService about 30 times a
// second (one drain, one replot per tick). The editor hands over its circuit with setCircuit()
// (a copy: the run works on a snapshot, so editing goes on), calls run() / stop() from its
// actions, showComponent() when a component is clicked and pressureText() when a wire is hovered.
#pragma once

#include <QElapsedTimer>
#include <QWidget>
#include <map>
#include <vector>

#include "model/circuit.h"
#include "service/run_service.h"

class QAction;
class QMenu;
class QTabWidget;
class QTimer;
class QToolBar;

namespace hs::sim {
class Registry;
}

namespace hs::widgets {

class MetricsTable;
class PlotPanel;
class RunPanel;

class RunWorkspace : public QWidget {
    Q_OBJECT
public:
    explicit RunWorkspace(const sim::Registry& registry, QWidget* parent = nullptr);
    ~RunWorkspace() override;

    void setCircuit(const model::Circuit& circuit);
    // Probe on click: the probes that record each component's nodes (see click_probes.h); a
    // component not in the map falls back to the probes whose target names it.
    void setComponentProbes(std::map<QString, QStringList> byComponent) { componentProbes_ = std::move(byComponent); }
    const model::Circuit& circuit() const { return circuit_; }
    // Overrides for the next runs (duration, record interval, configurations, threads).
    void setRunOptions(const service::RunServiceOptions& options) { options_ = options; }
    // With many configurations only the reference and these are plotted at first (the editor
    // passes the configuration selected in it).
    void setPreferredConfigs(const QStringList& names);

    // The main window's own Run / Stop actions take the place of the workspace's (one action
    // table, no second F5 shortcut): the workspace only enables and disables them.
    void adoptActions(QAction* run, QAction* stop);
    // Forgets the results and the run history (another circuit was opened); a run in progress
    // is stopped first and its results dropped when it has ended.
    void clearResults();

    // The export entries (traces per configuration, aligned CSV, metrics CSV, plot image), for
    // the tool bar's Export button and the window's File > Export menu.
    void fillExportMenu(QMenu* menu);
    // Where an export dialog starts: the export folder (the circuit's, or the last export's)
    // and "<circuit>_<kind>.csv" ("<circuit>_<configuration>.csv" for traces, "<circuit>_plot.png").
    QString proposedExportPath(const QString& kind, int config = -1) const;
    void setExportDirectory(const QString& dir) { exportDir_ = dir; }

    // Returns "" or why the run did not start (also shown in the run panel).
    QString run();
    void stop();
    bool isRunning() const;

    // Shows the probes on component (or volume) `id`; false if none records it.
    bool showComponent(const QString& id);
    // "p = 95.3 bar" for the node of comp.port: the last sample of a probe there while running,
    // the final node pressure of every configuration after the run. Empty if unknown.
    QString pressureText(const QString& comp, const QString& port) const;

    PlotPanel* plotPanel() const { return plots_; }
    RunPanel* runPanel() const { return runPanel_; }
    MetricsTable* metricsTable() const { return metrics_; }
    QTabWidget* sideTabs() const { return side_; }
    service::RunService& service() { return *service_; }
    QToolBar* toolBar() const { return toolBar_; }
    QAction* runAction() const { return runAction_; }
    QAction* stopAction() const { return stopAction_; }

    // Intervals between consecutive display ticks of the last run [ms] (for the benchmark).
    const std::vector<double>& frameIntervals() const { return frames_; }
    // Time spent inside the ticks of the last run [ms] (drain + append + replot + tables).
    const std::vector<double>& tickDurations() const { return tickCost_; }
    // CPU time of the display thread inside those ticks [ms] (independent of machine load).
    const std::vector<double>& tickCpu() const { return tickCpu_; }

signals:
    void runStarted();
    void runFinished();
    void progressChanged(int permille);  // overall, for a status-bar progress bar

private:
    void tick();
    void onStarted();
    void onFinished();
    void updateActions();
    void exportTrace(int config);
    void exportAligned();
    void exportMetrics();
    void exportImage();
    QString askExportPath(const QString& title, const QString& kind, int config, const QString& filter);

    const sim::Registry& registry_;
    model::Circuit circuit_;
    std::map<QString, QStringList> componentProbes_;
    QString exportDir_;
    service::RunServiceOptions options_;
    service::RunService* service_;
    PlotPanel* plots_;
    RunPanel* runPanel_;
    MetricsTable* metrics_;
    QTabWidget* side_;
    QToolBar* toolBar_;
    QAction *runAction_, *stopAction_, *exportAction_;
    QTimer* timer_;
    QElapsedTimer clock_;
    double lastTick_ = -1;
    bool probesKnown_ = false;
    std::vector<double> frames_, tickCost_, tickCpu_;
    int ticks_ = 0;
    bool clearWhenDone_ = false;
    // Earlier runs drawn faint in this run's plots: kept alive while they are drawn.
    std::vector<std::shared_ptr<const service::Comparison>> pinned_;
};

}  // namespace hs::widgets
