#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Pub III's transfer case (notes/000_001 §4.3): a NARX surrogate trained on Circuit 2's Vv
# (1e-5 m^3, like V2) runs as V2 of the three-orifice circuit, at 1e-4 s (the shipped model
# examples/circuit2_pub3.Vv.narx) and at 1e-3 s (a model trained here on Circuit 2 at 1e-3 s),
# compared with every configuration of the three-orifice file against CVODE (compare's reference).
#   tools/learn/narx_transfer.sh BUILD_DIR WORK_DIR [DURATION_1E-3_DATA] [NEURONS] [EPOCHS] [DURATION_RUN]
set -eu
build=$1; work=$2; dur=${3:-200}; neurons=${4:-10,10}; epochs=${5:-200}; run=${6:-50}
src=$(cd "$(dirname "$0")/../.." && pwd)
cli="$build/app/cli/hydrostiff-cli"
mkdir -p "$work"
cp "$src/examples/circuit2_pub3_random.hydro.json" "$src/examples/three_orifice.hydro.json" "$src/examples/circuit2_pub3.Vv.narx" "$work/"
cd "$work"
grep -m1 'model name' /proc/cpuinfo; uptime
# Circuit 2's Vv at 1e-3 s (the step the paper's transfer case runs at)
"$cli" learn narx circuit2_pub3_random.hydro.json --volume Vv --duration "$dur" --dt 1e-3 \
    --random cmd:-10:10:0.5:7 --neurons "$neurons" --epochs "$epochs" --out circuit2_pub3.Vv.1e-3.narx --quiet
python3 - "$run" <<'PY'
import json, sys
f = "three_orifice.hydro.json"
c = json.load(open(f))
c["simulation"]["duration"] = float(sys.argv[1])
for dt, model in ((1e-4, "circuit2_pub3.Vv.narx"), (1e-3, "circuit2_pub3.Vv.1e-3.narx")):
    c["configurations"].append({"name": "NARX (Circuit 2) %g" % dt, "stepper": "rk4", "dt": dt,
        "description": "the NARX surrogate of Circuit 2's Vv as V2", "reference": False,
        "methods": {"V2": {"method": "narx", "params": {"model": model}}}})
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
