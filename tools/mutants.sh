#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Mutation benchmark: does the test suite catch small, plausible bugs in the core?
#
# Applies a curated list of one-line mutations (signs, factors, weights, file keys) of core/
# one at a time to a scratch copy of the committed tree (git archive HEAD, never the work tree),
# builds it and runs the whole ctest suite against each, then prints a table: KILLED (with the
# first failing test), SURVIVED, or BUILD ERROR. A benchmark, not a CI step: it builds and runs
# the suite once per mutant (ccache keeps the rebuilds to the mutated file and the relinks).
#
#   tools/mutants.sh [--list] [--only N[,N...]] [--jobs J] [--reuse]
#
#   --list        print the mutants and exit
#   --only 3,7    run only these (1-based)
#   --jobs J      build and ctest parallelism (default 2)
#   --reuse       keep the scratch copy (and its build) if it holds the same commit, and skip
#                 the baseline suite run there (for re-running a few mutants)
# Environment: MUTANTS_DIR (scratch, default /tmp/hs-mutants; removed and recreated),
#              MUTANTS_TIMEOUT (per test, seconds, default 600).
# Exit status 0 when every mutant was killed, 1 when one survived, 2 on a setup error.
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRATCH="${MUTANTS_DIR:-/tmp/hs-mutants}"
TIMEOUT="${MUTANTS_TIMEOUT:-600}"
JOBS=2
ONLY=""
LIST=0
REUSE=0
while [ $# -gt 0 ]; do
    case "$1" in
        --list) LIST=1 ;;
        --only) ONLY="$2"; shift ;;
        --jobs) JOBS="$2"; shift ;;
        --reuse) REUSE=1 ;;
        *) echo "usage: tools/mutants.sh [--list] [--only N[,N...]] [--jobs J] [--reuse]" >&2; exit 2 ;;
    esac
    shift
done

