// SPDX-License-Identifier: GPL-3.0-or-later
#include "system.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hs::sim {

void System::allocate() {
    p_.assign(hyd.size(), 0.0);
    x_.assign(mech.size(), 0.0);
    v_.assign(mech.size(), 0.0);
    // one more entry than ports, always 0: the padding of ContinuityPass's small nodes
    flow_.assign(ports.size() + 1, 0.0);
    sig_.assign(static_cast<size_t>(signalSlots), 0.0);
    pvol_.assign(ports.size() + 1, 0.0);
    pdvol_.assign(ports.size() + 1, 0.0);
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
    stepNodes_.clear();
    stageNodes_.clear();
    needsFixedStep_ = false;
    for (size_t n = 0; n < hyd.size(); ++n) {
        const PressureMethod* m = hyd[n].method.get();
        if (!m || !m->needsFixedStep()) continue;
        needsFixedStep_ = true;
        if (m->wavePorts()) continue;  // TLM nodes update through their ports (tlm_ports.cpp)
        (m->updatesPerStage() ? stageNodes_ : stepNodes_).push_back(static_cast<int>(n));
    }
    stepFlow_.assign(ports.size(), 0.0);
    // Per port, the index of its component among its node's components (the inner loops of the
    // pseudo-dynamic methods ask it for every port and iteration).
    portNodeComp_.assign(ports.size(), -1);
    for (size_t n = 0; n < hyd.size(); ++n)
        for (int g : hyd[n].ports) {
            const auto& cs = nodeComps[n];
            portNodeComp_[static_cast<size_t>(g)] =
                static_cast<int>(std::find(cs.begin(), cs.end(), ports[static_cast<size_t>(g)].comp) - cs.begin());
        }
    boundedStates_.clear();
    for (size_t i = 0; i < states.size(); ++i)
        if (states[i].lower > -std::numeric_limits<double>::infinity()) boundedStates_.push_back(static_cast<int>(i));
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
    setupWavePorts();  // needs the static flows: ports without flow keep the node pressure
    hotNodes_.clear();
    hotPorts_.clear();
    hotVarPorts_.clear();
    for (size_t n = 0; n < hyd.size(); ++n) {
        HydNode& node = hyd[n];
        if (!node.method) continue;
        NodeHot h{node.method.get(), &node.be, node.vConst, 0.0, static_cast<int>(n), 0, 0, 0, 0,
                  node.method->pressureStateIndex(), node.method->stateCount() > 0,
                  node.method->continuityState(), false, node.method->wavePorts()};
        h.portBegin = static_cast<int>(hotPorts_.size());
        // Ports of static components carry a constant flow (zero for volumes): summed once.
        for (int g : node.ports) {
            if (isStaticPort(g)) h.qConst -= flow_[g];
            else hotPorts_.push_back(g);
        }
        h.portEnd = static_cast<int>(hotPorts_.size());
        h.varBegin = static_cast<int>(hotVarPorts_.size());
        hotVarPorts_.insert(hotVarPorts_.end(), node.variablePorts.begin(), node.variablePorts.end());
        h.varEnd = static_cast<int>(hotVarPorts_.size());
        h.derivativeWork = h.hasStates || h.varBegin != h.varEnd;
        vol_[n] = node.vConst;  // constant-volume nodes keep this; variable ones update per rhs
        dvol_[n] = 0.0;
        hotNodes_.push_back(h);
    }
    buildContinuityPass();
    hotMech_.clear();
    for (size_t i = 0; i < mech.size(); ++i) {
        const MechNode& m = mech[i];
        if (m.yIndex < 0) continue;  // driven: its driver writes x and v
        MechHot h{static_cast<int>(i), m.yIndex, static_cast<int>(hotPorts_.size()), 0, 1.0 / m.mass};
        hotPorts_.insert(hotPorts_.end(), m.ports.begin(), m.ports.end());
        h.portEnd = static_cast<int>(hotPorts_.size());
        hotMech_.push_back(h);
    }
    // rhsOver() does nothing for a TLM volume on a constant volume (its pressure is kept in p_, no
    // derivative): such nodes do not keep a system off the plain path.
    plainRhs_ = stageNodes_.empty() && std::all_of(otherHotNodes_.begin(), otherHotNodes_.end(), [&](int i) {
                    const NodeHot& h = hotNodes_[static_cast<size_t>(i)];
                    return h.pressureKept && !h.derivativeWork;
                });
    heldSources_.clear();
    plainOrder_.clear();
    for (Component* c : hotOrder_) {
        if (const IntervalCache* held = c->heldOutputs()) heldSources_.push_back({c, held});
        else plainOrder_.push_back(c);
    }
    buildRestrictionPass();
    presolveReadNodes_.clear();
    presolveLean_ = stageNodes_.empty() && !continuity_.hasChambers();
    for (int i : otherHotNodes_) {
        const NodeHot& h = hotNodes_[static_cast<size_t>(i)];
        if (!h.pressureKept) presolveReadNodes_.push_back(i);
        if (h.derivativeWork) presolveLean_ = false;
    }
    beginStepWork_ = !(stepNodes_.empty() && waveNodes_.empty() && stepComps_.empty());
    presolveEmpty_ = presolveOrder_.empty() && hotMech_.empty() && stageNodes_.empty() && states.empty() &&
                     std::all_of(hotNodes_.begin(), hotNodes_.end(), [](const NodeHot& h) { return h.method->wavePorts(); });
    buildFlatTlmStep();
}

