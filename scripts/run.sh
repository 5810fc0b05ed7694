#!/usr/bin/env bash
# The README's first command: set up, build, and run the main job, `graphring demo`: graphring
# against SuiteSparse:GraphBLAS and Boost.Graph on the bundled default graph and an R-MAT graph.
set -euo pipefail
cd "$(dirname "$0")/.."
# Only the command-line program is built (the tests are scripts/test.sh's), so the demo starts
# in minutes on a fresh machine.
BUILD_TARGETS=graphring_cli SETUP_PYTHON=0 bash scripts/setup.sh
exec "${BUILD_DIR:-build}/graphring" demo "$@"
