// The non-owning view of a SELL-C-σ matrix and its decoder, host/device clean so that CPU and CUDA
// kernels share it; the format, its builder and its owning class are engine/formats/sell.hpp.
#pragma once

#include <cstdint>

#include "core/ids.hpp"
#include "kernels/formats/format_view.hpp"

namespace graphring {

template <class V>
struct sell_view {
  using value_type = V;
  std::uint64_t nrows = 0, ncols = 0, chunk = 0, slices = 0;  // chunk = C
  const edge_offset* slice_offsets = nullptr;  // slices + 1; slice s holds chunk * width(s) slots
  const vertex_id* row_of = nullptr;           // slices * chunk; past nrows: padding_column
  const vertex_id* cols = nullptr;  // slot (lane p, j) of slice s: slice_offsets[s] + j * chunk + p
  const V* values = nullptr;

  GRAPHRING_HD std::uint64_t width(std::uint64_t s) const {
    return (slice_offsets[s + 1] - slice_offsets[s]) / chunk;
  }

  // Calls f(column, k) for each entry of the row at sorted position p in column order until f
  // returns true.
  template <class F>
  GRAPHRING_HD void for_each_at_position(std::uint64_t p, F&& f) const {
    const std::uint64_t s = p / chunk, lane = p % chunk, w = width(s);
    for (std::uint64_t j = 0; j < w; ++j) {
      const std::uint64_t k = slice_offsets[s] + j * chunk + lane;
      if (cols[k] == padding_column) return;
      if (f(cols[k], k)) return;
    }
  }
};

}  // namespace graphring
