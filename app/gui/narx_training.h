// SPDX-License-Identifier: GPL-3.0-or-later
// The model behind Simulation > Train Surrogate...: for one volume of the open circuit, a data
// run of a configuration (optionally with a signal source replaced by a seeded random multilevel
// signal) and the training of a NARX network (core/learn), both on a worker thread, with
// progress, the per-epoch errors and cancel. Nothing is lost on cancel: a recorded dataset is kept
// (in memory and as CSV beside the circuit) and reused by the next start with the same data
// settings; a training cancelled after its first epoch keeps the best validation weights so far,
// which can be attached like a finished one. attach() writes the model beside the circuit and
// adds the configuration that runs it as one undo step. No widgets: the dialog and the tests use it.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

#include "learn/narx_data.h"
#include "learn/narx_model.h"
#include "model/circuit.h"

class QThread;
class QUndoStack;

namespace hs::model {
class CircuitDocument;
}
namespace hs::sim {
class Registry;
}

namespace hs::gui {

struct NarxTrainingSettings {
    QString volume;
    QString dataConfig;          // configuration of the data run
    double duration = 1.0;       // [s] of data
    double sampleInterval = 1e-4;  // [s]: the step the surrogate runs at
    std::vector<hs::learn::RandomExcitation> random;
    hs::learn::NarxTrainOptions train;
    QString configName;          // the configuration attach() adds or replaces
};

// The CLI's defaults (hydrostiff-cli learn narx): the reference configuration, the circuit's
// duration, 10x the reference step, hidden 10,10 logistic, delay 2, LM up to 1000 epochs.
NarxTrainingSettings defaultNarxTrainingSettings(const hs::model::Circuit& circuit, const QString& volume);

// Components of the circuit that can be replaced by a random signal (one signal output "out").
QStringList randomisableSources(const hs::model::Circuit& circuit, const hs::sim::Registry& reg);

class NarxTrainingJob : public QObject {
    Q_OBJECT
public:
    enum class Phase { Idle, Data, Training, Finished, Cancelled, Failed };
    // circuitPath: the saved file (the model is written beside it); empty: attach() refuses.
    NarxTrainingJob(const hs::model::Circuit& circuit, QString circuitPath, const hs::sim::Registry& reg,
                    QObject* parent = nullptr);
    ~NarxTrainingJob() override;  // cancels and waits for the worker

    // Starts the data run (skipped when the kept dataset has the same data settings) and the
    // training. False with error() when the settings cannot be used or a job is running.
    bool start(const NarxTrainingSettings& settings);
    void cancel();
    bool running() const { return phase_ == Phase::Data || phase_ == Phase::Training; }
    Phase phase() const { return phase_; }
    QString error() const { return error_; }
    const NarxTrainingSettings& settings() const { return settings_; }
    const std::vector<hs::learn::EpochReport>& epochs() const { return epochs_; }
    const hs::learn::NarxTrainResult& result() const { return result_; }
    bool hasData() const { return data_ != nullptr; }
    size_t dataRows() const { return data_ ? data_->rows() : 0; }
    QString dataPath() const { return dataPath_; }
    // A model that can be attached: finished, or cancelled after its best epoch > 0.
    bool hasModel() const;
    // Where attach() writes the model: <circuit stem>.<volume>.narx beside the circuit.
    QString modelPath() const;
    // Writes the model and pushes one undo step adding (or replacing) the configuration
    // settings().configName that runs it. Returns "" or why not.
    QString attach(hs::model::CircuitDocument& doc, QUndoStack& undo);
    // Seconds since start; and the estimate of what is left ("at most": early stopping may end
    // the training sooner), negative when unknown.
    double elapsedSeconds() const;
    double remainingSeconds() const;
    double dataFraction() const { return dataFraction_; }

signals:
    void dataProgress(double fraction);
    void epochFinished(const hs::learn::EpochReport& report);
    void phaseChanged(hs::gui::NarxTrainingJob::Phase phase);
    void finished();

private:
    QString dataKey(const NarxTrainingSettings& s) const;
    void onWorkerDone();

    hs::model::Circuit circuit_;
    QString circuitPath_;
    const hs::sim::Registry& reg_;
    NarxTrainingSettings settings_;
    Phase phase_ = Phase::Idle;
    QString error_, dataPath_, dataKey_;
    std::shared_ptr<hs::learn::Dataset> data_;
    std::vector<hs::learn::EpochReport> epochs_;
    hs::learn::NarxTrainResult result_;
    std::atomic<bool> cancel_{false};
    QThread* worker_ = nullptr;
    qint64 startedMs_ = 0, trainingStartedMs_ = 0, dataStartedMs_ = 0;
    double dataFraction_ = 0;
};

}  // namespace hs::gui
