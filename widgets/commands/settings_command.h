// SPDX-License-Identifier: GPL-3.0-or-later
// Changes the circuit-level settings (name, description, fluid, simulation span, bounds). Edits
// of the same field in a row merge.
#pragma once

#include <QUndoCommand>

#include "model/circuit_settings.h"

namespace hs::model {
class CircuitDocument;
}

namespace hs::widgets {

class SettingsCommand : public QUndoCommand {
public:
    SettingsCommand(hs::model::CircuitDocument* doc, hs::model::CircuitSettings after, QString field,
                    QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override { return 1003; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    hs::model::CircuitDocument* doc_;
    hs::model::CircuitSettings before_, after_;
    QString field_;
};

}  // namespace hs::widgets
