// SPDX-License-Identifier: GPL-3.0-or-later
#include "method_params_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPixmap>

#include "method_style.h"
#include "model/circuit.h"
#include "quantity_edit.h"
#include "sim/registry.h"

namespace hs::widgets {

void fillMethodCombo(QComboBox* box, const hs::sim::Registry& reg) {
    for (const auto* m : reg.methods()) {
        const QString id = QString::fromStdString(m->id);
        QPixmap sw(12, 12);
        sw.fill(MethodStyle::of(id).color);
        box->addItem(QIcon(sw), QString::fromStdString(m->title), id);
        box->setItemData(box->count() - 1, QString::fromStdString(m->description), Qt::ToolTipRole);
    }
}

QString defaultMethodId(const hs::model::SolverConfigDoc* cfg) {
    return cfg && cfg->defaultMethod ? cfg->defaultMethod->method : QStringLiteral("integrate");
}

QString effectiveMethod(const hs::model::SolverConfigDoc* cfg, const QString& volumeId) {
    if (!cfg) return QStringLiteral("integrate");
    auto it = cfg->methods.find(volumeId);
    return it != cfg->methods.end() ? it->second.method : defaultMethodId(cfg);
}

MethodParamsForm::MethodParamsForm(QString objectPrefix, QWidget* parent)
    : QWidget(parent), prefix_(std::move(objectPrefix)), form_(new QFormLayout(this)) {
    form_->setContentsMargins(0, 0, 0, 0);
}

void MethodParamsForm::build(const hs::sim::MethodSpec* spec, const std::map<QString, double>& set) {
    updating_ = true;
    while (form_->rowCount() > 0) form_->removeRow(0);
    spec_ = spec;
    if (spec) {
        for (const auto& p : spec->params) {
            const QString name = QString::fromStdString(p.name);
            auto* label = new QLabel(name, this);
            label->setToolTip(QString::fromStdString(p.description));
            const auto given = set.find(name);
            if (p.kind == hs::sim::ParamKind::Choice) {
                // Method choices are stored as the option index (file-format.md).
                auto* box = new QComboBox(this);
                box->setObjectName(prefix_ + name);
                for (const auto& c : p.choices) box->addItem(QString::fromStdString(c));
                box->setCurrentIndex(given != set.end() ? static_cast<int>(given->second) : static_cast<int>(p.def));
                box->setToolTip(QString::fromStdString(p.description));
                connect(box, &QComboBox::currentIndexChanged, this, [this, name](int i) {
                    if (!updating_) emit paramChanged(name, double(i));
                });
                form_->addRow(label, box);
                continue;
            }
            if (p.kind == hs::sim::ParamKind::Text) {
                // A file (narx: the trained model) is set in the circuit file, e.g. by
                // hydrostiff-cli learn narx --attach; not edited here.
                auto* note = new QLabel(tr("set by Simulation > Train Surrogate... (or hydrostiff-cli learn narx --attach)"), this);
                note->setToolTip(QString::fromStdString(p.description));
                form_->addRow(label, note);
                continue;
            }
            auto* e = new QuantityEdit(this);
            e->setObjectName(prefix_ + name);
            e->setQuantity(QString::fromStdString(p.unit), p.min, p.max, p.def);
            e->setValue(given != set.end() ? std::optional<double>(given->second) : std::nullopt);
            connect(e, &QuantityEdit::committed, this, [this, name](const QVariant& v) {
                if (!updating_) emit paramChanged(name, v);
            });
            form_->addRow(label, e);
        }
    }
    updating_ = false;
}

void MethodParamsForm::setValues(const std::map<QString, double>& set) {
    if (!spec_) return;
    updating_ = true;
    for (const auto& p : spec_->params) {
        const QString name = QString::fromStdString(p.name);
        const auto given = set.find(name);
        if (auto* e = findChild<QuantityEdit*>(prefix_ + name)) {
            if (!e->hasFocus()) e->setValue(given != set.end() ? std::optional<double>(given->second) : std::nullopt);
        } else if (auto* box = findChild<QComboBox*>(prefix_ + name)) {
            box->setCurrentIndex(given != set.end() ? static_cast<int>(given->second) : static_cast<int>(p.def));
        }
    }
    updating_ = false;
}

}  // namespace hs::widgets
