// SPDX-License-Identifier: GPL-3.0-or-later
#include "zeitz.h"

#include <algorithm>
#include <stdexcept>

namespace hs::sim {

namespace {
double factorial(int n) {
    double f = 1;
    for (int i = 2; i <= n; ++i) f *= i;
    return f;
}
}  // namespace

ZeitzPolynomial::ZeitzPolynomial(int r) : r_(r), c_(static_cast<size_t>(2 * r + 2), 0.0) {
    if (r < 0 || r > 20) throw std::invalid_argument("Zeitz polynomial order must be 0..20");
    const double num = factorial(2 * r + 1) / factorial(r);
    for (int i = r + 1; i <= 2 * r + 1; ++i) {
        const double sign = ((i - r - 1) % 2 == 0) ? 1.0 : -1.0;
        c_[static_cast<size_t>(i)] = sign * num / (i * factorial(i - r - 1) * factorial(2 * r + 1 - i));
    }
}

double ZeitzPolynomial::derivative(double tau, int k) const {
    if (tau < 0.0) return 0.0;                 // before: h = 0, all derivatives 0
    if (tau > 1.0) return k == 0 ? 1.0 : 0.0;  // after: h = 1
    const int n = static_cast<int>(c_.size());
    double sum = 0.0;
    for (int i = n - 1; i >= k; --i) {  // Horner on the k-th derivative's coefficients
        double fall = 1.0;
        for (int j = 0; j < k; ++j) fall *= (i - j);
        sum = sum * tau + c_[static_cast<size_t>(i)] * fall;
    }
    return sum;
}

double ZeitzPolynomial::integral(double tau) const {
    tau = std::clamp(tau, 0.0, 1.0);
    double sum = 0.0;
    for (int i = static_cast<int>(c_.size()) - 1; i >= 0; --i) sum = sum * tau + c_[static_cast<size_t>(i)] / (i + 1);
    return sum * tau;
}

}  // namespace hs::sim
