// SPDX-License-Identifier: GPL-3.0-or-later
// C^r polynomial transitions (Zeitz's polynomial reference trajectories, notes/002 §1.5):
//   h_r(tau) = sum_{i=r+1}^{2r+1} p_i tau^i,  p_i = (-1)^(i-r-1) (2r+1)! / (i r! (i-r-1)! (2r+1-i)!)
// h_r(0) = 0, h_r(1) = 1, and its derivatives 1..r vanish at both ends, so a transition built from
// it joins constant stretches with r continuous derivatives. Derivatives of any order and the
// antiderivative are exact (the polynomial's own coefficients).
#pragma once

#include <vector>

namespace hs::sim {

class ZeitzPolynomial {
public:
    explicit ZeitzPolynomial(int r);
    int order() const { return r_; }
    // d^k h/dtau^k (k >= 0): the polynomial on [0, 1]; outside, h is 0 before and 1 after, so
    // every derivative of order >= 1 is 0 there.
    double derivative(double tau, int k) const;
    double value(double tau) const { return derivative(tau, 0); }
    // integral_0^tau h(s) ds (tau in [0, 1]); integral_0^1 h = 1/2 (h(tau) + h(1 - tau) = 1).
    double integral(double tau) const;
    // Coefficients c[i] of tau^i, i = 0..2r+1.
    const std::vector<double>& coefficients() const { return c_; }

private:
    int r_;
    std::vector<double> c_;
};

}  // namespace hs::sim
