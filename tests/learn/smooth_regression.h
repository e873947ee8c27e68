// SPDX-License-Identifier: GPL-3.0-or-later
// A smooth regression problem for the trainers' tests: y = sin(2 x1) x2 + 0.3 x1 on [-1, 1]^2,
// samples on a seeded random design.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace hs::learn::test {

inline void smoothRegression(int n, std::uint64_t seed, Eigen::MatrixXd& X, Eigen::VectorXd& y) {
    std::srand(static_cast<unsigned>(seed));
    X = Eigen::MatrixXd::Random(2, n);
    y.resize(n);
    for (int i = 0; i < n; ++i) y[i] = std::sin(2 * X(0, i)) * X(1, i) + 0.3 * X(0, i);
}

}  // namespace hs::learn::test
