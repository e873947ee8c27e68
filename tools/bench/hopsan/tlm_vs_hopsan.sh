#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Whole-circuit TLM cost per step: HydroStiff's CLI against a prebuilt Hopsan CLI, interleaved.
#
# This script neither fetches nor builds Hopsan: give it the path of a hopsancli that is already
# built (and, if that CLI does not find its default component library by itself, the library).
#
# usage: tlm_vs_hopsan.sh --hopsan PATH/hopsancli --hmf MODEL.hmf \
#            --hydrostiff PATH/hydrostiff-cli --hydro FILE.hydro.json --config NAME \
#            [--extlib PATH/libdefaultcomponentlibrary.so] [--rounds 5] [--t1 1] [--t2 11] \
#            [--ts 1e-5] [--log-interval 1e-2]
#
# Per round, each tool runs the model for t1 and for t2 seconds of simulated time (order of the
# tools alternates between rounds). Cost per step = (wall(t2) - wall(t1)) / ((t2 - t1) / ts), which
# removes process start, library and model loading and set-up. Reported: the median over the
# rounds of that process wall-clock difference, of the process CPU-time difference, and of the
# in-process timers the tools print (Hopsan "SimulationTime", HydroStiff "wall time").
#
# Logging is kept small: Hopsan gets -l = T/log-interval + 1 samples; HydroStiff records at the
# file's simulation.record_interval (set it coarse, e.g. 1e-2, in the .hydro.json you pass).
# The time step of the HydroStiff configuration must equal --ts (it is taken from the file).
set -euo pipefail

hopsan="" hmf="" hs="" hydro="" config="" extlib=""
rounds=5 t1=1 t2=11 ts=1e-5 logint=1e-2
while [ $# -gt 0 ]; do
    case "$1" in
        --hopsan) hopsan=$2; shift 2 ;;
        --hmf) hmf=$2; shift 2 ;;
        --hydrostiff) hs=$2; shift 2 ;;
        --hydro) hydro=$2; shift 2 ;;
        --config) config=$2; shift 2 ;;
        --extlib) extlib=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --t1) t1=$2; shift 2 ;;
        --t2) t2=$2; shift 2 ;;
        --ts) ts=$2; shift 2 ;;
        --log-interval) logint=$2; shift 2 ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
for v in hopsan hmf hs hydro config; do
    [ -n "${!v}" ] || { echo "missing --$v (see --help)" >&2; exit 2; }
done
[ -x "$hopsan" ] || { echo "not executable: $hopsan" >&2; exit 2; }
[ -x "$hs" ] || { echo "not executable: $hs" >&2; exit 2; }
hmf=$(readlink -f "$hmf"); hydro=$(readlink -f "$hydro")
[ -n "$extlib" ] && extlib=$(readlink -f "$extlib")

