#!/usr/bin/env bash
# Builds the reader and format-decoder fuzz targets with clang (libFuzzer + AddressSanitizer +
# UBSan) and runs each for FUZZ_SECONDS (default 60) from its committed seed corpus in
# tests/fuzz/corpus/, one target per core at a time. A crash, sanitizer report, leak or
# out-of-memory fails the run; the reproducer is left in
# $FUZZ_BUILD_DIR/crashes/ (turn it into a regression test in tests/fuzz/regressions/).
# Needs: clang, libclang-rt-14-dev, libomp-14-dev (scripts/setup.sh --fuzz installs them).
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${FUZZ_BUILD_DIR:-build-fuzz}"
seconds="${FUZZ_SECONDS:-60}"
# A build directory already configured with GRAPHRING_FUZZ=ON (the CI's sanitizer build) is reused.
if ! grep -qs "^GRAPHRING_FUZZ:BOOL=ON" "$build/CMakeCache.txt"; then
  CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGRAPHRING_FUZZ=ON \
    -DGRAPHRING_CUDA=OFF -DGRAPHRING_BUILD_TESTS=OFF -DGRAPHRING_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target fuzz_matrix_market fuzz_edge_list fuzz_dimacs fuzz_grb \
  fuzz_gzip_edge_list fuzz_formats fuzz_grb_compressed
mkdir -p "$build/crashes"
# The core count first: GNU nproc reports OMP_NUM_THREADS, once that is set, as the count.
cores=$(nproc)
export OMP_NUM_THREADS=1
targets=(matrix_market edge_list dimacs grb gzip_edge_list formats grb_compressed)

# Fuzzes one target; its report goes to $build/$target.report and its status is the result.
fuzz_one() {
  local target=$1 work="$build/corpus/$1" report="$build/$1.report"
  # A compressed .grb holds CSR-dtANS's 32 KiB index table per matrix (and 64 KiB of values').
  local max_len=65536
  [[ $target == grb_compressed ]] && max_len=262144
  mkdir -p "$work"
  echo "fuzzing $target for ${seconds}s" >"$report"
  # Regression inputs first: every earlier crash must now be handled.
  if ! "$build/tests/fuzz/fuzz_$target" -runs=0 tests/fuzz/regressions 2>"$build/$target.regressions.log"; then
    { echo "fuzz_$target fails on a regression input:"; tail -30 "$build/$target.regressions.log"; } >>"$report"
    return 1
  fi
  local status=0
  if ! "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len="$max_len" \
       -timeout=10 -print_final_stats=1 -artifact_prefix="$build/crashes/$target-" \
       "$work" "tests/fuzz/corpus/$target" 2>"$build/$target.log"; then
    { echo "fuzz_$target found a failure:"; grep -A30 "ERROR\|==ERROR\|runtime error" "$build/$target.log" | head -40; } >>"$report"
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$build/$target.log" | tr '\n' ' ' >>"$report"
  echo >>"$report"
  return $status
}

# One single-threaded fuzzer per core at a time; the reports print in a fixed order at the end.
status=0
running=0
for target in "${targets[@]}"; do
  if (( running >= cores )); then
    wait -n || status=1
    running=$((running - 1))
  fi
  fuzz_one "$target" &
  running=$((running + 1))
done
while (( running > 0 )); do
  wait -n || status=1
  running=$((running - 1))
done
for target in "${targets[@]}"; do cat "$build/$target.report"; done
exit $status
