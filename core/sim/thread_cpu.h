// SPDX-License-Identifier: GPL-3.0-or-later
// The CPU time the calling thread has used [s] (CLOCK_THREAD_CPUTIME_ID): what a run costs,
// not inflated by other programs on the cores (sim::RunResult::cpuSeconds, the advisor's limits).
#pragma once

#include <ctime>

namespace hs::sim {

inline double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace hs::sim