# file | text to find (exactly once) | replacement | what the bug is
MUTANTS=$(cat <<'EOF'
core/sim/components/tlm_line.cpp|z_ = zc_ / (1.0 - alpha_);|z_ = zc_;|TlmLine: filtered line impedance without 1/(1-alpha)
core/model/circuit_reader.cpp|in_.read(*be, bp, QStringLiteral("a2"), b.a2);|(void)0;|reader: bulk-modulus a2 not read
core/sim/metrics.cpp|100.0 * e.rmse / e.meanAbsRef|100.0 * e.rmse / sa|RRMSE over the sum of |ref| (the seeds' misprint), not the mean
core/sim/fixed_steppers.cpp|h / 6.0 * (k1_[i] + 2.0 * (k2_[i] + k3_[i]) + k4_[i])|h / 6.0 * (2.0 * k1_[i] + k2_[i] + 2.0 * k3_[i] + k4_[i])|RK4: weights 2,1,2,1 (consistent, first order)
core/sim/methods/tlm_volume.cpp|zLossless_ = 0.5 * n_ * be * dt / vol;|zLossless_ = be * dt / vol;|TLM volume: Z without the N/2 factor (capacitance lost for N != 2)
core/sim/methods/tlm_volume.cpp|c_[k] = alpha_ * c_[k] + (1.0 - alpha_) * raw;  // eq. 2.26|c_[k] = (1.0 - alpha_) * c_[k] + alpha_ * raw;|TLM volume: characteristic filter weights swapped
core/sim/methods/algebraic.cpp|q - vol / node.bulkModulus(p) * (p - held_) / dt|q + vol / node.bulkModulus(p) * (p - held_) / dt|quasi-steady corrector: compressibility flow with the wrong sign
core/sim/methods/pseudo_dynamic.cpp|(p < pSwitch_ ? tolLow_ : tolHigh_)|(p > pSwitch_ ? tolLow_ : tolHigh_)|AdvPDS: low and high criteria swapped about p_switch
core/sim/components/restrictions.cpp|std::sqrt(2.0 / rho)|std::sqrt(1.0 / rho)|turbulent orifice: k = Cd A sqrt(1/rho)
core/sim/components/actuators.cpp|double f = pa * a1_ - pb * a2_;|double f = pa * a2_ - pb * a1_;|cylinder: piston and annulus areas swapped in the rod force
core/sim/components/valves.cpp|double dk = (c5_ - pc + pl - (c1_ + c2_ * (ps - pc)) * k) / c3_;|double dk = (c5_ - pc - pl - (c1_ + c2_ * (ps - pc)) * k) / c3_;|pressure compensator: load pressure with the wrong sign
core/sim/components/signal_sources.cpp|mix(seed_ * 0x100000001B3ull + i)|mix(seed_ * 0x100000001B3ull + i + 1)|PRMS: level of the next period
core/model/compile.cpp|st.defaultMethod.method = s(cfg.defaultMethod->method);|(void)0;|compile: default_method dropped
core/model/circuit_writer.cpp|{"flip", d.pose.flipped}|{"flip", false}|writer: pose flip not saved
core/sim/components/valves.cpp|const double q = std::max(kq_ * (P(e, 0) - P(e, 1) - pc_), 0.0);|const double q = std::max(kq_ * (P(e, 0) - P(e, 1) + pc_), 0.0);|relief valve: cracking pressure with the wrong sign (integrated node)
EOF
)

count=$(printf '%s\n' "$MUTANTS" | wc -l)
if [ "$LIST" = 1 ]; then
    i=0
    while IFS='|' read -r file from to what; do
        i=$((i + 1))
        printf '%2d  %-40s %s\n' "$i" "$file" "$what"
    done <<< "$MUTANTS"
    exit 0
fi

head=$(git -C "$SRC" rev-parse HEAD)
echo "mutants: $count; scratch: $SCRATCH; source: $SRC at ${head:0:7}"
fresh=1
if [ "$REUSE" = 1 ] && [ "$(cat "$SCRATCH/.mutants-commit" 2>/dev/null)" = "$head" ]; then
    fresh=0
    echo "reusing the scratch copy of ${head:0:7}"
else
    rm -rf "$SCRATCH"
    mkdir -p "$SCRATCH"
    git -C "$SRC" archive HEAD | tar -x -C "$SCRATCH"
    echo "$head" > "$SCRATCH/.mutants-commit"
fi
export CCACHE_BASEDIR="$SCRATCH"  # the scratch copy hits the cache of the work tree's build
cd "$SCRATCH"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache > build-setup.log 2>&1 ||
    { echo "configure failed (see $SCRATCH/build-setup.log)" >&2; exit 2; }

build() { cmake --build build -j"$JOBS" > build.log 2>&1; }
# ctest, stopping at the first failure; prints the name of the first failing test or nothing
suite() {
    (cd build && ctest -j"$JOBS" --timeout "$TIMEOUT" --stop-on-failure > ../ctest.log 2>&1) && return 0
    grep -m1 -E '^\s*[0-9]+/[0-9]+ Test +#[0-9]+: .*(\*\*\*|Failed|Exception|Timeout)' ctest.log |
        sed -E 's/.*Test +#[0-9]+: ([^ ]+).*/\1/' || true
    return 1
}

echo "building the unmutated copy ..."
build || { echo "the unmutated copy does not build (see $SCRATCH/build.log)" >&2; exit 2; }
if [ "$fresh" = 1 ]; then
    echo "running the suite on the unmutated copy ..."
    start=$(date +%s)
    if ! suite > /dev/null; then
        echo "the unmutated copy fails its own suite (see $SCRATCH/ctest.log): mutants would be meaningless" >&2
        exit 2
    fi
    echo "suite passes ($(($(date +%s) - start)) s)"
fi

results=()
killed=0 survived=0 stillborn=0
i=0
while IFS='|' read -r file from to what; do
    i=$((i + 1))
    if [ -n "$ONLY" ] && ! printf ',%s,' "$ONLY" | grep -q ",$i,"; then continue; fi
    cp "$file" "$file.orig"
    if ! python3 - "$file" "$from" "$to" <<'PY'
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"{path}: the text to mutate occurs {text.count(old)} times")
open(path, "w").write(text.replace(old, new))
PY
    then
        results+=("$(printf '%2d | %-55s | %-34s | %s' "$i" "$what" "$file" "NOT APPLIED (text not found once)")")
        mv "$file.orig" "$file"
        continue
    fi
    t0=$(date +%s)
    if ! build; then
        verdict="BUILD ERROR"
        stillborn=$((stillborn + 1))
    elif first=$(suite); then
        verdict="SURVIVED"
        survived=$((survived + 1))
    else
        verdict="killed by ${first:-?}"
        killed=$((killed + 1))
    fi
    dt=$(($(date +%s) - t0))
    results+=("$(printf '%2d | %-55s | %-34s | %s (%d s)' "$i" "$what" "$file" "$verdict" "$dt")")
    echo "mutant $i: $verdict (${dt} s)"
    mv "$file.orig" "$file"
    touch "$file"  # the next build restores the unmutated object
done <<< "$MUTANTS"

echo
echo " # | mutation                                                | file                               | result"
echo "---|---------------------------------------------------------|------------------------------------|-------"
printf '%s\n' "${results[@]}"
echo
echo "killed $killed, survived $survived, build errors $stillborn"
[ "$survived" -eq 0 ]
