// SPDX-License-Identifier: GPL-3.0-or-later
#include "sparsity_pattern.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "system.h"

namespace hs::sim {

bool SparsityPattern::has(int row, int column) const {
    const auto& rows = rowsOfColumn_[static_cast<size_t>(column)];
    return std::binary_search(rows.begin(), rows.end(), row);
}

bool SparsityPattern::add(int row, int column) {
    auto& rows = rowsOfColumn_[static_cast<size_t>(column)];
    const auto at = std::lower_bound(rows.begin(), rows.end(), row);
    if (at != rows.end() && *at == row) return false;
    rows.insert(at, row);
    return true;
}

long SparsityPattern::nonZeros() const {
    long count = 0;
    for (const auto& rows : rowsOfColumn_) count += static_cast<long>(rows.size());
    return count;
}

namespace {

// Marks (i, j) for every f_i that moves when y_j is moved by +-delta at (t, y).
void markDependencies(System& sys, double t, std::vector<double>& y, SparsityPattern& pattern) {
    const int n = sys.stateCount();
    std::vector<double> f0(static_cast<size_t>(n)), f(static_cast<size_t>(n));
    sys.rhs(t, y.data(), f0.data());
    for (int j = 0; j < n; ++j) {
        const double keep = y[static_cast<size_t>(j)];
        const double delta = 1e-3 * std::max(std::abs(keep), sys.states[static_cast<size_t>(j)].nominal);
        for (double sign : {1.0, -1.0}) {
            y[static_cast<size_t>(j)] = keep + sign * delta;
            sys.rhs(t, y.data(), f.data());
            for (int i = 0; i < n; ++i)
                if (!(f[static_cast<size_t>(i)] == f0[static_cast<size_t>(i)])) pattern.add(i, j);  // NaN counts too
        }
        y[static_cast<size_t>(j)] = keep;
    }
}

}  // namespace

SparsityPattern structuralPattern(const System& sys) {
    const int n = sys.stateCount();
    SparsityPattern pattern(n);
    std::vector<std::vector<int>> nodeStates(sys.hyd.size());
    for (int i = 0; i < n; ++i) {
        const StateInfo& s = sys.states[static_cast<size_t>(i)];
        if ((s.kind == StateKind::Pressure || s.kind == StateKind::MethodInternal) && s.node >= 0)
            nodeStates[static_cast<size_t>(s.node)].push_back(i);
    }
    // A node whose pressure a held method finds from its neighbours' flows (no state of its own)
    // couples every component on it: not modelled here, every entry may be non-zero.
    for (size_t k = 0; k < sys.hyd.size(); ++k)
        if (sys.hyd[k].method && sys.hyd[k].imposer < 0 && nodeStates[k].empty()) {
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i) pattern.add(i, j);
            return pattern;
        }
    const size_t comps = sys.comps.size();
    std::vector<std::vector<int>> reads(comps), writes(comps);
    std::vector<std::vector<size_t>> producersOfSlot(static_cast<size_t>(std::max(sys.signalSlots, 1)));
    for (size_t c = 0; c < comps; ++c) {
        const Component& comp = *sys.comps[c];
        for (int k = 0; k < static_cast<int>(comp.spec->ports.size()); ++k) {
            const int node = comp.node[static_cast<size_t>(k)];
            if (node < 0) continue;
            const PortSpec& port = comp.spec->ports[static_cast<size_t>(k)];
            if (port.domain == Domain::Hydraulic && node < static_cast<int>(sys.hyd.size())) {
                for (int i : nodeStates[static_cast<size_t>(node)]) {
                    reads[c].push_back(i);
                    writes[c].push_back(i);
                }
            } else if (port.domain == Domain::Mechanical && sys.mech[static_cast<size_t>(node)].yIndex >= 0) {
                const int x = sys.mech[static_cast<size_t>(node)].yIndex;
                reads[c].insert(reads[c].end(), {x, x + 1});
                writes[c].push_back(x + 1);  // a force changes the acceleration
            } else if (port.domain == Domain::Signal && port.dir == SignalDir::Out &&
                       node < static_cast<int>(producersOfSlot.size())) {
                producersOfSlot[static_cast<size_t>(node)].push_back(c);
            }
        }
        for (int k = 0; k < static_cast<int>(comp.spec->states.size()); ++k) {
            reads[c].push_back(comp.stateOffset + k);
            writes[c].push_back(comp.stateOffset + k);
        }
    }
    // What a component reads through its signal inputs (and a flow sensor through the port it
    // watches) is what their producers read, transitively: repeat until nothing is added.
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t c = 0; c < comps; ++c) {
            const Component& comp = *sys.comps[c];
            std::vector<size_t> sources;
            for (int k = 0; k < static_cast<int>(comp.spec->ports.size()); ++k) {
                const PortSpec& port = comp.spec->ports[static_cast<size_t>(k)];
                const int slot = comp.node[static_cast<size_t>(k)];
                if (port.domain == Domain::Signal && port.dir == SignalDir::In && slot >= 0 &&
                    slot < static_cast<int>(producersOfSlot.size()))
                    sources.insert(sources.end(), producersOfSlot[static_cast<size_t>(slot)].begin(),
                                   producersOfSlot[static_cast<size_t>(slot)].end());
            }
            if (comp.watchedPort >= 0) sources.push_back(static_cast<size_t>(sys.ports[static_cast<size_t>(comp.watchedPort)].comp));
            for (size_t source : sources)
                for (size_t r = 0; r < reads[source].size(); ++r) {
                    const int i = reads[source][r];
                    if (std::find(reads[c].begin(), reads[c].end(), i) == reads[c].end()) {
                        reads[c].push_back(i);
                        grew = true;
                    }
                }
        }
    }
    for (size_t c = 0; c < comps; ++c)
        for (int column : reads[c])
            for (int row : writes[c]) pattern.add(row, column);
    for (const MechNode& m : sys.mech)
        if (m.yIndex >= 0) pattern.add(m.yIndex, m.yIndex + 1);  // dx/dt = v
    for (const auto& states : nodeStates)  // a node's method couples its own states
        for (int column : states)
            for (int row : states) pattern.add(row, column);
    for (int j = 0; j < n; ++j) pattern.add(j, j);
    return pattern;
}

SparsityPattern findSparsityPattern(System& sys, double t, const double* y) {
    const int n = sys.stateCount();
    SparsityPattern pattern = structuralPattern(sys);
    std::vector<double> sample(y, y + n);
    markDependencies(sys, t, sample, pattern);
    // Six more states, each state moved by up to half its value plus its nominal magnitude. A
    // state with a lower bound is only moved up: at its bound (a shut compensator, K = 0) the
    // flows through it depend on nothing, and a sample clamped there would hide them again. All at
    // time t: the system is never evaluated at a time the run may not reach (a component may
    // only be defined up to the run's end), so inputs keep their value at t; the structural walk
    // covers what they switch.
    std::mt19937 random(12345);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    for (int k = 0; k < 6; ++k) {
        for (int j = 0; j < n; ++j) {
            const StateInfo& s = sys.states[static_cast<size_t>(j)];
            const double move = unit(random) * (0.5 * std::abs(y[j]) + s.nominal);
            sample[static_cast<size_t>(j)] = std::isfinite(s.lower) ? std::max(y[j], s.lower) + std::abs(move) : y[j] + move;
        }
        markDependencies(sys, t, sample, pattern);
    }
    sys.rhs(t, y, sample.data());  // leave the evaluation of (t, y) in the System, as found
    return pattern;
}

}  // namespace hs::sim
