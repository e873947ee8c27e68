// SPDX-License-Identifier: GPL-3.0-or-later
// How a quasi-steady node's indeterminate steps (MethodStats, issue 19) are written wherever
// they are shown: the CLI's compare table, the run panel's method statistics and the metrics
// CSV use these, so the three say the same.
#pragma once

#include <QString>

#include "sim/pressure_method.h"

namespace hs::service {

// The recorded spans as "t0-t1, t0-t1, ..." [s] (5 significant digits), "..." when there were
// more than MethodStats::kSpans; empty when there were none.
QString indeterminateSpansText(const sim::MethodStats& st);
// Total time of the indeterminate steps [s] as shown (4 significant digits).
QString indeterminateTimeText(const sim::MethodStats& st);

}  // namespace hs::service
