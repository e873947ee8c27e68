// SPDX-License-Identifier: GPL-3.0-or-later
#include "narx_train_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

#include "model/circuit_document.h"
#include "model/narx_configuration.h"
#include "narx_training.h"
#include "quantity_edit.h"

namespace hs::gui {

namespace {

QSpinBox* spin(QWidget* parent, int lo, int hi, int value, const QString& tip) {
    auto* s = new QSpinBox(parent);
    s->setRange(lo, hi);
    s->setValue(value);
    s->setToolTip(tip);
    return s;
}

hs::widgets::QuantityEdit* quantity(QWidget* parent, const QString& unit, double lo, double value, const QString& tip) {
    auto* e = new hs::widgets::QuantityEdit(parent);
    e->setQuantity(unit, lo);
    e->setValue(value);
    e->setToolTip(tip);
    return e;
}

QString seconds(double s) {
    if (s < 0) return QObject::tr("?");
    if (s < 90) return QObject::tr("%1 s").arg(std::ceil(s));
    if (s < 5400) return QObject::tr("%1 min").arg(std::ceil(s / 60));
    return QObject::tr("%1 h").arg(s / 3600, 0, 'f', 1);
}

}  // namespace

NarxTrainDialog::NarxTrainDialog(hs::model::CircuitDocument& doc, QUndoStack& undo, const hs::sim::Registry& reg,
                                 const QString& circuitPath, const QString& volume, QWidget* parent)
    : QDialog(parent), doc_(doc), undo_(undo), job_(new NarxTrainingJob(doc.circuit(), circuitPath, reg, this)),
      volume_(volume), tick_(new QTimer(this)) {
    setObjectName("narxTrainDialog");
    setWindowTitle(tr("Train surrogate for %1").arg(volume));
    const hs::model::Circuit& c = doc.circuit();
    const NarxTrainingSettings d = defaultNarxTrainingSettings(c, volume);

    // --- data -------------------------------------------------------------------------------
    auto* dataBox = new QGroupBox(tr("Data run"), this);
    auto* df = new QFormLayout(dataBox);
    dataConfig_ = new QComboBox(dataBox);
    for (const auto& cfg : c.configs) dataConfig_->addItem(cfg.name + (cfg.reference ? tr(" (reference)") : QString()), cfg.name);
    dataConfig_->setCurrentIndex(std::max(0, dataConfig_->findData(d.dataConfig)));
    dataConfig_->setToolTip(tr("The configuration whose run gives the training data (the reference: the most accurate)"));
    df->addRow(tr("Configuration"), dataConfig_);
    duration_ = quantity(dataBox, "s", 0, d.duration, tr("Simulated time of the data run"));
    df->addRow(tr("Duration"), duration_);
    interval_ = quantity(dataBox, "s", 0, d.sampleInterval,
                         tr("Sample interval = the step the surrogate runs at (the network maps one interval)"));
    df->addRow(tr("Sample interval"), interval_);
    randomSource_ = new QComboBox(dataBox);
    randomSource_->addItem(tr("(none: the circuit's own inputs)"), QString());
    for (const QString& id : randomisableSources(c, reg)) randomSource_->addItem(id, id);
    randomSource_->setToolTip(tr("Replace this signal source by a seeded random multilevel signal during the data run, so "
                                 "that the data covers the range the surrogate will meet"));
    df->addRow(tr("Random excitation"), randomSource_);
    auto* rr = new QHBoxLayout;
    randMin_ = quantity(dataBox, "", -INFINITY, -10, tr("Lowest level"));
    randMax_ = quantity(dataBox, "", -INFINITY, 10, tr("Highest level"));
    randPeriod_ = quantity(dataBox, "s", 0, 0.5, tr("Each level is held this long"));
    randSeed_ = spin(dataBox, 0, 1000000, 7, tr("Seed of the random levels (another seed than the test input's)"));
    rr->addWidget(randMin_);
    rr->addWidget(new QLabel(tr("to"), dataBox));
    rr->addWidget(randMax_);
    rr->addWidget(new QLabel(tr("held"), dataBox));
    rr->addWidget(randPeriod_);
    rr->addWidget(new QLabel(tr("seed"), dataBox));
    rr->addWidget(randSeed_);
    df->addRow(tr("Levels"), rr);
    auto enableRandom = [this] {
        const bool on = !randomSource_->currentData().toString().isEmpty();
        for (QWidget* w : std::initializer_list<QWidget*>{randMin_, randMax_, randPeriod_, randSeed_}) w->setEnabled(on);
    };
    connect(randomSource_, &QComboBox::currentIndexChanged, this, enableRandom);
    enableRandom();

    // --- network and training -----------------------------------------------------------------
    auto* netBox = new QGroupBox(tr("Network and training"), this);
    auto* nf = new QFormLayout(netBox);
    neurons_ = new QLineEdit(QStringLiteral("10,10"), netBox);
    neurons_->setToolTip(tr("Neurons per hidden layer, comma separated (Pub III: 40,40)"));
    nf->addRow(tr("Hidden layers"), neurons_);
    activation_ = new QComboBox(netBox);
    for (const char* a : {"logistic", "tanh", "linear"}) activation_->addItem(a);
    nf->addRow(tr("Activation"), activation_);
    delay_ = spin(netBox, 1, 50, d.train.delay, tr("Delay order d: the regressor holds the last d inputs and pressures"));
    nf->addRow(tr("Delay"), delay_);
    trainer_ = new QComboBox(netBox);
    trainer_->addItem(tr("Levenberg-Marquardt"), "lm");
    trainer_->addItem(tr("Adam (mini-batches, large sets)"), "adam");
    trainer_->setObjectName("narxTrainer");
    nf->addRow(tr("Trainer"), trainer_);
    epochs_ = spin(netBox, 1, 100000, d.train.lm.maxEpochs, tr("At most this many epochs"));
    maxFail_ = spin(netBox, 1, 10000, d.train.lm.maxFail, tr("Early stopping: epochs without a validation improvement"));
    batch_ = spin(netBox, 1, 10000000, d.train.adam.batchSize, tr("Adam: samples per step"));
    rate_ = new QLineEdit(QString::number(d.train.adam.learningRate), netBox);
    rate_->setToolTip(tr("Adam: learning rate"));
    seed_ = spin(netBox, 0, 1000000, static_cast<int>(d.train.seed), tr("Seed of the initial weights, the split and Adam's shuffle"));
    nf->addRow(tr("Epochs (max)"), epochs_);
    nf->addRow(tr("Max fail"), maxFail_);
    nf->addRow(tr("Batch"), batch_);
    nf->addRow(tr("Learning rate"), rate_);
    nf->addRow(tr("Seed"), seed_);
    configName_ = new QLineEdit(d.configName, netBox);
    configName_->setToolTip(tr("The configuration Add to circuit creates (or replaces): RK4 at the sample interval, narx on %1").arg(volume));
    nf->addRow(tr("Add as configuration"), configName_);
    auto trainerChanged = [this] {
        const bool adam = trainer_->currentData().toString() == "adam";
        const NarxTrainingSettings def;
        epochs_->setValue(adam ? def.train.adam.maxEpochs : def.train.lm.maxEpochs);
        maxFail_->setValue(adam ? def.train.adam.maxFail : def.train.lm.maxFail);
        batch_->setEnabled(adam);
        rate_->setEnabled(adam);
    };
    connect(trainer_, &QComboBox::currentIndexChanged, this, trainerChanged);
    batch_->setEnabled(false);
    rate_->setEnabled(false);
    connect(interval_, &hs::widgets::QuantityEdit::committed, this, [this](const QVariant& v) {
        if (v.isValid()) configName_->setText(hs::model::defaultNarxConfigurationName(volume_, v.toDouble()));
    });

    // --- curve ----------------------------------------------------------------------------------
    plot_ = new QCustomPlot(this);
    plot_->setObjectName("narxTrainingCurve");
    plot_->setMinimumSize(420, 300);
    plot_->xAxis->setLabel(tr("epoch"));
    plot_->yAxis->setLabel(tr("MSE (scaled to [-1, 1])"));
    plot_->yAxis->setScaleType(QCPAxis::stLogarithmic);
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    plot_->yAxis->setNumberFormat("eb");
    plot_->yAxis->setNumberPrecision(0);
    plot_->legend->setVisible(true);
    plot_->addGraph()->setName(tr("training"));
    plot_->graph(0)->setPen(QPen(QColor(31, 119, 180), 1.8));
    plot_->addGraph()->setName(tr("validation"));
    plot_->graph(1)->setPen(QPen(QColor(214, 39, 40), 1.8));
    plot_->xAxis->setRange(0, 10);
    plot_->yAxis->setRange(1e-6, 1);

    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    status_ = new QLabel(this);
    status_->setObjectName("narxTrainingStatus");
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (circuitPath.isEmpty())
        status_->setText(tr("The circuit is not saved: you can train, but Add to circuit needs the file (the model is written beside it)."));
    else
        status_->setText(tr("The model will be written to %1").arg(job_->modelPath().isEmpty() ? QString() : job_->modelPath()));

    start_ = new QPushButton(tr("Train"), this);
    start_->setObjectName("narxStart");
    cancel_ = new QPushButton(tr("Cancel training"), this);
    cancel_->setObjectName("narxCancel");
    cancel_->setEnabled(false);
    attach_ = new QPushButton(tr("Add to circuit"), this);
    attach_->setObjectName("narxAttach");
    attach_->setEnabled(false);
    attach_->setToolTip(tr("Write the model beside the circuit and add the configuration that runs it (undoable)"));
    auto* close = new QPushButton(tr("Close"), this);
    connect(start_, &QPushButton::clicked, this, &NarxTrainDialog::startTraining);
    connect(cancel_, &QPushButton::clicked, job_, &NarxTrainingJob::cancel);
    connect(attach_, &QPushButton::clicked, this, &NarxTrainDialog::attach);
    connect(close, &QPushButton::clicked, this, &QDialog::reject);

    auto* left = new QVBoxLayout;
    left->addWidget(dataBox);
    left->addWidget(netBox);
    left->addStretch(1);
    auto* top = new QHBoxLayout;
    top->addLayout(left);
    top->addWidget(plot_, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(start_);
    buttons->addWidget(cancel_);
    buttons->addStretch(1);
    buttons->addWidget(attach_);
    buttons->addWidget(close);
    auto* lay = new QVBoxLayout(this);
    lay->addLayout(top, 1);
    lay->addWidget(progress_);
    lay->addWidget(status_);
    lay->addLayout(buttons);
    resize(1000, 620);

    connect(job_, &NarxTrainingJob::phaseChanged, this, &NarxTrainDialog::onPhase);
    connect(job_, &NarxTrainingJob::epochFinished, this, &NarxTrainDialog::onEpoch);
    connect(job_, &NarxTrainingJob::dataProgress, this, &NarxTrainDialog::updateStatus);
    tick_->setInterval(1000);
    connect(tick_, &QTimer::timeout, this, &NarxTrainDialog::updateStatus);
}

bool NarxTrainDialog::readSettings(NarxTrainingSettings& s, QString* error) const {
    s = defaultNarxTrainingSettings(doc_.circuit(), volume_);
    auto fail = [&](const QString& e) {
        if (error) *error = e;
        return false;
    };
    s.dataConfig = dataConfig_->currentData().toString();
    if (!duration_->value() || !interval_->value()) return fail(tr("give the duration and the sample interval"));
    s.duration = *duration_->value();
    s.sampleInterval = *interval_->value();
    if (const QString src = randomSource_->currentData().toString(); !src.isEmpty()) {
        hs::learn::RandomExcitation x;
        x.component = src.toStdString();
        x.min = randMin_->value().value_or(-10);
        x.max = randMax_->value().value_or(10);
        x.period = randPeriod_->value().value_or(0.5);
        x.seed = static_cast<std::uint64_t>(randSeed_->value());
        if (!(x.max >= x.min) || !(x.period > 0)) return fail(tr("random excitation: need lowest <= highest level and a hold time > 0"));
        s.random.push_back(x);
    }
    s.train.hidden.clear();
    for (const QString& n : neurons_->text().split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int k = n.trimmed().toInt(&ok);
        if (!ok || k < 1 || k > 1000) return fail(tr("hidden layers '%1': expected sizes 1..1000, comma separated").arg(neurons_->text()));
        s.train.hidden.push_back(k);
    }
    if (s.train.hidden.empty()) return fail(tr("give at least one hidden layer"));
    hs::learn::parseActivation(activation_->currentText().toStdString(), s.train.activation);
    s.train.delay = delay_->value();
    s.train.seed = static_cast<std::uint64_t>(seed_->value());
    hs::learn::parseTrainer(trainer_->currentData().toString().toStdString(), s.train.trainer);
    s.train.lm.maxEpochs = s.train.adam.maxEpochs = epochs_->value();
    s.train.lm.maxFail = s.train.adam.maxFail = maxFail_->value();
    s.train.adam.batchSize = batch_->value();
    bool ok = false;
    s.train.adam.learningRate = rate_->text().toDouble(&ok);
    if (!ok || !(s.train.adam.learningRate > 0)) return fail(tr("learning rate '%1' is not a positive number").arg(rate_->text()));
    s.configName = configName_->text().trimmed();
    if (s.configName.isEmpty()) return fail(tr("give the configuration a name"));
    return true;
}

void NarxTrainDialog::startTraining() {
    NarxTrainingSettings s;
    QString e;
    if (!readSettings(s, &e) || !job_->start(s)) {
        status_->setText(tr("Cannot start: %1").arg(e.isEmpty() ? job_->error() : e));
        return;
    }
    for (int g = 0; g < 2; ++g) plot_->graph(g)->data()->clear();
    plot_->replot();
    tick_->start();
    updateStatus();
}

void NarxTrainDialog::onPhase() {
    const bool busy = job_->running();
    start_->setEnabled(!busy);
    cancel_->setEnabled(busy);
    attach_->setEnabled(job_->hasModel());
    start_->setText(job_->hasData() ? tr("Train again") : tr("Train"));
    if (!busy) {
        tick_->stop();
        plot_->replot();  // the last epoch's queued replot may not have run yet
    }
    updateStatus();
}

void NarxTrainDialog::onEpoch() {
    const auto& ep = job_->epochs();
    if (ep.empty()) return;
    const auto& r = ep.back();
    plot_->graph(0)->addData(r.epoch, r.trainMse);
    if (r.validationMse > 0) plot_->graph(1)->addData(r.epoch, r.validationMse);
    double lo = INFINITY, hi = 0;
    for (const auto& e : ep)
        for (double v : {e.trainMse, e.validationMse})
            if (v > 0) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
    plot_->xAxis->setRange(0, std::max(10, r.epoch + 1));
    if (hi > 0) plot_->yAxis->setRange(lo / 2, hi * 2);
    plot_->replot(QCustomPlot::rpQueuedReplot);
    updateStatus();
}

void NarxTrainDialog::updateStatus() {
    using P = NarxTrainingJob::Phase;
    const auto& s = job_->settings();
    const double left = job_->remainingSeconds();
    QString text;
    switch (job_->phase()) {
    case P::Idle: return;
    case P::Data:
        progress_->setValue(static_cast<int>(1000 * job_->dataFraction()));
        text = tr("Data run: %1 of %2 s simulated, %3 elapsed, about %4 left")
                   .arg(job_->dataFraction() * s.duration, 0, 'g', 3).arg(s.duration).arg(seconds(job_->elapsedSeconds()), seconds(left));
        break;
    case P::Training: {
        const auto& ep = job_->epochs();
        const int e = ep.empty() ? 0 : ep.back().epoch;
        progress_->setValue(1000 * e / std::max(1, s.train.maxEpochs()));
        text = ep.empty() ? tr("Training on %1 samples: first epoch...").arg(job_->dataRows())
                          : tr("Epoch %1 of at most %2: training MSE %3, validation MSE %4; %5 elapsed, at most %6 left "
                               "(early stopping may end sooner)")
                                .arg(e).arg(s.train.maxEpochs()).arg(ep.back().trainMse, 0, 'g', 3).arg(ep.back().validationMse, 0, 'g', 3)
                                .arg(seconds(job_->elapsedSeconds()), seconds(left));
        break;
    }
    case P::Finished: {
        const auto& r = job_->result();
        progress_->setValue(1000);
        text = tr("Done: %1 epochs (best %2, %3), validation MSE %4, test MSE %5, %6. Add to circuit writes %7.")
                   .arg(r.lm.epochs).arg(r.lm.bestEpoch).arg(QString::fromStdString(r.lm.stopReason))
                   .arg(r.lm.validationMse, 0, 'g', 3).arg(r.lm.testMse, 0, 'g', 3).arg(seconds(r.lm.seconds), job_->modelPath());
        break;
    }
    case P::Cancelled:
    case P::Failed:
        text = job_->error();
        if (job_->hasData()) text += tr(" The recorded data (%1 samples) is kept for the next training%2.")
                                         .arg(job_->dataRows()).arg(job_->dataPath().isEmpty() ? QString() : tr(" and in %1").arg(job_->dataPath()));
        break;
    }
    status_->setText(text);
}

void NarxTrainDialog::attach() {
    const QString e = job_->attach(doc_, undo_);
    if (!e.isEmpty()) {
        QMessageBox::warning(this, windowTitle(), e);
        return;
    }
    status_->setText(tr("Added configuration '%1' (narx on %2, model %3); the method picker offers narx for %2.")
                         .arg(job_->settings().configName, volume_, job_->modelPath()));
    attach_->setEnabled(false);
    emit attached();
}

void NarxTrainDialog::reject() {
    if (job_->running()) {
        job_->cancel();
        QEventLoop wait;
        connect(job_, &NarxTrainingJob::finished, &wait, &QEventLoop::quit);
        if (job_->running()) wait.exec();
    }
    QDialog::reject();
}

}  // namespace hs::gui
