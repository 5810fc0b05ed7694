// COO from and to CSR: the row ids are CSR's offsets expanded; columns and values are shared.
#include "engine/formats/coo.hpp"

#include "engine/builder.hpp"

namespace graphring {

coo_matrix coo_matrix::from_csr(const csr_matrix& a) {
  coo_matrix m;
  m.nrows_ = a.nrows;
  m.ncols_ = a.ncols;
  m.rows_ = shared_array<vertex_id>(row_ids(a));
  m.cols_ = a.cols;
  m.values_ = a.values;
  return m;
}

csr_matrix coo_matrix::to_csr() const {
  buffer<edge_offset> lengths(nrows_, 0);
  for (vertex_id r : rows_) ++lengths[r];
  csr_matrix a;
  a.nrows = nrows_;
  a.ncols = ncols_;
  a.offsets = formats::offsets_from_lengths(lengths);
  a.cols = cols_;
  a.values = values_;
  return a;
}

formats::footprint coo_matrix::size() const noexcept {
  return {nnz() * sizeof(vertex_id), formats::value_bytes(values_, nnz()),
          nnz() * sizeof(vertex_id)};
}

}  // namespace graphring
