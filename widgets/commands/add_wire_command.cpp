// SPDX-License-Identifier: GPL-3.0-or-later
#include "add_wire_command.h"

#include "model/circuit_document.h"

namespace hs::widgets {

AddWireCommand::AddWireCommand(hs::model::CircuitDocument* doc, hs::model::WireDoc wire, int index,
                               QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), wire_(std::move(wire)), index_(index) {
    setText(QObject::tr("Connect %1").arg(hs::model::CircuitDocument::wireKey(wire_)));
    if (index_ < 0) index_ = static_cast<int>(doc_->circuit().wires.size());
}

void AddWireCommand::redo() { doc_->insertWire(wire_, index_); }
void AddWireCommand::undo() { doc_->removeWire(index_); }

}  // namespace hs::widgets
