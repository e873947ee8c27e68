#include "system.h"

#include <cmath>
#include <limits>

namespace hs::sim {

void System::allocate() {
    p_.assign(hyd.size(), 0.0);
    x_.assign(mech.size(), 0.0);
    v_.assign(mech.size(), 0.0);
    flow_.assign(ports.size(), 0.0);
    sig_.assign(static_cast<size_t>(signalSlots), 0.0);
    pvol_.assign(ports.size(), 0.0);
    pdvol_.assign(ports.size(), 0.0);
    vol_.assign(hyd.size(), 0.0);
    dvol_.assign(hyd.size(), 0.0);
    scratchDy_.assign(states.size(), 0.0);
    e_.p = p_.data();
    e_.x = x_.data();
    e_.v = v_.data();
    e_.flow = flow_.data();
    e_.sig = sig_.data();
    e_.portVol = pvol_.data();
    e_.portDvol = pdvol_.data();
    e_.fluid = &fluid;
    for (size_t n = 0; n < hyd.size(); ++n) p_[n] = hyd[n].p0;
}

void System::initialState(double* y) const {
    for (const auto& n : hyd)
        if (n.method) n.method->initStates(n.p0, y);
    for (const auto& m : mech) {
        y[m.yIndex] = m.x0;
        y[m.yIndex + 1] = 0.0;
    }
    for (const auto& c : comps) c->initStates(y + c->stateOffset);
}

void System::rhs(double t, const double* y, double* dy) {
    e_.t = t;
    e_.y = y;
    e_.dy = dy;
    const size_t nh = hyd.size();
    for (size_t n = 0; n < nh; ++n) {
        const HydNode& node = hyd[n];
        if (node.method) p_[n] = node.method->pressure(y);
    }
    for (size_t m = 0; m < mech.size(); ++m) {
        x_[m] = y[mech[m].yIndex];
        v_[m] = y[mech[m].yIndex + 1];
    }
    for (int c : order) comps[c]->eval(e_);
    for (size_t n = 0; n < nh; ++n) {
        const HydNode& node = hyd[n];
        double vol = node.vConst, dvol = 0.0;
        for (int g : node.variablePorts) {
            vol += pvol_[g];
            dvol += pdvol_[g];
        }
        vol_[n] = vol;
        dvol_[n] = dvol;
    }
    for (int n : integratedNodes) {
        const HydNode& node = hyd[n];
        double q = 0.0;
        for (int g : node.ports) q -= flow_[g];
        node.method->derivative(q, node.be(p_[n]), vol_[n], dvol_[n], dy);
    }
    for (const MechNode& m : mech) {
        double f = 0.0;
        for (int g : m.ports) f += flow_[g];
        dy[m.yIndex] = y[m.yIndex + 1];
        dy[m.yIndex + 1] = f / m.mass;
    }
}

bool System::beginStep(double t, double dt, const double* y) {
    NodeAccess acc;
    acc.system = this;
    acc.t = t;
    acc.y = y;
    for (size_t n = 0; n < hyd.size(); ++n) {
        if (!hyd[n].method) continue;
        acc.node = static_cast<int>(n);
        if (!hyd[n].method->beginStep(acc, dt)) {
            failure_ = hyd[n].method->lastError();
            return false;
        }
    }
    return true;
}

double System::nodeInflow(int n, double p) {
    const double saved = p_[n];
    double* savedDy = e_.dy;
    e_.dy = scratchDy_.data();
    p_[n] = p;
    for (int c : nodeComps[n]) comps[c]->eval(e_);
    double q = 0.0;
    for (int g : hyd[n].ports) q -= flow_[g];
    p_[n] = saved;
    e_.dy = savedDy;
    return q;
}

double System::nextBreakpoint(double t) const {
    double b = std::numeric_limits<double>::infinity();
    for (const auto& c : comps) b = std::min(b, c->nextBreakpoint(t));
    return b;
}

}  // namespace hs::sim
