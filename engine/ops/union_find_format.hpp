// union_find_link with the matrix held in a compressed format (engine/formatted_matrix.hpp), with
// the semantics of engine/ops/union_find.hpp. The format's rows are decoded a block at a time
// (engine/formats/row_gather.hpp), and with row_where_op only the kept rows are gathered, so a
// matrix kept compressed is never decoded whole; formats whose rows are not gathered and other
// vertex orders link over A's CSR. Kept out of union_find.hpp so code that never uses formats never
// instantiates this.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/formatted_matrix.hpp"
#include "engine/ops/format_rows.hpp"
#include "engine/ops/union_find.hpp"

namespace graphring {

template <class T, class F, class A>
void union_find_link(vector<T>& f, const F& keep, const formatted_matrix<A>& a) {
  if (!detail::reads_format_rows(a)) return union_find_link(f, keep, a.csr());
  detail::check_dimension(a.ncols(), a.nrows(), "the matrix's columns (a square matrix)");
  detail::check_forest(f, a.nrows());
  auto link_block = [&](const csr_matrix& rows, const auto& vertex_of) {
    const matrix<A> part = detail::rows_as_matrix(a, rows);
    detail::link_rows(f.values(), keep, part.view(), vertex_of);
  };
  if constexpr (detail::is_row_where_v<F>) {
    // the kept rows alone, gathered a block at a time
    constexpr std::uint64_t block = std::uint64_t(1) << 16;
    std::vector<vertex_id> kept;
    for (std::uint64_t i = 0; i < a.nrows(); ++i) {
      if (keep.keep_row(i)) kept.push_back(vertex_id(i));
      if (kept.size() == block || (i + 1 == a.nrows() && !kept.empty())) {
        link_block(gather_rows(a.format(), kept.data(), kept.size()),
                   [&](std::uint64_t r) { return std::uint64_t(kept[r]); });
        kept.clear();
      }
    }
  } else {
    for_each_row_block(a.format(), [&](std::uint64_t first, const csr_matrix& rows) {
      link_block(rows, [first](std::uint64_t r) { return first + r; });
    });
  }
}

}  // namespace graphring
