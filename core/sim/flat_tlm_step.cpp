// SPDX-License-Identifier: GPL-3.0-or-later
// FlatTlmStep: the restrictions' closed forms exactly as TurbulentOrifice and LaminarOrifice
// write them in solveThevenin() (restrictions.cpp), then the volumes' wave update.
#include "flat_tlm_step.h"

#include "methods/tlm_volume.h"

namespace hs::sim {

bool FlatTlmStep::addRestriction(const Component::TheveninLaw& law, const Side& a, const Side& b) {
    using Kind = Component::TheveninLaw::Kind;
    const Restriction r{law.k, law.dpTr, a, b};
    if (law.kind == Kind::SquareRoot) (law.dpTr > 0 ? banded_ : squareLaw_).push_back(r);
    else if (law.kind == Kind::Laminar) laminar_.push_back(r);
    else return false;
    return true;
}

namespace {

inline void writeSides(const FlatTlmStep::Restriction& r, double c0, double c1, double z0, double z1, double q) {
    if (z0 > 0) *r.a.p = c0 - z0 * q;
    if (z1 > 0) *r.b.p = c1 + z1 * q;
    *r.a.flow = q;
    *r.b.flow = -q;
    *r.a.slotFlow = q;
    *r.b.slotFlow = -q;
}

}  // namespace

[[gnu::always_inline]] inline void FlatTlmStep::solveInline() {
    for (const Restriction& r : squareLaw_) {
        const double c0 = *r.a.c, c1 = *r.b.c, z0 = *r.a.z, z1 = *r.b.z;
        writeSides(r, c0, c1, z0, z1, squareLawThevenin(r.k, c0, c1, z0, z1));
    }
    for (const Restriction& r : banded_) {
        const double c0 = *r.a.c, c1 = *r.b.c, z0 = *r.a.z, z1 = *r.b.z;
        writeSides(r, c0, c1, z0, z1, turbulentOrificeThevenin(r.k, r.dpTr, c0, c1, z0, z1));
    }
    for (const Restriction& r : laminar_) {
        const double c0 = *r.a.c, c1 = *r.b.c, z0 = *r.a.z, z1 = *r.b.z;
        writeSides(r, c0, c1, z0, z1, r.k * (c0 - c1) / (1.0 + r.k * (z0 + z1)));
    }
}

[[gnu::always_inline]] inline void FlatTlmStep::finishInline(double dt) {
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
