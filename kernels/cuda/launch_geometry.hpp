// Launch geometry of the CUDA kernels, as host/device functions so the host tests check the same
// decisions the GPU takes:
//  - every kernel runs blocks of 256 threads over a grid-stride loop, so the grid is capped and
//    any number of items is covered;
//  - CSR rows are binned by length (the adaptive CSR of Bell & Garland's "vector" kernel and its
//    successors): a row of up to 4 entries gets one thread, up to 32 a group of 4 lanes, up to
//    1024 a warp, longer rows a whole block, so each lane folds a few entries and long rows
//    spread over many lanes;
//  - a push expands the frontier's edges one thread per edge: thread t finds the frontier entry
//    whose edges hold slot t by binary search over the exclusive sums of their degrees.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "semirings/hd.hpp"

namespace graphring::cuda {

inline constexpr unsigned block_threads = 256;
inline constexpr unsigned warp_lanes = 32;
// Grid-stride loops cover the rest: more blocks than this only adds scheduling.
inline constexpr std::uint64_t max_grid_blocks = std::uint64_t(1) << 20;

// Blocks for `items` work items taking `per_block` items a block (at least 1, at most the cap).
GRAPHRING_HD constexpr std::uint64_t grid_for(std::uint64_t items, std::uint64_t per_block) {
  const std::uint64_t blocks = (items + per_block - 1) / per_block;
  return blocks == 0 ? 1 : (blocks < max_grid_blocks ? blocks : max_grid_blocks);
}

enum class row_bin : std::uint8_t { thread, quad, warp, block };
inline constexpr int row_bin_count = 4;

// The longest row each bin takes; a block takes the rest.
inline constexpr std::uint64_t thread_row_limit = 4;
inline constexpr std::uint64_t quad_row_limit = 32;
inline constexpr std::uint64_t warp_row_limit = 1024;

// SELL-32 on the GPU holds the rows of up to this many entries: a slice is one warp, a lane per
// row, so a warp takes as many steps as its slice's longest row. Longer rows go to CSR's warp
// and block bins.
inline constexpr std::uint64_t sell_row_limit = quad_row_limit;

GRAPHRING_HD constexpr row_bin bin_of_row(std::uint64_t length) {
  if (length <= thread_row_limit) return row_bin::thread;
  if (length <= quad_row_limit) return row_bin::quad;
  if (length <= warp_row_limit) return row_bin::warp;
  return row_bin::block;
}

// Lanes that share one row of the bin.
GRAPHRING_HD constexpr unsigned lanes_of(row_bin bin) {
  switch (bin) {
    case row_bin::thread:
      return 1;
    case row_bin::quad:
      return 4;
    case row_bin::warp:
      return warp_lanes;
    default:
      return block_threads;
  }
}

// Rows 0 .. nrows-1 of a CSR (offsets: nrows + 1 entries) listed by bin, ascending within each.
// Computed on the host when a matrix is uploaded; every row is in exactly one list.
using row_bin_lists = std::array<std::vector<std::uint32_t>, row_bin_count>;
inline row_bin_lists plan_row_bins(const std::uint64_t* offsets, std::uint64_t nrows) {
  row_bin_lists bins;
  for (std::uint64_t i = 0; i < nrows; ++i)
    bins[int(bin_of_row(offsets[i + 1] - offsets[i]))].push_back(std::uint32_t(i));
  return bins;
}

// The largest e < count with starts[e] <= slot, for ascending starts with starts[0] == 0 and
// slot below the total: the frontier entry whose edges hold `slot`. Entries without edges share
// their start with the next one; the search returns the last of them, the one that has edges.
GRAPHRING_HD inline std::uint64_t owner_of(const std::uint64_t* starts, std::uint64_t count,
                                           std::uint64_t slot) {
  std::uint64_t lo = 0, hi = count;  // answer in [lo, hi)
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (starts[mid] <= slot)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// Bits needed for keys up to `largest` (a radix sort's end bit), at least 1.
GRAPHRING_HD constexpr int key_bits_for(std::uint64_t largest) {
  int bits = 1;
  while (bits < 64 && (largest >> bits) != 0) ++bits;
  return bits;
}

}  // namespace graphring::cuda
