#include "method_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include "circuit_scene.h"
#include "commands/configs_command.h"
#include "method_style.h"
#include "model/circuit_document.h"
#include "quantity_edit.h"
#include "sim/registry.h"
#include "stiffness_guide.h"

namespace hs::widgets {

MethodPanel::MethodPanel(CircuitScene& scene, QWidget* parent)
    : QWidget(parent), scene_(scene), doc_(scene.document()), reg_(scene.registry()), undo_(scene.undoStack()),
      config_(new QComboBox(this)), method_(new QComboBox(this)), description_(new QLabel(this)),
      params_(new QWidget(this)), paramForm_(new QFormLayout(params_)), guidance_(new QLabel(this)),
      apply_(new QPushButton(tr("Apply suggestion"), this)), guideTimer_(new QTimer(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout;
    form->addRow(tr("Configuration"), config_);
    form->addRow(tr("Pressure method"), method_);
    lay->addLayout(form);
    description_->setWordWrap(true);
    description_->setStyleSheet("color:#555");
    lay->addWidget(description_);
    paramForm_->setContentsMargins(0, 0, 0, 0);
    lay->addWidget(params_);
    guidance_->setWordWrap(true);
    guidance_->setTextFormat(Qt::RichText);
    guidance_->setFrameShape(QFrame::StyledPanel);
    guidance_->setMargin(4);
    guidance_->setObjectName("stiffnessGuidance");
    lay->addWidget(guidance_);
    lay->addWidget(apply_);
    config_->setObjectName("configCombo");
    for (QComboBox* b : {config_, method_}) {
        b->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        b->setMinimumContentsLength(12);
    }
    method_->setObjectName("methodCombo");
    config_->setToolTip(tr("The solver configuration whose method you edit; the canvas badges show this configuration"));
    for (const auto* m : reg_.methods()) {
        const QString id = QString::fromStdString(m->id);
        QPixmap sw(12, 12);
        sw.fill(MethodStyle::of(id).color);
        method_->addItem(QIcon(sw), QString::fromStdString(m->title), id);
        method_->setItemData(method_->count() - 1, QString::fromStdString(m->description), Qt::ToolTipRole);
    }
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
    method_->setEnabled(!doc_.circuit().configs.empty());
    if (m != shownMethod_) {
        shownMethod_ = m;
        rebuildParams();
    } else {
        // Same method: refresh the shown values (undo, another view) without losing focus.
        const auto* cfg = doc_.circuit().config(scene_.currentConfig());
        const auto it = cfg ? cfg->methods.find(volume_) : decltype(cfg->methods.end())();
        for (QuantityEdit* e : params_->findChildren<QuantityEdit*>()) {
            if (e->hasFocus()) continue;
            std::optional<double> v;
            if (cfg && it != cfg->methods.end())
                if (auto p = it->second.params.find(e->objectName().mid(7)); p != it->second.params.end()) v = p->second;
            e->setValue(v);
        }
    }
    updating_ = false;
    guideTimer_->start();
}

void MethodPanel::rebuildParams() {
    while (paramForm_->rowCount() > 0) paramForm_->removeRow(0);
    const auto* spec = reg_.findMethod(shownMethod_.toStdString());
    description_->setText(spec ? QString::fromStdString(spec->description) : QString());
    if (!spec) return;
    const auto* cfg = doc_.circuit().config(scene_.currentConfig());
    std::map<QString, double> set;
    if (cfg)
        if (auto it = cfg->methods.find(volume_); it != cfg->methods.end()) set = it->second.params;
    for (const auto& p : spec->params) {
        const QString name = QString::fromStdString(p.name);
        auto* label = new QLabel(name, params_);
        label->setToolTip(QString::fromStdString(p.description));
        if (p.kind == hs::sim::ParamKind::Choice) {
            // Method choices are stored as the option index (file-format.md).
            auto* box = new QComboBox(params_);
            box->setObjectName("mparam_" + name);
            for (const auto& c : p.choices) box->addItem(QString::fromStdString(c));
            box->setCurrentIndex(set.count(name) ? static_cast<int>(set[name]) : static_cast<int>(p.def));
            box->setToolTip(QString::fromStdString(p.description));
            connect(box, &QComboBox::currentIndexChanged, this, [this, name](int i) { setParam(name, double(i)); });
            paramForm_->addRow(label, box);
            continue;
        }
        auto* e = new QuantityEdit(params_);
        e->setObjectName("mparam_" + name);
        e->setQuantity(QString::fromStdString(p.unit), p.min, p.max, p.def);
        e->setValue(set.count(name) ? std::optional<double>(set[name]) : std::nullopt);
        connect(e, &QuantityEdit::committed, this, [this, name](const QVariant& v) { setParam(name, v); });
        paramForm_->addRow(label, e);
    }
}

void MethodPanel::setMethod(const QString& methodId) {
    auto configs = doc_.circuit().configs;
    for (auto& cfg : configs) {
        if (cfg.name != scene_.currentConfig()) continue;
        auto it = cfg.methods.find(volume_);
        const QString now = it == cfg.methods.end() ? QStringLiteral("integrate") : it->second.method;
        if (now == methodId) return;
        // "integrate" without parameters is what an absent entry means: keep the file minimal.
        if (methodId == "integrate") cfg.methods.erase(volume_);
        else cfg.methods[volume_] = hs::model::MethodDoc{methodId, {}, {}};
        undo_.push(new ConfigsCommand(&doc_, configs, tr("%1: %2 in %3").arg(volume_, methodId, cfg.name)));
        return;
    }
}

void MethodPanel::setParam(const QString& name, const QVariant& value) {
    if (updating_) return;
    auto configs = doc_.circuit().configs;
    for (auto& cfg : configs) {
        if (cfg.name != scene_.currentConfig()) continue;
        auto& m = cfg.methods[volume_];
        m.method = shownMethod_;
        if (value.isValid()) m.params[name] = value.toDouble();
        else m.params.erase(name);
        undo_.push(new ConfigsCommand(&doc_, configs, tr("%1: %2").arg(volume_, name),
                                      cfg.name + '/' + volume_ + '/' + name));
        return;
    }
}

void MethodPanel::updateGuidance() {
    if (volume_.isEmpty()) return;
    const StiffnessGuide g = StiffnessGuide::compute(doc_.circuit(), reg_, scene_.currentConfig(), volume_);
    guidance_->setText(g.html());
    suggested_ = g.ok ? QString::fromStdString(g.suggestion.method) : QString();
    apply_->setEnabled(g.ok && suggested_ != scene_.methodOf(volume_));
    apply_->setText(g.ok ? tr("Apply suggestion: %1").arg(suggested_) : tr("Apply suggestion"));
}

}  // namespace hs::widgets
