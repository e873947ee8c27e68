// SPDX-License-Identifier: GPL-3.0-or-later
// Writing the advisor's winner into the circuit file as one more configuration, through the
// file format's own reader and writer (model::loadCircuit / saveCircuit): every other byte of a
// file in the canonical form (`hydrostiff-cli format`) stays as it was.
#pragma once

#include <QString>

#include "model/circuit.h"

namespace hs::sim {
class Registry;
}

namespace hs::study {

// `name`, or `name (2)`, `name (3)`, ... : the first not used by a configuration of c.
QString uniqueConfigName(const model::Circuit& c, const QString& name);

struct AddedConfig {
    QString error;             // "" or why the file was not written
    QString name;              // the name the configuration got
    bool reformatted = false;  // the file was not in the canonical form: the writer changed more
};

// Loads path, appends cfg (not a reference, under a unique name) and saves it atomically.
AddedConfig addConfiguration(const QString& path, model::SolverConfigDoc cfg, const sim::Registry& reg);

}  // namespace hs::study
