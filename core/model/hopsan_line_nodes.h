// SPDX-License-Identifier: GPL-3.0-or-later
// A Hopsan TLM line (HydraulicTLMlossless, HydraulicHose) is a C-type component: the node at each of its ends has the line's
// end as its only capacitance, and Hopsan solves the Q-type components there against the
// line's wave (p = c + Zc q). Our builder asks every node for a volume; the import gives each
// line end a node volume of 1 mm3 that the Hopsan-compatible configuration solves quasi-steady
// (algebraic: sum of flows = 0 against the line's held wave, as Hopsan), so the 1 mm3 adds
// nothing there (docs/running.md, "Importing Hopsan models").
#pragma once

#include <QString>
#include <QStringList>

#include <map>
#include <vector>

#include "circuit.h"
#include "hopsan_model.h"

namespace hs::model {

inline constexpr double kLineEndNodeVolume = 1e-9;  // [m3]

// Adds the node volumes (wired to the line's port) and returns their ids; notes say so.
std::vector<QString> addLineEndNodes(const HopsanModel& m, const std::map<QString, QString>& idOf, Circuit& c,
                                     QStringList& notes);

}  // namespace hs::model
