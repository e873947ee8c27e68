// SPDX-License-Identifier: GPL-3.0-or-later
// How the selected volume's pressure is solved: the configuration being edited, the method
// (with its parameters, declared by the method's spec) and the engine's stiffness guidance.
#pragma once

#include <QPointer>
#include <QWidget>

#include <map>

class QComboBox;
class QLabel;
class QPushButton;
class QThread;
class QTimer;
class QUndoStack;

namespace hs::model {
class CircuitDocument;
}
namespace hs::sim {
class Registry;
}
namespace hs::service {
struct QuickCheck;
}

namespace hs::widgets {

class CircuitScene;
class MethodParamsForm;

class MethodPanel : public QWidget {
    Q_OBJECT
public:
    MethodPanel(CircuitScene& scene, QWidget* parent = nullptr);
    ~MethodPanel() override;
    void setVolume(const QString& id);
    QComboBox* methodCombo() const { return method_; }
    QLabel* guidanceLabel() const { return guidance_; }
    QPushButton* applyButton() const { return apply_; }
    QPushButton* quickCheckButton() const { return check_; }
    QLabel* quickCheckLabel() const { return checkResult_; }
    // Runs the configuration as is and with the suggestion over a short span against CVODE on a
    // worker thread and shows the errors (service::quickCheck); a contradicted suggestion cannot
    // be applied. quickCheckFinished() follows.
    void runQuickCheck();

signals:
    void quickCheckFinished();

private:
    void refresh();
    void showQuickCheck(const hs::service::QuickCheck& q);
    void rebuildParams();
    // The parameter values that apply to the volume: its override's, else the default method's.
    std::map<QString, double> shownParams() const;
    void setMethod(const QString& methodId);
    void setParam(const QString& name, const QVariant& value);
    void updateGuidance();

    CircuitScene& scene_;
    hs::model::CircuitDocument& doc_;
    const hs::sim::Registry& reg_;
    QUndoStack& undo_;
    QString volume_, shownMethod_;
    QComboBox* config_;
    QComboBox* method_;
    QLabel* description_;
    MethodParamsForm* params_;
    QLabel* guidance_;
    QPushButton* apply_;
    QPushButton* check_;
    QLabel* checkResult_;
    QTimer* guideTimer_;
    QThread* checkThread_ = nullptr;
    int guideGeneration_ = 0;
    QString suggested_;
    bool updating_ = false;
};

}  // namespace hs::widgets
