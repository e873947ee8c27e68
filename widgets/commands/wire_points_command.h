// SPDX-License-Identifier: GPL-3.0-or-later
// Moves, adds or removes the bend points of one wire.
#pragma once

#include <QPointF>
#include <QUndoCommand>

#include <vector>

namespace hs::model {
class CircuitDocument;
}

namespace hs::widgets {

class WirePointsCommand : public QUndoCommand {
public:
    WirePointsCommand(hs::model::CircuitDocument* doc, int index, std::vector<QPointF> after,
                      QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    hs::model::CircuitDocument* doc_;
    int index_;
    std::vector<QPointF> before_, after_;
};

}  // namespace hs::widgets
