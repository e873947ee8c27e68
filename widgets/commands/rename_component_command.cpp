// SPDX-License-Identifier: GPL-3.0-or-later
#include "rename_component_command.h"

#include "model/circuit_document.h"

namespace hs::widgets {

RenameComponentCommand::RenameComponentCommand(hs::model::CircuitDocument* doc, QString from, QString to,
                                               QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), from_(std::move(from)), to_(std::move(to)) {
    setText(QObject::tr("Rename %1 to %2").arg(from_, to_));
}

void RenameComponentCommand::redo() { doc_->renameComponent(from_, to_); }
void RenameComponentCommand::undo() { doc_->renameComponent(to_, from_); }

}  // namespace hs::widgets
