// Stiffness guidance for one volume under one solver configuration, from the engine's linear
// analysis at the initial state (the same numbers as `hydrostiff-cli stiffness`): the node's
// time constant V/(Be*G), the largest stable explicit steps and the suggested pressure method.
#pragma once

#include <QString>

#include "sim/analysis.h"

namespace hs::model {
class Circuit;
}
namespace hs::sim {
class Registry;
}

namespace hs::widgets {

struct StiffnessGuide {
    bool ok = false;
    QString error;  // why there is no guidance (circuit does not compile, volume on no node)
    hs::sim::NodeStiffness node;
    hs::sim::Suggestion suggestion;
    QString stepper;
    double dt = 0;

    static StiffnessGuide compute(const hs::model::Circuit& c, const hs::sim::Registry& reg, const QString& config,
                                  const QString& volumeId);
    QString html() const;
};

}  // namespace hs::widgets
