// hs-fused-circuit2: the hand-fused Circuit 2 benchmark (see fused_circuit2.h).
// Usage: hs-fused-circuit2 [duration_s = 20] [dt_s = 1e-5] [record_s = 1e-3] [csv_file]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "fused_circuit2.h"

int main(int argc, char** argv) {
    const double duration = argc > 1 ? std::atof(argv[1]) : 20.0;
    const double dt = argc > 2 ? std::atof(argv[2]) : 1e-5;
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
    const hs::bench::FusedTrace tr = hs::bench::fusedCircuit2(duration, dt, every);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
    const double cpu = static_cast<double>(c1.tv_sec - c0.tv_sec) + 1e-9 * static_cast<double>(c1.tv_nsec - c0.tv_nsec);
    std::printf("hand-fused Circuit 2, RK4 dt = %g s, %g s simulated, %ld steps, %zu records\n", dt, duration, tr.steps,
                tr.t.size());
    std::printf("wall time: %.3f s (%.1f ns per step, real-time factor %.1f)\n", wall, 1e9 * wall / tr.steps, duration / wall);
    std::printf("cpu time: %.3f s\n", cpu);
    std::printf("final: x = %.12g m, v = %.12g m/s, p_v = %.12g Pa, p1 = %.12g Pa, p2 = %.12g Pa\n", tr.y[6], tr.y[7],
                tr.y[3], tr.y[4], tr.y[5]);
    std::printf("       K = %.12g, Us = %.12g V, z = %.12g m\n", tr.y[2], tr.y[0], tr.y[8]);
    if (csv) {
        std::FILE* out = std::fopen(csv, "w");
        if (!out) {
            std::fprintf(stderr, "cannot write %s\n", csv);
            return 1;
        }
        std::fprintf(out, "t,x,p_v\n");
        for (size_t i = 0; i < tr.t.size(); ++i) std::fprintf(out, "%.9g,%.12g,%.12g\n", tr.t[i], tr.x[i], tr.pv[i]);
        std::fclose(out);
    }
    return 0;
}
