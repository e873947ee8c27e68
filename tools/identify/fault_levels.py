#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fault-level identification (seed 003 Table 7.5, notes/003 §4) with `hydrostiff-cli identify`.

A table spec (e.g. examples/servo_rig_003.fault_identify.json, docs/many-runs.md) names a
circuit, a faults file (docs/condition-monitoring.md: each fault a parameter with its levels, the
first fault-free), the faults to identify with their search bounds, and the identification
settings. For each such fault and each faulty level this
  1. runs the circuit with that one parameter at the level (`hydrostiff-cli run --set`),
  2. adds seeded Gaussian noise to the measured columns the spec names ("measured" data),
  3. identifies that one parameter from the nominal circuit (`hydrostiff-cli identify --truth`),
and prints the actual and identified levels, the resolution, the final cost and the simulations,
then the Table 7.5 summary. --check exits 1 unless every level is recovered within one resolution
with a cost of at most --max-cost (the ctest study_test_fault_levels uses it).

usage: fault_levels.py SPEC [--cli PATH] [--jobs N] [--work DIR] [--check [--max-cost C]]
                       [--measure-configuration NAME] [--measure-set COMP.PARAM=V,...]
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile


def fail(msg):
    sys.exit("fault_levels: " + msg)


def load_json(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        fail(f"cannot read the {what} {path}: {e}")


def run_cli(cli, args):
    p = subprocess.run([cli] + args, capture_output=True, text=True)
    if p.returncode != 0:
        fail(f"`hydrostiff-cli {' '.join(args)}` failed (exit {p.returncode}):\n{p.stderr}{p.stdout}")
    return p.stdout


def add_noise(src, dst, noise, rng):
    """Copies a CSV of `hydrostiff-cli run`, adding N(0, sigma) to the named columns."""
    with open(src, encoding="utf-8") as f:
        lines = f.read().splitlines()
    names = [h.split(" [")[0].strip() for h in lines[0].split(",")]
    sigma = {}
    for n in noise:
        if n["column"] not in names:
            fail(f"noise: no column '{n['column']}' in the run's CSV (columns: {', '.join(names[1:])})")
        sigma[names.index(n["column"])] = float(n["sigma"])
    out = [lines[0]]
    for line in lines[1:]:
        cells = line.split(",")
        for c, s in sigma.items():
            cells[c] = repr(float(cells[c]) + rng.gauss(0.0, s))
        out.append(",".join(cells))
    with open(dst, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def parse_identify(text, key):
    """The identified value and resolution of `key`, the cost, the simulations, and the
    evaluation from which on the best stayed within one resolution of --truth (None if never)."""
    value = resolution = cost = sims = to_truth = None
    for line in text.splitlines():
        cells = line.split()
        if cells and cells[0] == key and len(cells) >= 3:
            value, resolution = float(cells[1]), float(cells[2])
        m = re.match(r"cost \(weighted mean \|probe - measured\|\): (\S+),", line)
        if m:
            cost = float(m.group(1))
        m = re.search(r"; (\d+) simulations in", line)
        if m:
            sims = int(m.group(1))
        m = re.match(r"within one resolution of --truth from evaluation (\d+)", line)
        if m:
            to_truth = int(m.group(1))
    if value is None or cost is None:
        fail("could not read the result of identify:\n" + text)
    return value, resolution, cost, sims, to_truth


def fmt(v, digits=4):
    return f"{v:.{digits}g}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("spec")
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(__file__), "../../build/app/cli/hydrostiff-cli"))
    ap.add_argument("--jobs", type=int, default=0, help="identify --jobs (default: every core)")
    ap.add_argument("--work", help="keep the circuits, measured data and specs here (default: a temporary directory)")
    ap.add_argument("--check", action="store_true", help="exit 1 unless every level is recovered within one resolution")
    ap.add_argument("--max-cost", type=float, default=float("inf"), help="with --check: the largest final cost allowed")
    ap.add_argument("--measure-configuration", help="the configuration that makes the measurements (default: the spec's "
                    "measure_configuration, else the identification's)")
    ap.add_argument("--measure-set", default="", metavar="COMP.PARAM=V,...",
                    help="differences of the 'rig' from the nominal model in every measurement run, which identification "
                    "does not know (a model error, as a worn rig's); default none")
    a = ap.parse_args()

    spec = load_json(a.spec, "table spec")
    base = os.path.dirname(os.path.abspath(a.spec))
    for k in ("circuit", "faults", "identify", "table"):
        if k not in spec:
            fail(f"{a.spec}: no '{k}'")
    circuit_path = os.path.join(base, spec["circuit"])
    circuit = load_json(circuit_path, "circuit")
    faults = {f["name"]: f for f in load_json(os.path.join(base, spec["faults"]), "faults file")["faults"]}
    scratch = None if a.work else tempfile.TemporaryDirectory(prefix="fault_levels_")
    work = a.work or scratch.name
    os.makedirs(work, exist_ok=True)
    duration, record = str(spec.get("duration", 0)), str(spec.get("record_interval", 0))
    measure_cfg = a.measure_configuration or spec.get("measure_configuration") or spec["identify"].get("config")
    cost_unit = spec.get("cost_unit", "")

    rows, failures = [], []
    print(f"{'fault':10} {'actual':>12} {'identified':>12} {'|error|':>10} {'resolution':>10} {'cost':>8} "
          f"{'sims':>6} {'to truth':>8}")
    for r, row in enumerate(spec["table"]):
        if row.get("fault") not in faults:
            fail(f"{a.spec}: table[{r}]: no fault '{row.get('fault')}' in {spec['faults']} (faults: {', '.join(faults)})")
        fault = faults[row["fault"]]
        key, shown, unit = fault["parameter"], float(fault.get("display_factor", 1)), fault.get("unit", "")
        param = {k: row[k] for k in ("min", "max", "bits", "resolution") if k in row}
        ident = dict(spec["identify"], parameters=[dict(param, name=key)])
        spec_path = os.path.join(work, f"{fault['name']}.identify.json")
        with open(spec_path, "w", encoding="utf-8") as f:
            json.dump(ident, f, indent=1)
        results = []
        for k, level in enumerate(fault["levels"][1:], start=1):
            stem = os.path.join(work, f"{fault['name']}_{k}")
            sets = f"{key}={level!r}" + (("," + a.measure_set) if a.measure_set else "")
            run_args = ["run", circuit_path, "--set", sets, "--out", stem + "_clean.csv", "--quiet"]
            if measure_cfg:
                run_args += ["--config", measure_cfg]
            if float(duration) > 0:
                run_args += ["--duration", duration]
            if float(record) > 0:
                run_args += ["--record", record]
            run_cli(a.cli, run_args)
            add_noise(stem + "_clean.csv", stem + "_measured.csv", spec.get("noise", []),
                      random.Random(int(spec.get("seed", 1)) * 1000 + r * 100 + k))
            text = run_cli(a.cli, ["identify", circuit_path, "--measured", stem + "_measured.csv", "--spec", spec_path,
                                   "--truth", repr(level), "--quiet"] + (["--jobs", str(a.jobs)] if a.jobs else []))
            value, res, cost, sims, to_truth = parse_identify(text, key)
            ok = abs(value - level) <= res * (1 + 1e-9) and cost <= a.max_cost
            if not ok:
                failures.append(f"{fault['name']} level {k}: actual {level}, identified {value} (resolution {res}), cost {cost}")
            results.append((level, value, cost))
            print(f"{fault['name']:10} {fmt(level * shown):>12} {fmt(value * shown):>12} {fmt(abs(value - level) * shown, 3):>10} "
                  f"{fmt(res * shown, 3):>10} {fmt(cost, 3):>8} {sims:>6} {to_truth if to_truth is not None else '-':>8}",
                  flush=True)
        rows.append((f"{fault['name']} ({unit})" if unit else fault["name"], results, shown))

    print(f"\n| Fault | Actual levels | Identified | obfn ({cost_unit}) |\n|---|---|---|---|")
    for name, results, shown in rows:
        print(f"| {name} | " + " / ".join(fmt(l * shown) for l, _, _ in results) + " | " +
              " / ".join(fmt(v * shown) for _, v, _ in results) + " | " + " / ".join(fmt(c, 3) for _, _, c in results) + " |")
    if a.check and failures:
        print("\nnot recovered:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
