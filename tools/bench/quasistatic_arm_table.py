#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The quasistatic arm benchmark of docs/validation.md: the DAR step (72) at 0.1, 1 and 10 ms and the
resolvent ODE (70) under CVODE against the compressible circuit under CVODE (the same load and
command, examples/quasistatic_arm*.hydro.json). Wall times are medians of interleaved runs.

usage: tools/bench/quasistatic_arm_table.py [build/app/cli/hydrostiff-cli] [repeats]
"""
import os
import statistics
import sys
import tempfile

import cli_trace  # the run / read / resample helpers shared by the benchmark tables

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))
from make_quasistatic_arm import DL_DTHETA  # noqa: E402  (the arm's lever, declared once there)

CLI = sys.argv[1] if len(sys.argv) > 1 else "build/app/cli/hydrostiff-cli"
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
SIDE = "examples/quasistatic_arm.hydro.json"
DAR = "examples/quasistatic_arm_dar.hydro.json"
RUNS = [  # (label, file, configuration, column of the position)
    ("compressible, CVODE (reference)", SIDE, "CVODE", "x compressible [m]"),
    ("quasistatic ODE (70), CVODE", SIDE, "CVODE", "x quasistatic [m]"),
    ("compressible, CVODE rtol 1e-5", SIDE, "CVODE 1e-5", "x compressible [m]"),
    ("quasistatic ODE (70), CVODE rtol 1e-5", SIDE, "CVODE 1e-5", "x quasistatic [m]"),
    ("quasistatic DAR (72), 0.1 ms", DAR, "DAR 0.1 ms", "x quasistatic [m]"),
    ("quasistatic DAR (72), 1 ms", DAR, "DAR 1 ms", "x quasistatic [m]"),
    ("quasistatic DAR (72), 10 ms", DAR, "DAR 10 ms", "x quasistatic [m]"),
]




def main():
    tmp = tempfile.mkdtemp()
    keys = sorted({(p, c) for _, p, c, _ in RUNS})
    walls = {k: [] for k in keys}
    for _ in range(REPEATS):  # interleaved, so that the host's load falls on every run alike
        for k in keys:
            walls[k].append(cli_trace.run(CLI, k[0], k[1], os.path.join(tmp, "%d.csv" % keys.index(k))))
    ref_t, ref_x = cli_trace.read(os.path.join(tmp, "%d.csv" % keys.index((SIDE, "CVODE"))), "x compressible [m]")
    print("| run | wall [s] | real-time factor | max abs(x - x_ref) [mm] | RMS [mm] | max abs(angle error) [deg] |")
    print("|---|---|---|---|---|---|")
    for label, path, config, column in RUNS:
        t, x = cli_trace.read(os.path.join(tmp, "%d.csv" % keys.index((path, config))), column)
        xi = cli_trace.interpolate(t, x, ref_t)
        err = [a - b for a, b in zip(xi, ref_x)]
        worst = max(abs(e) for e in err)
        rms = (sum(e * e for e in err) / len(err)) ** 0.5
        wall = statistics.median(walls[(path, config)])
        print("| %s | %.3g | %.3g | %.3g | %.3g | %.3g |" % (label, wall, 5.0 / wall, 1e3 * worst, 1e3 * rms,
                                                          57.29578 * worst / abs(DL_DTHETA)))


if __name__ == "__main__":
    main()
