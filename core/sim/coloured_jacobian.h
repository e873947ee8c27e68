// SPDX-License-Identifier: GPL-3.0-or-later
// The Jacobian df/dy of a System by finite differences, one right-hand side per colour of its
// columns instead of one per state. The sparsity pattern is found numerically (sparsity_pattern.h);
// columns that share no row get one colour (column_colouring.h) and are perturbed together.
// With the pattern complete, each entry is the same difference quotient as the dense one (the
// same increment per column, and only that column of its colour moves its row). Should the
// pattern miss an entry (a coupling the structural walk does not model, absent where the
// numerical samples were taken): every kDenseCheckEvery-th evaluation is a dense one, and any entry found
// outside the pattern widens it and the columns are coloured again.
#pragma once

#include <vector>

#include "sparsity_pattern.h"

namespace hs::sim {

class System;

class ColouredJacobian {
public:
    // Dense check period (evaluations): a missed entry costs at most this many Jacobians.
    static constexpr long kDenseCheckEvery = 64;

    // Finds the pattern around (t, y) and colours it.
    void setUp(System& sys, double t, const double* y);
    // With a given pattern (a caller that knows it; the tests, to check the dense checks).
    void setUp(const System& sys, SparsityPattern pattern);
    // J (column-major, leading dimension ld, n x n) at (t, y), where f0 = f(t, y). Every entry
    // outside the pattern is set to zero. y is restored bit for bit. The increment of column j is
    // increments[j], or jacobianIncrement() without them. Returns the number of rhs() evaluations.
    int evaluate(System& sys, double t, double* y, const double* f0, double* jac, int ld,
                 const double* increments = nullptr);
    // One rhs() per state: the reference the coloured one is checked against. Returns n.
    static int evaluateDense(System& sys, double t, double* y, const double* f0, double* jac, int ld,
                             const double* increments = nullptr);

    int colourCount() const { return static_cast<int>(columnsOfColour_.size()); }
    const SparsityPattern& pattern() const { return pattern_; }
    long evaluations() const { return evaluations_; }
    // Times a dense check found an entry outside the pattern.
    long widenings() const { return widenings_; }

private:
    void recolour();
    SparsityPattern pattern_;
    std::vector<std::vector<int>> columnsOfColour_;
    std::vector<double> shifted_, f_, increment_;
    long evaluations_ = 0, widenings_ = 0;
};

// The finite-difference increment of state j at value v: the one the dense Jacobians here always
// used (1e-7 of the larger of |v| and the state's nominal magnitude).
double jacobianIncrement(const System& sys, int j, double v);

}  // namespace hs::sim
