#include "configuration_editor.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <limits>

#include "circuit_scene.h"
#include "sim/stepper.h"
#include "commands/configs_command.h"
#include "model/circuit_document.h"
#include "quantity_edit.h"
#include "sim/registry.h"

namespace hs::widgets {

ConfigurationEditor::ConfigurationEditor(CircuitScene& scene, QWidget* parent)
    : QWidget(parent), scene_(scene), list_(new QListWidget(this)), add_(new QPushButton(tr("Add"), this)),
      dup_(new QPushButton(tr("Duplicate"), this)), del_(new QPushButton(tr("Delete"), this)),
      ref_(new QPushButton(tr("Reference"), this)), description_(new QLineEdit(this)), stepper_(new QComboBox(this)),
      dt_(new QuantityEdit(this)), rtol_(new QuantityEdit(this)), atol_(new QuantityEdit(this)),
      maxStep_(new QuantityEdit(this)), methods_(new QTableWidget(this)) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    list_->setMaximumHeight(110);
    list_->setToolTip(tr("Double-click a name to rename it. The reference (bold) is what the others are compared with."));
    lay->addWidget(list_);
    auto* buttons = new QHBoxLayout;
    for (auto* b : {add_, dup_, del_, ref_}) buttons->addWidget(b);
    ref_->setToolTip(tr("Mark the selected configuration as the reference"));
    lay->addLayout(buttons);
    auto* form = new QFormLayout;
    form->addRow(tr("Description"), description_);
    for (const auto& s : hs::sim::stepperNames()) stepper_->addItem(QString::fromStdString(s));
    stepper_->setItemData(0, tr("explicit Euler, fixed step"), Qt::ToolTipRole);
    stepper_->setItemData(1, tr("classical Runge-Kutta 4, fixed step"), Qt::ToolTipRole);
    stepper_->setItemData(2, tr("Dormand-Prince 5(4), adaptive"), Qt::ToolTipRole);
    stepper_->setItemData(3, tr("SUNDIALS CVODE BDF, adaptive (ground truth)"), Qt::ToolTipRole);
    form->addRow(tr("Stepper"), stepper_);
    dt_->setQuantity("s", 1e-15, inf);
    rtol_->setQuantity("-", 1e-16, 1);
    atol_->setQuantity("-", 1e-16, inf);
    maxStep_->setQuantity("s", 0, inf);
    form->addRow(tr("Step / initial step"), dt_);
    form->addRow(tr("Rel. tolerance"), rtol_);
    form->addRow(tr("Abs. tolerance"), atol_);
    form->addRow(tr("Max. step (0: none)"), maxStep_);
    lay->addLayout(form);
    lay->addWidget(new QLabel(tr("Pressure method per volume:"), this));
    methods_->setColumnCount(2);
    methods_->setHorizontalHeaderLabels({tr("Volume"), tr("Method")});
    methods_->horizontalHeader()->setStretchLastSection(true);
    methods_->verticalHeader()->hide();
    lay->addWidget(methods_, 1);

