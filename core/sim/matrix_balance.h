// SPDX-License-Identifier: GPL-3.0-or-later
// Diagonal similarity balancing of a square matrix before an eigenvalue solve (Parlett and
// Reinsch 1969, the scaling part of LAPACK's dgebal): rows and columns are scaled by powers of two
// until each row and its column have norms of the same order. Eigenvalues are unchanged (the
// scaling is exact in binary), but a circuit Jacobian whose entries span 1e-8 to 1e12 (a flow state
// beside a pressure state) is brought to where the QR iteration keeps its accuracy. Eigen's
// EigenSolver does not balance.
#pragma once

#include <Eigen/Dense>

namespace hs::sim {

// Balances a in place; returns the diagonal d with a_balanced = D^-1 a D.
Eigen::VectorXd balanceForEigenvalues(Eigen::MatrixXd& a);

}  // namespace hs::sim
