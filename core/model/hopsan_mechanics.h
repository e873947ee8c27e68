// SPDX-License-Identifier: GPL-3.0-or-later
// Orientation of Hopsan's translational ports on our mechanical nodes (hopsan_mechanics.cpp).
#pragma once

#include <QStringList>

#include <map>

#include "circuit.h"
#include "hopsan_model.h"

namespace hs::model {

// Hopsan measures position per port (a mass has x2 = L - x1); ours is one coordinate per rigid
// node, positive as a cylinder rod extends. Finds each Hopsan mechanical node's sign against ours,
// flips the force of force transformers where it is -1, and returns what cannot be represented
// (a position or speed sensor, or a force input signal, on a node measured the other way).
QStringList orientHopsanMechanics(const HopsanModel& m, const std::map<QString, QString>& idOf, Circuit& c);

}  // namespace hs::model
