// SPDX-License-Identifier: GPL-3.0-or-later
#include "analytic_jacobian.h"

#include <algorithm>
#include <cmath>

#include "system.h"

namespace hs::sim {

// Turns a component's (output, port) / (input, port) pairs into value ids.
class AnalyticJacobian::Sink final : public JacobianSink {
public:
    // Collects the partials into out, or (out null) applies them to the gradients at once.
    Sink(AnalyticJacobian& a, const Component& c, std::vector<LocalPartial>* out) : a_(a), c_(c), out_(out) {}
    void add(PartialOut o, int ko, PartialIn i, int ki, double d) override {
        if (d == 0.0) return;
        const int oid = outId(o, ko), iid = inId(i, ki);
        if (oid < 0 || iid < 0) return;
        if (out_) out_->push_back({oid, iid, d});
        else a_.applyOne(oid, iid, d);
    }

private:
    int node(int k) const {
        return k >= 0 && k < static_cast<int>(c_.node.size()) && c_.connected[static_cast<size_t>(k)] ? c_.node[static_cast<size_t>(k)] : -1;
    }
    int outId(PartialOut o, int k) const {
        switch (o) {
            case PartialOut::Flow: return a_.id(kFlow, c_.portBase + k);
            case PartialOut::Volume: return a_.id(kVol, c_.portBase + k);
            case PartialOut::VolumeRate: return a_.id(kDvol, c_.portBase + k);
            case PartialOut::Pressure: return node(k) < 0 ? -1 : a_.id(kP, node(k));
            case PartialOut::Signal: return node(k) < 0 ? -1 : a_.id(kSig, node(k));
            case PartialOut::State: return a_.id(kDy, c_.stateOffset + k);
        }
        return -1;
    }
    int inId(PartialIn i, int k) const {
        switch (i) {
            case PartialIn::Pressure: return node(k) < 0 ? -1 : a_.id(kP, node(k));
            case PartialIn::Position: return node(k) < 0 ? -1 : a_.id(kX, node(k));
            case PartialIn::Velocity: return node(k) < 0 ? -1 : a_.id(kV, node(k));
            case PartialIn::Signal: return node(k) < 0 ? -1 : a_.id(kSig, node(k));
            case PartialIn::State: return a_.id(kStateIn, c_.stateOffset + k);
            case PartialIn::WatchedFlow: return c_.watchedPort < 0 ? -1 : a_.id(kFlow, c_.watchedPort);
        }
        return -1;
    }
    AnalyticJacobian& a_;
    const Component& c_;
    std::vector<LocalPartial>* out_;
};

std::string AnalyticJacobian::unsupportedReason(const System& sys) {
    for (const HydNode& node : sys.hyd) {
        const PressureMethod* m = node.method.get();
        if (!m) {
            if (node.imposer < 0) return "node '" + node.name + "' has neither a pressure method nor a source";
            continue;
        }
        if (!m->continuityState() || m->pressureStateIndex() < 0 || m->stateCount() != 1 || m->needsFixedStep() ||
            m->updatesPerStage() || m->wavePorts())
            return "volume '" + node.name + "' uses pressure method '" + m->id() + "', not the plain continuity equation";
    }
    for (const StateInfo& s : sys.states)
        if (s.kind == StateKind::MethodInternal) return "state '" + s.name + "' belongs to a pressure method";
    for (const auto& c : sys.comps)
        if (c->hasStepUpdate()) return "component '" + c->id + "' updates once per step";
    return {};
}

void AnalyticJacobian::componentInputsOutputs(const System& sys, int ci, std::vector<int>& in, std::vector<int>& out) const {
    const Component& c = *sys.comps[static_cast<size_t>(ci)];
    in.clear();
    out.clear();
    const auto& ports = c.spec->ports;
    for (size_t k = 0; k < ports.size() && k < c.node.size(); ++k) {
        if (!c.connected[k] || c.node[k] < 0) continue;
        const int nd = c.node[k], g = c.portBase + static_cast<int>(k);
        switch (ports[k].domain) {
            case Domain::Hydraulic:
                in.push_back(id(kP, nd));
                out.push_back(id(kFlow, g));
                if (c.hasVariableVolume()) {
                    out.push_back(id(kVol, g));
                    out.push_back(id(kDvol, g));
                }
                if (c.imposesPressure(static_cast<int>(k))) out.push_back(id(kP, nd));
                break;
            case Domain::Mechanical:
            case Domain::Rotational:
                if (c.drivesMotion(static_cast<int>(k))) {  // writes the node's motion, reads its loads
                    out.push_back(id(kX, nd));
                    out.push_back(id(kV, nd));
                    if (k < c.loadPorts.size())
                        for (int l : c.loadPorts[k]) in.push_back(id(kFlow, l));
                } else {
                    in.push_back(id(kX, nd));
                    in.push_back(id(kV, nd));
                }
                out.push_back(id(kFlow, g));
                break;
            case Domain::Signal:
                (ports[k].dir == SignalDir::Out ? out : in).push_back(id(kSig, nd));
                break;
        }
    }
    for (size_t s = 0; s < c.spec->states.size(); ++s) {
        in.push_back(id(kStateIn, c.stateOffset + static_cast<int>(s)));
        out.push_back(id(kDy, c.stateOffset + static_cast<int>(s)));
    }
    if (c.watchedPort >= 0) in.push_back(id(kFlow, c.watchedPort));
    // An imposed pressure is written, not read (the component reads its own output only then).
    for (int o : out) in.erase(std::remove(in.begin(), in.end(), o), in.end());
    std::sort(in.begin(), in.end());
    in.erase(std::unique(in.begin(), in.end()), in.end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

void AnalyticJacobian::setUp(const System& sys) {
    sys_ = &sys;
    n_ = sys.stateCount();
    const int ports = static_cast<int>(sys.ports.size());
    const int sizes[kRanges] = {static_cast<int>(sys.hyd.size()), static_cast<int>(sys.mech.size()),
                                static_cast<int>(sys.mech.size()), sys.signalSlots, ports, ports, ports, n_, n_};
    base_[0] = 0;
    for (int r = 0; r < kRanges; ++r) base_[r + 1] = base_[r] + sizes[r];
    grad_.assign(static_cast<size_t>(base_[kRanges]) * static_cast<size_t>(n_), 0.0);
    live_.assign(static_cast<size_t>(base_[kRanges]), 0);
    inputs_.assign(sys.comps.size(), {});
    outputs_.assign(sys.comps.size(), {});
    evalOrder_.clear();
    for (size_t c = 0; c < sys.comps.size(); ++c) componentInputsOutputs(sys, static_cast<int>(c), inputs_[c], outputs_[c]);
    for (int c : sys.order)
        if (!sys.comps[static_cast<size_t>(c)]->isStatic()) evalOrder_.push_back(c);
    declares_.assign(sys.comps.size(), 1);
    f_.assign(static_cast<size_t>(n_), 0.0);
    unit_.assign(live_.size(), -1);
    seed(sys);
    seedLive_ = live_;
    componentEvaluations_ = 0;
    declaring_ = numeric_ = 0;
}

double* AnalyticJacobian::value(int vid, double* y) {
    const Eval& e = sys_->eval();
    int r = 0;
    while (vid >= base_[r + 1]) ++r;
    const int i = vid - base_[r];
    switch (static_cast<Range>(r)) {
        case kP: return e.p + i;
        case kX: return e.x + i;
        case kV: return e.v + i;
        case kSig: return e.sig + i;
        case kFlow: return e.flow + i;
        case kVol: return e.portVol + i;
        case kDvol: return e.portDvol + i;
        case kDy: return e.dy + i;
        case kStateIn: return y + i;
        default: return nullptr;
    }
}

std::string AnalyticJacobian::describe(int vid) const {
    static const char* names[kRanges] = {"p", "x", "v", "signal", "flow", "volume", "dvolume", "dy", "y"};
    int r = 0;
    while (vid >= base_[r + 1]) ++r;
    std::string s = std::string(names[r]) + "[" + std::to_string(vid - base_[r]) + "]";
    if (r == kP) s += " (" + sys_->hyd[static_cast<size_t>(vid - base_[r])].name + ")";
    if (r == kFlow || r == kVol || r == kDvol) {
        const PortRef& pr = sys_->ports[static_cast<size_t>(vid - base_[r])];
        const Component& c = *sys_->comps[static_cast<size_t>(pr.comp)];
        s += " (" + c.id + "." + c.spec->ports[static_cast<size_t>(pr.port)].id + ")";
    }
    if (r == kDy || r == kStateIn) s += " (" + sys_->states[static_cast<size_t>(vid - base_[r])].name + ")";
    return s;
}

// The rows of the values that are states (continuity pressures, positions, velocities, the
// components' own states): written once, never an output.
void AnalyticJacobian::seed(const System& sys) {
    std::fill(grad_.begin(), grad_.end(), 0.0);
    std::fill(live_.begin(), live_.end(), 0);
    auto unit = [&](int vid, int j) {
        row(vid)[j] = 1.0;
        live_[static_cast<size_t>(vid)] = 1;
        unit_[static_cast<size_t>(vid)] = j;
    };
    for (size_t nd = 0; nd < sys.hyd.size(); ++nd)
        if (const PressureMethod* m = sys.hyd[nd].method.get()) unit(id(kP, static_cast<int>(nd)), m->pressureStateIndex());
    for (size_t m = 0; m < sys.mech.size(); ++m) {
        if (sys.mech[m].yIndex < 0) continue;  // driven: not states (held over the step)
        unit(id(kX, static_cast<int>(m)), sys.mech[m].yIndex);
        unit(id(kV, static_cast<int>(m)), sys.mech[m].yIndex + 1);
    }
    for (int j = 0; j < n_; ++j) unit(id(kStateIn, j), j);
}

void AnalyticJacobian::differences(System& sys, int c, double* y, int direction, bool liveOnly,
                                   std::vector<LocalPartial>& out) {
    Component& comp = *sys.comps[static_cast<size_t>(c)];
    Eval e = sys.eval();
    const std::vector<int>& ins = inputs_[static_cast<size_t>(c)];
    const std::vector<int>& outs = outputs_[static_cast<size_t>(c)];
    saved_.resize(outs.size());
    plus_.resize(outs.size());
    minus_.resize(outs.size());
    for (size_t o = 0; o < outs.size(); ++o) saved_[o] = *value(outs[o], y);
    // An input that does not depend on y (a tank, a command) has no scale of its own: it takes
    // the largest magnitude among the component's inputs of its kind (a tank beside a pressure).
    double kindScale[kRanges] = {};
    for (int in : ins) {
        int r = 0;
        while (in >= base_[r + 1]) ++r;
        kindScale[r] = std::max(kindScale[r], std::abs(*value(in, y)));
    }
    bool perturbed = false;
    for (int in : ins) {
        if (liveOnly && !live_[static_cast<size_t>(in)]) continue;
        double scale = 0.0;  // the input's magnitude when the states it depends on move by their nominal
        if (live_[static_cast<size_t>(in)]) {
            const double* g = row(in);
            for (int j = 0; j < n_; ++j) scale += std::abs(g[j]) * sys.states[static_cast<size_t>(j)].nominal;
        }
        if (!(scale > 0.0)) {
            int r = 0;
            while (in >= base_[r + 1]) ++r;
            scale = kindScale[r] > 0.0 ? kindScale[r] : 1.0;
        }
        double* v = value(in, y);
        const double keep = *v;
        const bool central = direction == 0;
        const double h = (direction < 0 ? -1e-7 : 1e-7) * std::max(std::abs(keep), scale);
        *v = keep + h;
        comp.eval(e);
        for (size_t o = 0; o < outs.size(); ++o) plus_[o] = *value(outs[o], y);
        if (central) {
            *v = keep - h;
            comp.eval(e);
            for (size_t o = 0; o < outs.size(); ++o) minus_[o] = *value(outs[o], y);
        }
        *v = keep;
        componentEvaluations_ += central ? 2 : 1;
        perturbed = true;
        for (size_t o = 0; o < outs.size(); ++o) {
            const double d = central ? (plus_[o] - minus_[o]) / (2.0 * h) : (plus_[o] - saved_[o]) / h;
            if (d != 0.0) out.push_back({outs[o], in, d});
        }
    }
    if (perturbed) {  // back to the outputs (and any internal values) of the unperturbed inputs
        comp.eval(e);
        ++componentEvaluations_;
        for (size_t o = 0; o < outs.size(); ++o) *value(outs[o], y) = saved_[o];
    }
}

int AnalyticJacobian::evaluate(System& sys, double t, double* y, double* jac, int ld) {
    sys.rhs(t, y, f_.data());
    std::copy(seedLive_.begin(), seedLive_.end(), live_.begin());
    const Eval& e = sys.eval();
    declaring_ = numeric_ = 0;
    seen_.assign(sys.comps.size(), 0);
    for (int c : evalOrder_) {
        // A driver evaluated again after its loads (Component::evalsAfterLoads) writes its outputs
        // anew: their rows restart from zero instead of adding to the first evaluation's.
        if (seen_[static_cast<size_t>(c)])
            for (int o : outputs_[static_cast<size_t>(c)]) live_[static_cast<size_t>(o)] = 0;
        seen_[static_cast<size_t>(c)] = 1;
        const std::vector<int>& ins = inputs_[static_cast<size_t>(c)];
        if (std::none_of(ins.begin(), ins.end(), [&](int i) { return live_[static_cast<size_t>(i)] != 0; })) continue;
        Component& comp = *sys.comps[static_cast<size_t>(c)];
        if (declares_[static_cast<size_t>(c)]) {
            Sink sink(*this, comp, nullptr);
            if (comp.jacobian(e, sink)) {
                ++declaring_;
                continue;
            }
            declares_[static_cast<size_t>(c)] = 0;  // (it wrote nothing: a component declares all or none)
        }
        partials_.clear();
        differences(sys, c, y, 1, true, partials_);
        for (const LocalPartial& lp : partials_) applyOne(lp.out, lp.in, lp.d);
        ++numeric_;
    }
    // Rows: node continuity, masses, component states.
    for (int j = 0; j < n_; ++j) std::fill_n(jac + static_cast<size_t>(j) * static_cast<size_t>(ld), n_, 0.0);
    auto put = [&](int i, const double* r, double scale) {
        for (int j = 0; j < n_; ++j) jac[static_cast<size_t>(j) * static_cast<size_t>(ld) + static_cast<size_t>(i)] += scale * r[j];
    };
    for (size_t nd = 0; nd < sys.hyd.size(); ++nd) {
        const HydNode& node = sys.hyd[nd];
        if (!node.method) continue;
        const int i = node.method->pressureStateIndex();
        const double p = e.p[nd];
        const double vol = sys.nodeVolume(static_cast<int>(nd)), dvol = sys.nodeDvol(static_cast<int>(nd));
        double q = 0.0;
        for (int g : node.ports) q -= e.flow[g];
        const double be = node.be(p), dbe = node.be.slope(p);
        const double net = q - dvol;
        // d(Be/V*(q - dV))/dy = dBe/dp*(q - dV)/V dp - Be*(q - dV)/V^2 dV + Be/V (dq - d(dV))
        if (dbe != 0.0) put(i, row(id(kP, static_cast<int>(nd))), dbe * net / vol);
        for (int g : node.variablePorts) {
            if (live_[static_cast<size_t>(id(kVol, g))]) put(i, row(id(kVol, g)), -be * net / (vol * vol));
            if (live_[static_cast<size_t>(id(kDvol, g))]) put(i, row(id(kDvol, g)), -be / vol);
        }
        for (int g : node.ports)
            if (live_[static_cast<size_t>(id(kFlow, g))]) put(i, row(id(kFlow, g)), -be / vol);
    }
    for (size_t m = 0; m < sys.mech.size(); ++m) {
        const MechNode& mn = sys.mech[m];
        if (mn.yIndex < 0) continue;
        jac[static_cast<size_t>(mn.yIndex + 1) * static_cast<size_t>(ld) + static_cast<size_t>(mn.yIndex)] = 1.0;
        for (int g : mn.ports)
            if (live_[static_cast<size_t>(id(kFlow, g))]) put(mn.yIndex + 1, row(id(kFlow, g)), 1.0 / mn.mass);
    }
    for (const auto& c : sys.comps)
        for (size_t s = 0; s < c->spec->states.size(); ++s) {
            const int i = c->stateOffset + static_cast<int>(s);
            if (live_[static_cast<size_t>(id(kDy, i))]) put(i, row(id(kDy, i)), 1.0);
        }
    return 1;
}

bool AnalyticJacobian::declaredPartials(System& sys, int c, double t, double* y, std::vector<LocalPartial>& out) {
    sys.rhs(t, y, f_.data());
    out.clear();
    Sink sink(*this, *sys.comps[static_cast<size_t>(c)], &out);
    return sys.comps[static_cast<size_t>(c)]->jacobian(sys.eval(), sink);
}

void AnalyticJacobian::numericPartials(System& sys, int c, double t, double* y, int direction, std::vector<LocalPartial>& out) {
    sys.rhs(t, y, f_.data());
    std::copy(seedLive_.begin(), seedLive_.end(), live_.begin());
    out.clear();
    differences(sys, c, y, direction, false, out);
}

}  // namespace hs::sim
