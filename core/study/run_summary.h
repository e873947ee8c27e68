// SPDX-License-Identifier: GPL-3.0-or-later
// What a study keeps of one run instead of its trace: per probe the final value, the minimum,
// the maximum and the time-weighted mean (trapezoidal over the recorded samples), and, when a
// reference run of the same parameters is given, the RRMSE against it (sim::compareTraces).
#pragma once

#include <string>
#include <vector>

#include "sim/metrics.h"
#include "sim/simulator.h"

namespace hs::study {

struct ProbeSummary {
    std::string name, unit;
    double final = 0, min = 0, max = 0, mean = 0;
};

std::vector<ProbeSummary> summarize(const sim::Trace& trace);

}  // namespace hs::study
