// SPDX-License-Identifier: GPL-3.0-or-later
// Stiffness guidance for one volume under one solver configuration, from the service's guidance
// (the same numbers as `hydrostiff-cli stiffness`): the volume's time constant V/(Be*G) at the
// initial state and along a sampling run, the share of the run on which the configuration's step
// is beyond the stable limit, the suggested pressure method with its predicted cost, and the
// TLM figures at this step.
#pragma once

#include <QString>

#include "service/stiffness_guidance.h"
#include "sim/tlm_guidance.h"

namespace hs::model {
class Circuit;
struct SolverConfigDoc;
}
namespace hs::sim {
class Registry;
}

namespace hs::widgets {

struct StiffnessGuide {
    bool ok = false;
    QString error;    // why there is no guidance (circuit does not compile, volume on no node)
    QString runNote;  // the sampling run failed part-way (service::Guidance::runNote)
    hs::sim::VolumeStiffness stiffness;  // start state (stiffness.start) and along the run
    hs::sim::Suggestion suggestion;
    QString stepper, currentMethod, sampler;
    double dt = 0, duration = 0;
    int samples = 0;
    // The volume as a TLM element under this configuration's step (notes/003 §1.3): its
    // parasitic inertance against the adjoining lines', the expected parasitic pressure for
    // flows changing at tlmDqdt, and the step for Ppar <= tlmPparTarget. Computed whether or not
    // the volume uses tlm now (tlmInUse), with its real port count and exchange interval.
    bool tlmOk = false;
    bool tlmInUse = false;
    QString tlmNote;  // why there is no TLM guidance (adaptive stepper, ...)
    hs::sim::TlmGuidance tlm;
    static constexpr double tlmDqdt = 1.0 / 60000.0 / 1e-3;  // 1 l/min per ms [m3/s2], as the CLI
    static constexpr double tlmPparTarget = 0.1e5;          // 0.1 bar, as the CLI
    static constexpr double wallBudget = 2.0;  // [s] of the sampling run (service::GuidanceOptions)

    static StiffnessGuide compute(const hs::model::Circuit& c, const hs::sim::Registry& reg, const QString& config,
                                  const QString& volumeId);
    bool suggestsChange() const { return ok && QString::fromStdString(suggestion.method) != currentMethod; }
    QString html() const;

private:
    static void tlmPart(StiffnessGuide& g, const hs::model::Circuit& c, const hs::sim::Registry& reg,
                        const hs::model::SolverConfigDoc& cfg, const std::string& id);
    QString suggestionHtml() const;
    QString tlmHtml() const;
};

}  // namespace hs::widgets
