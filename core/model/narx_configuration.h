// SPDX-License-Identifier: GPL-3.0-or-later
// The solver configuration that runs a trained NARX surrogate (docs/learned-models.md): RK4 at
// the model's sample interval with the narx method on the volume, the model file named relative
// to the circuit. One definition for `hydrostiff-cli learn narx --attach` and the editor's
// "Train surrogate..." dialog.
#pragma once

#include <QString>
#include <vector>

#include "circuit.h"

namespace hs::model {

SolverConfigDoc narxConfiguration(const QString& name, const QString& volume, const QString& modelFileRelative,
                                  double sampleInterval);

// The configuration name both front ends propose: "NARX <volume> <interval>", e.g. "NARX Vv 1e-4".
QString defaultNarxConfigurationName(const QString& volume, double sampleInterval);

// Adds c to configs, or replaces the configuration of the same name; true if one was replaced.
bool putConfiguration(std::vector<SolverConfigDoc>& configs, const SolverConfigDoc& c);

}  // namespace hs::model