    connect(add_, &QPushButton::clicked, this, &ConfigurationEditor::addConfig);
    connect(dup_, &QPushButton::clicked, this, &ConfigurationEditor::duplicateConfig);
    connect(del_, &QPushButton::clicked, this, &ConfigurationEditor::deleteConfig);
    connect(ref_, &QPushButton::clicked, this, &ConfigurationEditor::markReference);
    connect(list_, &QListWidget::currentRowChanged, this, [this] {
        if (updating_) return;
        showDetails();
        if (int i = current(); i >= 0) scene_.setCurrentConfig(scene_.document().circuit().configs[size_t(i)].name);
    });
    connect(list_, &QListWidget::itemChanged, this, [this](QListWidgetItem* it) {
        if (updating_) return;
        const int i = list_->row(it);
        const QString name = it->text().trimmed();
        const auto& cfgs = scene_.document().circuit().configs;
        if (name.isEmpty() || scene_.document().circuit().config(name)) {
            refresh();  // empty or duplicate names are not allowed: the file format needs them unique
            return;
        }
        const QString old = cfgs[size_t(i)].name;
        edit(tr("Rename configuration %1").arg(old), [&](auto& v) { v[size_t(i)].name = name; });
        if (scene_.currentConfig() == old) scene_.setCurrentConfig(name);
    });
    connect(description_, &QLineEdit::editingFinished, this, [this] {
        const int i = current();
        if (i < 0 || description_->text() == scene_.document().circuit().configs[size_t(i)].description) return;
        edit(tr("Configuration description"), [&](auto& v) { v[size_t(i)].description = description_->text(); });
    });
    connect(stepper_, &QComboBox::activated, this, [this] {
        const int i = current();
        if (i >= 0) edit(tr("Stepper %1").arg(stepper_->currentText()), [&](auto& v) { v[size_t(i)].stepper = stepper_->currentText(); });
    });
    auto numeric = [this](QuantityEdit* e, double hs::model::SolverConfigDoc::*member, const QString& what) {
        connect(e, &QuantityEdit::committed, this, [this, e, member, what](const QVariant& value) {
            const int i = current();
            if (i < 0 || !value.isValid()) return;
            edit(what, [&](auto& v) { v[size_t(i)].*member = value.toDouble(); },
                 "cfg/" + QString::number(i) + '/' + what);
            (void)e;
        });
    };
    numeric(dt_, &hs::model::SolverConfigDoc::dt, tr("step"));
    numeric(rtol_, &hs::model::SolverConfigDoc::rtol, tr("rtol"));
    numeric(atol_, &hs::model::SolverConfigDoc::atol, tr("atol"));
    numeric(maxStep_, &hs::model::SolverConfigDoc::maxStep, tr("max step"));
    connect(&scene_.document(), &hs::model::CircuitDocument::configsChanged, this, &ConfigurationEditor::refresh);
    connect(&scene_.document(), &hs::model::CircuitDocument::reset, this, &ConfigurationEditor::refresh);
    connect(&scene_.document(), &hs::model::CircuitDocument::componentAdded, this, &ConfigurationEditor::showDetails);
    connect(&scene_.document(), &hs::model::CircuitDocument::componentRemoved, this, &ConfigurationEditor::showDetails);
    refresh();
}

int ConfigurationEditor::current() const {
    const int i = list_->currentRow();
    return i >= 0 && i < static_cast<int>(scene_.document().circuit().configs.size()) ? i : -1;
}

void ConfigurationEditor::edit(const QString& text, const std::function<void(std::vector<hs::model::SolverConfigDoc>&)>& f,
                               const QString& mergeKey) {
    auto v = scene_.document().circuit().configs;
    f(v);
    if (v == scene_.document().circuit().configs) return;
    scene_.undoStack().push(new ConfigsCommand(&scene_.document(), v, text, mergeKey));
}

QString ConfigurationEditor::uniqueName(const QString& base) const {
    if (!scene_.document().circuit().config(base)) return base;
    for (int n = 2;; ++n)
        if (!scene_.document().circuit().config(base + ' ' + QString::number(n))) return base + ' ' + QString::number(n);
}

void ConfigurationEditor::addConfig() {
    hs::model::SolverConfigDoc c;
    c.name = uniqueName(tr("RK4 1e-5"));
    c.reference = scene_.document().circuit().configs.empty();
    edit(tr("Add configuration %1").arg(c.name), [&](auto& v) { v.push_back(c); });
    list_->setCurrentRow(list_->count() - 1);
}

void ConfigurationEditor::duplicateConfig() {
    const int i = current();
    if (i < 0) return;
    auto c = scene_.document().circuit().configs[size_t(i)];
    c.name = uniqueName(c.name + tr(" copy"));
    c.reference = false;
    edit(tr("Duplicate configuration %1").arg(c.name), [&](auto& v) { v.insert(v.begin() + i + 1, c); });
    list_->setCurrentRow(i + 1);
}

