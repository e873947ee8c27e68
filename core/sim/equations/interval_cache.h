// SPDX-License-Identifier: GPL-3.0-or-later
// The value of a source that is constant while a monotone index of time is (the period of a
// PRMS, the half period of a square wave), kept with the exact ends of the time interval on which
// the index keeps its value: an evaluation inside the interval costs two comparisons instead of a
// division, a floor and the level's own computation, and returns the same bits, because the index
// is a monotone function of t (a chain of correctly rounded monotone operations and floor) and the
// interval's ends are found to the last ulp with that same function.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace hs::sim {

class IntervalCache {
public:
    void reset() {
        from_ = kInf;
        until_ = -kInf;
    }
    [[nodiscard]] bool holds(double t) const { return t >= from_ && t < until_; }
    [[nodiscard]] double value() const { return value_; }

    // Keeps value for index i = index(t). index: monotone non-decreasing in t, defined at -inf;
    // firstGuess(j): a time within a few ulps of the first time at which the index is j (j > 0).
    // Ends that cannot be confirmed leave the cache empty (every evaluation computes).
    template <class Index, class Guess>
    void store(double t, std::uint64_t i, double value, const Index& index, const Guess& firstGuess) {
        value_ = value;
        from_ = index(-kInf) >= i ? -kInf : firstAtLeast(index, i, firstGuess(i));
        until_ = firstAtLeast(index, i + 1, firstGuess(i + 1));
        if (!(from_ <= t && t < until_)) reset();
    }

private:
    static constexpr double kInf = std::numeric_limits<double>::infinity();
    // The smallest finite time b with index(b) >= i (NaN if not found near the guess).
    template <class Index>
    static double firstAtLeast(const Index& index, std::uint64_t i, double b) {
        if (!std::isfinite(b)) return std::numeric_limits<double>::quiet_NaN();
        for (int n = 0; n < 64 && index(b) >= i; ++n) b = std::nextafter(b, -kInf);
        for (int n = 0; n < 128 && index(b) < i; ++n) b = std::nextafter(b, kInf);
        if (index(b) >= i && index(std::nextafter(b, -kInf)) < i) return b;
        return std::numeric_limits<double>::quiet_NaN();
    }
    double from_ = kInf, until_ = -kInf, value_ = 0.0;
};

}  // namespace hs::sim
