// SPDX-License-Identifier: GPL-3.0-or-later
// The one line that says which right-hand side a run used and what compiling it cost (the CLI's
// `run` report and the GUI's run dock both show it).
#pragma once

#include <QString>

#include "sim/simulator.h"

namespace hs::service {

// "interpreted", "generated, compiled in 1.48 s wall before the run (not in the run's times)" or
// "generated (library from the cache, not compiled)".
QString kernelNote(const sim::RunResult& r);
// The same, short enough for a progress line: "" (interpreted), "generated kernel (compiled in
// 1.48 s)" or "generated kernel (cached)".
QString kernelShortNote(const sim::RunResult& r);

}  // namespace hs::service
