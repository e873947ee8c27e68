#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Reproduction of Pub III on Circuit 2 (docs/learned-models.md): trains a NARX surrogate of the
# small volume Vv on a seeded random +-10 V command (a different sequence from the test's), then
# compares every configuration of the random (50 s) and repeating -6..+9 V (10 s) example files,
# the NARX one included, against RK4 at 1e-5 s.
#   tools/learn/narx_pub3.sh BUILD_DIR WORK_DIR [DURATION] [NEURONS] [EPOCHS] [DELAY]
# Defaults: 40 s of training data at 1e-4 s, 10,10 neurons, 200 epochs, delay 2.
set -eu
build=$1; work=$2; dur=${3:-40}; neurons=${4:-10,10}; epochs=${5:-200}; delay=${6:-2}
src=$(cd "$(dirname "$0")/../.." && pwd)
cli="$build/app/cli/hydrostiff-cli"
mkdir -p "$work"
cp "$src/examples/circuit2_pub3_random.hydro.json" "$src/examples/circuit2_pub3_repeating.hydro.json" "$work/"
cd "$work"
grep -m1 'model name' /proc/cpuinfo; uptime
"$cli" learn narx circuit2_pub3_random.hydro.json --volume Vv --duration "$dur" --dt 1e-4 \
    --random cmd:-10:10:0.5:7 --neurons "$neurons" --delay "$delay" --epochs "$epochs" \
    --out circuit2_pub3.Vv.narx --attach "NARX 1e-4"
# the same model on the repeating command (trained on random inputs only)
python3 - <<'PY'
import json
r = json.load(open("circuit2_pub3_random.hydro.json"))
narx = [c for c in r["configurations"] if c["name"] == "NARX 1e-4"][0]
q = json.load(open("circuit2_pub3_repeating.hydro.json"))
q["configurations"] = [c for c in q["configurations"] if c["name"] != "NARX 1e-4"] + [narx]
json.dump(q, open("circuit2_pub3_repeating.hydro.json", "w"), indent=4)
PY
"$cli" format circuit2_pub3_repeating.hydro.json
uptime
"$cli" compare circuit2_pub3_random.hydro.json
uptime
"$cli" compare circuit2_pub3_repeating.hydro.json
uptime
# CPU time of the engine thread per configuration (wall times above inflate with the machine's load)
for f in circuit2_pub3_random.hydro.json circuit2_pub3_repeating.hydro.json; do
    python3 -c "import json,sys; [print(c['name']) for c in json.load(open(sys.argv[1]))['configurations']]" "$f" |
    while read -r name; do
        printf '%s | %s | ' "$f" "$name"
        "$cli" run "$f" --config "$name" --out run-cpu.csv --quiet | grep 'cpu time'
    done
done
uptime
