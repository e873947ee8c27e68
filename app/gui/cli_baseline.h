// SPDX-License-Identifier: GPL-3.0-or-later
// The independent baseline of the GUI benchmark: `hydrostiff-cli compare` of the same circuit in a
// separate process. An in-process baseline shares whatever state the GUI process is in (it hid
// a 9x slowdown that the GUI process's threads inherited), so the comparison is with a child
// process that has no window, no Qt GUI and no GL.
#pragma once

#include <QString>
#include <QStringList>
#include <map>

#include "model/circuit.h"

namespace hs::gui {

struct CliBaselineRun {
    QString error;                    // empty when the child ran and its metrics were read
    std::map<QString, double> wall;   // per configuration: the engine's wall time [s]
    std::map<QString, double> cpu;    // per configuration: CPU time of its engine thread [s]
    std::map<QString, long> steps;    // per configuration
    double processSeconds = 0;        // the child process from start to exit (loading included)
    double processCpuSeconds = 0;     // user + system CPU time of the child
};

// hydrostiff-cli next to this executable (installed) or in the build tree's app/cli; empty when
// neither exists.
QString findCli();

// Writes the circuit (as the GUI would run it: duration and record interval applied) to a temporary
// file and runs `hydrostiff-cli compare FILE --jobs N [--configs ...] --metrics M --quiet` on it.
CliBaselineRun runCliBaseline(const QString& cli, const model::Circuit& circuit, const QStringList& configs, int jobs);

}  // namespace hs::gui
