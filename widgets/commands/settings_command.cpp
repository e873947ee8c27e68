// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings_command.h"

#include "model/circuit_document.h"

namespace hs::widgets {

SettingsCommand::SettingsCommand(hs::model::CircuitDocument* doc, hs::model::CircuitSettings after, QString field,
                                 QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Change %1").arg(field), parent), doc_(doc),
      before_(hs::model::CircuitSettings::of(doc->circuit())), after_(std::move(after)), field_(std::move(field)) {}

void SettingsCommand::redo() { doc_->setSettings(after_); }
void SettingsCommand::undo() { doc_->setSettings(before_); }

bool SettingsCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const SettingsCommand*>(other);
    if (o->doc_ != doc_ || o->field_ != field_) return false;
    after_ = o->after_;
    return true;
}

}  // namespace hs::widgets
