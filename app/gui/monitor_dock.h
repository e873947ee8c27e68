// SPDX-License-Identifier: GPL-3.0-or-later
// The condition monitor beside a run (docs/condition-monitoring.md): a dock that holds a trained
// monitor model (hydrostiff-cli learn monitor) and, while Run streams, shows for every fault the
// monitor's estimate of its level from the live trace of the configuration the model was trained
// with (or the reference): a bar over the fault's level range, the estimate in the fault's unit and
// the quantised level. When a run starts it first runs the circuit's fault-free twin (every fault
// at its first level) for the reference inputs, on the GUI thread (a short run: the monitor's
// sample interval needs no fine record).
#pragma once

#include <QDockWidget>
#include <QString>
#include <functional>
#include <vector>

#include "model/circuit.h"
#include "monitor/monitor_model.h"

class QLabel;
class QProgressBar;
class QTimer;

namespace hs::sim {
class Registry;
}
namespace hs::widgets {
class RunWorkspace;
}

namespace hs::gui {

class MonitorDock : public QDockWidget {
    Q_OBJECT
public:
    // circuit(): the circuit a run starts with (the window's document).
    MonitorDock(QWidget* parent, hs::widgets::RunWorkspace& workspace, const hs::sim::Registry& registry,
                std::function<model::Circuit()> circuit);

    // Loads a model file; "" or why not (the message names the file and the problem, or the fault
    // parameter the open circuit lacks).
    QString load(const QString& path);
    const monitor::MonitorModel& model() const { return model_; }
    // The estimates shown now: per fault the scaled filter output and level (-1 none yet).
    const std::vector<double>& shownOutputs() const { return shown_; }
    const std::vector<int>& shownLevels() const { return levels_; }
    // Recomputes the estimates from the live trace (the timer calls it while a run streams).
    void refresh();

private:
    void onRunStarted();
    void buildRows();

    hs::widgets::RunWorkspace& workspace_;
    const hs::sim::Registry& registry_;
    std::function<model::Circuit()> circuit_;
    monitor::MonitorModel model_;
    QString modelPath_;
    std::vector<QString> probes_;
    std::vector<std::vector<double>> twin_;  // fault-free twin, sampled every T
    QString twinError_;
    QLabel* status_;
    QWidget* rows_;
    std::vector<QProgressBar*> bars_;
    std::vector<QLabel*> levelLabels_;
    std::vector<double> shown_;
    std::vector<int> levels_;
    QTimer* timer_;
};

}  // namespace hs::gui
