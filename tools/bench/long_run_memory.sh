#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Long runs keep memory flat: the three-orifice circuit (examples/three_orifice) with its
# fixed-step configuration "RK4 1e-3" for STEPS steps (default 1e8, i.e. 1e5 s simulated),
# recording every EVERY-th step (default 10: 1e7 rows), written by `hydrostiff-cli run --out
# long.csv`, which streams the rows to the file as they are produced. Prints the peak memory
# (max RSS, from /usr/bin/time -v), the wall and CPU times (on a loaded machine the CPU time is
# the steadier), the rows and the size of the file, with the CPU and the load. HS_BENCH_MAT=1 also writes the same run as a MAT-file, which is built in
# memory (MAT version 5 cannot be appended to), for contrast. Run after a Release build of
# hydrostiff-cli. The file goes to a temporary directory that is removed afterwards
# (HS_BENCH_KEEP=1 keeps it).
# Usage: long_run_memory.sh [STEPS] [EVERY]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${HS_BUILD_DIR:-$ROOT/build}"
CLI="$BUILD/app/cli/hydrostiff-cli"
STEPS="${1:-1e8}"
EVERY="${2:-10}"
DT=1e-3  # the step of "RK4 1e-3"
[ -x "$CLI" ] || { echo "no $CLI: build hydrostiff-cli first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package 'time')" >&2; exit 2; }

duration=$(awk -v n="$STEPS" -v dt="$DT" 'BEGIN {printf "%.17g", n * dt}')
record=$(awk -v k="$EVERY" -v dt="$DT" 'BEGIN {printf "%.17g", k * dt}')
out="$(mktemp -d)"
[ "${HS_BENCH_KEEP:-0}" = 1 ] || trap 'rm -rf "$out"' EXIT

grep -m1 'model name' /proc/cpuinfo || true
echo "load: $(uptime | sed 's/.*load average/load average/') on $(nproc) cores"
echo "three_orifice, RK4 1e-3: $STEPS steps ($duration s simulated), a record every $EVERY steps ($record s)"

# measure FILE: one run writing FILE; prints peak memory, wall time, rows and size.
measure() {
    local file="$1" log="$out/time.log"
    /usr/bin/time -v "$CLI" run "$ROOT/examples/three_orifice.hydro.json" --config "RK4 1e-3" \
        --duration "$duration" --record "$record" --out "$file" --quiet > "$out/run.log" 2> "$log"
    local rss wall user sys engine steps size
    rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$log")
    wall=$(awk '/Elapsed \(wall clock\)/ {print $NF}' "$log")
    user=$(awk -F: '/User time/ {gsub(/ /, "", $2); print $2}' "$log")
    sys=$(awk -F: '/System time/ {gsub(/ /, "", $2); print $2}' "$log")
    engine=$(awk '/^simulated/ {print $5}' "$out/run.log")
    steps=$(awk '/^simulated/ {print $9}' "$out/run.log")
    size=$(stat -c %s "$file")
    printf '%-4s peak memory (max RSS) %8.1f MB   wall %s, cpu %s s user + %s s sys (engine and writing: %s s wall)   %s steps   %s bytes' \
        "${file##*.}" "$(awk -v k="$rss" 'BEGIN {print k / 1024}')" "$wall" "$user" "$sys" "$engine" "$steps" "$size"
    if [ "${file##*.}" = csv ]; then printf '   %s rows' "$(( $(wc -l < "$file") - 1 ))"; fi
    echo
}

measure "$out/long.csv"
if [ "${HS_BENCH_MAT:-0}" = 1 ]; then measure "$out/long.mat"; fi
[ "${HS_BENCH_KEEP:-0}" = 1 ] && echo "files kept in $out"
exit 0
