// SPDX-License-Identifier: GPL-3.0-or-later
// Partitions on separate processes (MPI ranks, one partition each; rank_partitioned_stepper.cpp
// steps them): which TLM nodes each partition finishes itself (replicas of the nodes it shares),
// what crosses between two partitions (their ports' pressures and flows on the nodes they share),
// and which partition's process holds a probe's value. The arithmetic is that of partitions.cpp,
// so a run over ranks is bit-identical to the serial one.
#include <algorithm>

#include "system.h"

namespace hs::sim {

std::string System::prepareRankExchange() {
    if (parts_.empty()) return "no partitions to place on processes";
    if (cutLines_)
        return "a TLM line is cut between partitions: its two ends share the line's state, which cannot cross "
               "processes; place both ends on one partition (or run on threads)";
    nodeTouchers_.assign(waveNodes_.size(), {});
    for (Part& p : parts_) {
        p.rankLocal.clear();
        p.rankShared.clear();
        p.peers.clear();
    }
    for (size_t i = 0; i < waveNodes_.size(); ++i) {
        std::vector<int>& on = nodeTouchers_[i];
        for (int g : hyd[static_cast<size_t>(waveNodes_[i].node)].ports) on.push_back(partitionOfPort(g));
        std::sort(on.begin(), on.end());
        on.erase(std::unique(on.begin(), on.end()), on.end());
        for (int k : on) {
            Part& p = parts_[static_cast<size_t>(k)];
            (on.size() == 1 ? p.rankLocal : p.rankShared).push_back(static_cast<int>(i));
            for (int j : on)
                if (j != k && std::find(p.peers.begin(), p.peers.end(), j) == p.peers.end()) p.peers.push_back(j);
        }
    }
    for (Part& p : parts_) std::sort(p.peers.begin(), p.peers.end());
    return {};
}

namespace {
bool touches(const std::vector<int>& on, int k) { return std::binary_search(on.begin(), on.end(), k); }
}  // namespace

bool System::rankExchangeDue(int k, int peer) const {
    for (int i : parts_[static_cast<size_t>(k)].rankShared) {
        const WaveNode& w = waveNodes_[static_cast<size_t>(i)];
        if (touches(nodeTouchers_[static_cast<size_t>(i)], peer) && (w.everyStep || w.method->waveExchangeDue(0))) return true;
    }
    return false;
}

long System::rankFinishesWithoutExchange(int k, long cap) const {
    long free = cap;
    for (int i : parts_[static_cast<size_t>(k)].rankShared) {
        const WaveNode& w = waveNodes_[static_cast<size_t>(i)];
        free = std::min(free, w.everyStep ? 0L : w.method->finishesBeforeExchange());
    }
    return free;
}

void System::packRankPorts(int k, int peer, std::vector<double>& out) const {
    out.clear();
    const size_t base = hyd.size();
    for (int i : parts_[static_cast<size_t>(k)].rankShared) {
        if (!touches(nodeTouchers_[static_cast<size_t>(i)], peer)) continue;
        const WaveNode& w = waveNodes_[static_cast<size_t>(i)];
        for (int s = w.slotBegin; s < w.slotEnd; ++s)
            if (partitionOfPort(slotPort_[static_cast<size_t>(s)]) == k) {
                out.push_back(p_[base + static_cast<size_t>(s)]);
                out.push_back(slotQ_[static_cast<size_t>(s)]);
            }
        if (w.variableVolume)
            for (int g : hyd[static_cast<size_t>(w.node)].variablePorts)
                if (partitionOfPort(g) == k) {
                    out.push_back(pvol_[static_cast<size_t>(g)]);
                    out.push_back(pdvol_[static_cast<size_t>(g)]);
                }
    }
}

void System::unpackRankPorts(int k, int peer, const std::vector<double>& in) {
    const size_t base = hyd.size();
    size_t at = 0;
    auto next = [&]() { return at < in.size() ? in[at++] : 0.0; };
    for (int i : parts_[static_cast<size_t>(k)].rankShared) {
        if (!touches(nodeTouchers_[static_cast<size_t>(i)], peer)) continue;
        const WaveNode& w = waveNodes_[static_cast<size_t>(i)];
        for (int s = w.slotBegin; s < w.slotEnd; ++s)
            if (partitionOfPort(slotPort_[static_cast<size_t>(s)]) == peer) {
                p_[base + static_cast<size_t>(s)] = next();
                slotQ_[static_cast<size_t>(s)] = next();
            }
        if (w.variableVolume)
            for (int g : hyd[static_cast<size_t>(w.node)].variablePorts)
                if (partitionOfPort(g) == peer) {
                    pvol_[static_cast<size_t>(g)] = next();
                    pdvol_[static_cast<size_t>(g)] = next();
                }
    }
}

bool System::finishRankPartition(int k, double dt) {
    Part& part = parts_[static_cast<size_t>(k)];
    for (int i : part.rankLocal) finishWaveNode(waveNodes_[static_cast<size_t>(i)], dt);
    for (int i : part.rankShared) finishWaveNode(waveNodes_[static_cast<size_t>(i)], dt);
    if (!updateStepComponents(part, dt)) return false;
    return true;
}

bool System::finishRankLocal(int k, long ahead, double dt) {
    Part& part = parts_[static_cast<size_t>(k)];
    for (int i : part.rankLocal) finishWaveNode(waveNodes_[static_cast<size_t>(i)], dt);
    for (int i : part.rankShared) {
        const WaveNode& w = waveNodes_[static_cast<size_t>(i)];
        for (int s = w.slotBegin; s < w.slotEnd; ++s)
            if (partitionOfPort(slotPort_[static_cast<size_t>(s)]) == k)
                slotC_[static_cast<size_t>(s)] = w.method->interpolateWave(s - w.slotBegin, ahead);
    }
    if (!updateStepComponents(part, dt)) return false;
    return true;
}

void System::skipRankFinishes(int k, long count) {
    for (int i : parts_[static_cast<size_t>(k)].rankShared) waveNodes_[static_cast<size_t>(i)].method->skipWaveFinishes(count);
}

int System::partitionOfState(int s) const { return partOfState_.empty() ? 0 : partOfState_[static_cast<size_t>(s)]; }

int System::partitionOfPort(int g) const {
    return partOfUnit_.empty() ? 0 : partOfUnit_[static_cast<size_t>(units_.ofPort[static_cast<size_t>(g)])];
}

int System::partitionOfNode(int n) const {
    if (partOfUnit_.empty()) return 0;
    const size_t base = hyd.size();
    if (static_cast<size_t>(n) >= base) return partitionOfPort(slotPort_[static_cast<size_t>(n) - base]);
    for (size_t i = 0; i < waveNodes_.size(); ++i)
        if (waveNodes_[i].node == n && i < nodeTouchers_.size() && !nodeTouchers_[i].empty()) return nodeTouchers_[i].front();
    const auto& ps = hyd[static_cast<size_t>(n)].ports;
    return ps.empty() ? 0 : partitionOfPort(ps.front());
}

int System::partitionOfMech(int m) const {
    const auto& ps = mech[static_cast<size_t>(m)].ports;
    return ps.empty() ? 0 : partitionOfPort(ps.front());
}

int System::partitionOfSignal(int slot) const {
    for (size_t c = 0; c < comps.size(); ++c) {
        const Component& k = *comps[c];
        for (size_t p = 0; p < k.node.size(); ++p)
            if (k.spec->ports[p].domain == Domain::Signal && k.node[p] == slot)
                return partOfUnit_.empty() ? 0 : partOfUnit_[c];
    }
    return 0;
}

}  // namespace hs::sim
