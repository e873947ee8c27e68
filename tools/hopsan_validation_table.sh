#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Hopsan validation table of docs/validation.md: every .hvc given (default: the 24 hydraulic
# ones in tests/data/hopsan) imported and validated with hydrostiff-cli import-hopsan --validate;
# one markdown row each: result and why (unsupported types by name, the variables that fail, or
# why the run failed: then nothing was simulated and no variable is counted as passing).
# usage: tools/hopsan_validation_table.sh [build/app/cli/hydrostiff-cli] [FILE.hvc ...]
cli=${1:-build/app/cli/hydrostiff-cli}
[ $# -gt 0 ] && shift
[ $# -eq 0 ] && set -- "$(dirname "$0")/../tests/data/hopsan/Component Test Validations/"*.hvc
echo "| validation (.hvc) | result | why |"
echo "|---|---|---|"
for hvc in "$@"; do
    out=$("$cli" import-hopsan --validate "$hvc" 2>&1)
    rc=$?
    name=$(basename "$hvc" .hvc)
    case $rc in
    0) echo "| $name | pass | every variable within Hopsan's tolerance |" ;;
    1) notrun=$(echo "$out" | sed -n 's/^validation FAILED: //p' | sed 's/|/\\|/g')
       if [ -n "$notrun" ]; then echo "| $name | FAIL (not run) | $notrun |"; continue; fi
       why=$(echo "$out" | grep -E 'FAIL( |$)' | grep -v 'validation FAILED' | awk '{print $1}' | sed 's/.*\$//' | tr '\n' ' ')
       echo "| $name | FAIL | numerical difference: $why|" ;;
    4) why=$(echo "$out" | grep -E '^(unsupported|not mapped): ' | sed 's/^unsupported: //; s/^not mapped: //' | sed 's/$/;/' | tr '\n' ' ')
       echo "| $name | refused | $why|" ;;
    *) echo "| $name | error (exit $rc) | $(echo "$out" | tail -1) |" ;;
    esac
done
