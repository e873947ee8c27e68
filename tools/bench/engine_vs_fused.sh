#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Engine vs hand-fused C++ (same equations, same RK4 step, results equal to rounding):
#   Circuit 2, 20 s, RK4 1e-5 (examples/circuit2_pcv, tools/bench/fused_circuit2.h)
#   Circuit 1, C1_DURATION s (default 5), RK4 1e-6, the example's reference configuration
#     (examples/circuit1_fcv, tools/bench/fused_circuit1.h)
# Each circuit alternates the interpreted engine (hydrostiff-cli run: the wall and engine-thread CPU
# time of the simulation it reports), the generated kernel (the same run with --kernel generated;
# its compile time, before the run, is not in these times) and fused (the wall and thread CPU time
# of its integration) N times (default 3) in one run and prints each time, the medians and their
# ratios to fused, with the CPU and the load (on a loaded machine the CPU times are the steadier).
# The kernel is compiled (or taken from the cache) once before the rounds. Run after a Release
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

# compare LABEL ENGINE_CMD... -- FUSED_CMD...   (the generated kernel: ENGINE_CMD --kernel generated)
compare() {
    local label="$1"; shift
    local ecmd=() fcmd=()
    while [[ "$1" != "--" ]]; do ecmd+=("$1"); shift; done
    shift
    fcmd=("$@")
    local eng=() gen=() fus=() engc=() genc=() fusc=() eo go fo e g f ec gc fc
    echo "$label"
    echo "  generated kernel: $("${ecmd[@]}" --kernel generated --duration 0.001 | awk '/^kernel/ {$1 = ""; print}')"
    for i in $(seq "$N"); do
        eo=$("${ecmd[@]}"); go=$("${ecmd[@]}" --kernel generated); fo=$("${fcmd[@]}")
        e=$(awk '/^simulated/ {print $5}' <<< "$eo"); ec=$(awk '/^cpu time/ {print $3}' <<< "$eo")
        g=$(awk '/^simulated/ {print $5}' <<< "$go"); gc=$(awk '/^cpu time/ {print $3}' <<< "$go")
        f=$(awk '/^wall time/ {print $3}' <<< "$fo"); fc=$(awk '/^cpu time/ {print $3}' <<< "$fo")
        echo "  run $i: interpreted $e s wall / $ec s cpu, generated $g s wall / $gc s cpu, fused $f s wall / $fc s cpu"
        eng+=("$e"); gen+=("$g"); fus+=("$f"); engc+=("$ec"); genc+=("$gc"); fusc+=("$fc")
    done
    local me mg mf mec mgc mfc
    me=$(median "${eng[@]}"); mg=$(median "${gen[@]}"); mf=$(median "${fus[@]}")
    mec=$(median "${engc[@]}"); mgc=$(median "${genc[@]}"); mfc=$(median "${fusc[@]}")
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a/b}'; }
    echo "  median wall: interpreted $me s, generated $mg s, fused $mf s, ratios to fused $(ratio "$me" "$mf") / $(ratio "$mg" "$mf")"
    echo "  median cpu:  interpreted $mec s, generated $mgc s, fused $mfc s, ratios to fused $(ratio "$mec" "$mfc") / $(ratio "$mgc" "$mfc")"
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
