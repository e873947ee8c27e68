// SPDX-License-Identifier: GPL-3.0-or-later
#include "matrix_balance.h"

#include <cmath>

namespace hs::sim {

Eigen::VectorXd balanceForEigenvalues(Eigen::MatrixXd& a) {
    const Eigen::Index n = a.rows();
    Eigen::VectorXd d = Eigen::VectorXd::Ones(n);
    constexpr double radix = 2.0, radix2 = radix * radix;
    for (bool changed = true; changed;) {
        changed = false;
        for (Eigen::Index i = 0; i < n; ++i) {
            double c = 0.0, r = 0.0;  // off-diagonal norms of column i and row i
            for (Eigen::Index k = 0; k < n; ++k) {
                if (k == i) continue;
                c += std::abs(a(k, i));
                r += std::abs(a(i, k));
            }
            if (c == 0.0 || r == 0.0) continue;
            double g = r / radix, f = 1.0;
            const double s = c + r;
            while (c < g) {
                f *= radix;
                c *= radix2;
            }
            g = r * radix;
            while (c > g) {
                f /= radix;
                c /= radix2;
            }
            if ((c + r) / f < 0.95 * s) {
                changed = true;
                d(i) *= f;
                a.row(i) /= f;
                a.col(i) *= f;
            }
        }
    }
    return d;
}

}  // namespace hs::sim
