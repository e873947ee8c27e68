// hydrostiff --bench FILE: the same configurations run headless (as `hydrostiff-cli compare
// --jobs N` runs them) and from the main window's Run with live plots; prints the wall times, the
// GUI's overhead, the display frame intervals while streaming and the event latency.
#pragma once

#include "model/circuit.h"
#include "service/run_service.h"

namespace hs::sim {
class Registry;
}

namespace hs::gui {

class RunController;

int runBenchmark(const model::Circuit& circuit, const sim::Registry& reg, const service::RunServiceOptions& options,
                 RunController& runner, int repeat);

}  // namespace hs::gui