void System::buildContinuityPass() {
    continuity_.clear();
    continuity_.useConstantNodes(flatStages_);
    otherHotNodes_.clear();
    for (size_t i = 0; i < hotNodes_.size(); ++i) {
        const NodeHot& h = hotNodes_[i];
        const std::vector<int> flowPorts(hotPorts_.begin() + h.portBegin, hotPorts_.begin() + h.portEnd);
        const std::vector<int>& chambers = hyd[static_cast<size_t>(h.node)].variablePorts;
        if (h.continuity && h.hasStates && h.pressureState >= 0 && !h.pressureKept &&
            ContinuityPass::takes(flowPorts, chambers)) {
            continuity_.add(h.node, h.pressureState, *h.be, h.vConst, h.qConst, flowPorts, chambers,
                            static_cast<int>(ports.size()));
        } else {
            otherHotNodes_.push_back(static_cast<int>(i));
        }
    }
}

void System::buildRestrictionPass() {
    restrictionPass_.clear();
    restrictionPass_.useFlatRestrictions(flatStages_);
    for (Component* c : plainOrder_) restrictionPass_.add(c);
    restrictionPass_.finish();
}

void System::useFlatStages(bool on) {
    flatStages_ = on;
    buildContinuityPass();  // the same nodes in otherHotNodes_ either way
    buildRestrictionPass();
}

void System::initialState(double* y) {
    failure_.clear();
    for (const auto& n : hyd)
        if (n.method) n.method->initStates(n.p0, y);
    for (size_t i = 0; i < mech.size(); ++i) {
        const MechNode& m = mech[i];
        if (m.yIndex < 0) {  // driven: at rest at its start until its driver writes it
            x_[i] = m.x0;
            v_[i] = 0.0;
            continue;
        }
        y[m.yIndex] = m.x0;
        y[m.yIndex + 1] = 0.0;
    }
    for (const auto& c : comps) c->initStates(y + c->stateOffset);
    resetWaveSlots();
}

void System::rhsPlain(double t, const double* y, double* dy) {
    e_.t = t;
    e_.y = y;
    e_.dy = dy;
    continuity_.readPressures(y, p_.data());
    const MechHot* mech = hotMech_.data();
    const size_t nMech = hotMech_.size();
    for (size_t m = 0; m < nMech; ++m) {
        x_[static_cast<size_t>(mech[m].node)] = y[mech[m].y];
        v_[static_cast<size_t>(mech[m].node)] = y[mech[m].y + 1];
    }
    for (const HeldSource *h = heldSources_.data(), *end = h + heldSources_.size(); h != end; ++h)
        if (!h->held->holds(t)) h->comp->eval(e_);
    if (restrictionPass_.hasFlatBlocks()) restrictionPass_.eval(e_);
    else
        for (Component *const *c = plainOrder_.data(), *const *end = c + plainOrder_.size(); c != end; ++c) (*c)->eval(e_);
    continuity_.derivatives(flow_.data(), pvol_.data(), pdvol_.data(), vol_.data(), dvol_.data(), dy);
    for (const MechHot *m = hotMech_.data(), *end = m + hotMech_.size(); m != end; ++m) mechDerivative(*m, y, dy);
}

