// The circuit's solver configurations: add, rename (edit in the list), duplicate, delete, mark
// the reference; per configuration the stepper, its step or tolerances, and the per-volume
// method overrides. Every change is one ConfigsCommand.
#pragma once

#include <QWidget>

#include <functional>

#include "model/circuit.h"

class QComboBox;
class QListWidget;
class QPushButton;
class QTableWidget;
class QLineEdit;

namespace hs::widgets {

class CircuitScene;
class QuantityEdit;

class ConfigurationEditor : public QWidget {
    Q_OBJECT
public:
    explicit ConfigurationEditor(CircuitScene& scene, QWidget* parent = nullptr);
    QListWidget* list() const { return list_; }
    void addConfig();
    void duplicateConfig();
    void deleteConfig();
    void markReference();

private:
    void refresh();
    void showDetails();
    int current() const;
    // Applies f to a copy of the configurations and pushes the result as one step.
    void edit(const QString& text, const std::function<void(std::vector<hs::model::SolverConfigDoc>&)>& f,
              const QString& mergeKey = {});
    QString uniqueName(const QString& base) const;

    CircuitScene& scene_;
    QListWidget* list_;
    QPushButton *add_, *dup_, *del_, *ref_;
    QLineEdit* description_;
    QComboBox* stepper_;
    QuantityEdit *dt_, *rtol_, *atol_, *maxStep_;
    QTableWidget* methods_;
    bool updating_ = false;
};

}  // namespace hs::widgets
