// SPDX-License-Identifier: GPL-3.0-or-later
// Connects two ports (one wire, at a list position so that undo/redo keep the file order).
#pragma once

#include <QUndoCommand>

#include "model/circuit.h"

namespace hs::model {
class CircuitDocument;
}

namespace hs::widgets {

class AddWireCommand : public QUndoCommand {
public:
    AddWireCommand(hs::model::CircuitDocument* doc, hs::model::WireDoc wire, int index = -1,
                   QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    hs::model::CircuitDocument* doc_;
    hs::model::WireDoc wire_;
    int index_;
};

}  // namespace hs::widgets
