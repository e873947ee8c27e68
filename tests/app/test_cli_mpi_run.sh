#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hydrostiff-cli run under mpirun (registered only when MPI was found): the parallel partitions of
# examples/three_orifice_partitions.hydro.json one on each rank, on 2 and 3 ranks, write the CSV
# the serial reference and the threaded partitions write, byte for byte (3001 samples over 0.3 s); rank 0
# alone writes; a configuration without partitions, or a rank count other than its partitions,
# is refused with a message naming both; a circuit with nothing to cut runs whole, and says so.
# Usage: test_cli_mpi_run.sh CLI MPIEXEC SOURCE_DIR
set -u
cli="$1"; mpiexec="$2"; src="$3"
mpirun="$src/tests/mpirun.sh"
file="$src/examples/three_orifice_partitions.hydro.json"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

"$cli" run "$file" --duration 0.3 --record 1e-4 --out "$work/serial.csv" --quiet > /dev/null || fail "serial run"
[ "$(wc -l < "$work/serial.csv")" -eq 3002 ] || fail "serial run: not 3001 samples"
for n in 2 3; do
    config="TLM 1e-5 on $n partitions"
    "$cli" run "$file" --config "$config" --duration 0.3 --record 1e-4 --out "$work/threads$n.csv" --quiet > /dev/null || fail "threads $n"
    "$mpirun" "$mpiexec" -np "$n" "$cli" run "$file" --config "$config" --duration 0.3 --record 1e-4 --out "$work/ranks$n.csv" --quiet \
        > "$work/out$n.txt" 2> "$work/err$n.txt" || { cat "$work/err$n.txt" >&2; fail "$n ranks: exit code"; }
    cmp "$work/serial.csv" "$work/threads$n.csv" || fail "$n threads differ from the serial run"
    cmp "$work/serial.csv" "$work/ranks$n.csv" || fail "$n ranks differ from the serial run"
    grep -q "partitions     $n, one on each of $n MPI ranks" "$work/out$n.txt" || fail "$n ranks: not one partition per rank"
    [ "$(grep -c '^wrote ' "$work/out$n.txt")" -eq 1 ] || fail "$n ranks: not rank 0 alone reporting"
    echo "ok: $n ranks give the serial run's CSV byte for byte"
done

"$mpirun" "$mpiexec" -np 3 "$cli" run "$file" --config "TLM 1e-5 on 2 partitions" --duration 0.01 --out "$work/x.csv" \
    > /dev/null 2> "$work/mismatch.txt" && fail "3 ranks for 2 partitions: accepted"
grep -q "has 2 parallel partitions (\"threads\": 2) but mpirun started 3 ranks" "$work/mismatch.txt" || { cat "$work/mismatch.txt" >&2; fail "rank count mismatch: message"; }
"$mpirun" "$mpiexec" -np 2 "$cli" run "$file" --duration 0.01 --out "$work/x.csv" > /dev/null 2> "$work/none.txt" \
    && fail "a configuration without partitions: accepted"
grep -q "configuration 'TLM 1e-5' has no parallel partitions" "$work/none.txt" || { cat "$work/none.txt" >&2; fail "no partitions: message"; }
# Nothing to cut (no TLM volume): the serial bits, and the report says it ran whole.
sed 's/"name": "RK4 1e-4",/"name": "RK4 1e-4", "threads": 2,/' "$src/examples/three_orifice.hydro.json" > "$work/nocut.hydro.json"
"$cli" run "$work/nocut.hydro.json" --config "RK4 1e-4" --duration 0.05 --out "$work/nocut_serial.csv" --quiet > /dev/null || fail "no cut: serial"
"$mpirun" "$mpiexec" -np 2 "$cli" run "$work/nocut.hydro.json" --config "RK4 1e-4" --duration 0.05 --out "$work/nocut_ranks.csv" --quiet \
    > "$work/nocut.txt" 2>&1 || fail "no cut: 2 ranks"
cmp "$work/nocut_serial.csv" "$work/nocut_ranks.csv" || fail "no cut: 2 ranks differ from the serial run"
grep -q "none to cut" "$work/nocut.txt" || { cat "$work/nocut.txt" >&2; fail "no cut: not said"; }
"$cli" run --help | grep -q "one partition on each rank" || fail "run --help does not say it"
[ "$fails" -eq 0 ] && echo "ok: mismatches refused with their message" 
exit "$fails"
