// SPDX-License-Identifier: GPL-3.0-or-later
// Probes a GUI run adds so that a click on any component shows its traces (probe on click): the
// pressure of every hydraulic node and the position of every mechanical node that no probe of
// the file records yet, and the iterations per record interval of every volume that some
// configuration solves with a pressure method. The file's probes are kept, first and unchanged.
#pragma once

#include <QStringList>
#include <map>

#include "model/circuit.h"

namespace hs::sim {
class Registry;
}

namespace hs::widgets {

struct ClickProbes {
    model::Circuit circuit;                      // the snapshot with the added probes
    std::map<QString, QStringList> byComponent;  // component id -> names of the probes on its nodes
};

ClickProbes addClickProbes(const model::Circuit& circuit, const sim::Registry& registry);

}  // namespace hs::widgets
