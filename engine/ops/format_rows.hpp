// Rows read from a formatted matrix's format as a CSR matrix<T>: what the operations over a
// compressed matrix (engine/ops/mxm_format.hpp, select_format.hpp) hand to the CSR operations.
#pragma once

#include "engine/formats/row_gather.hpp"
#include "engine/formatted_matrix.hpp"

namespace graphring::detail {

// Whether f's rows are read from its format: CSR, CCI or CSR-dtANS in the caller's vertex order,
// holding f's values (or none), not their positions. Else the operation runs on f.csr().
template <class T>
bool reads_format_rows(const formatted_matrix<T>& f) {
  return f.order() == vertex_order::original && gathers_rows(f.kind()) &&
         f.position_values() == nullptr;
}

// Rows gathered from f's format (gather_rows, for_each_row_block) as a matrix of f's type: a
// pattern format, or a type the formats do not store, reads every entry as f's iso value.
template <class T>
matrix<T> rows_as_matrix(const formatted_matrix<T>& f, csr_matrix rows) {
  if (!f.has_values()) rows.values = std::monostate{};  // read as the pattern, like csr()
  return matrix<T>::from_csr(rows, f.iso_value());
}

}  // namespace graphring::detail
