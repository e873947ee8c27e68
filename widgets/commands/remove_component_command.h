// SPDX-License-Identifier: GPL-3.0-or-later
// Deletes one component together with everything that names it: its wires, its method
// overrides in the solver configurations and its probes. Undo puts each back where it was.
#pragma once

#include <QUndoCommand>

#include <utility>
#include <vector>

#include "model/circuit.h"

namespace hs::model {
class CircuitDocument;
}

namespace hs::widgets {

class RemoveComponentCommand : public QUndoCommand {
public:
    RemoveComponentCommand(hs::model::CircuitDocument* doc, QString id, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    hs::model::CircuitDocument* doc_;
    QString id_;
    hs::model::ComponentDoc comp_;
    int index_ = -1;
    std::vector<std::pair<int, hs::model::WireDoc>> wires_;
    std::vector<hs::model::SolverConfigDoc> configsBefore_;
    std::vector<hs::model::ProbeDoc> probesBefore_;
    bool touchedConfigs_ = false, touchedProbes_ = false;
};

}  // namespace hs::widgets
