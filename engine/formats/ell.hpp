// ELLPACK (ELL): every row padded to the longest row's length w and stored column-major, so slot
// j of row i sits at j * nrows + i and consecutive rows read consecutive words (seeds/001, 002).
// Padding slots hold padding_column. A power-law graph would pad to its largest degree, so the
// builder refuses (error_kind::limit) when padding would exceed `max_padding_ratio` times the
// entries; HYB and SELL-C-σ are the formats for such graphs.
#pragma once

#include <cstdint>

#include "engine/csr.hpp"
#include "engine/formats/format_support.hpp"
#include "kernels/formats/ell_view.hpp"

namespace graphring {

struct ell_options {
  // Refuse when width * nrows exceeds this many times nnz (and 2^20 slots): padding would dominate.
  double max_padding_ratio = 8.0;
  // Rows are cut to this width (entries beyond it are left out: HYB keeps them in its COO
  // part); whole_rows keeps every entry and applies the padding limit.
  static constexpr std::uint64_t whole_rows = ~std::uint64_t(0);
  std::uint64_t width = whole_rows;
};

class ell_matrix {
 public:
  static ell_matrix from_csr(const csr_matrix& a, const ell_options& options = {});
  csr_matrix to_csr() const;

  std::uint64_t nrows() const noexcept { return nrows_; }
  std::uint64_t ncols() const noexcept { return ncols_; }
  std::uint64_t width() const noexcept { return width_; }
  edge_offset nnz() const noexcept { return nnz_; }
  const value_array& values() const noexcept { return values_; }
  formats::footprint size() const noexcept;
  std::uint64_t bytes() const noexcept { return size().bytes(); }

  template <class V>
  ell_view<V> view(const V* values) const {
    return {nrows_, ncols_, width_, cols_.data(), values};
  }

 private:
  std::uint64_t nrows_ = 0, ncols_ = 0, width_ = 0;
  edge_offset nnz_ = 0;
  shared_array<vertex_id> cols_;
  value_array values_;
};

}  // namespace graphring
