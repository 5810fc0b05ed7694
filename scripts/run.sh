#!/usr/bin/env bash
# The README's first command: set up, build, and run the main job on the bundled default graph.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec "${BUILD_DIR:-build}/graphring" info datasets/soc-Epinions1.txt.gz "$@"
