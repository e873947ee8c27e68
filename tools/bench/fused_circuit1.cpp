// SPDX-License-Identifier: GPL-3.0-or-later
// hs-fused-circuit1: the hand-fused Circuit 1 benchmark (see fused_circuit1.h).
// Usage: hs-fused-circuit1 [duration_s = 10] [dt_s = 1e-6] [record_s = 1e-3] [csv_file]
#include <cstdio>

#include "fused_circuit1.h"
#include "fused_main.h"

int main(int argc, char** argv) {
    hs::bench::FusedArgs args;
    if (!hs::bench::parseFusedArgs(argc, argv, 10.0, 1e-6, args)) return 2;
    const double duration = args.duration, dt = args.dt;
    const char* csv = args.csv;
    double wall = 0, cpu = 0;
    const hs::bench::FusedTrace1 tr = hs::bench::timed([&] { return hs::bench::fusedCircuit1(duration, dt, args.every); }, wall, cpu);
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
