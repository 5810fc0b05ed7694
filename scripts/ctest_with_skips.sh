#!/usr/bin/env bash
# Runs ctest with the given arguments in the current directory, then prints how many tests were
# skipped and which (a skip is not a pass: ctest's "100% tests passed" counts skipped tests among
# the passed). The exit status is ctest's.
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
ctest "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
skipped=$(grep -c "(Skipped)$" "$log" || true)
echo "ctest: ${skipped} tests skipped (GPU tests without a GPU; real-graph tests without ../shared/datasets; under a sanitizer, the 2^32-entry product)"
grep "(Skipped)$" "$log" | sed 's/^[[:space:]]*/  /'
exit "$status"
