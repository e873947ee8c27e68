#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# pagmo2's GA islands against NLopt's global algorithms on the identification example of
# docs/many-runs.md: the three-orifice circuit over 0.5 s, synthetic measurements from
# O2.Cd = 0.52 and O3.Cd = 0.71 ("Local implicit 1e-3", recorded every 5 ms) plus Gaussian noise
# of 0.2 bar (seed 5), two 6-bit parameters in [0.3, 0.9]. Each optimizer runs with --truth: the
# evaluations (simulations) until its best point stays within one resolution of the truth, the
# total evaluations and wall time (Hooke-Jeeves included), and the identified values.
#
# Usage: tools/bench/identify_optimizers.sh [BUILD_DIR] [SEEDS]   (default build, "1 2 3")
# Needs python3 (the noise) and a build with pagmo2 and NLopt.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${1:-$ROOT/build}"
SEEDS="${2:-1 2 3}"
CLI="$BUILD/app/cli/hydrostiff-cli"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

python3 - "$ROOT/examples/three_orifice.hydro.json" "$WORK" <<'EOF'
import json, sys
src, work = sys.argv[1], sys.argv[2]
d = json.load(open(src))
d["simulation"]["duration"] = 0.5
d.pop("benchmarks", None)
json.dump(d, open(work + "/fit.hydro.json", "w"), indent=1)
for c in d["components"]:
    if c["id"] == "O2": c.setdefault("parameters", {})["Cd"] = 0.52
    if c["id"] == "O3": c.setdefault("parameters", {})["Cd"] = 0.71
json.dump(d, open(work + "/truth.hydro.json", "w"), indent=1)
EOF
"$CLI" run "$WORK/truth.hydro.json" --config "Local implicit 1e-3" --record 0.005 --out "$WORK/clean.csv" --quiet > /dev/null
python3 - "$WORK" <<'EOF'
import random, sys
work = sys.argv[1]
random.seed(5)
lines = open(work + "/clean.csv").read().splitlines()
out = [lines[0]]
for line in lines[1:]:
    cells = line.split(",")
    out.append(",".join([cells[0]] + [repr(float(v) + random.gauss(0, 2e4)) for v in cells[1:]]))
open(work + "/measured.csv", "w").write("\n".join(out) + "\n")
EOF

spec() {  # $1 = optimizer settings (JSON members), $2 = file
    cat > "$2" <<EOF
{"config": "Local implicit 1e-3",
 "parameters": [{"name": "O2.Cd", "min": 0.3, "max": 0.9, "bits": 6},
                {"name": "O3.Cd", "min": 0.3, "max": 0.9, "bits": 6}],
 "cost": [{"probe": "p1", "weight": 1}, {"probe": "p2", "weight": 1}],
 $1}
EOF
}

printf '%-28s %-5s %-14s %-10s %-12s %-9s %-10s %s\n' optimizer seed "to resolution" "then [s]" evaluations "wall [s]" O2.Cd O3.Cd
for seed in $SEEDS; do
    spec "\"ga\": {\"islands\": 6, \"population\": 20, \"generations\": 15, \"seed\": $seed}" "$WORK/pagmo.json"
    runs=("pagmo sga 6x20, 15 gen:$WORK/pagmo.json")
    for alg in GN_CRS2_LM GN_ISRES GN_ESCH GN_DIRECT_L; do
        spec "\"optimizer\": \"nlopt\", \"nlopt\": {\"algorithm\": \"$alg\", \"evaluations\": 300, \"starts\": 6, \"seed\": $seed}" "$WORK/$alg.json"
        runs+=("NLopt $alg 6x300:$WORK/$alg.json")
    done
    for r in "${runs[@]}"; do
        name="${r%%:*}"
        out="$("$CLI" identify "$WORK/fit.hydro.json" --measured "$WORK/measured.csv" --spec "${r#*:}" --truth 0.52,0.71 --quiet)"
        evals="$(sed -n 's/.*; \([0-9]*\) simulations in \([0-9.e+-]*\) s$/\1/p' <<< "$out")"
        wall="$(sed -n 's/.*; \([0-9]*\) simulations in \([0-9.e+-]*\) s$/\2/p' <<< "$out")"
        reach="$(sed -n 's/^within one resolution of --truth from evaluation \([0-9]*\) on.*/\1/p' <<< "$out")"
        reachS="$(sed -n 's/^within one resolution of --truth from evaluation [0-9]* on (\([0-9.e+-]*\) s)/\1/p' <<< "$out")"
        o2="$(awk '$1 == "O2.Cd" {print $2}' <<< "$out")"
        o3="$(awk '$1 == "O3.Cd" {print $2}' <<< "$out")"
        printf '%-28s %-5s %-14s %-10s %-12s %-9s %-10s %s\n' "$name" "$seed" "${reach:-never}" "${reachS:--}" "$evals" "$wall" "$o2" "$o3"
    done
done
