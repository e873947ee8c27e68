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
    hotNodes_.clear();
    hotPorts_.clear();
    hotVarPorts_.clear();
    for (size_t n = 0; n < hyd.size(); ++n) {
        HydNode& node = hyd[n];
        if (!node.method) continue;
        NodeHot h{node.method.get(), &node.be, node.vConst, static_cast<int>(n), 0, 0, 0, 0,
                  node.method->pressureStateIndex(), node.method->stateCount() > 0};
        h.portBegin = static_cast<int>(hotPorts_.size());
        hotPorts_.insert(hotPorts_.end(), node.ports.begin(), node.ports.end());
        h.portEnd = static_cast<int>(hotPorts_.size());
        h.varBegin = static_cast<int>(hotVarPorts_.size());
        hotVarPorts_.insert(hotVarPorts_.end(), node.variablePorts.begin(), node.variablePorts.end());
        h.varEnd = static_cast<int>(hotVarPorts_.size());
        hotNodes_.push_back(h);
    }
    hotMech_.clear();
    for (const MechNode& m : mech) {
        MechHot h{m.yIndex, static_cast<int>(hotPorts_.size()), 0, 1.0 / m.mass};
        hotPorts_.insert(hotPorts_.end(), m.ports.begin(), m.ports.end());
        h.portEnd = static_cast<int>(hotPorts_.size());
        hotMech_.push_back(h);
    }
    pressureStates_.clear();
    for (size_t i = 0; i < states.size(); ++i)
        if (states[i].kind == StateKind::Pressure) pressureStates_.push_back(static_cast<int>(i));
    hotOrder_.clear();
    std::vector<double> y0(states.size()), dy0(states.size());
    initialState(y0.data());
    e_.y = y0.data();
    e_.dy = dy0.data();
    for (int c : order) {
        comps[c]->eval(e_);  // static components write their constant values here, once
        if (!comps[c]->isStatic()) hotOrder_.push_back(comps[c].get());
    }
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
    double* p = p_.data();
    for (const NodeHot& h : hotNodes_) p[h.node] = h.pressureState >= 0 ? y[h.pressureState] : h.method->pressure(y);
    for (size_t m = 0; m < hotMech_.size(); ++m) {
        x_[m] = y[hotMech_[m].y];
        v_[m] = y[hotMech_[m].y + 1];
    }
    for (Component* c : hotOrder_) c->eval(e_);
    const int* ports = hotPorts_.data();
    const int* vports = hotVarPorts_.data();
    const double* flow = flow_.data();
    for (const NodeHot& h : hotNodes_) {
        double vol = h.vConst, dvol = 0.0;
        for (int i = h.varBegin; i < h.varEnd; ++i) {
            vol += pvol_[vports[i]];
            dvol += pdvol_[vports[i]];
        }
        vol_[h.node] = vol;
        dvol_[h.node] = dvol;
        if (!h.hasStates) continue;
        double q = 0.0;
        for (int i = h.portBegin; i < h.portEnd; ++i) q -= flow[ports[i]];
        h.method->derivative(q, (*h.be)(p[h.node]), vol, dvol, dy);
    }
    for (const MechHot& m : hotMech_) {
        double f = 0.0;
        for (int i = m.portBegin; i < m.portEnd; ++i) f += flow[ports[i]];
        dy[m.y] = y[m.y + 1];
        dy[m.y + 1] = f * m.invMass;
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