void ConfigurationEditor::deleteConfig() {
    const int i = current();
    if (i < 0) return;
    edit(tr("Delete configuration %1").arg(scene_.document().circuit().configs[size_t(i)].name), [&](auto& v) {
        const bool wasRef = v[size_t(i)].reference;
        v.erase(v.begin() + i);
        // Exactly one reference must remain (file format): the first one takes over.
        if (wasRef && !v.empty()) v.front().reference = true;
    });
}

void ConfigurationEditor::markReference() {
    const int i = current();
    if (i < 0) return;
    edit(tr("Reference: %1").arg(scene_.document().circuit().configs[size_t(i)].name), [&](auto& v) {
        for (size_t k = 0; k < v.size(); ++k) v[k].reference = static_cast<int>(k) == i;
    });
}

void ConfigurationEditor::refresh() {
    updating_ = true;
    const int row = std::max(0, list_->currentRow());
    list_->clear();
    for (const auto& c : scene_.document().circuit().configs) {
        auto* it = new QListWidgetItem(c.name, list_);
        it->setFlags(it->flags() | Qt::ItemIsEditable);
        QFont f = it->font();
        f.setBold(c.reference);
        it->setFont(f);
        it->setToolTip(c.description);
    }
    const int n = list_->count();
    int sel = std::min(row, n - 1);
    for (int k = 0; k < n; ++k)
        if (list_->item(k)->text() == scene_.currentConfig()) sel = k;
    list_->setCurrentRow(sel);
    updating_ = false;
    showDetails();
}

void ConfigurationEditor::showDetails() {
    const int i = current();
    for (QWidget* w : std::initializer_list<QWidget*>{dup_, del_, ref_, description_, stepper_, dt_, rtol_, atol_, maxStep_, methods_})
        w->setEnabled(i >= 0);
    methods_->setRowCount(0);
    if (i < 0) return;
    updating_ = true;
    const auto& c = scene_.document().circuit().configs[size_t(i)];
    if (!description_->hasFocus()) description_->setText(c.description);
    stepper_->setCurrentText(c.stepper);
    dt_->setValue(c.dt);
    rtol_->setValue(c.rtol);
    atol_->setValue(c.atol);
    maxStep_->setValue(c.maxStep);
    const bool adaptive = !hs::sim::isFixedStepper(c.stepper.toStdString());
    // Implicit fixed-step steppers use rtol/atol as their Newton tolerances.
    const bool tolerances = adaptive || c.stepper == "implicit_euler" || c.stepper == "sdirk2";
    rtol_->setEnabled(tolerances);
    atol_->setEnabled(tolerances);
    maxStep_->setEnabled(adaptive);
    for (const auto& comp : scene_.document().circuit().components) {
        if (comp.type != "Volume") continue;
        const int r = methods_->rowCount();
        methods_->insertRow(r);
        methods_->setItem(r, 0, new QTableWidgetItem(comp.id));
        methods_->item(r, 0)->setFlags(Qt::ItemIsEnabled);
        auto* box = new QComboBox(methods_);
        for (const auto* m : scene_.registry().methods()) box->addItem(QString::fromStdString(m->title), QString::fromStdString(m->id));
        auto it = c.methods.find(comp.id);
        box->setCurrentIndex(box->findData(it == c.methods.end() ? QStringLiteral("integrate") : it->second.method));
        const QString vol = comp.id;
        connect(box, &QComboBox::activated, this, [this, i, vol, box] {
            const QString m = box->currentData().toString();
            edit(tr("%1: %2").arg(vol, m), [&](auto& v) {
                auto& cfg = v[size_t(i)];
                auto cur = cfg.methods.find(vol);
                if (cur != cfg.methods.end() && cur->second.method == m) return;
                if (m == "integrate") cfg.methods.erase(vol);
                else cfg.methods[vol] = hs::model::MethodDoc{m, {}, {}};
            });
        });
        methods_->setCellWidget(r, 1, box);
    }
    methods_->resizeColumnToContents(0);
    updating_ = false;
}

}  // namespace hs::widgets
