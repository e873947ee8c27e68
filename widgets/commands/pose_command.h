// SPDX-License-Identifier: GPL-3.0-or-later
// Moves, rotates or flips a set of components as one step; wires whose both ends move carry
// their bend points along. Consecutive nudges of the same selection merge.
#pragma once

#include <QUndoCommand>

#include <map>
#include <vector>

#include "model/circuit.h"

namespace hs::model {
class CircuitDocument;
}

namespace hs::widgets {

class PoseCommand : public QUndoCommand {
public:
    struct Change {
        QString id;
        hs::model::Pose before, after;
    };
    struct WireChange {
        int index;
        std::vector<QPointF> before, after;
    };
    PoseCommand(hs::model::CircuitDocument* doc, std::vector<Change> poses, std::vector<WireChange> wires,
                const QString& text, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    hs::model::CircuitDocument* doc_;
    std::vector<Change> poses_;
    std::vector<WireChange> wires_;
};

}  // namespace hs::widgets
