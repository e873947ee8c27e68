#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Shared by run.sh and test.sh: install what is missing (Debian 12, as root or with sudo),
# configure and build with -j2. Idempotent: a second call installs nothing and rebuilds only
# what changed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${HS_BUILD_DIR:-$ROOT/build}"
PACKAGES=(build-essential cmake qt6-base-dev qt6-svg-dev libqcustomplot-dev libeigen3-dev libsundials-dev
          libmatio-dev pkg-config libgl-dev xvfb xauth libpagmo-dev libnlopt-dev libopenmpi-dev openmpi-bin)

# Only for tools/fuzz.sh (libFuzzer needs clang): hs_install "${FUZZ_PACKAGES[@]}".
FUZZ_PACKAGES=(clang libfuzzer-14-dev)

# Installs the PACKAGES (or the packages given) that are missing.
hs_install() {
    local missing=()
    local want=("${PACKAGES[@]}")
    [ $# -gt 0 ] && want=("$@")
    for p in "${want[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "== installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

hs_build() {
    echo "== configuring and building in $BUILD"
    mkdir -p "$BUILD" && cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release > "$BUILD/configure.log" 2>&1 \
        || { cat "$BUILD/configure.log"; exit 1; }
    cmake --build "$BUILD" -j2
}
