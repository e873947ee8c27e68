// SPDX-License-Identifier: GPL-3.0-or-later
#include "wire_points_command.h"

#include "model/circuit_document.h"

namespace hs::widgets {

WirePointsCommand::WirePointsCommand(hs::model::CircuitDocument* doc, int index, std::vector<QPointF> after,
                                     QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Move wire bend"), parent), doc_(doc), index_(index), after_(std::move(after)) {
    before_ = doc_->circuit().wires.at(static_cast<size_t>(index_)).points;
}

void WirePointsCommand::redo() { doc_->setWirePoints(index_, after_); }
void WirePointsCommand::undo() { doc_->setWirePoints(index_, before_); }

}  // namespace hs::widgets
