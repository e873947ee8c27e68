#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Engine vs hand-fused C++, counted in instructions (valgrind --tool=callgrind): load-independent,
# unlike engine_vs_fused.sh's wall times. Counts only the integration: hs::sim::simulate() in
# hydrostiff-cli and hs::bench::fusedCircuitN() in the fused programs (--toggle-collect), so
# process start, file loading and building are left out. Short durations (callgrind runs ~50x slower).
# The engine writes .mat: CSV rows would be formatted inside simulate() (streamed), a .mat file after it.
# The generated kernel (--kernel generated) is counted the same way (its library is compiled, or
# taken from the cache, before the counted run; the calls into it are inside simulate()).
# Usage: engine_vs_fused_callgrind.sh [C2_DURATION = 0.5] [C1_DURATION = 0.1]
#   Circuit 2: RK4 1e-5 (as engine_vs_fused.sh); Circuit 1: RK4 1e-6, the example's reference.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${HS_BUILD_DIR:-$ROOT/build}"
C2_DURATION="${1:-0.5}"
C1_DURATION="${2:-0.1}"
CLI="$BUILD/app/cli/hydrostiff-cli"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

grep -m1 'model name' /proc/cpuinfo || true
valgrind --version

# instructions collected inside function $1 while running the rest of the arguments
count() {
    local fn="$1"; shift
    valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.out" --toggle-collect="$fn" "$@" > /dev/null 2>&1
    awk '/^summary:/ {print $2}' "$TMP/cg.out"
}

# report LABEL STEPS ENGINE_IR GENERATED_IR FUSED_IR
report() {
    awk -v l="$1" -v n="$2" -v e="$3" -v g="$4" -v f="$5" 'BEGIN {
        printf "%s: %d steps\n  interpreted %d instructions (%.0f per step), generated %d (%.0f per step), fused %d (%.0f per step)\n  ratios to fused: interpreted %.2f, generated %.2f\n",
               l, n, e, e / n, g, g / n, f, f / n, e / f, g / f }'
}
SIM='hs::sim::simulate(hs::sim::System&, std::vector<hs::sim::ProbeSpec, std::allocator<hs::sim::ProbeSpec> > const&, hs::sim::RunOptions const&)'

n2=$(awk -v t="$C2_DURATION" 'BEGIN {printf "%d", t / 1e-5 + 0.5}')
e2=$(count "$SIM" "$CLI" run "$ROOT/examples/circuit2_pcv.hydro.json" --config "RK4 1e-5" --duration "$C2_DURATION" --out "$TMP/e2.mat" --quiet)
"$CLI" run "$ROOT/examples/circuit2_pcv.hydro.json" --config "RK4 1e-5" --duration 1e-3 --kernel generated --out "$TMP/w.mat" --quiet > /dev/null
g2=$(count "$SIM" "$CLI" run "$ROOT/examples/circuit2_pcv.hydro.json" --config "RK4 1e-5" --duration "$C2_DURATION" --kernel generated --out "$TMP/g2.mat" --quiet)
f2=$(count 'hs::bench::fusedCircuit2(double, double, int)' "$BUILD/tools/bench/hs-fused-circuit2" "$C2_DURATION" 1e-5)
report "Circuit 2, $C2_DURATION s, RK4 1e-5" "$n2" "$e2" "$g2" "$f2"

n1=$(awk -v t="$C1_DURATION" 'BEGIN {printf "%d", t / 1e-6 + 0.5}')
e1=$(count "$SIM" "$CLI" run "$ROOT/examples/circuit1_fcv.hydro.json" --config "RK4 1e-6" --duration "$C1_DURATION" --out "$TMP/e1.mat" --quiet)
"$CLI" run "$ROOT/examples/circuit1_fcv.hydro.json" --config "RK4 1e-6" --duration 1e-3 --kernel generated --out "$TMP/w.mat" --quiet > /dev/null
g1=$(count "$SIM" "$CLI" run "$ROOT/examples/circuit1_fcv.hydro.json" --config "RK4 1e-6" --duration "$C1_DURATION" --kernel generated --out "$TMP/g1.mat" --quiet)
f1=$(count 'hs::bench::fusedCircuit1(double, double, int)' "$BUILD/tools/bench/hs-fused-circuit1" "$C1_DURATION" 1e-6)
report "Circuit 1, $C1_DURATION s, RK4 1e-6 (reference)" "$n1" "$e1" "$g1" "$f1"
