// SPDX-License-Identifier: GPL-3.0-or-later
// The circuit's solver configurations: add, rename (edit in the list), duplicate, delete, mark
// the reference, add an every-volume-TLM configuration; per configuration the stepper, its step
// or tolerances, the default pressure method (with its parameters) and the per-volume method
// overrides, and the parallel partitions (threads, components assigned by hand). Every change is
// one ConfigsCommand.
#pragma once

#include <QWidget>

#include <functional>

#include "model/circuit.h"

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QLineEdit;

namespace hs::sim {
struct StepperSpec;
}

namespace hs::widgets {

// The tooltip of a stepper in the editor's list: label, fixed/adaptive, implicit, description
// (all from the stepper's spec).
QString stepperToolTip(const hs::sim::StepperSpec& s);

class CircuitScene;
class MethodParamsForm;
class QuantityEdit;

class ConfigurationEditor : public QWidget {
    Q_OBJECT
public:
    explicit ConfigurationEditor(CircuitScene& scene, QWidget* parent = nullptr);
    QListWidget* list() const { return list_; }
    QComboBox* defaultMethodCombo() const { return defaultMethod_; }
    QComboBox* stepperCombo() const { return stepper_; }
    // The implicit steppers' Jacobian (file key "jacobian") and the right-hand side (file key "kernel").
    QComboBox* jacobianCombo() const { return jacobian_; }
    QComboBox* kernelCombo() const { return kernel_; }
    MethodParamsForm* defaultParams() const { return defaultParams_; }
    QTableWidget* methodsTable() const { return methods_; }
    // The method picker of a volume's row, the partition spin box of a component's row (or null).
    QComboBox* volumeMethodCombo(const QString& volume) const;
    QSpinBox* partitionSpin(const QString& component) const;
    QSpinBox* threadsSpin() const { return threads_; }
    QLabel* threadsNote() const { return threadsNote_; }
    QTableWidget* partitionTable() const { return partition_; }
    QLabel* partitionMessage() const { return partitionMsg_; }
    QPushButton* allTlmButton() const { return allTlm_; }
    void addConfig();
    void duplicateConfig();
    void deleteConfig();
    void markReference();
    // Adds "TLM (all volumes)": rk4, the selected configuration's fixed step (1e-4 s if it is
    // adaptive), default method tlm, no per-volume overrides. Selects it.
    void addAllVolumesTlm();

private:
    void refresh();
    void showDetails();
    void showMethods(int i);
    void showParallel(int i);
    int current() const;
    // Applies f to a copy of the configurations and pushes the result as one step.
    void edit(const QString& text, const std::function<void(std::vector<hs::model::SolverConfigDoc>&)>& f,
              const QString& mergeKey = {});
    QString uniqueName(const QString& base) const;
    // "RK4 1e-3: step 1e-05 s": History names the configuration an edit went into.
    QString about(int config, const QString& what) const;

    CircuitScene& scene_;
    QListWidget* list_;
    QPushButton *add_, *dup_, *del_, *ref_, *allTlm_;
    QLineEdit* description_;
    QComboBox* stepper_;
    QComboBox* jacobian_;
    QComboBox* kernel_;
    QuantityEdit *dt_, *rtol_, *atol_, *maxStep_;
    QComboBox* defaultMethod_;
    MethodParamsForm* defaultParams_;
    QTableWidget* methods_;
    QSpinBox* threads_;
    QLabel* threadsNote_;
    QTableWidget* partition_;
    QLabel* partitionMsg_;
    QString shownDefault_;  // config index + '/' + default method of the parameter form shown
    QString selectedName_;  // the configuration selected in the list, as of the last change
    bool updating_ = false;
};

}  // namespace hs::widgets
