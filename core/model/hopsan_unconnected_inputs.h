// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan runs an input variable that nothing is connected to on its default value, which the
// model file stores as a parameter named by the port ("in#Value", read as "in"; e.g. the motor
// tests' Hydraulic22Valve 'in' = 1e-3). Ours refuses a required signal input left unconnected,
// so the importer feeds each such input from a Constant holding that value, with a note. An
// optional input of ours with a parameter of its name (PressureSource p, SpeedSource w) stays
// unconnected: the component then uses its parameter, which the type map's conversion sets from
// the same stored value. An optional input without one (Sum's in2, which reads 0 unconnected) is
// fed like a required one when the stored value is not 0 (the 2/2 check valve test's
// SignalAdd in2 = 1e7, the base of its sine pressure).
#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <map>

#include "circuit.h"
#include "hopsan_model.h"
#include "hopsan_type_map.h"

namespace hs::model {

struct UnconnectedInputFeed {
    QStringList notes;   // one per Constant added, and per required input without a stored value
    QStringList errors;  // a stored value that does not evaluate
};

// components: the imported ones (Hopsan name -> mapping); idOf: Hopsan name -> our id.
UnconnectedInputFeed feedUnconnectedInputs(const HopsanModel& m,
                                           const std::map<QString, const HopsanTypeMapping*>& components,
                                           const std::map<QString, QString>& idOf,
                                           const std::function<HopsanValues(const HopsanComponent&)>& valuesOf,
                                           Circuit& c);

}  // namespace hs::model