void System::rhsOver(const std::vector<Component*>& list, double t, const double* y, double* dy) {
    e_.t = t;
    e_.y = y;
    e_.dy = dy;
    double* p = p_.data();
    continuity_.readPressures(y, p);
    for (int i : otherHotNodes_) {
        const NodeHot& h = hotNodes_[static_cast<size_t>(i)];
        if (!h.pressureKept) p[h.node] = h.pressureState >= 0 ? y[h.pressureState] : h.method->pressure(y);
    }
    for (const MechHot& m : hotMech_) {
        x_[static_cast<size_t>(m.node)] = y[m.y];
        v_[static_cast<size_t>(m.node)] = y[m.y + 1];
    }
    for (Component* c : list) c->eval(e_);
    if (!stageNodes_.empty()) updateStageMethods(t);
    continuity_.derivatives(flow_.data(), pvol_.data(), pdvol_.data(), vol_.data(), dvol_.data(), dy);
    for (int i : otherHotNodes_) {
        const NodeHot& h = hotNodes_[static_cast<size_t>(i)];
        if (h.derivativeWork) nodeDerivative(h, p, dy);
    }
    for (const MechHot& m : hotMech_) mechDerivative(m, y, dy);
}

void System::presolve(double t, const double* y) {
    if (!presolveLean_) {
        rhsOver(presolveOrder_, t, y, scratchDy_.data());
        return;
    }
    // rhsOver() without what only its derivative pass would use (the bulk moduli) and without
    // that pass: the same pressures, positions and component outputs.
    e_.t = t;
    e_.y = y;
    e_.dy = scratchDy_.data();
    double* p = p_.data();
    continuity_.readPressuresOnly(y, p);
    for (int i : presolveReadNodes_) {
        const NodeHot& h = hotNodes_[static_cast<size_t>(i)];
        p[h.node] = h.pressureState >= 0 ? y[h.pressureState] : h.method->pressure(y);
    }
    for (size_t m = 0; m < hotMech_.size(); ++m) {
        x_[m] = y[hotMech_[m].y];
        v_[m] = y[hotMech_[m].y + 1];
    }
    for (Component* c : presolveOrder_) c->eval(e_);
}

bool System::isStaticPort(int g) const { return comps[ports[g].comp]->isStatic(); }

void System::evalComponents() {
    for (Component* c : hotOrder_) c->eval(e_);
}

void System::updateStageMethods(double t) {
    stepFlow_ = flow_;
    // chamber volumes of this evaluation for the methods' netFlow
    for (const NodeHot& h : hotNodes_) {
        double dvol = 0.0;
        for (int i = h.varBegin; i < h.varEnd; ++i) dvol += pdvol_[hotVarPorts_[i]];
        dvol_[h.node] = dvol;
    }
    for (int n : stageNodes_) {
        NodeAccess acc(this, n, t, currentDt_);
        PressureMethod* m = hyd[n].method.get();
        if (!m->update(acc) && !m->continueOnFailure() && failure_.empty())
            failure_ = "pressure method '" + std::string(m->id()) + "' of volume '" + hyd[n].name + "' failed at t = " +
                       std::to_string(t) + " s: " + m->lastError();
        p_[n] = m->pressure(e_.y);
    }
    evalComponents();
}

bool System::beginStepWork(double t, double dt, const double* y) {
    if (presolveEmpty_) {
        e_.t = t;
        e_.y = y;
        e_.dy = scratchDy_.data();
    } else {
        presolve(t, y);
    }
    if (flatTlm_ && flatTlmEnabled_ && wavesPrepared_) flatTlm_->solveRestrictions();
    else if (!waveNodes_.empty() && !solveWavePorts(dt)) return false;
    if (!stepNodes_.empty()) stepFlow_ = flow_;  // only the held methods' NodeAccess reads it
    for (int n : stepNodes_) {
        NodeAccess acc(this, n, t, dt);
        PressureMethod* m = hyd[n].method.get();
        if (!m->update(acc) && !m->continueOnFailure()) {
            failure_ = "pressure method '" + std::string(m->id()) + "' of volume '" + hyd[n].name + "' failed: " +
                       m->lastError();
            return false;
        }
        p_[n] = m->pressure(y);
    }
    // The held methods' solves leave in flow_ the flows of their last trial pressure; components
    // that read flows once per step (a sensor sampling the previous step) need them at the
    // pressures just solved.
    if (!stepComps_.empty())
        for (int n : stepNodes_)
            for (int c : nodeComps[static_cast<size_t>(n)]) comps[static_cast<size_t>(c)]->eval(e_);
    // Likewise, what the components solved against TLM nodes output drives others through signals
    // (a pressure source fed by a valve's load pressure): those are evaluated again, in evaluation
    // order, so that a sensor sampling this step reads values of this step's solve.
    if (!stepComps_.empty() && !waveNodes_.empty())
        for (int c : order) {
            Component& k = *comps[static_cast<size_t>(c)];
            if (k.isStatic()) continue;
            for (size_t i = 0; i < k.node.size(); ++i) {
                const PortSpec& ps = k.spec->ports[i];
                if (ps.domain == Domain::Signal && ps.dir == SignalDir::In && k.connected[i]) {
                    k.eval(e_);
                    break;
                }
            }
        }
    if (!finishWaveStep(dt)) return false;
    // From the next step on, beginStep() runs the flat TLM step.
    flatReady_ = flatTlm_ && flatTlm_->wholeStep && flatTlmEnabled_ && wavesPrepared_;
    return true;
}

