#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and runs the main job.
# With a display (DISPLAY / WAYLAND_DISPLAY): the desktop editor with the Circuit 2 example,
# running every solver configuration against the reference (live plots, errors, cost). Extra
# arguments go to hydrostiff (`hydrostiff --help`: --duration, --configs, --screenshot, --bench).
# Without a display: the headless comparison of the same circuit (table on stdout, aligned traces
# and metrics as CSV under build/results/; extra arguments go to `hydrostiff-cli compare`), then a
# picture of the GUI after the same run, made under Xvfb, in build/results/circuit2-run.png.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
hs_install
hs_build
mkdir -p "$BUILD/results"
CIRCUIT="$ROOT/examples/circuit2_pcv.hydro.json"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec "$BUILD/app/gui/hydrostiff" "$CIRCUIT" --run "$@"
fi
echo "== no display: headless comparison (CSV in $BUILD/results/)"
"$BUILD/app/cli/hydrostiff-cli" compare "$CIRCUIT" \
    --out "$BUILD/results/circuit2-compare.csv" --metrics "$BUILD/results/circuit2-metrics.csv" "$@"
if command -v xvfb-run > /dev/null; then
    echo "== the GUI after the same run, under Xvfb: $BUILD/results/circuit2-run.png"
    xvfb-run -a -s "-screen 0 1600x1000x24" "$BUILD/app/gui/hydrostiff" "$CIRCUIT" --run --size 1600x1000 \
        --screenshot "$BUILD/results/circuit2-run.png" --quit \
        || echo "(the screenshot could not be made; the comparison above is complete)"
fi