work=$(mktemp -d /tmp/tlm_vs_hopsan.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"   # Hopsan writes hopsan_logfile.txt into the working directory

now_ns() { date +%s%N; }
clk=$(getconf CLK_TCK)
cpu_ns() {  # user+sys of the reaped children of shell $1 (cutime + cstime), in ns
    local a; a=$(sed 's/.*) //' "/proc/$1/stat"); set -- $a
    # after "pid (comm) ": state is field 1, cutime 14, cstime 15 (stat fields 16 and 17)
    echo $(( (${14} + ${15}) * 1000000000 / clk ))
}
# CPU time: perf's task-clock (all threads, 1 us resolution) when perf works here, otherwise the
# shell's reaped-children times (clock-tick resolution, 10 ms).
if perf stat -x, -e task-clock -o /dev/null -- true >/dev/null 2>&1; then useperf=1; else useperf=0; fi
# timed CMD... : runs CMD (output to $work/out.txt), sets W (wall ns) and C (CPU ns)
timed() {
    local me=$BASHPID w0 w1 c0 c1
    if [ $useperf = 1 ]; then
        w0=$(now_ns)
        perf stat -x, -e task-clock -o "$work/perf.txt" -- "$@" > "$work/out.txt" 2>&1 || true
        w1=$(now_ns)
        C=$(awk -F, '$3 == "task-clock" { printf "%.0f", $1 * 1e6 }' "$work/perf.txt")
    else
        c0=$(cpu_ns $me); w0=$(now_ns)
        "$@" > "$work/out.txt" 2>&1 || true
        w1=$(now_ns); c1=$(cpu_ns $me)
        C=$((c1 - c0))
    fi
    W=$((w1 - w0))
}
strip_ansi() { sed 's/\x1b\[[0-9;]*m//g'; }

# run_hopsan T -> prints "wall_ns cpu_ns internal_s"
run_hopsan() {
    local T=$1 n out
    n=$(awk -v T="$T" -v l="$logint" 'BEGIN{printf "%d", T/l + 1.5}')
    local args=(-m "$hmf" -s "0,$ts,$T" -l "$n")
    [ -n "$extlib" ] && args+=(-e "$extlib")
    timed "$hopsan" "${args[@]}"
    out=$(strip_ansi < "$work/out.txt")
    grep -q 'HopsanCLI Done' <<<"$out" || { echo "hopsan failed:" >&2; echo "$out" >&2; exit 1; }
    echo "$W $C $(sed -n 's/.*SimulationTime: *\([0-9.e+-]*\).*/\1/p' <<<"$out")"
}

# run_hs T -> prints "wall_ns cpu_ns internal_s"
run_hs() {
    local T=$1 out
    timed "$hs" run "$hydro" --config "$config" --duration "$T" --out "$work/hs.csv"
    out=$(cat "$work/out.txt")
    grep -q 'wall time' <<<"$out" || { echo "hydrostiff failed:" >&2; echo "$out" >&2; exit 1; }
    echo "$W $C $(sed -n 's/.* in \([0-9.e+-]*\) s wall time.*/\1/p' <<<"$out")"
}

echo "CPU:    $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') ($(nproc) cores)"
echo "load:   $(uptime | sed 's/.*load average: //') (before)"
echo "CPU time from: $([ $useperf = 1 ] && echo 'perf stat task-clock' || echo 'reaped-children times (10 ms ticks)')"
echo "hopsan: $hopsan"
echo "model:  $hmf"
echo "hydro:  $hydro --config '$config'"
echo "steps:  t1 $t1 s, t2 $t2 s, ts $ts s, difference $(awk -v a="$t1" -v b="$t2" -v h="$ts" 'BEGIN{printf "%d", (b-a)/h + 0.5}') steps; $rounds rounds"

# Result check at t1: HydroStiff's last CSV row, Hopsan's V1 port pressure from its saved state
# (binary doubles; the name layout is Hopsan's: "/V1/P1" then Flow, Pressure, ... as doubles).
"$hs" run "$hydro" --config "$config" --duration "$t1" --out "$work/hs.csv" >/dev/null 2>&1
hsrow=$(tail -n 1 "$work/hs.csv")
hargs=(-m "$hmf" -s "0,$ts,$t1" -l 11 --saveSimState "$work/state.bin")
[ -n "$extlib" ] && hargs+=(-e "$extlib")
"$hopsan" "${hargs[@]}" >/dev/null 2>&1
python3 - "$work/state.bin" "$hsrow" "$t1" <<'EOF'
import struct, sys
d = open(sys.argv[1], 'rb').read()
def port(name):
    i = d.find(name.encode())
    if i < 0:
        return None
    q, p = struct.unpack_from('<2d', d, i + len(name))
    return p
row = sys.argv[2].split(',')
print(f"result at {sys.argv[3]} s: HydroStiff first probe {float(row[1]):.9f} Pa (t = {float(row[0]):.12g})")
for n in ('/V1/P1', '/V1/P2', '/V2/P1', '/V2/P2'):
    p = port(n)
    if p is not None:
        print(f"            Hopsan {n} pressure {p:.9f} Pa")
EOF

res="$work/times.txt"; : > "$res"
for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) -eq 1 ]; then order="hopsan hs"; else order="hs hopsan"; fi
    for tool in $order; do
        a=$(run_$tool "$t1"); b=$(run_$tool "$t2")
        echo "$r $tool $a $b" >> "$res"
    done
done
echo "load:   $(uptime | sed 's/.*load average: //') (after)"

python3 - "$res" "$t1" "$t2" "$ts" <<'EOF'
import sys, statistics as st
res, t1, t2, ts = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
steps = round((t2 - t1) / ts)
rows = {}
for line in open(res):
    r, tool, w1, c1, i1, w2, c2, i2 = line.split()
    rows.setdefault(tool, []).append(((int(w2) - int(w1)) / steps,
                                      (int(c2) - int(c1)) / steps,
                                      (float(i2) - float(i1)) * 1e9 / steps,
                                      int(w1) / 1e6))
name = {'hopsan': 'Hopsan CLI', 'hs': 'HydroStiff CLI'}
print(f"\nns per step (t2 - t1 difference, {steps} steps), per round and median:")
print(f"{'':16} {'process wall':>40} | {'process CPU':>40} | {'in-process timer':>40} | start-up wall t1 [ms]")
for tool in ('hopsan', 'hs'):
    v = rows.get(tool, [])
    cols = []
    for k in range(3):
        xs = [x[k] for x in v]
        cols.append(' '.join(f"{x:6.1f}" for x in xs) + f"  med {st.median(xs):6.1f}")
    print(f"{name[tool]:16} {cols[0]:>40} | {cols[1]:>40} | {cols[2]:>40} | {st.median(x[3] for x in v):.1f}")
h = st.median(x[0] for x in rows['hopsan']); s = st.median(x[0] for x in rows['hs'])
print(f"\nmedian process wall: HydroStiff {s:.1f} ns/step, Hopsan {h:.1f} ns/step, ratio HydroStiff/Hopsan {s/h:.2f}")
hc = st.median(x[1] for x in rows['hopsan']); sc = st.median(x[1] for x in rows['hs'])
print(f"median process CPU:  HydroStiff {sc:.1f} ns/step, Hopsan {hc:.1f} ns/step, ratio HydroStiff/Hopsan {sc/hc:.2f}")
EOF
