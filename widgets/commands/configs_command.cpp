// SPDX-License-Identifier: GPL-3.0-or-later
#include "configs_command.h"

#include "model/circuit_document.h"

namespace hs::widgets {

ConfigsCommand::ConfigsCommand(hs::model::CircuitDocument* doc, std::vector<hs::model::SolverConfigDoc> after,
                               const QString& text, QString mergeKey, QUndoCommand* parent)
    : QUndoCommand(text, parent), doc_(doc), before_(doc->circuit().configs), after_(std::move(after)),
      mergeKey_(std::move(mergeKey)) {}

void ConfigsCommand::redo() { doc_->setConfigs(after_); }
void ConfigsCommand::undo() { doc_->setConfigs(before_); }

bool ConfigsCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const ConfigsCommand*>(other);
    if (o->doc_ != doc_ || o->mergeKey_ != mergeKey_) return false;
    after_ = o->after_;
    setText(o->text());  // History shows the value the merged edits ended at
    return true;
}

}  // namespace hs::widgets
