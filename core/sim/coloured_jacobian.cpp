// SPDX-License-Identifier: GPL-3.0-or-later
#include "coloured_jacobian.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "column_colouring.h"
#include "system.h"

namespace hs::sim {

double jacobianIncrement(const System& sys, int j, double v) {
    return 1e-7 * std::max(std::abs(v), sys.states[static_cast<size_t>(j)].nominal);
}

void ColouredJacobian::setUp(System& sys, double t, const double* y) { setUp(sys, findSparsityPattern(sys, t, y)); }

void ColouredJacobian::setUp(const System& sys, SparsityPattern pattern) {
    const int n = sys.stateCount();
    pattern_ = std::move(pattern);
    shifted_.assign(static_cast<size_t>(n), 0.0);
    f_.assign(static_cast<size_t>(n), 0.0);
    increment_.assign(static_cast<size_t>(n), 0.0);
    evaluations_ = widenings_ = 0;
    recolour();
}

void ColouredJacobian::recolour() {
    const std::vector<int> colour = colourColumns(pattern_);
    const int colours = colour.empty() ? 0 : *std::max_element(colour.begin(), colour.end()) + 1;
    columnsOfColour_.assign(static_cast<size_t>(colours), {});
    for (int j = 0; j < pattern_.size(); ++j) columnsOfColour_[static_cast<size_t>(colour[static_cast<size_t>(j)])].push_back(j);
}

int ColouredJacobian::evaluateDense(System& sys, double t, double* y, const double* f0, double* jac, int ld,
                                    const double* increments) {
    const int n = sys.stateCount();
    std::vector<double> f(static_cast<size_t>(n));
    for (int j = 0; j < n; ++j) {
        const double keep = y[j];
        const double h = increments ? increments[j] : jacobianIncrement(sys, j, keep);
        y[j] = keep + h;
        sys.rhs(t, y, f.data());
        y[j] = keep;
        double* column = jac + static_cast<size_t>(j) * static_cast<size_t>(ld);
        for (int i = 0; i < n; ++i) column[i] = (f[static_cast<size_t>(i)] - f0[i]) / h;
    }
    return n;
}

int ColouredJacobian::evaluate(System& sys, double t, double* y, const double* f0, double* jac, int ld,
                               const double* increments) {
    const int n = pattern_.size();
    ++evaluations_;
    if (evaluations_ % kDenseCheckEvery == 0) {
        const int spent = evaluateDense(sys, t, y, f0, jac, ld, increments);
        bool widened = false;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i)
                if (jac[static_cast<size_t>(j) * static_cast<size_t>(ld) + static_cast<size_t>(i)] != 0.0 && pattern_.add(i, j)) {
                    pattern_.add(j, i);  // a margin: a coupling found late is most likely two-way (a flow)
                    widened = true;
                }
        if (widened) {
            ++widenings_;
            recolour();
        }
        return spent;
    }
    for (int j = 0; j < n; ++j) std::fill_n(jac + static_cast<size_t>(j) * static_cast<size_t>(ld), n, 0.0);
    for (const std::vector<int>& columns : columnsOfColour_) {
        for (int j : columns) {
            increment_[static_cast<size_t>(j)] = increments ? increments[j] : jacobianIncrement(sys, j, y[j]);
            shifted_[static_cast<size_t>(j)] = y[j];
            y[j] += increment_[static_cast<size_t>(j)];
        }
        sys.rhs(t, y, f_.data());
        for (int j : columns) {
            y[j] = shifted_[static_cast<size_t>(j)];
            double* column = jac + static_cast<size_t>(j) * static_cast<size_t>(ld);
            const double h = increment_[static_cast<size_t>(j)];
            for (int i : pattern_.rowsOf(j)) column[i] = (f_[static_cast<size_t>(i)] - f0[i]) / h;
        }
    }
    return colourCount();
}

}  // namespace hs::sim