double System::nodeInflowPartial(int n, double p, const std::vector<char>& recompute) {
    const double saved = p_[n];
    double* savedDy = e_.dy;
    e_.dy = scratchDy_.data();
    p_[n] = p;
    const auto& comps_ = nodeComps[n];
    for (size_t i = 0; i < comps_.size(); ++i)
        if (recompute[i]) comps[comps_[i]]->eval(e_);
    double q = 0.0;
    for (int g : hyd[n].ports) q -= recompute[static_cast<size_t>(portNodeComp_[static_cast<size_t>(g)])] ? flow_[g] : stepFlow_[g];
    p_[n] = saved;
    e_.dy = savedDy;
    return q;
}

double System::componentInflow(int n, int i) const {
    const int c = nodeComps[n][static_cast<size_t>(i)];
    double q = 0.0;
    for (int g : hyd[n].ports)
        if (ports[g].comp == c) q -= stepFlow_[g];
    return q;
}

void System::componentInflowsAt(int n, double p, double* out) {
    (void)nodeInflow(n, p);  // evaluates the node's components at p into flow_
    std::fill(out, out + nodeComps[n].size(), 0.0);
    for (int g : hyd[n].ports) out[portNodeComp_[static_cast<size_t>(g)]] -= flow_[g];
}

int System::flowPaths(int n) const {
    int k = 0;
    for (int g : hyd[n].ports)
        if (stepFlow_[g] != 0.0) ++k;
    return k;
}

// --- NodeAccess ----------------------------------------------------------------------------

double NodeAccess::netFlow(double p) const { return sys_->nodeInflow(node_, p) - sys_->nodeDvol(node_); }
double NodeAccess::netFlowPartial(double p, const std::vector<char>& r) const {
    return sys_->nodeInflowPartial(node_, p, r) - sys_->nodeDvol(node_);
}
int NodeAccess::componentCount() const { return static_cast<int>(sys_->nodeComps[node_].size()); }
double NodeAccess::componentInflow(int i) const { return sys_->componentInflow(node_, i); }
void NodeAccess::componentInflowsAt(double p, double* out) const { sys_->componentInflowsAt(node_, p, out); }
double NodeAccess::dvol() const { return sys_->nodeDvol(node_); }
int NodeAccess::flowPaths() const { return sys_->flowPaths(node_); }
double NodeAccess::pressure() const { return sys_->nodePressure(node_); }
double NodeAccess::volume() const { return sys_->nodeVolume(node_); }
double NodeAccess::bulkModulus(double p) const { return sys_->hyd[node_].be(p); }
const std::string& NodeAccess::name() const { return sys_->hyd[node_].name; }

void MethodStats::countInner(std::int64_t n) {
    innerIterations += n;
    maxInnerIterations = std::max(maxInnerIterations, n);
    int bin = 0;
    for (std::int64_t v = n - 1; v > 0 && bin < 15; v >>= 1) ++bin;
    ++histogram[static_cast<size_t>(bin)];
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

double System::nextBreakpoint(double t, double* at) const {
    // An adaptive segment ends a little before the discontinuity b, not at b: the evaluations at a
    // segment's end then see the inputs' left limit. Ending at b, they saw the new level (a PRMS
    // source's value at b is its next period's), so a step that ended there was checked against
    // the wrong input: on the position-servo rig CVODE stepped from 1.40 to 1.44 s over a whole
    // braking of the trolley, because at the new demand the step's end looked as saturated as its
    // start (75 bar off; sim_test_simulator, stepEndingAtABreakpointSeesTheOldInput). The margin
    // is far below any step, and the next segment starts at b (*at) with the new level.
    auto margin = [](double b) { return 1e-12 * std::max(1.0, std::abs(b)); };
    double from = t;
    for (;;) {
        double b = std::numeric_limits<double>::infinity();
        for (const auto& c : comps) b = std::min(b, c->nextBreakpoint(from));
        if (at) *at = b;
        if (!std::isfinite(b)) return b;
        // A stop within a margin after t would be a step too short for the steppers (CVODE
        // refuses a stop "too close" to its time); t is then at b (a segment ended there, or a
        // breakpoint predicted again from the state moved by rounding): the next one.
        if (b - margin(b) > t + margin(b)) return b - margin(b);
        from = std::max(from, b) + margin(b);
    }
}

}  // namespace hs::sim
