// SPDX-License-Identifier: GPL-3.0-or-later
// Orientation of Hopsan's translational ports on our mechanical nodes (hopsan_mechanics.cpp).
#pragma once

#include <QStringList>

#include <functional>
#include <map>

#include "circuit.h"
#include "hopsan_model.h"
#include "hopsan_type_map.h"

namespace hs::model {

// Hopsan measures position per port (a mass has x2 = L - x1, L = x1 + x2 at the start); ours is
// one coordinate per rigid node, positive as a cylinder rod extends. Finds each Hopsan mechanical
// node's frame against ours (ours = sign*x + offset), flips the force of force transformers where
// the sign is -1, gives each mass with finite x_min/x_max an EndStop at those limits in our frame,
// points each force sensor at the cylinder whose force Hopsan's node holds, and returns what
// cannot be represented (a position or speed sensor, or a force input signal, on a node measured
// the other way; a force sensor on a node without such a cylinder).
using HopsanValuesOf = std::function<HopsanValues(const HopsanComponent&)>;
QStringList orientHopsanMechanics(const HopsanModel& m, const std::map<QString, QString>& idOf, const HopsanValuesOf& valuesOf,
                                  Circuit& c);

}  // namespace hs::model
