// SPDX-License-Identifier: GPL-3.0-or-later
// Removes one wire; undo puts it back at the same list position.
#pragma once

#include <QUndoCommand>

#include "model/circuit.h"

namespace hs::model {
class CircuitDocument;
}

namespace hs::widgets {

class RemoveWireCommand : public QUndoCommand {
public:
    RemoveWireCommand(hs::model::CircuitDocument* doc, int index, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    hs::model::CircuitDocument* doc_;
    int index_;
    hs::model::WireDoc wire_;
};

}  // namespace hs::widgets
