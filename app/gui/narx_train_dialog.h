// SPDX-License-Identifier: GPL-3.0-or-later
// Simulation > Train Surrogate... (also on the canvas' context menu) for the selected volume: the
// data and training settings (the CLI's defaults), the live training curve (training and
// validation MSE per epoch), progress with an estimate of the time left, cancel, and "Add to
// circuit", which writes the model beside the circuit and adds the configuration that runs it
// (one undo step). The work is done by NarxTrainingJob (narx_training.h) on a worker thread.
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QUndoStack;
class QCustomPlot;

namespace hs::model {
class CircuitDocument;
}
namespace hs::sim {
class Registry;
}
namespace hs::widgets {
class QuantityEdit;
}

namespace hs::gui {

class NarxTrainingJob;
struct NarxTrainingSettings;

class NarxTrainDialog : public QDialog {
    Q_OBJECT
public:
    NarxTrainDialog(hs::model::CircuitDocument& doc, QUndoStack& undo, const hs::sim::Registry& reg,
                    const QString& circuitPath, const QString& volume, QWidget* parent = nullptr);
    NarxTrainingJob& job() const { return *job_; }
    // The settings the form holds; false with *error naming the field that cannot be used.
    bool readSettings(NarxTrainingSettings& s, QString* error) const;
    void startTraining();
    QCustomPlot* curve() const { return plot_; }
    QLabel* statusLabel() const { return status_; }
    QPushButton* attachButton() const { return attach_; }

signals:
    // After "Add to circuit" succeeded.
    void attached();

protected:
    void reject() override;  // Close/Escape cancels a running job first

private:
    void onPhase();
    void onEpoch();
    void updateStatus();
    void attach();

    hs::model::CircuitDocument& doc_;
    QUndoStack& undo_;
    NarxTrainingJob* job_;
    QString volume_;
    QComboBox *dataConfig_, *randomSource_, *activation_, *trainer_;
    hs::widgets::QuantityEdit *duration_, *interval_, *randMin_, *randMax_, *randPeriod_;
    QSpinBox *randSeed_, *delay_, *epochs_, *maxFail_, *batch_, *seed_;
    QLineEdit *neurons_, *rate_, *configName_;
    QCustomPlot* plot_;
    QProgressBar* progress_;
    QLabel* status_;
    QPushButton *start_, *cancel_, *attach_;
    class QTimer* tick_;
};

}  // namespace hs::gui
