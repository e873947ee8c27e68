#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The service tests that start worker threads (ctest label "threads") built and run under
# ThreadSanitizer, in their own build folder (build-tsan, or $HS_TSAN_BUILD_DIR). Only those test
# executables and the libraries below them are built. Any report fails the step: TSAN_OPTIONS
# halt_on_error=1 with exitcode 66. Without MPI (-DHS_MPI=OFF): OpenMPI is not instrumented and
# its progress threads would be reported; the MPI tests run in the ordinary build.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
hs_install
TSAN_BUILD="${HS_TSAN_BUILD_DIR:-$ROOT/build-tsan}"
mkdir -p "$TSAN_BUILD"
echo "== configuring ThreadSanitizer build in $TSAN_BUILD"
cmake -S "$ROOT" -B "$TSAN_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHS_MPI=OFF \
    -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" > "$TSAN_BUILD/configure.log" 2>&1 \
    || { cat "$TSAN_BUILD/configure.log"; exit 1; }
# test name = target name, except the tests/sim subfolders' (sim_tlm_test_x runs sim_test_x)
targets=$(cd "$TSAN_BUILD" && ctest -N -L threads | sed -n 's/^ *Test *#[0-9]*: *//p' | sed 's/^sim_[a-z]*_test_/sim_test_/')
[ -n "$targets" ] || { echo "no test carries the label 'threads'"; exit 1; }
echo "== building: $targets"
# shellcheck disable=SC2086
cmake --build "$TSAN_BUILD" -j2 --target $targets
cd "$TSAN_BUILD"
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 suppressions=$ROOT/tools/tsan.supp ${TSAN_OPTIONS:-}"
ctest -L threads --output-on-failure "$@"
