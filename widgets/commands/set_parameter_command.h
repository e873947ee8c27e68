// SPDX-License-Identifier: GPL-3.0-or-later
// Sets (or clears back to the spec default) one parameter of one component. Typing over the same
// field several times in a row merges into one undo step.
#pragma once

#include <QUndoCommand>
#include <QVariant>

namespace hs::model {
class CircuitDocument;
}

namespace hs::widgets {

class SetParameterCommand : public QUndoCommand {
public:
    // value: double for number parameters, QString for choice/text ones, invalid = default.
    SetParameterCommand(hs::model::CircuitDocument* doc, QString comp, QString param, QVariant value,
                        QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override { return 1001; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    void apply(const QVariant& v);
    hs::model::CircuitDocument* doc_;
    QString comp_, param_;
    QVariant before_, after_;
    bool text_ = false;
};

}  // namespace hs::widgets
