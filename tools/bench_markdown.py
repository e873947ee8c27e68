#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Turns the CSV of `hydrostiff-cli bench FILE --csv out.csv` into Markdown tables (one per
benchmark table), each cell "ours (paper)" where a published number exists. Used to write
docs/validation.md:  tools/bench_markdown.py out.csv [more.csv ...]"""
import csv
import sys
from collections import OrderedDict


def fmt(v):
    if v == "":
        return "-"
    x = float(v)
    if x == 0:
        return "0"
    if abs(x) >= 1e5 or abs(x) < 1e-3:
        return f"{x:.3g}"
    if x == int(x) and abs(x) < 1e5:
        return str(int(x))
    return f"{x:.4g}"


def main(paths):
    for path in paths:
        tables = OrderedDict()
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                t = tables.setdefault(r["table"], {"metrics": OrderedDict(), "rows": OrderedDict()})
                t["metrics"][r["metric"]] = r["unit"]
                row = t["rows"].setdefault(r["row"], {"status": r["status"]})
                row[r["metric"]] = (r["ours"], r["published"])
        for name, t in tables.items():
            heads = ["row"] + [f"{m} [{u}]" if u else m for m, u in t["metrics"].items()] + ["status"]
            print(f"Table `{name}`:\n")
            print("| " + " | ".join(heads) + " |")
            print("|" + "---|" * len(heads))
            for label, row in t["rows"].items():
                cells = [label]
                for m in t["metrics"]:
                    ours, pub = row.get(m, ("", ""))
                    cells.append(fmt(ours) + (f" ({fmt(pub)})" if pub else ""))
                cells.append(row["status"])
                print("| " + " | ".join(cells) + " |")
            print()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
