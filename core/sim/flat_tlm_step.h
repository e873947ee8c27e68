// SPDX-License-Identifier: GPL-3.0-or-later
// The TLM step of the common whole-circuit case, compiled once into flat tables: every wave node
// a standard TLM volume (TlmVolumeMethod exchanging at every step, constant volume) and every
// component on them a two-port restriction with a closed-form Thevenin solve
// (Component::restrictionLaw()). Per step: one loop per restriction kind and side kind reading its
// two sources (c, z) where they live (a volume's port slot, or an ordinary node's pressure with
// z = 0 known when the table is built) and writing port pressures and flows where System's
// general path would; then each volume forms its next waves (TlmVolumeMethod::finishTwoPort
// inline for the common two-port volume, finishWaves otherwise, direct calls). No virtual call, no copy of the waves
// into per-component sources, and the same arithmetic in the same order as
// System::solveWavePorts() + finishWaveStep(): the results are bit-identical. Systems with states
// (volumes integrated between the TLM volumes) use the two halves inside beginStepWork().
#pragma once

#include <vector>

#include "component.h"
#include "fluid.h"
#include "thevenin_flow.h"

namespace hs::sim {

class TlmVolumeMethod;

class FlatTlmStep {
public:
    // One side of a restriction: its Thevenin source (c, z), where its solve writes the port's
    // pressure (used only when z > 0, as Component::solveThevenin does) and its flow.
    struct Side {
        const double* c;
        const double* z;
        double* p;
        double* flow;     // System's flow of the port (Eval::flow)
        double* slotFlow;  // the volume's copy of it (System's slotQ_), or a sink
    };
    struct Restriction {
        BandedOrificeConstants law;  // Laminar: law.k is the conductance
        Side a, b;
    };
    struct Volume {
        TlmVolumeMethod* method;
        double* nodePressure;
        const double* portPressure;  // the volume's port slots: pressure, flow, wave, impedance
        const double* portFlow;
        double* c;
        double* z;
        const double* dvol;
        const double* vol;
        const BulkModulus* be;
    };

    FlatTlmStep() = default;
    FlatTlmStep(const FlatTlmStep&) = delete;  // its sides may point at its own members
    FlatTlmStep& operator=(const FlatTlmStep&) = delete;

    // false: the law has no closed form here (the caller keeps the general path)
    bool addRestriction(const Component::RestrictionLaw& law, const Side& a, const Side& b);
    void addVolume(const Volume& v);
    // For sides on ordinary nodes: a source impedance of zero, and a place for a flow no volume reads.
    const double* zeroImpedance() const { return &zero_; }
    double* flowSink() { return &sink_; }

    // One outer step at dt: solve every restriction, then let every volume form its next waves.
    void step(double dt);  // both halves below, inlined into one function
    // The two halves, for a system where more happens in a step (states, evaluations before the
    // wave solve): System::beginStepWork() runs its other work around them.
    void solveRestrictions();
    void finishVolumes(double dt);
    // Nothing but this step happens in an outer step of the system (set by System::buildFlatTlmStep).
    bool wholeStep = false;

private:
    // the bodies of the two halves, inlined into each of them and into step() (flat_tlm_step.cpp)
    void solveInline();
    void finishInline(double dt);
    // per kind (square law, square law with a laminar band, laminar) and per side whether it is a
    // volume's port slot ([kind][slotA][slotB])
    enum { kSquareLaw, kBanded, kLaminar };
    std::vector<Restriction> restrictions_[3][2][2];
    std::vector<Volume> volumes_, twoPort_;  // twoPort_: TlmVolumeMethod::standardTwoPort()
    double zero_ = 0.0, sink_ = 0.0;
};

}  // namespace hs::sim
