// SPDX-License-Identifier: GPL-3.0-or-later
// Places one component (at a list position, so that undo/redo keep the file order).
#pragma once

#include <QUndoCommand>

#include "model/circuit.h"

namespace hs::model {
class CircuitDocument;
}

namespace hs::widgets {

class AddComponentCommand : public QUndoCommand {
public:
    AddComponentCommand(hs::model::CircuitDocument* doc, hs::model::ComponentDoc comp, int index = -1,
                        QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    hs::model::CircuitDocument* doc_;
    hs::model::ComponentDoc comp_;
    int index_;
};

}  // namespace hs::widgets
