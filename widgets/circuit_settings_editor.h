// SPDX-License-Identifier: GPL-3.0-or-later
// The circuit-level settings: name, description, fluid (density, bulk-modulus model and its
// constants) and the simulation span and pressure bounds. Each field edit is one undo step.
#pragma once

#include <QWidget>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;

namespace hs::widgets {

class CircuitScene;
class QuantityEdit;

class CircuitSettingsEditor : public QWidget {
    Q_OBJECT
public:
    explicit CircuitSettingsEditor(CircuitScene& scene, QWidget* parent = nullptr);

private:
    void refresh();
    QuantityEdit* number(const QString& name, const QString& unit, double min, double max);
    void commit(const QString& field);

    CircuitScene& scene_;
    QLineEdit* name_;
    QPlainTextEdit* description_;
    QComboBox* model_;
    QComboBox* base_;
    QList<QuantityEdit*> numbers_;
    bool updating_ = false;
};

}  // namespace hs::widgets
