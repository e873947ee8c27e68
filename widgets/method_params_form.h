// SPDX-License-Identifier: GPL-3.0-or-later
// The parameters of one pressure method as a form generated from its MethodSpec (numbers as
// QuantityEdit with unit and bounds, choices as a list stored by index), and the method picker
// filled from the registry. Shared by the per-volume method panel and the configuration editor's
// default method, so both show the same list, units and bounds.
#pragma once

#include <QVariant>
#include <QWidget>

#include <map>

class QComboBox;
class QFormLayout;

namespace hs::sim {
class Registry;
struct MethodSpec;
}  // namespace hs::sim
namespace hs::model {
struct SolverConfigDoc;
}

namespace hs::widgets {

// Every registered method, in registry order: title, id as item data, description as tooltip,
// the badge colour as icon.
void fillMethodCombo(QComboBox* box, const hs::sim::Registry& reg);

// The method a volume follows in a configuration: its override, else the configuration's
// default method, else integrate (cfg may be null).
QString effectiveMethod(const hs::model::SolverConfigDoc* cfg, const QString& volumeId);
// The configuration's default method id ("integrate" when it has none).
QString defaultMethodId(const hs::model::SolverConfigDoc* cfg);

class MethodParamsForm : public QWidget {
    Q_OBJECT
public:
    // Field object names are prefix + parameter name (e.g. "mparam_alpha").
    explicit MethodParamsForm(QString objectPrefix, QWidget* parent = nullptr);
    // Rebuilds the rows for spec (null: none); set holds the values given, the others show their
    // default (greyed).
    void build(const hs::sim::MethodSpec* spec, const std::map<QString, double>& set);
    // Shows new values without rebuilding (undo, another view); a focused field keeps its text.
    void setValues(const std::map<QString, double>& set);
    const hs::sim::MethodSpec* spec() const { return spec_; }
    QFormLayout* form() const { return form_; }

signals:
    // value: double in SI (a choice: its index), or invalid = back to the default.
    void paramChanged(const QString& name, const QVariant& value);

private:
    QString prefix_;
    QFormLayout* form_;
    const hs::sim::MethodSpec* spec_ = nullptr;
    bool updating_ = false;
};

}  // namespace hs::widgets
