// SPDX-License-Identifier: GPL-3.0-or-later
// Records that fall inside an adaptive stepper's last step, taken in one pass of its dense
// output. An adaptive stepper steps past records (Circuit 2 with Rosenbrock-W: 20 001 records in
// 400 steps); one advance() and one record per sample cost ~220 instructions each, most of the
// run. Used only when every probe reads a state (nothing to evaluate at the sample).
#pragma once

#include <vector>

#include "simulator.h"

namespace hs::sim {

class Stepper;

class BatchRecorder {
public:
    // Appends to the trace (or, without keepTrace, keeps only the last) every record time k*rec
    // before `until`, advancing k past them, with the states `states` (probe order) from the
    // stepper's dense output; hands each to opt.sample. True if there was at least one.
    bool take(Stepper& stepper, const std::vector<int>& states, long& k, double rec, double until,
              const RunOptions& opt, Trace& trace);

private:
    std::vector<double> times_, values_, row_;
    std::vector<double*> columns_;
};

}  // namespace hs::sim
