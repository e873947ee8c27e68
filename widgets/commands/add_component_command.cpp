// SPDX-License-Identifier: GPL-3.0-or-later
#include "add_component_command.h"

#include "model/circuit_document.h"

namespace hs::widgets {

AddComponentCommand::AddComponentCommand(hs::model::CircuitDocument* doc, hs::model::ComponentDoc comp, int index,
                                         QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), comp_(std::move(comp)), index_(index) {
    setText(QObject::tr("Add %1").arg(comp_.id));
    if (index_ < 0) index_ = static_cast<int>(doc_->circuit().components.size());
}

void AddComponentCommand::redo() { doc_->insertComponent(comp_, index_); }

void AddComponentCommand::undo() { doc_->removeComponent(comp_.id); }

}  // namespace hs::widgets
