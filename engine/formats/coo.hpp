// Coordinate format (COO): one (row, column, value) triple per stored entry, in CSR order (rows
// ascending, columns ascending within a row). No row pointers, so empty rows cost nothing;
// SpMV splits the entries evenly over threads whatever the row lengths (see the textbook
// chapter, seeds/001, and the lecture, seeds/002).
#pragma once

#include <cstdint>

#include "engine/csr.hpp"
#include "engine/formats/format_support.hpp"
#include "kernels/formats/coo_view.hpp"

namespace graphring {

class coo_matrix {
 public:
  static coo_matrix from_csr(const csr_matrix& a);
  csr_matrix to_csr() const;

  std::uint64_t nrows() const noexcept { return nrows_; }
  std::uint64_t ncols() const noexcept { return ncols_; }
  edge_offset nnz() const noexcept { return cols_.size(); }
  const value_array& values() const noexcept { return values_; }
  formats::footprint size() const noexcept;
  std::uint64_t bytes() const noexcept { return size().bytes(); }

  template <class V>
  coo_view<V> view(const V* values) const {
    return {nrows_, ncols_, nnz(), rows_.data(), cols_.data(), values};
  }

 private:
  std::uint64_t nrows_ = 0, ncols_ = 0;
  shared_array<vertex_id> rows_, cols_;
  value_array values_;
};

}  // namespace graphring
