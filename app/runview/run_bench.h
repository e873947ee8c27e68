// hydrostiff-runview --bench: the same configurations run headless (as `hydrostiff-cli compare
// --jobs N` runs them) and in the run workspace with live plots; prints the wall times, the GUI's
// overhead, the display frame intervals while streaming and the event latency.
#pragma once

#include "model/circuit.h"
#include "service/run_service.h"

namespace hs::sim {
class Registry;
}
namespace hs::widgets {
class RunWorkspace;
}

namespace hs::runview {

int runBenchmark(const model::Circuit& circuit, const sim::Registry& reg, const service::RunServiceOptions& options,
                 widgets::RunWorkspace& workspace, int repeat);

}  // namespace hs::runview
