#!/usr/bin/env bash
# The README's second command: set up, build, and run the whole test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
root=$(pwd)
cd "${BUILD_DIR:-build}"
bash "$root/scripts/ctest_with_skips.sh" --output-on-failure -j "$(nproc)"
