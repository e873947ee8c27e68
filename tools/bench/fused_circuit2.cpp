// SPDX-License-Identifier: GPL-3.0-or-later
// hs-fused-circuit2: the hand-fused Circuit 2 benchmark (see fused_circuit2.h).
// Usage: hs-fused-circuit2 [duration_s = 20] [dt_s = 1e-5] [record_s = 1e-3] [csv_file]
#include <cstdio>

#include "fused_circuit2.h"
#include "fused_main.h"

int main(int argc, char** argv) {
    hs::bench::FusedArgs args;
    if (!hs::bench::parseFusedArgs(argc, argv, 20.0, 1e-5, args)) return 2;
    const double duration = args.duration, dt = args.dt;
    const char* csv = args.csv;
    double wall = 0, cpu = 0;
    const hs::bench::FusedTrace tr = hs::bench::timed([&] { return hs::bench::fusedCircuit2(duration, dt, args.every); }, wall, cpu);
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
