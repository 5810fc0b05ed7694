#!/usr/bin/env bash
# Installs what graphring needs on Debian 12 (only what is missing), then configures and builds
# it in Release into build/. CUDA is used when nvcc is found (/usr/local/cuda or PATH).
# Environment: BUILD_DIR (default build), GRAPHRING_WERROR=OFF to let warnings pass,
# EXTRA_PACKAGES (more Debian packages to install, e.g. clang for the fuzz and TSan jobs),
# SETUP_ONLY=1 (install, do not build), BUILD_TARGETS (the targets to build, default all),
# SETUP_PYTHON=0 (no Python: skip .venv, the virtual environment with nanobind, NumPy, SciPy,
# NetworkX, pytest and python-graphblas that the Python module's build, tests and benchmark use;
# made once, from PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."

# libopenmpi-dev, openmpi-bin and libcombblas-dev: graphring-dist, the algorithms on CombBLAS over
# MPI (dist/; its tests run with the suite).
packages=(cmake g++ make pkg-config zlib1g-dev libgtest-dev libbenchmark-dev libgraphblas-dev libboost-graph-dev
  libopenmpi-dev openmpi-bin libcombblas-dev python3-venv python3-dev ${EXTRA_PACKAGES:-})
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "graphring setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

python_packages=(nanobind numpy scipy networkx pytest python-graphblas)
python_args=()
if [ "${SETUP_PYTHON:-1}" != 0 ]; then
  if ! .venv/bin/python -c "import nanobind, numpy, scipy, networkx, pytest, graphblas" 2>/dev/null; then
    echo "graphring setup: making .venv (${python_packages[*]} from PyPI)"
    python3 -m venv .venv
    .venv/bin/python -m pip install -q --disable-pip-version-check "${python_packages[@]}"
  fi
  python_args=(-DPython_EXECUTABLE="$(pwd)/.venv/bin/python")
fi

[ "${SETUP_ONLY:-0}" = 1 ] && exit 0
build_dir="${BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DGRAPHRING_WERROR="${GRAPHRING_WERROR:-ON}" \
  "${python_args[@]}" >/dev/null
targets=()
for t in ${BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$build_dir" -j "$(nproc)" "${targets[@]}"
