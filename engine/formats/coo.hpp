// Coordinate format (COO): one (row, column, value) triple per stored entry, in CSR order (rows
// ascending, columns ascending within a row). No row pointers, so empty rows cost nothing;
// SpMV splits the entries evenly over threads whatever the row lengths (see the textbook
// chapter, seeds/001, and the lecture, seeds/002).
#pragma once

#include <cstdint>

#include "engine/csr.hpp"
#include "engine/formats/format_support.hpp"
#include "engine/formats/format_view.hpp"

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
      if (rows[mid] < r) lo = mid + 1; else hi = mid;
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
