// SPDX-License-Identifier: GPL-3.0-or-later
// Simulation > Parameter Sweep: the sweep of core/study (hydrostiff-cli sweep) on the open
// circuit. Parameters picked from the circuit's components (their number parameters, with the
// spec's unit and bounds), ranges and levels, a full grid or a Latin hypercube with its seed, the
// configuration and the number of worker threads; the runs go on worker threads with progress,
// ETA and Cancel. The results table shows the cells of the CLI's CSV (study::sweepTable), a failed
// run as a row with its error; a plot shows a chosen column against a parameter; Export CSV
// writes the file `hydrostiff-cli sweep --out` writes (study::writeSweepCsv).
#pragma once

#include <QDialog>
#include <QString>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

#include "study/sweep.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QCustomPlot;

namespace hs::model {
class CircuitDocument;
}
namespace hs::sim {
class Registry;
}

namespace hs::gui {

class SweepDialog : public QDialog {
    Q_OBJECT
public:
    SweepDialog(const hs::model::CircuitDocument& doc, const hs::sim::Registry& reg, QWidget* parent = nullptr);
    ~SweepDialog() override;  // stops the runs under way and waits for them

    // The form, for scripts and tests (the same fields a user fills in).
    // key "comp.par"; false if the circuit has no such number parameter.
    bool addParameter(const QString& key, double lo, double hi, int levels, bool logScale = false);
    void setLatinHypercube(int points, std::uint64_t seed);  // points 0: the full grid
    bool setConfiguration(const QString& name);
    void setJobs(int jobs);
    void setAgainstReference(bool on);

    // Starts the sweep; "" or why it cannot (bad range, unknown configuration, ...), also shown.
    QString start();
    void cancel();
    bool isRunning() const { return worker_ != nullptr; }
    const hs::study::SweepResult& result() const { return result_; }
    const hs::study::SweepOptions& options() const { return options_; }
    // The file `hydrostiff-cli sweep --out` writes for these options (every probe, every statistic).
    QString exportCsv(const QString& path) const;
    QTableWidget* resultsTable() const { return results_; }
    QCustomPlot* plot() const { return plot_; }
    // Plot column `column` (a heading of the results table) against parameter `axis` (an index).
    void plotColumn(int axis, const QString& column);

signals:
    void sweepFinished();

private:
    void buildParameterRow(int row, const QString& key);
    void showProgress(const hs::study::StudyProgress& p);
    void finish(hs::study::SweepResult r);
    void updatePlot();
    void exportDialog();

    const hs::model::CircuitDocument& doc_;
    const hs::sim::Registry& reg_;
    QStringList keys_;   // "comp.par" of every number parameter of the circuit's components
    QStringList units_;  // their units
    QTableWidget* params_ = nullptr;
    QComboBox* sampling_ = nullptr;
    QSpinBox* lhsPoints_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QComboBox* config_ = nullptr;
    QSpinBox* jobs_ = nullptr;
    QCheckBox* rrmse_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* export_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QTableWidget* results_ = nullptr;
    QComboBox* plotX_ = nullptr;
    QComboBox* plotY_ = nullptr;
    QCustomPlot* plot_ = nullptr;

    hs::study::SweepOptions options_;
    hs::study::SweepResult result_;
    hs::study::SweepTable table_;
    std::atomic<bool> stop_{false};
    std::unique_ptr<std::thread> worker_;
};

}  // namespace hs::gui
