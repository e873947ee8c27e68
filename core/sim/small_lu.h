// SPDX-License-Identifier: GPL-3.0-or-later
// LU factorisation with partial pivoting of a small dense matrix (column-major, in place) and
// the solve with its factors. For the steppers' step matrices of a handful of states: Eigen's
// dynamic-size PartialPivLU takes its blocked path and generic triangular solvers, about 1 500
// instructions to factor and 600 per solve at n = 5 (callgrind, Circuit 1); this textbook loop
// takes a fifth of that.
// (Solutions differ from a division by U_kk in the last bit: b * (1 / U_kk).) Large systems would want a sparse factorisation instead (not needed yet).
#pragma once

#include <cmath>
#include <utility>
#include <vector>

namespace hs::sim {

class SmallLu {
public:
    // Factors the n x n matrix a (column-major, leading dimension n), taking it over. Returns
    // false if a pivot is zero or not finite.
    bool factor(std::vector<double>& a, int n) {
        n_ = n;
        lu_.swap(a);
        piv_.resize(static_cast<size_t>(n));
        invDiag_.resize(static_cast<size_t>(n));
        double* m = lu_.data();
        for (int k = 0; k < n; ++k) {
            int p = k;
            double best = std::abs(m[k + k * n]);
            for (int i = k + 1; i < n; ++i)
                if (std::abs(m[i + k * n]) > best) best = std::abs(m[i + k * n]), p = i;
            piv_[static_cast<size_t>(k)] = p;
            if (!(best > 0) || !std::isfinite(best)) return false;
            if (p != k)
                for (int j = 0; j < n; ++j) std::swap(m[k + j * n], m[p + j * n]);
            const double inv = 1.0 / m[k + k * n];
            invDiag_[static_cast<size_t>(k)] = inv;
            for (int i = k + 1; i < n; ++i) m[i + k * n] *= inv;
            for (int j = k + 1; j < n; ++j) {
                const double f = m[k + j * n];
                if (f != 0.0)
                    for (int i = k + 1; i < n; ++i) m[i + j * n] -= m[i + k * n] * f;
            }
        }
        return true;
    }
    // Solves A x = b in place (b becomes x).
    void solve(double* b) const {
        const int n = n_;
        const double* m = lu_.data();
        for (int k = 0; k < n; ++k) std::swap(b[k], b[piv_[static_cast<size_t>(k)]]);
        for (int j = 0; j < n; ++j) {
            const double x = b[j];
            for (int i = j + 1; i < n; ++i) b[i] -= m[i + j * n] * x;
        }
        for (int j = n - 1; j >= 0; --j) {
            const double x = b[j] * invDiag_[static_cast<size_t>(j)];
            b[j] = x;
            for (int i = 0; i < j; ++i) b[i] -= m[i + j * n] * x;
        }
    }
    // The storage handed in to factor(), for reuse by the next one.
    std::vector<double>& storage() { return lu_; }

private:
    int n_ = 0;
    std::vector<double> lu_;
    std::vector<int> piv_;
    std::vector<double> invDiag_;  // 1 / U_kk
};

}  // namespace hs::sim
