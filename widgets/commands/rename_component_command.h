// SPDX-License-Identifier: GPL-3.0-or-later
// Changes a component's id and every reference to it (wires, probes, method overrides).
#pragma once

#include <QUndoCommand>

namespace hs::model {
class CircuitDocument;
}

namespace hs::widgets {

class RenameComponentCommand : public QUndoCommand {
public:
    RenameComponentCommand(hs::model::CircuitDocument* doc, QString from, QString to, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    hs::model::CircuitDocument* doc_;
    QString from_, to_;
};

}  // namespace hs::widgets
