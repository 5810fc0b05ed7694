// HYB from and to CSR: the ELL part is ELL cut at the width, the overflow a COO of the rest.
#include "engine/formats/hyb.hpp"

#include <algorithm>

namespace graphring {

std::uint64_t hyb_matrix::best_width(const csr_matrix& a) {
  std::uint64_t longest = 0;
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    longest = std::max<std::uint64_t>(longest, a.row_length(r));
  buffer<std::uint64_t> rows_at_least(longest + 2, 0);
  for (std::uint64_t r = 0; r < a.nrows; ++r) ++rows_at_least[a.row_length(r)];
  for (std::uint64_t j = longest; j-- > 0;) rows_at_least[j] += rows_at_least[j + 1];
  const std::uint64_t v = type_size(a.values_type());
  std::uint64_t width = 0;
  while (width < longest && rows_at_least[width + 1] * (8 + v) >= a.nrows * (4 + v)) ++width;
  return width;
}

hyb_matrix hyb_matrix::from_csr(const csr_matrix& a, std::uint64_t width) {
  if (width == ell_options::whole_rows) width = best_width(a);
  hyb_matrix m;
  ell_options cut;
  cut.width = width;
  m.ell_ = ell_matrix::from_csr(a, cut);
  // The overflow as a CSR of the entries beyond the width, then as COO.
  buffer<edge_offset> lengths(a.nrows);
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    lengths[r] = a.row_length(r) - std::min(a.row_length(r), width);
  csr_matrix rest;
  rest.nrows = a.nrows;
  rest.ncols = a.ncols;
  rest.offsets = formats::offsets_from_lengths(lengths);
  buffer<vertex_id> cols(rest.offsets[a.nrows]);
  buffer<std::uint64_t> source(cols.size());
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset j = 0; j < lengths[r]; ++j) {
      cols[rest.offsets[r] + j] = a.cols[a.row_begin(r) + width + j];
      source[rest.offsets[r] + j] = a.row_begin(r) + width + j;
    }
  rest.cols = shared_array<vertex_id>(std::move(cols));
  rest.values = formats::gather_values(a.values, source);
  m.coo_ = coo_matrix::from_csr(rest);
  return m;
}

csr_matrix hyb_matrix::to_csr() const {
  const csr_matrix head = ell_.to_csr(), tail = coo_.to_csr();
  buffer<edge_offset> lengths(head.nrows);
  for (std::uint64_t r = 0; r < head.nrows; ++r)
    lengths[r] = head.row_length(r) + tail.row_length(r);
  csr_matrix a;
  a.nrows = head.nrows;
  a.ncols = head.ncols;
  a.offsets = formats::offsets_from_lengths(lengths);
  buffer<vertex_id> cols(a.offsets[a.nrows]);
  // Sources index the concatenation head values ++ tail values.
  buffer<std::uint64_t> source(cols.size());
  for (std::uint64_t r = 0; r < a.nrows; ++r) {
    edge_offset out = a.offsets[r];
    for (edge_offset k = head.row_begin(r); k < head.row_end(r); ++k, ++out) {
      cols[out] = head.cols[k];
      source[out] = k;
    }
    for (edge_offset k = tail.row_begin(r); k < tail.row_end(r); ++k, ++out) {
      cols[out] = tail.cols[k];
      source[out] = head.nnz() + k;
    }
  }
  a.cols = shared_array<vertex_id>(std::move(cols));
  a.values = formats::gather_values(formats::concatenate_values(head.values, tail.values), source);
  return a;
}

formats::footprint hyb_matrix::size() const noexcept {
  const formats::footprint e = ell_.size(), c = coo_.size();
  return {e.index_bytes + c.index_bytes, e.value_bytes + c.value_bytes,
          e.structure_bytes + c.structure_bytes};
}

}  // namespace graphring
