// SPDX-License-Identifier: GPL-3.0-or-later
// Parallel partitions of a System (notes/003 §3): components that only meet at TLM nodes see
// each other's waves from the previous step, so their states can be stepped concurrently. Each
// partition owns the hot components, node/mechanical states and TLM solves of its side; the
// arithmetic per quantity is exactly that of the serial rhs()/beginStep(), so a partitioned run
// is bit-identical to the serial one whatever the partitioning.
#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "system.h"

namespace hs::sim {

namespace {
int findRoot(std::vector<int>& parent, int a) {
    while (parent[static_cast<size_t>(a)] != a) a = parent[static_cast<size_t>(a)] = parent[static_cast<size_t>(parent[static_cast<size_t>(a)])];
    return a;
}
}  // namespace

System::PartitionUnits System::partitionUnits(double dt) const {
    PartitionUnits u;
    const int nc = static_cast<int>(comps.size());
    u.count = nc;
    u.comp.resize(static_cast<size_t>(nc));
    std::iota(u.comp.begin(), u.comp.end(), 0);
    u.endUnit.assign(static_cast<size_t>(nc), -1);
    for (int c = 0; c < nc; ++c) {
        const Component& k = *comps[static_cast<size_t>(c)];
        if (dt > 0 && k.spec->states.empty() && k.splittable(dt)) {
            u.endUnit[static_cast<size_t>(c)] = u.count++;
            u.comp.push_back(c);
        }
    }
    u.ofPort.resize(ports.size());
    for (size_t g = 0; g < ports.size(); ++g) {
        const int c = ports[g].comp;
        const int e = u.endUnit[static_cast<size_t>(c)];
        u.ofPort[g] = e >= 0 && comps[static_cast<size_t>(c)]->endOfPort(ports[g].port) == 1 ? e : c;
    }
    return u;
}

std::vector<int> System::couplingGroups(const PartitionUnits& u) const {
    const int nc = static_cast<int>(comps.size());
    std::vector<int> parent(static_cast<size_t>(u.count));
    std::iota(parent.begin(), parent.end(), 0);
    auto unite = [&](int a, int b) { parent[static_cast<size_t>(findRoot(parent, a))] = findRoot(parent, b); };
    auto unitOf = [&](int g) { return u.ofPort[static_cast<size_t>(g)]; };
    std::vector<char> wave(hyd.size(), 0);
    for (const WaveNode& w : waveNodes_) wave[static_cast<size_t>(w.node)] = 1;
    for (size_t n = 0; n < hyd.size(); ++n) {
        if (wave[n]) continue;  // the cut: only waves of the previous step cross a TLM node
        if (hyd[n].imposer >= 0 && comps[static_cast<size_t>(hyd[n].imposer)]->isStatic()) continue;  // constant
        const auto& ps = hyd[n].ports;
        for (size_t i = 1; i < ps.size(); ++i) unite(unitOf(ps[0]), unitOf(ps[i]));
    }
    for (const MechNode& m : mech)
        for (size_t i = 1; i < m.ports.size(); ++i) unite(unitOf(m.ports[0]), unitOf(m.ports[i]));
    std::vector<int> bySlot(static_cast<size_t>(signalSlots), -1);
    for (int c = 0; c < nc; ++c) {
        const Component& k = *comps[static_cast<size_t>(c)];
        for (size_t p = 0; p < k.node.size(); ++p) {
            if (k.spec->ports[p].domain != Domain::Signal || k.node[p] <= 0) continue;
            int& first = bySlot[static_cast<size_t>(k.node[p])];
            if (first < 0) first = c;
            else unite(first, c);
        }
        if (k.watchedPort >= 0) unite(c, unitOf(k.watchedPort));
    }
    std::vector<int> group(static_cast<size_t>(u.count));
    for (int c = 0; c < u.count; ++c) group[static_cast<size_t>(c)] = findRoot(parent, c);
    return group;
}

std::vector<std::pair<int, int>> System::waveLinks(const PartitionUnits& u) const {
    std::vector<std::pair<int, int>> links;
    for (const WaveNode& w : waveNodes_) {
        std::vector<int> on;
        for (int g : hyd[static_cast<size_t>(w.node)].ports) {
            const int x = u.ofPort[static_cast<size_t>(g)];
            if (std::find(on.begin(), on.end(), x) == on.end()) on.push_back(x);
        }
        for (size_t a = 0; a < on.size(); ++a)
            for (size_t b = a + 1; b < on.size(); ++b) links.emplace_back(on[a], on[b]);
    }
    for (size_t c = 0; c < comps.size(); ++c)
        if (u.endUnit[c] >= 0) links.emplace_back(static_cast<int>(c), u.endUnit[c]);
    return links;
}

std::string System::setPartitions(const PartitionUnits& u, const std::vector<int>& partOfUnit, int parts) {
    parts_.clear();
    if (parts < 1 || partOfUnit.size() != static_cast<size_t>(u.count)) return "partition plan does not match the circuit";
    if (!stepNodes_.empty() || !stageNodes_.empty())
        return "parallel partitions support the integrate and tlm pressure methods only (volume '" +
               hyd[static_cast<size_t>(stepNodes_.empty() ? stageNodes_.front() : stepNodes_.front())].name + "' uses another)";
    const std::vector<int> group = couplingGroups(u);
    std::vector<int> partOfGroup(static_cast<size_t>(u.count), -1);
    for (int x = 0; x < u.count; ++x) {
        const int k = partOfUnit[static_cast<size_t>(x)];
        const std::string& id = comps[static_cast<size_t>(u.comp[static_cast<size_t>(x)])]->id;
        if (k < 0 || k >= parts) return "component '" + id + "' has no valid partition";
        int& g = partOfGroup[static_cast<size_t>(group[static_cast<size_t>(x)])];
        if (g >= 0 && g != k)
            return "component '" + id + "' is coupled to a component of another partition by a non-TLM node, a "
                   "mechanical node or a signal; partitions may only meet at TLM volumes and TLM lines";
        g = k;
    }
    auto partOfPort = [&](int g) { return partOfUnit[static_cast<size_t>(u.ofPort[static_cast<size_t>(g)])]; };
    auto endPart = [&](size_t c) { return u.endUnit[c] >= 0 ? partOfUnit[static_cast<size_t>(u.endUnit[c])] : -1; };
    parts_.resize(static_cast<size_t>(parts));
    auto partOfState = std::vector<int>(states.size(), -1);
    std::unordered_map<const Component*, size_t> compIndex;
    for (size_t c = 0; c < comps.size(); ++c) compIndex[comps[c].get()] = c;
    for (Component* c : hotOrder_) {
        const size_t ci = compIndex.at(c);
        const int k0 = partOfUnit[ci], k1 = endPart(ci);
        if (k1 >= 0 && k1 != k0) {  // cut here: each end on its side
            parts_[static_cast<size_t>(k0)].hotEnds.push_back({c, 0});
            parts_[static_cast<size_t>(k1)].hotEnds.push_back({c, 1});
        } else {
            parts_[static_cast<size_t>(k0)].hot.push_back(c);
        }
    }
    for (size_t c = 0; c < comps.size(); ++c) {
        for (size_t s = 0; s < comps[c]->spec->states.size(); ++s)
            partOfState[static_cast<size_t>(comps[c]->stateOffset) + s] = partOfUnit[c];
        if (!comps[c]->hasStepUpdate()) continue;
        const int k0 = partOfUnit[c], k1 = endPart(c);
        if (k1 >= 0 && k1 != k0) {
            parts_[static_cast<size_t>(k0)].stepEnds.push_back({comps[c].get(), 0});
            parts_[static_cast<size_t>(k1)].stepEnds.push_back({comps[c].get(), 1});
        } else {
            parts_[static_cast<size_t>(k0)].stepComps.push_back(comps[c].get());
        }
    }
    std::vector<char> wave(hyd.size(), 0);
    for (const WaveNode& w : waveNodes_) wave[static_cast<size_t>(w.node)] = 1;
    for (size_t i = 0; i < hotNodes_.size(); ++i) {
        const NodeHot& h = hotNodes_[i];
        if (wave[static_cast<size_t>(h.node)]) continue;
        const int k = partOfPort(hyd[static_cast<size_t>(h.node)].ports.front());
        parts_[static_cast<size_t>(k)].nodes.push_back(static_cast<int>(i));
        const PressureMethod* m = hyd[static_cast<size_t>(h.node)].method.get();
        for (int s = 0; s < m->stateCount(); ++s) partOfState[static_cast<size_t>(m->stateIndex + s)] = k;
    }
    for (size_t i = 0; i < hotMech_.size(); ++i) {
        const int k = partOfPort(mech[static_cast<size_t>(hotMech_[i].node)].ports.front());
        parts_[static_cast<size_t>(k)].mech.push_back(static_cast<int>(i));
        partOfState[static_cast<size_t>(hotMech_[i].y)] = partOfState[static_cast<size_t>(hotMech_[i].y + 1)] = k;
    }
    // A component solved against TLM nodes runs where its end 0 is: the solve reads the waves
    // (both ends' of a cut line) written in the previous phase and writes its own port slots.
    for (size_t i = 0; i < waveComps_.size(); ++i)
        parts_[static_cast<size_t>(partOfUnit[static_cast<size_t>(waveComps_[i].comp)])].waveComps.push_back(static_cast<int>(i));
    sharedNodes_.clear();
    for (size_t i = 0; i < waveNodes_.size(); ++i) {
        const WaveNode& w = waveNodes_[i];
        const int k = w.slotEnd > w.slotBegin ? partOfPort(slotPort_[static_cast<size_t>(w.slotBegin)]) : 0;
        parts_[static_cast<size_t>(k)].waveNodes.push_back(static_cast<int>(i));
        bool shared = false;
        for (int sl = w.slotBegin; sl < w.slotEnd; ++sl) shared = shared || partOfPort(slotPort_[static_cast<size_t>(sl)]) != k;
        if (!shared) {
            parts_[static_cast<size_t>(k)].ownNodes.push_back(static_cast<int>(i));
            continue;
        }
        sharedNodes_.push_back(static_cast<int>(i));
        for (int sl = w.slotBegin; sl < w.slotEnd; ++sl)
            parts_[static_cast<size_t>(partOfPort(slotPort_[static_cast<size_t>(sl)]))].sharedPorts.push_back({static_cast<int>(i), sl - w.slotBegin, sl});
    }
    cutLines_ = false;
    for (const Part& p : parts_) cutLines_ = cutLines_ || !p.stepEnds.empty();
    for (size_t s = 0; s < states.size(); ++s) {
        if (partOfState[s] < 0) { parts_.clear(); return "state '" + states[s].name + "' belongs to no partition"; }
        parts_[static_cast<size_t>(partOfState[s])].states.push_back(static_cast<int>(s));
    }
    partOfUnit_ = partOfUnit;
    partOfState_ = partOfState;
    units_ = u;
    nodeTouchers_.clear();
    for (int i : pressureStates_) parts_[static_cast<size_t>(partOfState[static_cast<size_t>(i)])].pressureStates.push_back(i);
    for (int i : boundedStates_) parts_[static_cast<size_t>(partOfState[static_cast<size_t>(i)])].boundedStates.push_back(i);
    for (Part& p : parts_) {
        p.scratchDy.assign(states.size(), 0.0);
        p.ctx = WaveContext{e_, 0, {}};
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
        if (!h.pressureKept) p[h.node] = h.pressureState >= 0 ? y[h.pressureState] : h.method->pressure(y);
    }
    for (int m : part.mech) {
        const MechHot& h = hotMech_[static_cast<size_t>(m)];
        x_[static_cast<size_t>(h.node)] = y[h.y];
        v_[static_cast<size_t>(h.node)] = y[h.y + 1];
    }
    for (Component* c : part.hot) c->eval(e);
    for (const auto& [c, end] : part.hotEnds) c->evalEnd(e, end);
    for (int i : part.nodes)
        if (hotNodes_[static_cast<size_t>(i)].derivativeWork) nodeDerivative(hotNodes_[static_cast<size_t>(i)], p, dy);
    for (int m : part.mech) mechDerivative(hotMech_[static_cast<size_t>(m)], y, dy);
}

bool System::beginStepPartition(int k, double t, const double* y) {
    Part& part = parts_[static_cast<size_t>(k)];
    rhsPartition(k, t, y, part.scratchDy.data());
    for (int i : part.waveComps)
        if (!solveWaveComp(waveComps_[static_cast<size_t>(i)], part.ctx)) return false;
    return true;
}

bool System::updateStepComponents(Part& part, double dt) {
    for (Component* c : part.stepComps) {
        std::string e = c->stepUpdate(part.ctx.e, dt);
        if (!e.empty()) {
            part.ctx.failure = "component '" + c->id + "': " + e;
            return false;
        }
    }
    return true;
}

bool System::finishStepPartition(int k, double dt) {
    Part& part = parts_[static_cast<size_t>(k)];
    for (int i : part.waveNodes) finishWaveNode(waveNodes_[static_cast<size_t>(i)], dt);
    if (!updateStepComponents(part, dt)) return false;
    for (const auto& [c, end] : part.stepEnds) {
        std::string e = c->stepUpdateEnd(part.ctx.e, dt, end);
        if (!e.empty()) {
            part.ctx.failure = "component '" + c->id + "': " + e;
            return false;
        }
    }
    return true;
}

bool System::partitionStatesOk(int k, const double* y) const {
    const Part& part = parts_[static_cast<size_t>(k)];
    double sum = 0.0;  // finite iff every state is (as firstBadState's fast path)
    for (int i : part.states) sum += y[i] * 0.0;
    if (sum != 0.0) return false;
    for (int i : part.pressureStates)
        if (y[i] < pMin || y[i] > pMax) return false;
    return true;
}

void System::acceptPartition(int k, const double* from, double* y) const {
    const Part& part = parts_[static_cast<size_t>(k)];
    for (int i : part.states) y[i] = from[i];
    for (int i : part.boundedStates)
        if (y[i] < states[static_cast<size_t>(i)].lower) y[i] = states[static_cast<size_t>(i)].lower;
}

long System::finishesWithoutExchange(long cap) const {
    if (cutLines_) return 0;
    long free = cap;
    for (int i : sharedNodes_)
        free = std::min(free, hyd[static_cast<size_t>(waveNodes_[static_cast<size_t>(i)].node)].method->finishesBeforeExchange());
    return free;
}

bool System::finishLocalPartition(int k, long ahead, double dt) {
    Part& part = parts_[static_cast<size_t>(k)];
    for (int i : part.ownNodes) finishWaveNode(waveNodes_[static_cast<size_t>(i)], dt);
    for (const Part::SharedPort& sp : part.sharedPorts)
        slotC_[static_cast<size_t>(sp.slot)] =
            hyd[static_cast<size_t>(waveNodes_[static_cast<size_t>(sp.waveNode)].node)].method->interpolateWave(sp.port, ahead);
    if (!updateStepComponents(part, dt)) return false;
    return true;
}

void System::skipSharedFinishes(long count) {
    for (int i : sharedNodes_) hyd[static_cast<size_t>(waveNodes_[static_cast<size_t>(i)].node)].method->skipWaveFinishes(count);
}

bool System::prepareWavesOnce(double dt) {
    currentDt_ = dt;
    if (wavesPrepared_) return true;
    for (const WaveNode& w : waveNodes_) prepareWaveNode(w, dt);
    // the ends of a cut line must not both set it up on their threads
    for (Component* c : stepComps_) {
        std::string e = c->prepareStep(dt);
        if (!e.empty()) {
            failure_ = "component '" + c->id + "': " + e;
            return false;
        }
    }
    wavesPrepared_ = true;
    return true;
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
