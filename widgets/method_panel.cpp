// SPDX-License-Identifier: GPL-3.0-or-later
#include "method_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QThread>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <memory>

#include "circuit_scene.h"
#include "commands/configs_command.h"
#include "method_params_form.h"
#include "narx_model_choice.h"
#include "quick_check_view.h"
#include "model/circuit_document.h"
#include "service/quick_check.h"
#include "sim/registry.h"
#include "stiffness_guide.h"

namespace hs::widgets {

MethodPanel::MethodPanel(CircuitScene& scene, QWidget* parent)
    : QWidget(parent), scene_(scene), doc_(scene.document()), reg_(scene.registry()), undo_(scene.undoStack()),
      config_(new QComboBox(this)), method_(new QComboBox(this)), description_(new QLabel(this)),
      params_(new MethodParamsForm(QStringLiteral("mparam_"), this)), guidance_(new QLabel(this)),
      apply_(new QPushButton(tr("Apply suggestion"), this)), check_(new QPushButton(tr("Quick check"), this)),
      checkResult_(new QLabel(this)), guideTimer_(new QTimer(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout;
    form->addRow(tr("Configuration"), config_);
    form->addRow(tr("Pressure method"), method_);
    lay->addLayout(form);
    description_->setWordWrap(true);
    description_->setStyleSheet("color:#555");
    lay->addWidget(description_);
    lay->addWidget(params_);
    guidance_->setWordWrap(true);
    guidance_->setTextFormat(Qt::RichText);
    guidance_->setFrameShape(QFrame::StyledPanel);
    guidance_->setMargin(4);
    guidance_->setObjectName("stiffnessGuidance");
    lay->addWidget(guidance_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(check_);
    buttons->addWidget(apply_, 1);
    lay->addLayout(buttons);
    check_->setObjectName("quickCheck");
    check_->setToolTip(tr("Run this configuration as it is and with the suggested method over a fifth of the duration "
                          "against CVODE (every volume integrated, tolerance 1e-9) and compare their errors"));
    checkResult_->setWordWrap(true);
    checkResult_->setTextFormat(Qt::RichText);
    checkResult_->setObjectName("quickCheckResult");
    checkResult_->hide();
    lay->addWidget(checkResult_);
    connect(check_, &QPushButton::clicked, this, &MethodPanel::runQuickCheck);
    config_->setObjectName("configCombo");
    for (QComboBox* b : {config_, method_}) {
        b->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        b->setMinimumContentsLength(12);
    }
    method_->setObjectName("methodCombo");
    config_->setToolTip(tr("The solver configuration whose method you edit; the canvas badges show this configuration"));
    fillMethodCombo(method_, reg_);
    connect(params_, &MethodParamsForm::paramChanged, this, &MethodPanel::setParam);
    guideTimer_->setSingleShot(true);
    guideTimer_->setInterval(150);
    connect(guideTimer_, &QTimer::timeout, this, &MethodPanel::updateGuidance);
    connect(config_, &QComboBox::currentTextChanged, this, [this](const QString& name) {
        if (updating_ || name.isEmpty()) return;
        scene_.setCurrentConfig(name);
        refresh();
    });
    connect(method_, &QComboBox::currentIndexChanged, this, [this] {
        if (!updating_) setMethod(method_->currentData().toString());
    });
    connect(apply_, &QPushButton::clicked, this, [this] {
        if (!suggested_.isEmpty()) setMethod(suggested_);
    });
    connect(&doc_, &hs::model::CircuitDocument::changed, this, [this] {
        if (!volume_.isEmpty() && isVisible()) refresh();
    });
}

void MethodPanel::setVolume(const QString& id) {
    volume_ = id;
    shownMethod_.clear();
    refresh();
}

void MethodPanel::refresh() {
    if (volume_.isEmpty() || !doc_.component(volume_)) return;
    updating_ = true;
    config_->clear();
    for (const auto& cfg : doc_.circuit().configs) config_->addItem(cfg.name + (cfg.reference ? tr(" (reference)") : QString()), cfg.name);
    config_->setCurrentIndex(config_->findData(scene_.currentConfig()));
    const QString m = scene_.methodOf(volume_);
    method_->setCurrentIndex(method_->findData(m));
    markNarxEntry(method_, doc_.circuit(), volume_);
    method_->setEnabled(!doc_.circuit().configs.empty());
    if (m != shownMethod_) {
        shownMethod_ = m;
        rebuildParams();
    } else {
        // Same method: refresh the shown values (undo, another view) without losing focus.
        params_->setValues(shownParams());
    }
    const auto* spec = reg_.findMethod(shownMethod_.toStdString());
    QString text = spec ? QString::fromStdString(spec->description) : QString();
    if (const auto* cfg = doc_.circuit().config(scene_.currentConfig()); cfg && cfg->defaultMethod && !cfg->methods.count(volume_))
        text = tr("Follows the configuration's default method (set in the Configurations dock); picking another "
                  "method or editing a parameter overrides it for this volume.") + "\n\n" + text;
    description_->setText(text);
    updating_ = false;
    guideTimer_->start();
}

std::map<QString, double> MethodPanel::shownParams() const {
    const auto* cfg = doc_.circuit().config(scene_.currentConfig());
    if (!cfg) return {};
    if (auto it = cfg->methods.find(volume_); it != cfg->methods.end()) return it->second.params;
    // Following the default method: its parameters apply.
    if (cfg->defaultMethod) return cfg->defaultMethod->params;
    return {};
}

void MethodPanel::rebuildParams() { params_->build(reg_.findMethod(shownMethod_.toStdString()), shownParams()); }

void MethodPanel::setMethod(const QString& methodId) {
    auto configs = doc_.circuit().configs;
    for (auto& cfg : configs) {
        if (cfg.name != scene_.currentConfig()) continue;
        if (effectiveMethod(&cfg, volume_) == methodId) return;
        // The configuration's default method (integrate if none) is what an absent entry means:
        // picking it follows the default and keeps the file minimal.
        if (methodId == defaultMethodId(&cfg)) cfg.methods.erase(volume_);
        else cfg.methods[volume_] = pickedMethod(methodId, doc_.circuit(), volume_);
        undo_.push(new ConfigsCommand(&doc_, configs, tr("%1: %2 in %3").arg(volume_, methodId, cfg.name)));
        return;
    }
}

void MethodPanel::setParam(const QString& name, const QVariant& value) {
    if (updating_) return;
    auto configs = doc_.circuit().configs;
    for (auto& cfg : configs) {
        if (cfg.name != scene_.currentConfig()) continue;
        auto it = cfg.methods.find(volume_);
        if (it == cfg.methods.end()) {
            // A volume following the default gets its own entry, starting from the default's values.
            hs::model::MethodDoc m{shownMethod_, {}, {}};
            if (cfg.defaultMethod && cfg.defaultMethod->method == shownMethod_) m.params = cfg.defaultMethod->params;
            it = cfg.methods.emplace(volume_, m).first;
        }
        auto& m = it->second;
        m.method = shownMethod_;
        if (value.isValid()) m.params[name] = value.toDouble();
        else m.params.erase(name);
        undo_.push(new ConfigsCommand(&doc_, configs, tr("%1: %2 %3").arg(cfg.name, volume_, name),
                                      cfg.name + '/' + volume_ + '/' + name));
        return;
    }
}

void MethodPanel::updateGuidance() {
    if (volume_.isEmpty()) return;
    const StiffnessGuide g = StiffnessGuide::compute(doc_.circuit(), reg_, scene_.currentConfig(), volume_);
    ++guideGeneration_;  // a quick check still running is for the old guidance
    guidance_->setText(g.html());
    suggested_ = g.ok ? QString::fromStdString(g.suggestion.method) : QString();
    apply_->setEnabled(g.suggestsChange());
    apply_->setText(g.ok ? tr("Apply suggestion: %1").arg(suggested_) : tr("Apply suggestion"));
    check_->setEnabled(g.suggestsChange() && !checkThread_);
    checkResult_->clear();
    checkResult_->hide();
}

// On a worker thread (Circuit 1's check runs for seconds): the circuit is copied, the registry
// outlives the panel, and the destructor waits. A result that arrives after the guidance was
// recomputed (an edit, another volume or configuration) is dropped.
void MethodPanel::runQuickCheck() {
    if (volume_.isEmpty() || suggested_.isEmpty() || checkThread_) return;
    auto result = std::make_shared<hs::service::QuickCheck>();
    const hs::model::Circuit circuit = doc_.circuit();
    const hs::sim::Registry& reg = reg_;
    const QString config = scene_.currentConfig(), volume = volume_, method = suggested_;
    const int generation = guideGeneration_;
    checkThread_ = QThread::create([result, circuit, &reg, config, volume, method] {
        *result = hs::service::quickCheck(circuit, reg, config, volume, method);
    });
    check_->setEnabled(false);
    check_->setText(tr("Checking..."));
    connect(checkThread_, &QThread::finished, this, [this, result, generation] {
        checkThread_->deleteLater();
        checkThread_ = nullptr;
        check_->setText(tr("Quick check"));
        if (generation == guideGeneration_) showQuickCheck(*result);
        else check_->setEnabled(apply_->isEnabled());
        emit quickCheckFinished();
    });
    checkThread_->start();
}

void MethodPanel::showQuickCheck(const hs::service::QuickCheck& q) {
    check_->setEnabled(true);
    checkResult_->setText(quickCheckHtml(q));
    checkResult_->show();
    if (q.ok && q.contradicted) {
        apply_->setEnabled(false);
        apply_->setText(tr("Apply suggestion: %1 (the check contradicts it)").arg(suggested_));
    }
}

MethodPanel::~MethodPanel() {
    if (checkThread_) checkThread_->wait();
}

}  // namespace hs::widgets
