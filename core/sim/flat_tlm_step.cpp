// SPDX-License-Identifier: GPL-3.0-or-later
// FlatTlmStep: the restrictions' closed forms exactly as TurbulentOrifice and LaminarOrifice
// write them in solveThevenin() (restrictions.cpp), then the volumes' wave update.
#include "flat_tlm_step.h"

#include "methods/tlm_volume.h"

namespace hs::sim {

bool FlatTlmStep::addRestriction(const Component::RestrictionLaw& law, const Side& a, const Side& b) {
    using Kind = Component::RestrictionLaw::Kind;
    int kind;
    if (law.kind == Kind::SquareRoot) kind = law.dpTr > 0 ? kBanded : kSquareLaw;
    else if (law.kind == Kind::Laminar) kind = kLaminar;
    else return false;
    // a side on an ordinary node has z = 0 (its pressure is fixed): known here, not per step
    const bool slotA = a.z != &zero_, slotB = b.z != &zero_;
    restrictions_[kind][slotA][slotB].push_back({bandedOrificeConstants(law.k, law.dpTr), a, b});
    return true;
}

void FlatTlmStep::addVolume(const Volume& v) { (v.method->standardTwoPort() ? twoPort_ : volumes_).push_back(v); }

namespace {

// The flow of each restriction kind against its two Thevenin sources, as the components'
// solveThevenin() compute it.
struct SquareLaw {
    [[gnu::always_inline]] static double flow(const FlatTlmStep::Restriction& r, double c0, double c1, double z0, double z1) {
        return squareLawThevenin(r.law.k, c0, c1, z0, z1);
    }
};
struct Banded {
    [[gnu::always_inline]] static double flow(const FlatTlmStep::Restriction& r, double c0, double c1, double z0, double z1) {
        return turbulentOrificeThevenin(r.law, c0, c1, z0, z1);
    }
};
struct Laminar {
    [[gnu::always_inline]] static double flow(const FlatTlmStep::Restriction& r, double c0, double c1, double z0, double z1) {
        return r.law.k * (c0 - c1) / (1.0 + r.law.k * (z0 + z1));
    }
};

// One list of restrictions of one kind whose sides are (SlotA, SlotB) a volume's port slot or an
// ordinary node. A node side has z = 0 (the same value the general path reads from its zero
// source), no port pressure to write (z > 0 fails) and no volume reading its flow.
template <class Law, bool SlotA, bool SlotB>
[[gnu::always_inline]] inline void solveList(const std::vector<FlatTlmStep::Restriction>& list) {
    for (const FlatTlmStep::Restriction& r : list) {
        const double c0 = *r.a.c, c1 = *r.b.c;
        const double z0 = SlotA ? *r.a.z : 0.0, z1 = SlotB ? *r.b.z : 0.0;
        const double q = Law::flow(r, c0, c1, z0, z1);
        if (SlotA) {
            if (z0 > 0) *r.a.p = c0 - z0 * q;
            *r.a.slotFlow = q;
        }
        if (SlotB) {
            if (z1 > 0) *r.b.p = c1 + z1 * q;
            *r.b.slotFlow = -q;
        }
        *r.a.flow = q;
        *r.b.flow = -q;
    }
}

template <class Law>
[[gnu::always_inline]] inline void solveKind(const std::vector<FlatTlmStep::Restriction> (&lists)[2][2]) {
    solveList<Law, false, false>(lists[0][0]);
    solveList<Law, false, true>(lists[0][1]);
    solveList<Law, true, false>(lists[1][0]);
    solveList<Law, true, true>(lists[1][1]);
}

}  // namespace

// The restrictions are independent of each other within a step (each reads sources only the
// volumes write and writes its own ports), so grouping them by kind and side changes no value.
[[gnu::always_inline]] inline void FlatTlmStep::solveInline() {
    solveKind<SquareLaw>(restrictions_[kSquareLaw]);
    solveKind<Banded>(restrictions_[kBanded]);
    solveKind<Laminar>(restrictions_[kLaminar]);
}

[[gnu::always_inline]] inline void FlatTlmStep::finishInline(double dt) {
    // the volumes are independent of each other: grouping them changes no value
    for (const Volume& v : twoPort_)
        *v.nodePressure = v.method->finishTwoPort(v.portPressure, v.portFlow, *v.dvol, dt, *v.vol, *v.be, v.c, v.z);
    for (const Volume& v : volumes_)
        *v.nodePressure = v.method->finishWaves(v.portPressure, v.portFlow, *v.dvol, dt, *v.vol, *v.be, v.c, v.z);
}

void FlatTlmStep::solveRestrictions() { solveInline(); }

void FlatTlmStep::finishVolumes(double dt) { finishInline(dt); }

void FlatTlmStep::step(double dt) {
    solveInline();
    finishInline(dt);
}

}  // namespace hs::sim
