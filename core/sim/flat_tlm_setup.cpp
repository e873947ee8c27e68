// SPDX-License-Identifier: GPL-3.0-or-later
// System::buildFlatTlmStep(): whether this system's TLM volumes and the components on them are
// the case FlatTlmStep runs (flat_tlm_step.h), and if so its tables, pointing into System's
// arrays (sized once by allocate(), never moved afterwards).
#include "flat_tlm_step.h"
#include "methods/tlm_volume.h"
#include "system.h"

namespace hs::sim {

void System::buildFlatTlmStep() {
    flatTlm_.reset();
    // Per-stage methods read the slots between stages (general path); everything else in a step
    // (states, evaluations before the wave solve, held-pressure methods, step updates) runs around
    // the flat halves, and when there is nothing else the flat step is the whole step.
    if (waveNodes_.empty() || !stageNodes_.empty()) return;
    auto flat = std::make_unique<FlatTlmStep>();
    flat->wholeStep = presolveEmpty_ && stepNodes_.empty() && stepComps_.empty();
    const size_t base = hyd.size();
    for (const WaveNode& w : waveNodes_) {
        auto* tlm = dynamic_cast<TlmVolumeMethod*>(w.method);
        if (!tlm || !w.everyStep || w.variableVolume) return;
        const size_t n = static_cast<size_t>(w.node), s = static_cast<size_t>(w.slotBegin);
        flat->addVolume({tlm, &p_[n], &p_[base + s], &slotQ_[s], &slotC_[s], &slotZ_[s], &dvol_[n], &vol_[n], &hyd[n].be});
    }
    for (const WaveComp& w : waveComps_) {
        const Component& c = *w.component;
        if (c.node.size() != 2 || !w.solveWritesFlows) return;
        FlatTlmStep::Side side[2];
        for (size_t k = 0; k < 2; ++k) {
            const int node = c.node[k];
            if (node < 0 || c.spec->ports[k].domain != Domain::Hydraulic) return;
            double* flow = &flow_[static_cast<size_t>(c.portBase) + k];
            if (static_cast<size_t>(node) >= base) {  // a volume's port slot
                const size_t s = static_cast<size_t>(node) - base;
                side[k] = {&slotC_[s], &slotZ_[s], &p_[static_cast<size_t>(node)], flow, &slotQ_[s]};
            } else {  // an ordinary node: a fixed pressure, z = 0
                side[k] = {&p_[static_cast<size_t>(node)], flat->zeroImpedance(), flat->flowSink(), flow, flat->flowSink()};
            }
        }
        if (!flat->addRestriction(c.restrictionLaw(), side[0], side[1])) return;
    }
    flatTlm_ = std::move(flat);
}

}  // namespace hs::sim
