// ELL from and to CSR: slot (i, j) <- the j-th entry of row i; padding marked by padding_column.
#include "engine/formats/ell.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"

namespace graphring {

ell_matrix ell_matrix::from_csr(const csr_matrix& a, const ell_options& options) {
  std::uint64_t longest = 0;
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    longest = std::max<std::uint64_t>(longest, a.row_length(r));
  const bool whole = options.width == ell_options::whole_rows;
  const std::uint64_t width = whole ? longest : std::min(options.width, longest);
  const double slots = double(width) * double(a.nrows);
  if (whole && slots > 1048576.0 && slots > options.max_padding_ratio * double(a.nnz()))
    throw error(error_kind::limit, "ELL would pad " + std::to_string(a.nnz()) + " entries to " +
                                       std::to_string(std::uint64_t(slots)) +
                                       " slots (longest row " + std::to_string(longest) +
                                       "); use hyb or sell for this graph");
  ell_matrix m;
  m.nrows_ = a.nrows;
  m.ncols_ = a.ncols;
  m.width_ = width;
  const std::uint64_t n = width * a.nrows;
  buffer<vertex_id> cols(n);
  buffer<std::uint64_t> source(a.has_values() ? n : 0);
  edge_offset stored = 0;
#pragma omp parallel for schedule(static) reduction(+ : stored) if (n > kernels::min_parallel_work)
  for (std::int64_t r = 0; r < std::int64_t(a.nrows); ++r) {
    const edge_offset begin = a.row_begin(r),
                      length = std::min<edge_offset>(a.row_length(r), width);
    stored += length;
    for (std::uint64_t j = 0; j < width; ++j) {
      const std::uint64_t k = j * a.nrows + std::uint64_t(r);
      cols[k] = j < length ? a.cols[begin + j] : padding_column;
      if (!source.empty()) source[k] = j < length ? begin + j : formats::no_source;
    }
  }
  m.nnz_ = stored;
  m.cols_ = shared_array<vertex_id>(std::move(cols));
  m.values_ = a.has_values() ? formats::gather_values(a.values, source) : value_array{};
  return m;
}

csr_matrix ell_matrix::to_csr() const {
  buffer<edge_offset> lengths(nrows_, 0);
  for (std::uint64_t r = 0; r < nrows_; ++r)
    while (lengths[r] < width_ && cols_[lengths[r] * nrows_ + r] != padding_column) ++lengths[r];
  csr_matrix a;
  a.nrows = nrows_;
  a.ncols = ncols_;
  a.offsets = formats::offsets_from_lengths(lengths);
  buffer<vertex_id> cols(nnz_);
  buffer<std::uint64_t> source(nnz_);
  for (std::uint64_t r = 0; r < nrows_; ++r)
    for (std::uint64_t j = 0; j < lengths[r]; ++j) {
      cols[a.offsets[r] + j] = cols_[j * nrows_ + r];
      source[a.offsets[r] + j] = j * nrows_ + r;
    }
  a.cols = shared_array<vertex_id>(std::move(cols));
  a.values = formats::gather_values(values_, source);
  return a;
}

formats::footprint ell_matrix::size() const noexcept {
  return {cols_.size() * sizeof(vertex_id), formats::value_bytes(values_, cols_.size()), 0};
}

}  // namespace graphring
