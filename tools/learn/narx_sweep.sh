#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Neuron sweep of the NARX surrogate of Circuit 2's Vv (docs/learned-models.md): retrains on a
# dataset written by tools/learn/narx_pub3.sh (or learn narx --data) with N,N neurons, then
# evaluates each model open loop and closed loop (learn narx-eval) and runs the NARX
# configuration of the random-input file against RK4 1e-5 s (compare: RRMSE x, p_v; run: CPU time).
#   [TRAINER=lm|adam] [ADAM="--batch 256 --learning-rate 1e-3"] tools/learn/narx_sweep.sh BUILD_DIR WORK_DIR DATASET EPOCHS N1 N2 ...
set -eu
build=$1; work=$2; data=$3; epochs=$4; shift 4
trainer=${TRAINER:-lm}
adam=${ADAM:-}
src=$(cd "$(dirname "$0")/../.." && pwd)
cli="$build/app/cli/hydrostiff-cli"
mkdir -p "$work"
grep -m1 'model name' /proc/cpuinfo; uptime
for n in "$@"; do
    cp "$src/examples/circuit2_pub3_random.hydro.json" "$work/sweep$n.hydro.json"
    echo "== $n,$n neurons, trainer $trainer"
    # shellcheck disable=SC2086
    (cd "$work" && "$cli" learn narx "sweep$n.hydro.json" --volume Vv --from-data "$data" --neurons "$n,$n" \
        --trainer "$trainer" $adam --epochs "$epochs" --out "sweep$n.narx" --attach "NARX 1e-4" --quiet | grep -E 'network|training|MSE')
    "$cli" learn narx-eval "$work/sweep$n.hydro.json" --volume Vv --model "$work/sweep$n.narx" --quiet | grep -E 'loop|replay'
    "$cli" compare "$work/sweep$n.hydro.json" --configs "RK4 1e-5,NARX 1e-4" | grep -E '^NARX 1e-4 +(p_v|x) |node Vv'
    "$cli" run "$work/sweep$n.hydro.json" --config "NARX 1e-4" --out "$work/run$n.csv" --quiet | grep 'cpu time'
    uptime
done
