// SELL-C-σ from and to CSR: sort within σ-windows by length, then lay out each C-row slice
// column-major padded to its longest row.
#include "engine/formats/sell.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/parallel.hpp"

namespace graphring {

namespace {

void check(const sell_options& options) {
  if (options.chunk < 1 || options.chunk > 1024 || options.sigma < 1)
    throw error(error_kind::usage, "SELL-C-sigma needs 1 <= C <= 1024 and sigma >= 1 (got C = " +
                                       std::to_string(options.chunk) +
                                       ", sigma = " + std::to_string(options.sigma) + ")");
}

// The row at each sorted position (slices * C; past nrows: padding_column): longest first within
// each window of σ rows, then within each slice (a slice that straddles two windows when C does
// not divide σ).
buffer<vertex_id> sorted_rows(const csr_matrix& a, const sell_options& options) {
  const std::uint64_t c = options.chunk, slices = (a.nrows + c - 1) / c;
  buffer<vertex_id> row_of(slices * c, padding_column);
  for (std::uint64_t r = 0; r < a.nrows; ++r) row_of[r] = vertex_id(r);
  auto sort_rows = [&](std::uint64_t begin, std::uint64_t count) {
    const auto first = row_of.begin() + std::ptrdiff_t(begin);
    std::stable_sort(first, first + std::ptrdiff_t(std::min(a.nrows - begin, count)),
                     [&](vertex_id x, vertex_id y) { return a.row_length(x) > a.row_length(y); });
  };
  for (std::uint64_t w = 0; w < a.nrows; w += std::min(options.sigma, a.nrows - w))
    sort_rows(w, options.sigma);
  if (options.sigma % c != 0)
    for (std::uint64_t s = 0; s < slices; ++s) sort_rows(s * c, c);
  return row_of;
}

// Where each slice's slots start (slices + 1): C times its longest row.
buffer<edge_offset> slice_starts(const csr_matrix& a, const buffer<vertex_id>& row_of,
                                 std::uint64_t c) {
  const std::uint64_t slices = row_of.size() / c;
  buffer<edge_offset> slice_offsets(slices + 1);
  slice_offsets[0] = 0;
  for (std::uint64_t s = 0; s < slices; ++s) {
    edge_offset width = 0;
    for (std::uint64_t p = s * c; p < std::min(a.nrows, (s + 1) * c); ++p)
      width = std::max(width, a.row_length(row_of[p]));
    slice_offsets[s + 1] = slice_offsets[s] + c * width;
  }
  return slice_offsets;
}

}  // namespace

edge_offset sell_matrix::slots_for(const csr_matrix& a, const sell_options& options) {
  check(options);
  const buffer<vertex_id> row_of = sorted_rows(a, options);
  return slice_starts(a, row_of, options.chunk).back();
}

sell_matrix sell_matrix::from_csr(const csr_matrix& a, const sell_options& options) {
  check(options);
  sell_matrix m;
  m.nrows_ = a.nrows;
  m.ncols_ = a.ncols;
  m.chunk_ = options.chunk;
  m.sigma_ = options.sigma;
  m.nnz_ = a.nnz();
  const std::uint64_t c = options.chunk, slices = (a.nrows + c - 1) / c;
  buffer<vertex_id> row_of = sorted_rows(a, options);
  buffer<edge_offset> slice_offsets = slice_starts(a, row_of, c);
  const std::uint64_t n = slice_offsets[slices];
  buffer<vertex_id> cols(n);
  buffer<std::uint64_t> source(a.has_values() ? n : 0);
#pragma omp parallel for schedule(dynamic, 64) if (n > kernels::min_parallel_work)
  for (std::int64_t s = 0; s < std::int64_t(slices); ++s) {
    const std::uint64_t width = (slice_offsets[s + 1] - slice_offsets[s]) / c;
    for (std::uint64_t lane = 0; lane < c; ++lane) {
      const vertex_id r = row_of[s * c + lane];
      const edge_offset length = r == padding_column ? 0 : a.row_length(r);
      for (std::uint64_t j = 0; j < width; ++j) {
        const std::uint64_t k = slice_offsets[s] + j * c + lane;
        cols[k] = j < length ? a.cols[a.row_begin(r) + j] : padding_column;
        if (!source.empty()) source[k] = j < length ? a.row_begin(r) + j : formats::no_source;
      }
    }
  }
  m.slice_offsets_ = shared_array<edge_offset>(std::move(slice_offsets));
  m.row_of_ = shared_array<vertex_id>(std::move(row_of));
  m.cols_ = shared_array<vertex_id>(std::move(cols));
  m.values_ = a.has_values() ? formats::gather_values(a.values, source) : value_array{};
  return m;
}

csr_matrix sell_matrix::to_csr() const {
  const sell_view<pattern_value> v = view<pattern_value>(nullptr);
  buffer<edge_offset> lengths(nrows_, 0);
  for (std::uint64_t p = 0; p < nrows_; ++p)
    v.for_each_at_position(p,
                           [&](vertex_id, std::uint64_t) { return ++lengths[row_of_[p]], false; });
  csr_matrix a;
  a.nrows = nrows_;
  a.ncols = ncols_;
  a.offsets = formats::offsets_from_lengths(lengths);
  buffer<vertex_id> cols(nnz_);
  buffer<std::uint64_t> source(nnz_);
  for (std::uint64_t p = 0; p < nrows_; ++p) {
    edge_offset out = a.offsets[row_of_[p]];
    v.for_each_at_position(p, [&](vertex_id col, std::uint64_t k) {
      cols[out] = col;
      source[out++] = k;
      return false;
    });
  }
  a.cols = shared_array<vertex_id>(std::move(cols));
  a.values = formats::gather_values(values_, source);
  return a;
}

formats::footprint sell_matrix::size() const noexcept {
  return {cols_.size() * sizeof(vertex_id), formats::value_bytes(values_, cols_.size()),
          slice_offsets_.size() * sizeof(edge_offset) + row_of_.size() * sizeof(vertex_id)};
}

}  // namespace graphring
