#!/usr/bin/env bash
# The README's first command: set up, build, and run the main job, `graphring demo`: graphring
# against SuiteSparse:GraphBLAS and Boost.Graph on the bundled default graph and an R-MAT graph.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec "${BUILD_DIR:-build}/graphring" demo "$@"
