// SPDX-License-Identifier: GPL-3.0-or-later
// Which entries of df/dy can be non-zero: the union of a structural and a numerical pattern.
// Structural: a component's outputs (the derivatives of the pressure states of its hydraulic
// nodes, the velocities of its mechanical nodes, its own states) depend on everything it reads
// (those pressures, positions and velocities, its own states, and, through its signal inputs
// and a watched port, whatever their producers read, transitively). That holds whatever the
// operating point: a valve in its dead band or a shut compensator still gets its entries.
// Numerical, to catch what the walk does not model (a pressure method's internal coupling):
// each state is perturbed both ways by 1e-3 of its magnitude at the given state and at six
// deterministic pseudo-random states around it (bounded states moved up from their bound only),
// all at the given time (never at a time the run may not reach); any change of f_i, however small, marks (i, j). A numerical
// pattern alone missed 8 of Circuit 2's entries (the 4/3 valve sat in its dead band at every
// sample). A node whose pressure a held method computes from its neighbours (no state) makes
// the pattern full. What is still missed is caught by the dense checks of ColouredJacobian.
#pragma once

#include <cstddef>
#include <vector>

namespace hs::sim {

class System;

class SparsityPattern {
public:
    SparsityPattern() = default;
    explicit SparsityPattern(int n) : rowsOfColumn_(static_cast<size_t>(n)) {}
    int size() const { return static_cast<int>(rowsOfColumn_.size()); }
    bool has(int row, int column) const;
    // Adds (row, column); true if it was not there.
    bool add(int row, int column);
    const std::vector<int>& rowsOf(int column) const { return rowsOfColumn_[static_cast<size_t>(column)]; }
    long nonZeros() const;

private:
    std::vector<std::vector<int>> rowsOfColumn_;  // sorted
};

// The structural pattern alone (the diagonal included).
SparsityPattern structuralPattern(const System& sys);
// The union of both around (t, y), as described above. rhs() is called (2n + 1) times per
// sample; y is not changed.
SparsityPattern findSparsityPattern(System& sys, double t, const double* y);

}  // namespace hs::sim
