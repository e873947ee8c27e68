#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Regenerate the benchmark tables of docs/validation.md and diff their error columns.

For every table the document labels "Table `NAME`:" the script finds the example file that keeps
a benchmark table of that name with those rows, runs `hydrostiff-cli bench FILE --table NAME
--csv ...`, and compares each error cell (metrics rmse*, rrmse*, max*) of the document with the
fresh value: relative tolerance --rtol (default 1e-3, i.e. the digits the document shows),
absolute floor --atol for values near zero. Wall times, speed-ups and real-time factors are not
compared (they depend on the machine); the status column must match. Cells are "ours" or
"ours (published)"; only "ours" is compared.

The full set takes about 5 minutes of one core (AMD EPYC, 2026-11-25; `pub1` 2.7 min and
Circuit 1's `tlm` 1.2 min of it, the Circuit 1 truths): .ci/run runs it after the test suite.
--tables pub3,sweep restricts it; --list shows what would run.

Usage: tools/diff_validation_tables.py --cli build/app/cli/hydrostiff-cli [--doc docs/validation.md]
                                       [--tables A,B] [--list] [--rtol R] [--atol A]
Exit status 1 when a compared cell differs. Standard library only.
"""
import argparse
import csv
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ERROR_METRIC = re.compile(r"^(rmse|rrmse|max|rmse_pct|rmse_q1|rmse_q4)(:|$)")


def doc_tables(text):
    """[(name, header cells, {row: [cells]})] for every 'Table `name`:' followed by a table."""
    out = []
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"^Table `([^`]+)`:\s*$", line.strip())
        if not m:
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("|"):
            j += 1
        header = [c.strip() for c in lines[j].strip("|").split("|")]
        rows = {}
        for row in lines[j + 2:]:
            if not row.startswith("|"):
                break
            cells = [c.strip() for c in row.strip("|").split("|")]
            rows[cells[0]] = cells
        out.append((m.group(1), header, rows))
    return out


def metric_of(column):
    """'rrmse:p2 [%]' -> 'rrmse:p2'."""
    return column.split(" [")[0].strip()


def ours(cell):
    cell = cell.split(" (")[0].strip()
    try:
        return float(cell)
    except ValueError:
        return None


def find_file(source, name, rows):
    for path in sorted(glob.glob(os.path.join(source, "examples", "*.hydro.json"))):
        doc = json.load(open(path, encoding="utf-8"))
        for b in doc.get("benchmarks", []):
            if b.get("name") != name:
                continue
            names = set()
            for r in b.get("rows", []):
                names.add(r if isinstance(r, str) else r.get("label", r.get("config", "")))
            if "sweep" in b:
                names |= {str(v) for v in b["sweep"].get("values", [])}
            if set(rows) <= names or not names:
                return path
    return None


def bench_csv(cli, path, name):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "t.csv")
        p = subprocess.run([cli, "bench", path, "--table", name, "--csv", out, "--quiet"],
                           capture_output=True, text=True)
        if p.returncode not in (0, 1) or not os.path.exists(out):
            raise RuntimeError(p.stderr.strip() or f"bench exited {p.returncode}")
        values, status = {}, {}
        with open(out, newline="") as f:
            for r in csv.DictReader(f):
                if r["table"] != name:
                    continue
                status[r["row"]] = r["status"]
                if r["ours"] != "":
                    values[(r["row"], r["metric"])] = float(r["ours"])
        return values, status


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--doc", default=None)
    ap.add_argument("--source", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--tables", default="")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--rtol", type=float, default=1e-3)
    ap.add_argument("--atol", type=float, default=1e-12)
    a = ap.parse_args()
    source = os.path.abspath(a.source)
    doc = a.doc or os.path.join(source, "docs", "validation.md")
    wanted = {t for t in a.tables.split(",") if t}
    failures = compared = 0
    for name, header, rows in doc_tables(open(doc, encoding="utf-8").read()):
        if wanted and name not in wanted:
            continue
        path = find_file(source, name, rows)
        if a.list:
            print(f"{name:12s} {os.path.relpath(path, source) if path else '(no file)'}: {len(rows)} rows")
            continue
        if not path:
            print(f"FAIL {name}: no example file keeps this table with these rows")
            failures += 1
            continue
        try:
            values, status = bench_csv(a.cli, path, name)
        except RuntimeError as e:
            print(f"FAIL {name}: {e}")
            failures += 1
            continue
        bad = []
        for row, cells in rows.items():
            for col, cell in zip(header[1:], cells[1:]):
                metric = metric_of(col)
                if metric == "status":
                    if row in status and status[row].split(" at ")[0] != cell.split(" at ")[0]:
                        bad.append(f"{row}: status {status[row]!r}, document {cell!r}")
                    continue
                if not ERROR_METRIC.match(metric):
                    continue
                want = ours(cell)
                if want is None:
                    continue
                got = values.get((row, metric))
                compared += 1
                if got is None or abs(got - want) > max(a.atol, a.rtol * abs(want) + 0.5 * 10 ** _last_digit(cell)):
                    bad.append(f"{row}: {metric} {got!r}, document {want!r}")
        print(f"{'FAIL' if bad else 'ok  '} {name} ({os.path.relpath(path, source)})")
        for b in bad:
            print("       " + b)
        failures += bool(bad)
    if not a.list:
        print(f"{compared} error cells compared, {failures} tables differ")
    return 1 if failures else 0


def _last_digit(cell):
    """Exponent of the last digit the document shows, e.g. '0.05284' -> -5, '1.24e+05' -> 3."""
    s = cell.split(" (")[0].strip()
    m = re.match(r"^-?(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$", s)
    if not m:
        return -300
    decimals = len(m.group(2) or "")
    exp = int(m.group(3) or 0)
    return exp - decimals


if __name__ == "__main__":
    sys.exit(main())
