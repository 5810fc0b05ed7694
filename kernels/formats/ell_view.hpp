// The non-owning view of a ELL matrix and its decoder, host/device clean so that CPU and CUDA
// kernels share it; the format, its builder and its owning class are engine/formats/ell.hpp.
#pragma once

#include <cstdint>

#include "core/ids.hpp"
#include "kernels/formats/format_view.hpp"

namespace graphring {

template <class V>
struct ell_view {
  using value_type = V;
  std::uint64_t nrows = 0, ncols = 0, width = 0;
  const vertex_id* cols = nullptr;  // width * nrows, column-major
  const V* values = nullptr;        // same layout; null for a pattern matrix

  // Calls f(column, k) for each stored entry k of row r in column order until f returns true.
  template <class F>
  GRAPHRING_HD void for_each_in_row(std::uint64_t r, F&& f) const {
    for (std::uint64_t j = 0; j < width; ++j) {
      const std::uint64_t k = j * nrows + r;
      if (cols[k] == padding_column) return;
      if (f(cols[k], k)) return;
    }
  }
};

}  // namespace graphring
