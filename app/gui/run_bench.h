// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff --bench FILE: the same configurations run by `hydrostiff-cli compare --jobs N` in a
// separate process and from the main window's Run with live plots, alternately; prints each
// configuration's engine wall time and steps in both, the GUI's overhead, the CPU, the AVX state
// the GUI's workers inherit, the display frame intervals while streaming and the event latency.
#pragma once

#include "model/circuit.h"
#include "service/run_service.h"

namespace hs::gui {

class RunController;

int runBenchmark(const model::Circuit& circuit, const service::RunServiceOptions& options, RunController& runner,
                 int repeat);

}  // namespace hs::gui
