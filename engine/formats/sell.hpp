// SELL-C-σ (Kreutzer, Hager, Wellein, Fehske, Bishop 2014; the sectioned ELL of seeds/001): rows
// are sorted by length, longest first, within windows of σ rows; then each slice of C consecutive
// sorted rows is stored as a small column-major ELL padded to its own longest row. row_of maps a
// sorted position back to its row.
// Defaults for the CPU: C = 8, one 256-bit vector of 32-bit column ids or floats, so one slot
// column of a slice is one AVX2 load and padding stays within 8 rows; σ = 256 sorts enough rows
// to group similar lengths (padding falls to a few percent on power-law graphs) while keeping
// the rows of a window close together, so y writes and x reads keep their locality.
#pragma once

#include <cstdint>

#include "engine/csr.hpp"
#include "engine/formats/format_support.hpp"
#include "engine/formats/format_view.hpp"

namespace graphring {

template <class V>
struct sell_view {
  using value_type = V;
  std::uint64_t nrows = 0, ncols = 0, chunk = 0, slices = 0;  // chunk = C
  const edge_offset* slice_offsets = nullptr;  // slices + 1; slice s holds chunk * width(s) slots
  const vertex_id* row_of = nullptr;           // slices * chunk; past nrows: padding_column
  const vertex_id* cols = nullptr;             // slot (lane p, j) of slice s: slice_offsets[s] + j * chunk + p
  const V* values = nullptr;

  GRAPHRING_HD std::uint64_t width(std::uint64_t s) const { return (slice_offsets[s + 1] - slice_offsets[s]) / chunk; }

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

struct sell_options {
  std::uint64_t chunk = 8;    // C: rows per slice, 1 .. 1024
  std::uint64_t sigma = 256;  // σ: sorting window in rows, >= 1 (1: no sorting)
};

class sell_matrix {
 public:
  static sell_matrix from_csr(const csr_matrix& a, const sell_options& options = {});
  csr_matrix to_csr() const;

  std::uint64_t nrows() const noexcept { return nrows_; }
  std::uint64_t chunk() const noexcept { return chunk_; }
  std::uint64_t sigma() const noexcept { return sigma_; }
  edge_offset nnz() const noexcept { return nnz_; }
  edge_offset slots() const noexcept { return cols_.size(); }
  const value_array& values() const noexcept { return values_; }
  formats::footprint size() const noexcept;
  std::uint64_t bytes() const noexcept { return size().bytes(); }

  template <class V>
  sell_view<V> view(const V* values) const {
    return {nrows_, ncols_, chunk_, slice_offsets_.size() - 1, slice_offsets_.data(), row_of_.data(), cols_.data(), values};
  }

 private:
  std::uint64_t nrows_ = 0, ncols_ = 0, chunk_ = 0, sigma_ = 0;
  edge_offset nnz_ = 0;
  shared_array<edge_offset> slice_offsets_;
  shared_array<vertex_id> row_of_;
  shared_array<vertex_id> cols_;
  value_array values_;
};

}  // namespace graphring
