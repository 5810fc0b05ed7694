// SELL-C-σ (Kreutzer, Hager, Wellein, Fehske, Bishop 2014; the sectioned ELL of seeds/001): rows
// are sorted by length, longest first, within windows of σ rows; then each slice of C consecutive
// sorted rows is stored as a small column-major ELL padded to its own longest row. row_of maps a
// sorted position back to its row. The rows of a slice are sorted too (which the window sort
// already gives when C divides σ), so at slot column j the rows still holding entries are a prefix
// of the slice, and a kernel stops a column at its first padding slot.
// Defaults for the CPU: C = 8 rows swept together, each with its own running sum, so eight
// independent gathers of x are in flight where CSR has one row's; σ = 2^20 sorts power-law rows
// well enough that padding stays near 1% (a small σ pads far more; docs/kernel-speed-log.md), and
// the row permutation costs the pull product only its scattered writes of y, one per row.
#pragma once

#include <cstdint>

#include "engine/csr.hpp"
#include "engine/formats/format_support.hpp"
#include "kernels/formats/sell_view.hpp"

namespace graphring {

struct sell_options {
  std::uint64_t chunk = 8;                       // C: rows per slice, 1 .. 1024
  std::uint64_t sigma = std::uint64_t(1) << 20;  // σ: sorting window in rows, >= 1 (1: no sorting)
};

class sell_matrix {
 public:
  static sell_matrix from_csr(const csr_matrix& a, const sell_options& options = {});
  // The slots (entries and padding) that layout would take, without building it.
  static edge_offset slots_for(const csr_matrix& a, const sell_options& options = {});
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
    return {nrows_,         ncols_,       chunk_, slice_offsets_.size() - 1, slice_offsets_.data(),
            row_of_.data(), cols_.data(), values};
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
