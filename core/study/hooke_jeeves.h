// SPDX-License-Identifier: GPL-3.0-or-later
// Hooke-Jeeves pattern search within bounds (notes/003 §4, the thesis' refinement after the GA):
// exploratory moves of +-step along each coordinate, then the pattern move
// Xp = Xn + k (Xn - Xo) (eq. 7.18, k = 1) while it keeps improving; on a failed exploration every
// step is divided by `shrink`, and the search ends after `divisions` divisions (or at the
// evaluation cap). Written here rather than taken from pagmo (its compass_search has no pattern
// move) or NLopt (no Hooke-Jeeves): it is thirty lines and the thesis' own method.
#pragma once

#include <functional>
#include <vector>

namespace hs::study {

struct HookeJeevesResult {
    std::vector<double> x;
    double f = 0;
    int evaluations = 0;
};

HookeJeevesResult hookeJeeves(const std::function<double(const std::vector<double>&)>& f, std::vector<double> x0,
                              std::vector<double> step, const std::vector<double>& lo, const std::vector<double>& hi,
                              double shrink, int divisions, int maxEvaluations);

}  // namespace hs::study
