// SPDX-License-Identifier: GPL-3.0-or-later
// Replaces the list of solver configurations (add, rename, duplicate, delete, mark reference,
// stepper settings, per-volume methods). Edits carrying the same non-empty merge key (one field
// typed over repeatedly) merge into one undo step.
#pragma once

#include <QUndoCommand>

#include <vector>

#include "model/circuit.h"

namespace hs::model {
class CircuitDocument;
}

namespace hs::widgets {

class ConfigsCommand : public QUndoCommand {
public:
    ConfigsCommand(hs::model::CircuitDocument* doc, std::vector<hs::model::SolverConfigDoc> after, const QString& text,
                   QString mergeKey = {}, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override { return mergeKey_.isEmpty() ? -1 : 1002; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    hs::model::CircuitDocument* doc_;
    std::vector<hs::model::SolverConfigDoc> before_, after_;
    QString mergeKey_;
};

}  // namespace hs::widgets
