// SPDX-License-Identifier: GPL-3.0-or-later
// The property editor, generated from the component's spec: id, every parameter with its unit
// and bounds (QuantityEdit), choices as combo boxes, and a help pane with the description, the
// ports, the equations and the source. A volume adds the method picker. Each edit is one
// undo step; typing over the same value again merges (SetParameterCommand).
#pragma once

#include <QWidget>

class QFormLayout;
class QLabel;
class QLineEdit;
class QTextBrowser;

namespace hs::widgets {

class CircuitScene;
class MethodPanel;

class PropertyEditor : public QWidget {
    Q_OBJECT
public:
    explicit PropertyEditor(CircuitScene& scene, QWidget* parent = nullptr);
    // Empty: nothing selected.
    void showComponent(const QString& id);
    QString component() const { return id_; }
    MethodPanel* methodPanel() const { return methods_; }
    QLabel* messageLabel() const { return message_; }

private:
    void build();
    void refreshValues();
    void rename();
    void showMessage(const QString& text, bool error);
    // "" or why the component refuses `value` for `param` (its configure() says so).
    QString componentRefuses(const QString& param, double value) const;

    CircuitScene& scene_;
    QString id_;
    QWidget* form_;
    QFormLayout* formLayout_;
    QLineEdit* idEdit_ = nullptr;
    QLabel* title_;
    QLabel* message_;
    MethodPanel* methods_;
    QTextBrowser* help_;
};

}  // namespace hs::widgets
