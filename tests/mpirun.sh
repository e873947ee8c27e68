#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The ctest wrapper of the MPI tests: mpirun --oversubscribe (ranks may outnumber cores), and
# --allow-run-as-root when run as root (containers, CI). Usage: mpirun.sh MPIRUN ARGS...
launcher="$1"
shift
if [ "$(id -u)" = 0 ]; then
    exec "$launcher" --oversubscribe --allow-run-as-root "$@"
fi
exec "$launcher" --oversubscribe "$@"
