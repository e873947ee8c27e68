# SPDX-License-Identifier: GPL-3.0-or-later
"""Run one configuration with hydrostiff-cli, read a column of its CSV, resample a trace: the
pieces the quasistatic benchmark tables share."""
import csv
import re
import subprocess


def run(cli, path, config, out):
    """Runs `config` of `path`, writes its CSV to `out`; returns the wall time the CLI reports [s]."""
    text = subprocess.run([cli, "run", path, "--config", config, "--out", out], check=True,
                          capture_output=True, text=True).stdout
    return float(re.search(r"in ([0-9.e+-]+) s wall time", text).group(1))


def read(out, column):
    """Times and one column of a CSV written by `run`."""
    with open(out) as f:
        rows = list(csv.DictReader(f))
    return [float(r["time [s]"]) for r in rows], [float(r[column]) for r in rows]


def interpolate(t, x, at):
    """x(t) linearly interpolated at the increasing times `at`."""
    j, result = 0, []
    for s in at:
        while j + 2 < len(t) and t[j + 1] <= s:
            j += 1
        w = 0.0 if t[j + 1] == t[j] else (s - t[j]) / (t[j + 1] - t[j])
        result.append(x[j] + w * (x[j + 1] - x[j]))
    return result
