#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: the headless comparison of the
# Circuit 2 example (every solver configuration against the reference), printing the table and
# writing the aligned traces and the metrics to CSV under build/results/.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
hs_install
hs_build
mkdir -p "$BUILD/results"
"$BUILD/app/cli/hydrostiff-cli" compare "$ROOT/examples/circuit2_pcv.hydro.json" \
    --out "$BUILD/results/circuit2-compare.csv" --metrics "$BUILD/results/circuit2-metrics.csv" "$@"
