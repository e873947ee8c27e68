// SPDX-License-Identifier: GPL-3.0-or-later
// Simulation > Find the Fastest Configuration: the solver advisor of core/study (hydrostiff-cli
// advise) on the open circuit, on a worker thread: the error bound, the probes, the time budget,
// the search depth; live progress by phase; the full-duration runs plotted as CPU time against
// error with the Pareto front, the winner and the file's own configurations marked. Clicking a
// point adds that configuration to the circuit through the editor's undo stack (one undoable
// step; nothing else in the circuit changes).
#pragma once

#include <QDialog>
#include <QString>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "study/advisor.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QUndoStack;
class QCustomPlot;
class QCPGraph;

namespace hs::model {
class CircuitDocument;
}
namespace hs::sim {
class Registry;
}

namespace hs::gui {

class AdvisorDialog : public QDialog {
    Q_OBJECT
public:
    AdvisorDialog(hs::model::CircuitDocument& doc, QUndoStack& undo, const hs::sim::Registry& reg, QWidget* parent = nullptr);
    ~AdvisorDialog() override;  // stops the search and waits for it

    // The form, for scripts and tests.
    void setErrorBound(double percent);
    void setProbes(const QStringList& probes);
    void setBudget(double seconds);
    void setDepth(int depth);
    void setJobs(int jobs);
    void setWithFileConfigs(bool on);

    QString start();  // "" or why not (also shown)
    void cancel();
    bool isRunning() const { return worker_ != nullptr; }
    const hs::study::AdvisorResult& result() const { return result_; }
    QCustomPlot* plot() const { return plot_; }
    // The plotted graph of the advisor's own full runs and, per data point (in the graph's
    // order), the index of its run in result().fullRuns.
    QCPGraph* runsGraph() const { return runsGraph_; }
    const std::vector<int>& runsGraphIndex() const { return runsIndex_; }
    // Adds result().fullRuns[index] to the circuit as a new configuration (one undo step) and
    // returns the name it got; "" if index is not a finished run.
    QString addRun(int index);

signals:
    void searchFinished();
    void configurationAdded(const QString& name);

private:
    void showProgress(const QString& phase, const hs::study::StudyProgress& p);
    void finish(hs::study::AdvisorResult r);
    void drawFront();

    hs::model::CircuitDocument& doc_;
    QUndoStack& undo_;
    const hs::sim::Registry& reg_;
    QDoubleSpinBox* bound_ = nullptr;
    QLineEdit* probes_ = nullptr;
    QDoubleSpinBox* budget_ = nullptr;
    QComboBox* depth_ = nullptr;
    QSpinBox* jobs_ = nullptr;
    QCheckBox* fileConfigs_ = nullptr;
    QPushButton* start_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* picked_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPGraph* runsGraph_ = nullptr;
    std::vector<int> runsIndex_;
    std::vector<std::pair<QCPGraph*, std::vector<int>>> clickable_;  // graph -> run index per point

    hs::study::AdvisorResult result_;
    std::atomic<bool> stop_{false};
    std::unique_ptr<std::thread> worker_;
};

}  // namespace hs::gui
