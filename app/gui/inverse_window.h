// SPDX-License-Identifier: GPL-3.0-or-later
// Simulation > Run Inverse: the inverse solve of core/inverse on the open circuit, its forward
// replay, and a window with the prescribed and the replayed piston position overlaid, the valve
// opening and command, the chamber pressures, the diagnostics and max |x_forward - x_prescribed|.
#pragma once

#include <QString>

class QWidget;

namespace hs::model {
class Circuit;
}
namespace hs::sim {
class Registry;
}

namespace hs::gui {

// Runs inverse + replay on the circuit and shows the result window (non-modal, owned by parent).
// A circuit the inverse cannot take is answered with a message naming the problem; returns that
// message ("" when the window opened).
QString runInverse(QWidget* parent, const hs::model::Circuit& circuit, const hs::sim::Registry& reg);

// The editor's live check of inverse mode: "" when no SmoothMotion is wired to a rod (the circuit
// is not meant for the inverse), else what the inverse would refuse ("" when it can take it):
// prescribed outputs against freed inputs, the valve and cylinder wiring, a profile not smooth
// enough (inverse/drive.h).
QString inverseProblem(const hs::model::Circuit& circuit, const hs::sim::Registry& reg);

}  // namespace hs::gui
