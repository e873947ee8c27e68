// SPDX-License-Identifier: GPL-3.0-or-later
#include "remove_wire_command.h"

#include "model/circuit_document.h"

namespace hs::widgets {

RemoveWireCommand::RemoveWireCommand(hs::model::CircuitDocument* doc, int index, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), index_(index) {
    if (index_ >= 0 && index_ < static_cast<int>(doc_->circuit().wires.size()))
        wire_ = doc_->circuit().wires[static_cast<size_t>(index_)];
    setText(QObject::tr("Delete wire %1").arg(hs::model::CircuitDocument::wireKey(wire_)));
}

void RemoveWireCommand::redo() {
    // Captured again at redo time: in a macro, earlier children may have shifted the list.
    if (index_ >= 0 && index_ < static_cast<int>(doc_->circuit().wires.size()))
        wire_ = doc_->circuit().wires[static_cast<size_t>(index_)];
    doc_->removeWire(index_);
}

void RemoveWireCommand::undo() { doc_->insertWire(wire_, index_); }

}  // namespace hs::widgets
