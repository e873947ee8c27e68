#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The table "Hopsan TLM vs converged CVODE reference" of docs/validation.md.

For every Hopsan validation (.hvc) given (default: the 24 hydraulic ones in tests/data/hopsan),
imports the model with its validated variables as probes (`import-hopsan --validate --out`),
runs `compare` (the "Hopsan-compatible" configuration against the "CVODE reference", rtol = atol
= 1e-8) and prints one markdown row per variable: RRMSE % (100*RMSE/mean|ref|) and the largest
|error| of the Hopsan-compatible run, i.e. how far Hopsan's own numerical method (TLM volumes at
its step, discrete filters, sensors a step behind) lies from the converged solution of the same
equations. Models that are refused or whose reference does not run are listed with the reason.

usage: tools/hopsan_tlm_vs_cvode.py [--cli build/app/cli/hydrostiff-cli] [FILE.hvc ...]
"""
import argparse
import csv
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def last_line(text):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return lines[-1].replace("|", "\\|") if lines else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", default="build/app/cli/hydrostiff-cli")
    ap.add_argument("--timeout", type=float, default=900, help="seconds per model's compare (default 900)")
    ap.add_argument("hvc", nargs="*")
    a = ap.parse_args()
    files = a.hvc or sorted(glob.glob(os.path.join(HERE, "..", "tests", "data", "hopsan", "Component Test Validations", "*.hvc")))
    print("| validation (.hvc) | variable | RRMSE % | max \\|err\\| | note |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for hvc in files:
            name = os.path.splitext(os.path.basename(hvc))[0]
            circuit = os.path.join(tmp, "model.hydro.json")
            metrics = os.path.join(tmp, "metrics.csv")
            for f in (circuit, metrics):
                if os.path.exists(f):
                    os.remove(f)
            imp = subprocess.run([a.cli, "import-hopsan", "--validate", hvc, "--out", circuit],
                                 capture_output=True, text=True)
            if not os.path.exists(circuit):
                print(f"| {name} | - | - | - | not imported (exit {imp.returncode}) |")
                continue
            try:
                cmp = subprocess.run([a.cli, "compare", circuit, "--configs", "Hopsan-compatible", "--metrics", metrics,
                                      "--quiet"], capture_output=True, text=True, timeout=a.timeout)
            except subprocess.TimeoutExpired:
                print(f"| {name} | - | - | - | compare did not finish within {a.timeout:g} s |")
                continue
            if cmp.returncode < 0:  # killed by a signal: nothing was written that can be trusted
                print(f"| {name} | - | - | - | compare crashed (signal {-cmp.returncode}) |")
                continue
            if cmp.returncode != 0 or not os.path.exists(metrics):
                why = last_line(cmp.stderr) or f"exit code {cmp.returncode}"
                print(f"| {name} | - | - | - | compare failed: {why} |")
                continue
            rows = [r for r in csv.DictReader(open(metrics)) if r["configuration"] == "Hopsan-compatible"]
            if any(r["status"] != "ok" for r in rows):
                print(f"| {name} | - | - | - | Hopsan-compatible: {rows[0]['status']} |")
                continue
            for r in rows:
                var = r["probe"].split("$")[-1]
                unit = "" if r["unit"] in ("-", "") else " " + r["unit"]
                print(f"| {name} | {var} | {float(r['rrmse [%]']):.4g} | {float(r['max abs error']):.4g}{unit} | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
