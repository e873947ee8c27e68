#!/usr/bin/env bash
# Engine vs hand-fused C++ on Circuit 2, 20 s, RK4 1e-5: alternates the two N times (default 3)
# in one run and prints each wall time and the ratio of the medians. Run after a Release build.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${HS_BUILD_DIR:-$ROOT/build}"
N="${1:-3}"
eng=(); fus=()
for i in $(seq "$N"); do
    e=$("$BUILD/app/cli/hydrostiff-cli" run "$ROOT/examples/circuit2_pcv.hydro.json" --config "RK4 1e-5" \
        --out /tmp/hs-engine-c2.csv --quiet | awk '/^simulated/ {print $5}')
    f=$("$BUILD/tools/bench/hs-fused-circuit2" | awk '/^wall time/ {print $3}')
    echo "run $i: engine $e s, fused $f s"
    eng+=("$e"); fus+=("$f")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
me=$(median "${eng[@]}"); mf=$(median "${fus[@]}")
echo "median: engine $me s, fused $mf s, ratio $(awk -v a="$me" -v b="$mf" 'BEGIN {printf "%.2f", a/b}')"
