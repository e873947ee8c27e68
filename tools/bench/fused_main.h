// SPDX-License-Identifier: GPL-3.0-or-later
// The command line and the clocks the hand-fused benchmark programs share:
// hs-fused-circuitN [duration_s] [dt_s] [record_s >= dt_s] [csv_file]
#pragma once

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace hs::bench {

struct FusedArgs {
    double duration = 0, dt = 0, record = 1e-3;
    int every = 1;  // steps per record
    const char* csv = nullptr;
};

// False (after printing the usage) when an argument is out of range.
inline bool parseFusedArgs(int argc, char** argv, double defaultDuration, double defaultDt, FusedArgs& a) {
    a.duration = argc > 1 ? std::atof(argv[1]) : defaultDuration;
    a.dt = argc > 2 ? std::atof(argv[2]) : defaultDt;
    a.record = argc > 3 ? std::atof(argv[3]) : 1e-3;
    a.csv = argc > 4 ? argv[4] : nullptr;
    if (!(a.duration > 0) || !(a.dt > 0) || !(a.record >= a.dt)) {
        std::fprintf(stderr, "usage: %s [duration_s] [dt_s] [record_s >= dt_s] [csv_file]\n", argv[0]);
        return false;
    }
    a.every = static_cast<int>(std::lround(a.record / a.dt));
    return true;
}

// Runs f() and returns its result; wall and this thread's CPU time in seconds.
template <class F>
auto timed(F f, double& wall, double& cpu) {
    timespec c0{}, c1{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
    const auto t0 = std::chrono::steady_clock::now();
    auto result = f();
    wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
    cpu = static_cast<double>(c1.tv_sec - c0.tv_sec) + 1e-9 * static_cast<double>(c1.tv_nsec - c0.tv_nsec);
    return result;
}

}  // namespace hs::bench
