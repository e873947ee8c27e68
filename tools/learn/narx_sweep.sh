#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Neuron sweep of the NARX surrogate of Circuit 2's Vv (docs/learned-models.md): retrains on a
# dataset written by tools/learn/narx_pub3.sh (or learn narx --data) with N,N neurons, then runs
# the NARX configuration of the random-input file closed loop against RK4 1e-5 s.
#   tools/learn/narx_sweep.sh BUILD_DIR WORK_DIR DATASET EPOCHS N1 N2 ...
set -eu
build=$1; work=$2; data=$3; epochs=$4; shift 4
src=$(cd "$(dirname "$0")/../.." && pwd)
cli="$build/app/cli/hydrostiff-cli"
mkdir -p "$work"
grep -m1 'model name' /proc/cpuinfo; uptime
for n in "$@"; do
    cp "$src/examples/circuit2_pub3_random.hydro.json" "$work/sweep$n.hydro.json"
    (cd "$work" && "$cli" learn narx "sweep$n.hydro.json" --volume Vv --from-data "$data" --neurons "$n,$n" \
        --epochs "$epochs" --out "sweep$n.narx" --attach "NARX 1e-4" --quiet | grep -E 'network|training|MSE')
    "$cli" compare "$work/sweep$n.hydro.json" --configs "RK4 1e-5,NARX 1e-4" | grep -E '^NARX 1e-4 +(p_v|x) |NARX 1e-4 +rk4|node Vv'
    uptime
done
