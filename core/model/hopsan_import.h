// SPDX-License-Identifier: GPL-3.0-or-later
// A Hopsan model (hopsan_model.h) as one of our circuits: types and ports through the type map
// (hopsan_type_map.h), parameters resolved against the system parameters, schematic positions
// from the file, and two configurations: "Hopsan-compatible" (Hopsan's step, every volume a TLM
// element with its Hopsan alpha) and "CVODE reference". Nothing is dropped silently: what is
// not imported is in unsupported (refused unless partial) or notes.
#pragma once

#include <QString>
#include <QStringList>

#include <map>
#include <optional>

#include "circuit.h"
#include "hopsan_model.h"

namespace hs::model {

inline const QString kHopsanCompatibleConfig = QStringLiteral("Hopsan-compatible");
inline const QString kCvodeReferenceConfig = QStringLiteral("CVODE reference");

struct HopsanImportOptions {
    bool partial = false;  // import what maps, list the rest, instead of refusing the model
};

struct HopsanImport {
    std::optional<Circuit> circuit;      // empty: refused (see unsupported, errors)
    QStringList unsupported;             // "HydraulicCylinderC: Cylinder_1, Cylinder_2"
    QStringList errors;                  // parameters, expressions and connections we cannot map
    QStringList notes;                   // what was left out on purpose (plot sinks, text boxes)
    std::map<QString, QString> idOf;     // Hopsan component name -> our component id
};

HopsanImport importHopsan(const HopsanModel& m, const HopsanImportOptions& opt);

}  // namespace hs::model
