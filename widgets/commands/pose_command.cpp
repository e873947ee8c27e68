// SPDX-License-Identifier: GPL-3.0-or-later
#include "pose_command.h"

#include "model/circuit_document.h"

namespace hs::widgets {

PoseCommand::PoseCommand(hs::model::CircuitDocument* doc, std::vector<Change> poses, std::vector<WireChange> wires,
                         const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), doc_(doc), poses_(std::move(poses)), wires_(std::move(wires)) {}

void PoseCommand::redo() {
    for (const auto& c : poses_) doc_->setPose(c.id, c.after);
    for (const auto& w : wires_) doc_->setWirePoints(w.index, w.after);
}

void PoseCommand::undo() {
    for (const auto& c : poses_) doc_->setPose(c.id, c.before);
    for (const auto& w : wires_) doc_->setWirePoints(w.index, w.before);
}

}  // namespace hs::widgets
