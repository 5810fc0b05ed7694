// The non-owning view of a COO matrix and its decoder, host/device clean so that CPU and CUDA
// kernels share it; the format, its builder and its owning class are engine/formats/coo.hpp.
#pragma once

#include <cstdint>

#include "core/ids.hpp"
#include "kernels/formats/format_view.hpp"

namespace graphring {

// Non-owning, trivially copyable view; V is the stored value type or pattern_value.
template <class V>
struct coo_view {
  using value_type = V;
  std::uint64_t nrows = 0, ncols = 0, nnz = 0;
  const vertex_id* rows = nullptr;
  const vertex_id* cols = nullptr;
  const V* values = nullptr;  // null for a pattern matrix

  // First entry of row r or later (binary search): the row decoder's start.
  GRAPHRING_HD std::uint64_t row_begin(std::uint64_t r) const {
    std::uint64_t lo = 0, hi = nnz;
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (rows[mid] < r)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  }

  // Calls f(column, k) for each entry k of row r in column order until f returns true.
  template <class F>
  GRAPHRING_HD void for_each_in_row(std::uint64_t r, F&& f) const {
    for (std::uint64_t k = row_begin(r); k < nnz && rows[k] == r; ++k)
      if (f(cols[k], k)) return;
  }
};

}  // namespace graphring
