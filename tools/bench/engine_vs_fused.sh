#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Engine vs hand-fused C++ (same equations, same RK4 step, results equal to rounding):
#   Circuit 2, 20 s, RK4 1e-5 (examples/circuit2_pcv, tools/bench/fused_circuit2.h)
#   Circuit 1, C1_DURATION s (default 5), RK4 1e-6, the example's reference configuration
#     (examples/circuit1_fcv, tools/bench/fused_circuit1.h)
# Each circuit alternates engine (hydrostiff-cli run: the wall and engine-thread CPU time of the
# simulation it reports) and fused (the wall and thread CPU time of its integration) N times
# (default 3) in one run and prints each time, the medians and their ratios, with the CPU and the
# load (on a loaded machine the CPU times are the steadier of the two). Run after a Release
# build of hydrostiff-cli, hs-fused-circuit1 and hs-fused-circuit2.
# Usage: engine_vs_fused.sh [N] [circuits: "1 2", "1" or "2"]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${HS_BUILD_DIR:-$ROOT/build}"
N="${1:-3}"
CIRCUITS="${2:-2 1}"
C1_DURATION="${C1_DURATION:-5}"
CLI="$BUILD/app/cli/hydrostiff-cli"

grep -m1 'model name' /proc/cpuinfo || true
echo "load: $(uptime | sed 's/.*load average/load average/') on $(nproc) cores"

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# compare LABEL ENGINE_CMD... -- FUSED_CMD...
compare() {
    local label="$1"; shift
    local ecmd=() fcmd=()
    while [[ "$1" != "--" ]]; do ecmd+=("$1"); shift; done
    shift
    fcmd=("$@")
    local eng=() fus=() engc=() fusc=() eo fo e f ec fc
    echo "$label"
    for i in $(seq "$N"); do
        eo=$("${ecmd[@]}"); fo=$("${fcmd[@]}")
        e=$(awk '/^simulated/ {print $5}' <<< "$eo"); ec=$(awk '/^cpu time/ {print $3}' <<< "$eo")
        f=$(awk '/^wall time/ {print $3}' <<< "$fo"); fc=$(awk '/^cpu time/ {print $3}' <<< "$fo")
        echo "  run $i: engine $e s wall / $ec s cpu, fused $f s wall / $fc s cpu"
        eng+=("$e"); fus+=("$f"); engc+=("$ec"); fusc+=("$fc")
    done
    local me mf mec mfc
    me=$(median "${eng[@]}"); mf=$(median "${fus[@]}"); mec=$(median "${engc[@]}"); mfc=$(median "${fusc[@]}")
    echo "  median wall: engine $me s, fused $mf s, ratio $(awk -v a="$me" -v b="$mf" 'BEGIN {printf "%.2f", a/b}')"
    echo "  median cpu:  engine $mec s, fused $mfc s, ratio $(awk -v a="$mec" -v b="$mfc" 'BEGIN {printf "%.2f", a/b}')"
}

# The engine writes .mat (kept in memory, written after the timed run), not .csv: CSV rows are
# formatted while the run goes on (streamed), which the engine's times would then include.
for c in $CIRCUITS; do
    case "$c" in
    2) compare "Circuit 2, 20 s, RK4 1e-5:" \
           "$CLI" run "$ROOT/examples/circuit2_pcv.hydro.json" --config "RK4 1e-5" --out /tmp/hs-engine-c2.mat --quiet \
           -- "$BUILD/tools/bench/hs-fused-circuit2" ;;
    1) compare "Circuit 1, $C1_DURATION s, RK4 1e-6 (reference):" \
           "$CLI" run "$ROOT/examples/circuit1_fcv.hydro.json" --config "RK4 1e-6" --duration "$C1_DURATION" \
           --out /tmp/hs-engine-c1.mat --quiet \
           -- "$BUILD/tools/bench/hs-fused-circuit1" "$C1_DURATION" 1e-6 ;;
    *) echo "unknown circuit '$c' (1 or 2)" >&2; exit 2 ;;
    esac
done
echo "load after: $(uptime | sed 's/.*load average/load average/')"
