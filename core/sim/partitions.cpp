// Parallel partitions of a System (notes/003 §3): components that only meet at TLM nodes see
// each other's waves from the previous step, so their states can be stepped concurrently. Each
// partition owns the hot components, node/mechanical states and TLM solves of its side; the
// arithmetic per quantity is exactly that of the serial rhs()/beginStep(), so a partitioned run
// is bit-identical to the serial one whatever the partitioning.
#include <algorithm>
#include <numeric>

#include "system.h"

namespace hs::sim {

namespace {
int findRoot(std::vector<int>& parent, int a) {
    while (parent[static_cast<size_t>(a)] != a) a = parent[static_cast<size_t>(a)] = parent[static_cast<size_t>(parent[static_cast<size_t>(a)])];
    return a;
}
}  // namespace

std::vector<int> System::couplingGroups() const {
    const int nc = static_cast<int>(comps.size());
    std::vector<int> parent(static_cast<size_t>(nc));
    std::iota(parent.begin(), parent.end(), 0);
    auto unite = [&](int a, int b) { parent[static_cast<size_t>(findRoot(parent, a))] = findRoot(parent, b); };
    std::vector<char> wave(hyd.size(), 0);
    for (const WaveNode& w : waveNodes_) wave[static_cast<size_t>(w.node)] = 1;
    for (size_t n = 0; n < hyd.size(); ++n) {
        if (wave[n]) continue;  // the cut: only waves of the previous step cross a TLM node
        if (hyd[n].imposer >= 0 && comps[static_cast<size_t>(hyd[n].imposer)]->isStatic()) continue;  // constant
        const auto& ps = hyd[n].ports;
        for (size_t i = 1; i < ps.size(); ++i) unite(ports[static_cast<size_t>(ps[0])].comp, ports[static_cast<size_t>(ps[i])].comp);
    }
    for (const MechNode& m : mech)
        for (size_t i = 1; i < m.ports.size(); ++i) unite(ports[static_cast<size_t>(m.ports[0])].comp, ports[static_cast<size_t>(m.ports[i])].comp);
    std::vector<int> bySlot(static_cast<size_t>(signalSlots), -1);
    for (int c = 0; c < nc; ++c) {
        const Component& k = *comps[static_cast<size_t>(c)];
        for (size_t p = 0; p < k.node.size(); ++p) {
            if (k.spec->ports[p].domain != Domain::Signal || k.node[p] <= 0) continue;
            int& first = bySlot[static_cast<size_t>(k.node[p])];
            if (first < 0) first = c;
            else unite(first, c);
        }
        if (k.watchedPort >= 0) unite(c, ports[static_cast<size_t>(k.watchedPort)].comp);
    }
    std::vector<int> group(static_cast<size_t>(nc));
    for (int c = 0; c < nc; ++c) group[static_cast<size_t>(c)] = findRoot(parent, c);
    return group;
}

std::string System::setPartitions(const std::vector<int>& partOfComp, int parts) {
    parts_.clear();
    if (parts < 1 || partOfComp.size() != comps.size()) return "partition plan does not match the circuit";
    if (!stepNodes_.empty() || !stageNodes_.empty())
        return "parallel partitions support the integrate and tlm pressure methods only (volume '" +
               hyd[static_cast<size_t>(stepNodes_.empty() ? stageNodes_.front() : stepNodes_.front())].name + "' uses another)";
    const std::vector<int> group = couplingGroups();
    std::vector<int> partOfGroup(comps.size(), -1);
    for (size_t c = 0; c < comps.size(); ++c) {
        const int k = partOfComp[c];
        if (k < 0 || k >= parts) return "component '" + comps[c]->id + "' has no valid partition";
        int& g = partOfGroup[static_cast<size_t>(group[c])];
        if (g >= 0 && g != k)
            return "component '" + comps[c]->id + "' is coupled to a component of another partition by a non-TLM node, a "
                   "mechanical node or a signal; partitions may only meet at TLM volumes";
        g = k;
    }
    parts_.resize(static_cast<size_t>(parts));
    auto partOfState = std::vector<int>(states.size(), -1);
    for (Component* c : hotOrder_) {
        const size_t ci = static_cast<size_t>(std::find_if(comps.begin(), comps.end(), [&](const auto& u) { return u.get() == c; }) - comps.begin());
        parts_[static_cast<size_t>(partOfComp[ci])].hot.push_back(c);
    }
    for (size_t c = 0; c < comps.size(); ++c) {
        for (size_t s = 0; s < comps[c]->spec->states.size(); ++s)
            partOfState[static_cast<size_t>(comps[c]->stateOffset) + s] = partOfComp[c];
        if (comps[c]->hasStepUpdate()) parts_[static_cast<size_t>(partOfComp[c])].stepComps.push_back(comps[c].get());
    }
    std::vector<char> wave(hyd.size(), 0);
    for (const WaveNode& w : waveNodes_) wave[static_cast<size_t>(w.node)] = 1;
    for (size_t i = 0; i < hotNodes_.size(); ++i) {
        const NodeHot& h = hotNodes_[i];
        if (wave[static_cast<size_t>(h.node)]) continue;
        const int k = partOfComp[static_cast<size_t>(ports[static_cast<size_t>(hyd[static_cast<size_t>(h.node)].ports.front())].comp)];
        parts_[static_cast<size_t>(k)].nodes.push_back(static_cast<int>(i));
        const PressureMethod* m = hyd[static_cast<size_t>(h.node)].method.get();
        for (int s = 0; s < m->stateCount(); ++s) partOfState[static_cast<size_t>(m->stateIndex + s)] = k;
    }
    for (size_t i = 0; i < hotMech_.size(); ++i) {
        const int k = partOfComp[static_cast<size_t>(ports[static_cast<size_t>(mech[i].ports.front())].comp)];
        parts_[static_cast<size_t>(k)].mech.push_back(static_cast<int>(i));
        partOfState[static_cast<size_t>(hotMech_[i].y)] = partOfState[static_cast<size_t>(hotMech_[i].y + 1)] = k;
    }
    for (size_t i = 0; i < waveComps_.size(); ++i)
        parts_[static_cast<size_t>(partOfComp[static_cast<size_t>(waveComps_[i].comp)])].waveComps.push_back(static_cast<int>(i));
    for (size_t i = 0; i < waveNodes_.size(); ++i) {
        const WaveNode& w = waveNodes_[i];
        const int k = w.slotEnd > w.slotBegin ? partOfComp[static_cast<size_t>(ports[static_cast<size_t>(slotPort_[static_cast<size_t>(w.slotBegin)])].comp)] : 0;
        parts_[static_cast<size_t>(k)].waveNodes.push_back(static_cast<int>(i));
    }
    for (size_t s = 0; s < states.size(); ++s) {
        if (partOfState[s] < 0) { parts_.clear(); return "state '" + states[s].name + "' belongs to no partition"; }
        parts_[static_cast<size_t>(partOfState[s])].states.push_back(static_cast<int>(s));
    }
    for (Part& p : parts_) {
        p.scratchDy.assign(states.size(), 0.0);
        p.ctx = WaveContext{e_, {}, {}, 0, {}};
    }
    return {};
}

// Same arithmetic as rhs(), restricted to partition k (TLM nodes are left to the wave phase).
void System::rhsPartition(int k, double t, const double* y, double* dy) {
    Part& part = parts_[static_cast<size_t>(k)];
    Eval& e = part.ctx.e;
    e.t = t;
    e.y = y;
    e.dy = dy;
    double* p = p_.data();
    for (int i : part.nodes) {
        const NodeHot& h = hotNodes_[static_cast<size_t>(i)];
        p[h.node] = h.pressureState >= 0 ? y[h.pressureState] : h.method->pressure(y);
    }
    for (int m : part.mech) {
        x_[static_cast<size_t>(m)] = y[hotMech_[static_cast<size_t>(m)].y];
        v_[static_cast<size_t>(m)] = y[hotMech_[static_cast<size_t>(m)].y + 1];
    }
    for (Component* c : part.hot) c->eval(e);
    const int* hp = hotPorts_.data();
    const int* vports = hotVarPorts_.data();
    const double* flow = flow_.data();
    for (int i : part.nodes) {
        const NodeHot& h = hotNodes_[static_cast<size_t>(i)];
        double vol = h.vConst, dvol = 0.0;
        if (h.varBegin != h.varEnd) {
            for (int j = h.varBegin; j < h.varEnd; ++j) {
                vol += pvol_[vports[j]];
                dvol += pdvol_[vports[j]];
            }
            vol_[h.node] = vol;
            dvol_[h.node] = dvol;
        }
        if (!h.hasStates) continue;
        double q = h.qConst;
        for (int j = h.portBegin; j < h.portEnd; ++j) q -= flow[hp[j]];
        const double be = (*h.be)(p[h.node]);
        if (h.continuity) dy[h.pressureState] = be / vol * (q - dvol);
        else h.method->derivative(q, be, vol, dvol, dy);
    }
    for (int m : part.mech) {
        const MechHot& mh = hotMech_[static_cast<size_t>(m)];
        double f = 0.0;
        for (int j = mh.portBegin; j < mh.portEnd; ++j) f += flow[hp[j]];
        dy[mh.y] = y[mh.y + 1];
        dy[mh.y + 1] = f * mh.invMass;
    }
}

bool System::beginStepPartition(int k, double t, const double* y) {
    Part& part = parts_[static_cast<size_t>(k)];
    rhsPartition(k, t, y, part.scratchDy.data());
    for (int i : part.waveComps)
        if (!solveWaveComp(waveComps_[static_cast<size_t>(i)], part.ctx)) return false;
    return true;
}

bool System::finishStepPartition(int k, double dt) {
    Part& part = parts_[static_cast<size_t>(k)];
    for (int i : part.waveNodes) finishWaveNode(waveNodes_[static_cast<size_t>(i)], dt);
    for (Component* c : part.stepComps) {
        std::string e = c->stepUpdate(part.ctx.e, dt);
        if (!e.empty()) {
            part.ctx.failure = "component '" + c->id + "': " + e;
            return false;
        }
    }
    return true;
}

void System::prepareWavesOnce(double dt) {
    currentDt_ = dt;
    if (wavesPrepared_) return;
    for (const WaveNode& w : waveNodes_) prepareWaveNode(w, dt);
    wavesPrepared_ = true;
}

std::string System::partitionFailure() {
    for (Part& p : parts_) {
        waveIterations_ += p.ctx.iterations;
        p.ctx.iterations = 0;
        if (!p.ctx.failure.empty()) {
            failure_ = p.ctx.failure;
            p.ctx.failure.clear();
            return failure_;
        }
    }
    return {};
}

}  // namespace hs::sim
