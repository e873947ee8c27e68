#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine, model, service and CLI test suites (HS_GUI=OFF: the widget and desktop tests would
# double the build for code whose Qt side is not instrumented anyway) built with AddressSanitizer +
# UndefinedBehaviorSanitizer and run with ctest, in its own build folder (build-asan, or
# $HS_ASAN_BUILD_DIR). -O1 keeps the build and
# the run short enough for CI (see docs/running.md for what it costs); HS_ASAN_OPT=-O2 for the
# optimised code paths. Any report fails the step: UBSan aborts on the first finding
# (-fno-sanitize-recover), ASan exits with code 66, and leaks are reported too (LeakSanitizer,
# with the suppressions in tools/asan.supp for allocations the libraries keep on purpose).
# Extra arguments go to ctest (e.g. -R sim_ to run a subset). Without MPI (-DHS_MPI=OFF): OpenMPI
# keeps its allocations to the end (LeakSanitizer would report them); the MPI tests run in the
# ordinary build.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
hs_install
ASAN_BUILD="${HS_ASAN_BUILD_DIR:-$ROOT/build-asan}"
OPT="${HS_ASAN_OPT:--O1}"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
mkdir -p "$ASAN_BUILD"
echo "== configuring AddressSanitizer + UBSan build ($OPT) in $ASAN_BUILD"
cmake -S "$ROOT" -B "$ASAN_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHS_GUI=OFF -DHS_MPI=OFF "${launcher[@]}" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$OPT -g -DNDEBUG" \
    -DCMAKE_CXX_FLAGS="$SAN" \
    -DCMAKE_EXE_LINKER_FLAGS="$SAN" > "$ASAN_BUILD/configure.log" 2>&1 \
    || { cat "$ASAN_BUILD/configure.log"; exit 1; }
echo "== building"
start=$(date +%s)
cmake --build "$ASAN_BUILD" -j2
echo "== built in $(( $(date +%s) - start )) s"
cd "$ASAN_BUILD"
export ASAN_OPTIONS="exitcode=66 detect_leaks=1 abort_on_error=0 strict_string_checks=1 detect_stack_use_after_return=1 check_initialization_order=1 ${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1 halt_on_error=1 ${UBSAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$ROOT/tools/asan.supp ${LSAN_OPTIONS:-}"
start=$(date +%s)
status=0
ctest --output-on-failure -j2 "$@" || status=$?
echo "== tests ran in $(( $(date +%s) - start )) s"
exit $status
