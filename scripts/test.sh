#!/usr/bin/env bash
# The README's second command: set up, build, and run the whole test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
root=$(pwd)
cd "${BUILD_DIR:-build}"
# GRAPHRING_CTEST_EXCLUDE: a ctest -E pattern of tests left out (.ci/run leaves out the Python
# package's tests here, which it runs later against the package `pip install .` installs).
bash "$root/scripts/ctest_with_skips.sh" --output-on-failure -j "$(nproc)" \
  ${GRAPHRING_CTEST_EXCLUDE:+-E "$GRAPHRING_CTEST_EXCLUDE"}
