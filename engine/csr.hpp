// Compressed sparse row storage: 32-bit column (vertex) ids, 64-bit row offsets so a matrix may
// hold more than 2^32 entries, and optional values. Columns are sorted within each row.
// The transpose of a CSR matrix, stored the same way, is its CSC form.
#pragma once

#include <cstdint>

#include "core/ids.hpp"
#include "core/shared_array.hpp"
#include "engine/value_type.hpp"

namespace graphring {

struct csr_matrix {
  std::uint64_t nrows = 0;
  std::uint64_t ncols = 0;
  shared_array<edge_offset> offsets;  // nrows + 1 entries, offsets[0] = 0, offsets[nrows] = nnz
  shared_array<vertex_id> cols;       // nnz entries, ascending within each row
  value_array values;                 // nnz values, or std::monostate for a pattern matrix

  edge_offset nnz() const noexcept { return cols.size(); }
  edge_offset row_begin(std::uint64_t row) const noexcept { return offsets[row]; }
  edge_offset row_end(std::uint64_t row) const noexcept { return offsets[row + 1]; }
  edge_offset row_length(std::uint64_t row) const noexcept {
    return offsets[row + 1] - offsets[row];
  }
  bool has_values() const noexcept { return values.index() != 0; }
  value_type values_type() const noexcept { return type_of(values); }

  // Exact bytes held by the arrays (offsets, column ids and values).
  std::uint64_t bytes() const noexcept {
    return offsets.size() * sizeof(edge_offset) + cols.size() * sizeof(vertex_id) +
           nnz() * type_size(values_type());
  }
};

}  // namespace graphring
