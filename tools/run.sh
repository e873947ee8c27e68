#!/usr/bin/env bash
# Installs what is missing, builds, and opens the main job: the desktop editor with the Circuit 2
# example, running every solver configuration against the reference (live plots, errors, cost).
# Without a display (no DISPLAY / WAYLAND_DISPLAY) it runs the same under Xvfb, saves the window
# to build/results/circuit2-run.png and quits. Extra arguments go to hydrostiff (see
# `hydrostiff --help`: --duration, --configs, --screenshot, --bench, ...).
# The headless equivalent: hydrostiff-cli compare examples/circuit2_pcv.hydro.json --out ...
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
hs_install
hs_build
mkdir -p "$BUILD/results"
CIRCUIT="$ROOT/examples/circuit2_pcv.hydro.json"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec "$BUILD/app/gui/hydrostiff" "$CIRCUIT" --run "$@"
fi
echo "== no display: running under Xvfb, screenshot in $BUILD/results/circuit2-run.png"
xvfb-run -a -s "-screen 0 1600x1000x24" "$BUILD/app/gui/hydrostiff" "$CIRCUIT" --run --size 1600x1000 \
    --screenshot "$BUILD/results/circuit2-run.png" --quit "$@"
