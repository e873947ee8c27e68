// SPDX-License-Identifier: GPL-3.0-or-later
// Comparison of a trace with a reference trace on the reference's time grid (linear
// interpolation of the other trace): RMSE, RRMSE = 100*RMSE/mean|x_ref| (the seeds' intended
// definition, notes/000_001 §0: the printed sum in the denominator is a misprint), max abs error.
#pragma once

#include <string>
#include <vector>

#include "simulator.h"

namespace hs::sim {

struct ProbeError {
    std::string name;
    std::string unit;
    double rmse = 0, rrmse = 0, maxAbs = 0, meanAbsRef = 0;
    int samples = 0;
};

// Errors for every probe present in both traces, over the time span both cover; iteration
// counters (Trace::compared) are left out. The CLI's table, the metrics CSV and the GUI all read
// these rows.
std::vector<ProbeError> compareTraces(const Trace& ref, const Trace& other);
// Value of column c of a trace at time t (linear interpolation, held at the ends).
double interpolate(const Trace& tr, int c, double t);

}  // namespace hs::sim
