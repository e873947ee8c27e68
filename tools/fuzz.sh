#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# libFuzzer, built with clang, AddressSanitizer and UBSan in build-fuzz/ (or $HS_FUZZ_BUILD_DIR),
# on one of two targets (HS_FUZZ_TARGET):
#   circuit (default): the circuit loader (tools/fuzz/fuzz_circuit_loader.cpp: JSON -> Circuit ->
#            validate -> compile every configuration), seeded with examples/*.hydro.json;
#   hopsan:  the Hopsan model importer (tools/fuzz/fuzz_hopsan_import.cpp: XML -> model -> our
#            circuit, refusing and partial -> save, load, compile), seeded with the .hmf files
#            of tests/data/hopsan and tools/bench/hopsan.
#   tools/fuzz.sh                 1e6 executions
#   tools/fuzz.sh 20000000        that many executions
#   HS_FUZZ_SECONDS=60 tools/fuzz.sh    for a time instead (the CI step)
#   HS_FUZZ_TARGET=hopsan tools/fuzz.sh
# Extra arguments after the count go to libFuzzer. The corpus grows in build-fuzz/corpus-TARGET
# (kept between runs); a crash, sanitizer report, leak or timeout leaves its input in
# build-fuzz/artifacts/ and fails the script. Ends with the executions, the rate and the crashes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
hs_install
hs_install "${FUZZ_PACKAGES[@]}"
FUZZ_BUILD="${HS_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
RUNS="${1:-1000000}"
[ $# -gt 0 ] && shift
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
mkdir -p "$FUZZ_BUILD"
echo "== configuring the fuzz build (clang, ASan + UBSan, libFuzzer) in $FUZZ_BUILD"
cmake -S "$ROOT" -B "$FUZZ_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ "${launcher[@]}" \
    -DHS_FUZZ=ON -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g -DNDEBUG" \
    -DCMAKE_CXX_FLAGS="$SAN -fsanitize=fuzzer-no-link" \
    -DCMAKE_EXE_LINKER_FLAGS="$SAN" > "$FUZZ_BUILD/configure.log" 2>&1 \
    || { cat "$FUZZ_BUILD/configure.log"; exit 1; }
TARGET="${HS_FUZZ_TARGET:-circuit}"
CORPUS="$FUZZ_BUILD/corpus-$TARGET"
mkdir -p "$CORPUS" "$FUZZ_BUILD/artifacts"
case "$TARGET" in
    circuit)
        program=hs-fuzz-circuit
        dict=(-dict="$ROOT/tools/fuzz/hydro.dict") max_len=65536
        cp -n "$ROOT"/examples/*.hydro.json "$CORPUS/" 2>/dev/null || true ;;
    hopsan)
        program=hs-fuzz-hopsan
        dict=(-dict="$ROOT/tools/fuzz/hmf.dict") max_len=262144
        find "$ROOT/tests/data/hopsan" "$ROOT/tools/bench/hopsan" -name '*.hmf' -exec cp -n {} "$CORPUS/" \; ;;
    *) echo "HS_FUZZ_TARGET must be circuit or hopsan, not '$TARGET'" >&2; exit 2 ;;
esac
cmake --build "$FUZZ_BUILD" -j2 --target "$program"
limit=(-runs="$RUNS")
[ -n "${HS_FUZZ_SECONDS:-}" ] && limit=(-max_total_time="$HS_FUZZ_SECONDS")
export ASAN_OPTIONS="detect_leaks=1 quarantine_size_mb=64 ${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1 halt_on_error=1 ${UBSAN_OPTIONS:-}"
log="$FUZZ_BUILD/fuzz-$TARGET.log"
echo "== fuzzing $program (${limit[*]}), log in $log"
status=0
"$FUZZ_BUILD/tools/fuzz/$program" "${limit[@]}" "${dict[@]}" -max_len="$max_len" \
    -timeout=20 -rss_limit_mb=4096 -artifact_prefix="$FUZZ_BUILD/artifacts/" -print_final_stats=1 \
    "$@" "$CORPUS" > "$log" 2>&1 || status=$?
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" || true
crashes=$(find "$FUZZ_BUILD/artifacts" -type f -newer "$FUZZ_BUILD/configure.log" | wc -l)
echo "== executions: $(sed -n 's/^stat::number_of_executed_units: *//p' "$log"), crashes/timeouts/leaks: $crashes, exit $status"
if [ "$status" -ne 0 ]; then
    tail -n 60 "$log"
    exit "$status"
fi
