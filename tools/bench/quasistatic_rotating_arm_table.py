#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The rotating-arm benchmark of docs/validation.md (issue 16): the arm's 10 s duty cycle with the
quasistatic actuator (DAR step (72) at 0.1, 1, 10 ms; the ODE (70) under CVODE) and with the
compressible circuit (CVODE rtol 1e-8 = reference, CVODE 1e-6, RK4 0.2 ms with every node local
implicit, implicit Euler at 1 ms). Wall times
are medians of interleaved runs; errors are in the arm angle against the compressible reference and,
for the quasistatic runs, against the quasistatic model's own CVODE solution (discretisation only).
The compressible runs come from examples/quasistatic_rotating_arm.hydro.json and include its
quasistatic half (its own cost is the "ODE (70), CVODE" row).

usage: tools/bench/quasistatic_rotating_arm_table.py [build/app/cli/hydrostiff-cli] [repeats]
"""
import math
import os
import statistics
import sys
import tempfile

import cli_trace  # the run / read / resample helpers shared by the benchmark tables

CLI = sys.argv[1] if len(sys.argv) > 1 else "build/app/cli/hydrostiff-cli"
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
BOTH = "examples/quasistatic_rotating_arm.hydro.json"
ALONE = "examples/quasistatic_rotating_arm_dar.hydro.json"
COMPRESSIBLE, QUASISTATIC = "theta compressible [rad]", "theta quasistatic [rad]"
RUNS = [  # (label, file, configuration, column of the angle)
    ("compressible, CVODE rtol 1e-8 (reference)", BOTH, "CVODE", COMPRESSIBLE),
    ("compressible, CVODE rtol 1e-6", BOTH, "CVODE 1e-6", COMPRESSIBLE),
    ("compressible, RK4 0.2 ms, every node local implicit", BOTH, "RK4 0.2 ms, local implicit", COMPRESSIBLE),
    ("compressible, implicit Euler 1 ms", BOTH, "DAR 1 ms, implicit Euler", COMPRESSIBLE),
    ("quasistatic ODE (70), CVODE rtol 1e-8", ALONE, "ODE (70), CVODE", QUASISTATIC),
    ("quasistatic DAR (72), 0.1 ms", ALONE, "DAR 0.1 ms", QUASISTATIC),
    ("quasistatic DAR (72), 1 ms", ALONE, "DAR 1 ms", QUASISTATIC),
    ("quasistatic DAR (72), 10 ms", ALONE, "DAR 10 ms", QUASISTATIC),
]
DURATION = 10.0




def max_gap_deg(t, x, ref_t, ref_x):
    return math.degrees(max(abs(a - b) for a, b in zip(cli_trace.interpolate(t, x, ref_t), ref_x)))


def main():
    tmp = tempfile.mkdtemp()
    keys = sorted({(p, c) for _, p, c, _ in RUNS})
    walls = {k: [] for k in keys}
    for _ in range(REPEATS):  # interleaved, so that the host's load falls on every run alike
        for k in keys:
            walls[k].append(cli_trace.run(CLI, k[0], k[1], os.path.join(tmp, "%d.csv" % keys.index(k))))
    csv_of = lambda path, config: os.path.join(tmp, "%d.csv" % keys.index((path, config)))  # noqa: E731
    ref_t, ref_x = cli_trace.read(csv_of(BOTH, "CVODE"), COMPRESSIBLE)
    qs_t, qs_x = cli_trace.read(csv_of(ALONE, "ODE (70), CVODE"), QUASISTATIC)
    print("| run | wall [s] | real-time factor | max abs(theta - theta_ref) [deg] | vs quasistatic CVODE [deg] |")
    print("|---|---|---|---|---|")
    for label, path, config, column in RUNS:
        t, x = cli_trace.read(csv_of(path, config), column)
        wall = statistics.median(walls[(path, config)])
        own = "%.3g" % max_gap_deg(t, x, qs_t, qs_x) if column == QUASISTATIC else "-"
        print("| %s | %.3g | %.3g | %.3g | %s |" % (label, wall, DURATION / wall, max_gap_deg(t, x, ref_t, ref_x), own))


if __name__ == "__main__":
    main()
