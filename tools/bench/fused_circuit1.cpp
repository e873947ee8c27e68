// hs-fused-circuit1: the hand-fused Circuit 1 benchmark (see fused_circuit1.h).
// Usage: hs-fused-circuit1 [duration_s = 10] [dt_s = 1e-6] [record_s = 1e-3] [csv_file]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "fused_circuit1.h"

int main(int argc, char** argv) {
    const double duration = argc > 1 ? std::atof(argv[1]) : 10.0;
    const double dt = argc > 2 ? std::atof(argv[2]) : 1e-6;
    const double rec = argc > 3 ? std::atof(argv[3]) : 1e-3;
    const char* csv = argc > 4 ? argv[4] : nullptr;
    if (!(duration > 0) || !(dt > 0) || !(rec >= dt)) {
        std::fprintf(stderr, "usage: %s [duration_s] [dt_s] [record_s >= dt_s] [csv_file]\n", argv[0]);
        return 2;
    }
    const int every = static_cast<int>(std::lround(rec / dt));
    timespec c0{}, c1{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
    const auto t0 = std::chrono::steady_clock::now();
    const hs::bench::FusedTrace1 tr = hs::bench::fusedCircuit1(duration, dt, every);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
    const double cpu = static_cast<double>(c1.tv_sec - c0.tv_sec) + 1e-9 * static_cast<double>(c1.tv_nsec - c0.tv_nsec);
    std::printf("hand-fused Circuit 1, RK4 dt = %g s, %g s simulated, %ld steps, %zu records\n", dt, duration, tr.steps,
                tr.t.size());
    std::printf("wall time: %.3f s (%.1f ns per step, real-time factor %.3g)\n", wall, 1e9 * wall / tr.steps,
                duration / wall);
    std::printf("cpu time: %.3f s\n", cpu);
    std::printf("final: p1 = %.12g Pa, p2 = %.12g Pa, K = %.12g, kt = %.12g, kt' = %.12g\n", tr.y[0], tr.y[1], tr.y[2],
                tr.y[3], tr.y[4]);
    if (csv) {
        std::FILE* out = std::fopen(csv, "w");
        if (!out) {
            std::fprintf(stderr, "cannot write %s\n", csv);
            return 1;
        }
        std::fprintf(out, "t,p1,p2,K,kt\n");
        for (size_t i = 0; i < tr.t.size(); ++i)
            std::fprintf(out, "%.9g,%.12g,%.12g,%.12g,%.12g\n", tr.t[i], tr.p1[i], tr.p2[i], tr.K[i], tr.kt[i]);
        std::fclose(out);
    }
    return 0;
}
