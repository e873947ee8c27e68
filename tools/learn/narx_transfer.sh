#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Pub III's transfer case (notes/000_001 §4.3): a NARX surrogate trained on Circuit 2's Vv
# (1e-5 m^3, like V2) runs as V2 of the three-orifice circuit, at 1e-4 s (the shipped model
# examples/circuit2_pub3.Vv.narx) and at 1e-3 s (a model trained here on Circuit 2 at 1e-3 s),
# compared with every configuration of the three-orifice file against CVODE (compare's reference).
#   [TRAINER=lm|adam] tools/learn/narx_transfer.sh BUILD_DIR WORK_DIR [DURATION_1E-3_DATA] [NEURONS] [EPOCHS] [DURATION_RUN]
# A dataset circuit2_pub3.Vv.1e-3.narx.csv already in WORK_DIR is reused (no second data run),
# a model circuit2_pub3.Vv.1e-3.narx already there too (no training). Each model runs twice: with
# the default out-of-range guard (margin 0.1) and with margin 10 (the network extrapolates).
set -eu
build=$1; work=$2; dur=${3:-200}; neurons=${4:-10,10}; epochs=${5:-200}; run=${6:-50}
trainer=${TRAINER:-lm}
src=$(cd "$(dirname "$0")/../.." && pwd)
cli="$build/app/cli/hydrostiff-cli"
mkdir -p "$work"
cp "$src/examples/circuit2_pub3_random.hydro.json" "$src/examples/three_orifice.hydro.json" "$src/examples/circuit2_pub3.Vv.narx" "$work/"
cd "$work"
grep -m1 'model name' /proc/cpuinfo; uptime
# Circuit 2's Vv at 1e-3 s (the step the paper's transfer case runs at)
if [ -f circuit2_pub3.Vv.1e-3.narx ]; then :; else
if [ -f circuit2_pub3.Vv.1e-3.narx.csv ]; then data="--from-data circuit2_pub3.Vv.1e-3.narx.csv"; else data=""; fi
# shellcheck disable=SC2086
"$cli" learn narx circuit2_pub3_random.hydro.json --volume Vv --duration "$dur" --dt 1e-3 $data \
    --random cmd:-10:10:0.5:7 --neurons "$neurons" --trainer "$trainer" --epochs "$epochs" \
    --out circuit2_pub3.Vv.1e-3.narx --quiet
fi
python3 - "$run" <<'PY'
import json, sys
f = "three_orifice.hydro.json"
c = json.load(open(f))
c["simulation"]["duration"] = float(sys.argv[1])
for dt, model in ((1e-4, "circuit2_pub3.Vv.narx"), (1e-3, "circuit2_pub3.Vv.1e-3.narx")):
    for margin in (0.1, 10.0):
        c["configurations"].append({"name": "NARX (Circuit 2) %g margin %g" % (dt, margin), "stepper": "rk4", "dt": dt,
            "description": "the NARX surrogate of Circuit 2's Vv as V2", "reference": False,
            "methods": {"V2": {"method": "narx", "params": {"model": model, "margin": margin}}}})
json.dump(c, open(f, "w"), indent=4)
PY
"$cli" format three_orifice.hydro.json
uptime
"$cli" compare three_orifice.hydro.json
uptime
python3 -c "import json; [print(c['name']) for c in json.load(open('three_orifice.hydro.json'))['configurations']]" |
while read -r name; do
    printf '%s | ' "$name"
    "$cli" run three_orifice.hydro.json --config "$name" --out run-cpu.csv --quiet | grep 'cpu time' || echo
done
uptime
