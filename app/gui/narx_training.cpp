// SPDX-License-Identifier: GPL-3.0-or-later
#include "narx_training.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QThread>
#include <QUndoStack>

#include "commands/configs_command.h"
#include "model/circuit_document.h"
#include "model/narx_configuration.h"
#include "sim/methods/narx_features.h"
#include "sim/registry.h"

namespace hs::gui {

namespace {
qint64 nowMs() { return QDateTime::currentMSecsSinceEpoch(); }
}  // namespace

NarxTrainingSettings defaultNarxTrainingSettings(const hs::model::Circuit& circuit, const QString& volume) {
    NarxTrainingSettings s;
    s.volume = volume;
    const hs::model::SolverConfigDoc* ref = circuit.reference();
    if (!ref && !circuit.configs.empty()) ref = &circuit.configs.front();
    if (ref) s.dataConfig = ref->name;
    s.duration = circuit.duration;
    s.sampleInterval = 10 * (ref ? ref->dt : 1e-5);
    s.train.inputs.assign(hs::sim::narx::kInputNames.begin(), hs::sim::narx::kInputNames.end());
    s.train.output = hs::sim::narx::kOutputName;
    s.configName = hs::model::defaultNarxConfigurationName(volume, s.sampleInterval);
    return s;
}

QStringList randomisableSources(const hs::model::Circuit& circuit, const hs::sim::Registry& reg) {
    QStringList out;
    for (const auto& c : circuit.components) {
        const hs::sim::ComponentSpec* spec = reg.find(c.type.toStdString());
        if (spec && spec->ports.size() == 1 && spec->ports[0].id == "out" && spec->ports[0].domain == hs::sim::Domain::Signal)
            out << c.id;
    }
    return out;
}

NarxTrainingJob::NarxTrainingJob(const hs::model::Circuit& circuit, QString circuitPath, const hs::sim::Registry& reg,
                                 QObject* parent)
    : QObject(parent), circuit_(circuit), circuitPath_(std::move(circuitPath)), reg_(reg) {}

NarxTrainingJob::~NarxTrainingJob() {
    cancel_ = true;
    if (worker_) {
        worker_->wait();
        delete worker_;
    }
}

QString NarxTrainingJob::dataKey(const NarxTrainingSettings& s) const {
    QString k = s.volume + '|' + s.dataConfig + '|' + QString::number(s.duration, 'g', 17) + '|' +
                QString::number(s.sampleInterval, 'g', 17);
    for (const auto& r : s.random)
        k += QString("|%1:%2:%3:%4:%5").arg(QString::fromStdString(r.component)).arg(r.min, 0, 'g', 17).arg(r.max, 0, 'g', 17)
                 .arg(r.period, 0, 'g', 17).arg(r.seed);
    return k;
}

QString NarxTrainingJob::modelPath() const {
    if (circuitPath_.isEmpty()) return {};
    return QString::fromStdString(hs::learn::defaultNarxModelPath(QFileInfo(circuitPath_).absoluteFilePath().toStdString(),
                                                                  settings_.volume.toStdString()));
}

bool NarxTrainingJob::hasModel() const {
    return (phase_ == Phase::Finished && result_.ok) || (phase_ == Phase::Cancelled && result_.lm.bestEpoch > 0);
}

double NarxTrainingJob::elapsedSeconds() const { return startedMs_ ? (nowMs() - startedMs_) / 1000.0 : 0.0; }

double NarxTrainingJob::remainingSeconds() const {
    if (phase_ == Phase::Data && dataFraction_ > 0.01)
        return (nowMs() - dataStartedMs_) / 1000.0 * (1.0 - dataFraction_) / dataFraction_;
    if (phase_ == Phase::Training && !epochs_.empty()) {
        const double perEpoch = (nowMs() - trainingStartedMs_) / 1000.0 / static_cast<double>(epochs_.size());
        return perEpoch * std::max(0, settings_.train.maxEpochs() - epochs_.back().epoch);
    }
    return -1.0;
}

bool NarxTrainingJob::start(const NarxTrainingSettings& s) {
    if (running()) { error_ = tr("a training is running"); return false; }
    const hs::model::ComponentDoc* vd = circuit_.component(s.volume);
    const hs::sim::ComponentSpec* vs = vd ? reg_.find(vd->type.toStdString()) : nullptr;
    if (!vs || !vs->hostsPressureMethod) { error_ = tr("'%1' is not a Volume component of the circuit").arg(s.volume); return false; }
    const hs::model::SolverConfigDoc* cfg = circuit_.config(s.dataConfig);
    if (!cfg) { error_ = tr("no configuration '%1' for the data run").arg(s.dataConfig); return false; }
    if (!(s.sampleInterval > 0) || !(s.duration > 10 * s.sampleInterval)) {
        error_ = tr("the data run needs a sample interval > 0 and a duration of at least 10 sample intervals");
        return false;
    }
    if (s.train.hidden.empty()) { error_ = tr("give at least one hidden layer"); return false; }
    if (s.configName.trimmed().isEmpty()) { error_ = tr("give the configuration a name"); return false; }
    settings_ = s;
    error_.clear();
    epochs_.clear();
    result_ = {};
    cancel_ = false;
    if (worker_) {
        worker_->wait();
        delete worker_;
        worker_ = nullptr;
    }
    const QString key = dataKey(s);
    if (data_ && key != dataKey_) {
        data_.reset();
        dataPath_.clear();
    }
    startedMs_ = dataStartedMs_ = trainingStartedMs_ = nowMs();
    dataFraction_ = data_ ? 1.0 : 0.0;
    phase_ = data_ ? Phase::Training : Phase::Data;
    emit phaseChanged(phase_);

    hs::learn::NarxDataOptions o;
    o.volume = s.volume.toStdString();
    o.reference = hs::model::toSolverSettings(*cfg, circuit_.folder);
    o.duration = s.duration;
    o.sampleInterval = s.sampleInterval;
    o.random = s.random;
    o.stop = &cancel_;
    auto lastShown = std::make_shared<double>(-1.0);
    o.progress = [this, lastShown, d = s.duration](double t) {
        const double f = t / d;
        if (f - *lastShown < 0.005 && f < 1.0) return;
        *lastShown = f;
        QMetaObject::invokeMethod(this, [this, f] {
            dataFraction_ = f;
            emit dataProgress(f);
        }, Qt::QueuedConnection);
    };
    const hs::sim::Netlist net = hs::model::toNetlist(circuit_);
    const QString csvPath = circuitPath_.isEmpty() ? QString() : modelPath() + ".csv";
    const std::string circuitFile = QFileInfo(circuitPath_).fileName().toStdString();
    auto out = std::make_shared<hs::learn::NarxTrainResult>();
    auto data = data_;
    auto dataError = std::make_shared<std::string>();
    worker_ = QThread::create([this, o, net, data, out, dataError, csvPath, circuitFile, key, s]() mutable {
        if (!data) {
            hs::learn::NarxDataResult d = hs::learn::generateNarxData(reg_, net, o);
            if (!d.ok) { *dataError = d.error; return; }
            d.data.meta.emplace_back("circuit", circuitFile);
            d.data.meta.emplace_back("configuration", s.dataConfig.toStdString());
            data = std::make_shared<hs::learn::Dataset>(std::move(d.data));
            std::string e;
            const bool written = !csvPath.isEmpty() && hs::learn::writeDatasetCsv(csvPath.toStdString(), *data, e);
            QMetaObject::invokeMethod(this, [this, data, key, written, csvPath] {
                data_ = data;
                dataKey_ = key;
                dataPath_ = written ? csvPath : QString();
                dataFraction_ = 1.0;
                phase_ = Phase::Training;
                trainingStartedMs_ = nowMs();
                emit phaseChanged(phase_);
            }, Qt::QueuedConnection);
        }
        *out = hs::learn::trainNarx(*data, s.train, [this](const hs::learn::EpochReport& r) {
            QMetaObject::invokeMethod(this, [this, r] {
                epochs_.push_back(r);
                emit epochFinished(r);
            }, Qt::QueuedConnection);
        }, &cancel_);
        if (out->lm.bestEpoch > 0 || out->ok) hs::learn::stampNarxProvenance(out->model, s.volume.toStdString(), circuitFile, net, *data);
    });
    connect(worker_, &QThread::finished, this, [this, out, dataError] {
        result_ = *out;
        if (!dataError->empty()) {
            phase_ = cancel_ ? Phase::Cancelled : Phase::Failed;
            error_ = cancel_ ? tr("cancelled during the data run") : tr("data run failed: %1").arg(QString::fromStdString(*dataError));
        } else if (result_.ok) {
            phase_ = Phase::Finished;
        } else if (result_.lm.cancelled) {
            phase_ = Phase::Cancelled;
            error_ = result_.lm.bestEpoch > 0 ? tr("training cancelled; the best weights so far (epoch %1) can be kept").arg(result_.lm.bestEpoch)
                                              : tr("training cancelled before the first epoch");
        } else {
            phase_ = Phase::Failed;
            error_ = QString::fromStdString(result_.error);
        }
        emit phaseChanged(phase_);
        emit finished();
    });
    worker_->start();
    return true;
}

void NarxTrainingJob::cancel() { cancel_ = true; }

QString NarxTrainingJob::attach(hs::model::CircuitDocument& doc, QUndoStack& undo) {
    if (!hasModel()) return tr("no trained model to attach");
    if (circuitPath_.isEmpty()) return tr("save the circuit first: the model is written beside it");
    const QString path = modelPath();
    std::string e;
    if (!hs::learn::saveNarxModel(path.toStdString(), result_.model, e)) return QString::fromStdString(e);
    const QString rel = QFileInfo(circuitPath_).absoluteDir().relativeFilePath(QFileInfo(path).absoluteFilePath());
    auto configs = doc.circuit().configs;
    const hs::model::SolverConfigDoc c =
        hs::model::narxConfiguration(settings_.configName.trimmed(), settings_.volume, rel, result_.model.sampleInterval);
    const bool replaced = hs::model::putConfiguration(configs, c);
    undo.push(new hs::widgets::ConfigsCommand(&doc, configs,
                                              (replaced ? tr("Replace configuration %1 (NARX on %2)") : tr("Add configuration %1 (NARX on %2)"))
                                                  .arg(c.name, settings_.volume)));
    return {};
}

}  // namespace hs::gui
