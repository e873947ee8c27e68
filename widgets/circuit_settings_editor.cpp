// SPDX-License-Identifier: GPL-3.0-or-later
#include "circuit_settings_editor.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QUndoStack>
#include <QVBoxLayout>

#include <limits>

#include "circuit_scene.h"
#include "commands/settings_command.h"
#include "model/circuit_document.h"
#include "quantity_edit.h"

namespace hs::widgets {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

// The numeric fields in the order they are created, and where each lives in the settings.
double* field(hs::model::CircuitSettings& s, const QString& n) {
    auto& b = s.fluid.bulk;
    if (n == "density") return &s.fluid.density;
    if (n == "Be") return &b.value;
    if (n == "a1") return &b.a1;
    if (n == "a2") return &b.a2;
    if (n == "a3") return &b.a3;
    if (n == "Emax") return &b.emax;
    if (n == "pmax") return &b.pmax;
    if (n == "min_arg") return &b.minArg;
    if (n == "duration") return &s.duration;
    if (n == "record_interval") return &s.recordInterval;
    if (n == "p_min") return &s.pMin;
    if (n == "p_max") return &s.pMax;
    return nullptr;
}
}  // namespace

CircuitSettingsEditor::CircuitSettingsEditor(CircuitScene& scene, QWidget* parent)
    : QWidget(parent), scene_(scene), name_(new QLineEdit(this)), description_(new QPlainTextEdit(this)),
      model_(new QComboBox(this)), base_(new QComboBox(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    auto* general = new QFormLayout;
    general->addRow(tr("Name"), name_);
    description_->setMaximumHeight(70);
    general->addRow(tr("Description"), description_);
    lay->addLayout(general);

    auto* fluid = new QGroupBox(tr("Fluid"), this);
    auto* ff = new QFormLayout(fluid);
    ff->addRow(tr("Density"), number("density", "kg/m3", 1e-9, kInf));
    model_->addItem(tr("constant"));
    model_->addItem(tr("log law (Jelali & Kroll)"));
    ff->addRow(tr("Bulk modulus"), model_);
    ff->addRow(tr("Be (constant)"), number("Be", "Pa", 1e-9, kInf));
    ff->addRow(tr("a1"), number("a1", "-", -kInf, kInf));
    ff->addRow(tr("a2"), number("a2", "-", -kInf, kInf));
    ff->addRow(tr("a3"), number("a3", "-", -kInf, kInf));
    ff->addRow(tr("Emax"), number("Emax", "Pa", 1e-9, kInf));
    ff->addRow(tr("pmax"), number("pmax", "Pa", 1e-9, kInf));
    base_->addItem("10");
    base_->addItem("e");
    ff->addRow(tr("log base"), base_);
    ff->addRow(tr("min. log argument"), number("min_arg", "-", 1.0 + 1e-12, kInf));
    lay->addWidget(fluid);

    auto* sim = new QGroupBox(tr("Simulation"), this);
    auto* sf = new QFormLayout(sim);
    sf->addRow(tr("Duration"), number("duration", "s", 1e-12, kInf));
    sf->addRow(tr("Record interval"), number("record_interval", "s", 1e-12, kInf));
    sf->addRow(tr("p min (divergence)"), number("p_min", "Pa", -kInf, kInf));
    sf->addRow(tr("p max (divergence)"), number("p_max", "Pa", -kInf, kInf));
    lay->addWidget(sim);
    lay->addStretch(1);

    connect(name_, &QLineEdit::editingFinished, this, [this] { commit("name"); });
    connect(description_, &QPlainTextEdit::textChanged, this, [this] { commit("description"); });
    connect(model_, &QComboBox::activated, this, [this] { commit("bulk modulus model"); });
    connect(base_, &QComboBox::activated, this, [this] { commit("log base"); });
    connect(&scene_.document(), &hs::model::CircuitDocument::settingsChanged, this, &CircuitSettingsEditor::refresh);
    connect(&scene_.document(), &hs::model::CircuitDocument::reset, this, &CircuitSettingsEditor::refresh);
    refresh();
}

QuantityEdit* CircuitSettingsEditor::number(const QString& name, const QString& unit, double min, double max) {
    auto* e = new QuantityEdit(this);
    e->setObjectName("setting_" + name);
    e->setQuantity(unit, min, max);
    connect(e, &QuantityEdit::committed, this, [this, name] { commit(name); });
    numbers_ << e;
    return e;
}

void CircuitSettingsEditor::commit(const QString& fieldName) {
    if (updating_) return;
    auto s = hs::model::CircuitSettings::of(scene_.document().circuit());
    s.name = name_->text();
    s.description = description_->toPlainText();
    s.fluid.bulk.model = model_->currentIndex() == 0 ? hs::sim::BulkModulus::Model::Constant : hs::sim::BulkModulus::Model::LogLaw;
    s.fluid.bulk.naturalLog = base_->currentIndex() == 1;
    for (QuantityEdit* e : numbers_)
        if (double* f = field(s, e->objectName().mid(8)); f && e->value()) *f = *e->value();
    if (s.pMin >= s.pMax) {
        refresh();  // p_min < p_max is required by the file format
        return;
    }
    if (s == hs::model::CircuitSettings::of(scene_.document().circuit())) return;
    scene_.undoStack().push(new SettingsCommand(&scene_.document(), s, fieldName));
}

void CircuitSettingsEditor::refresh() {
    updating_ = true;
    auto s = hs::model::CircuitSettings::of(scene_.document().circuit());
    if (!name_->hasFocus()) name_->setText(s.name);
    if (!description_->hasFocus() && description_->toPlainText() != s.description) description_->setPlainText(s.description);
    model_->setCurrentIndex(s.fluid.bulk.model == hs::sim::BulkModulus::Model::Constant ? 0 : 1);
    base_->setCurrentIndex(s.fluid.bulk.naturalLog ? 1 : 0);
    const bool log = model_->currentIndex() == 1;
    for (QuantityEdit* e : numbers_) {
        const QString n = e->objectName().mid(8);
        if (double* f = field(s, n); f && !e->hasFocus()) e->setValue(*f);
        if (n == "Be") e->setEnabled(!log);
        if (n == "a1" || n == "a2" || n == "a3" || n == "Emax" || n == "pmax" || n == "min_arg") e->setEnabled(log);
    }
    base_->setEnabled(log);
    updating_ = false;
}

}  // namespace hs::widgets
