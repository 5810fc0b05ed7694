// mxm with its second operand held in a compressed format (engine/formatted_matrix.hpp), with the
// GraphBLAS semantics of engine/ops/mxm.hpp:  C<M> = accum(C, B ⊕.⊗ A)  (d.transpose_second: Aᵀ).
// Gustavson's method reads A(k, :) for the k that B's entries name and nothing else, so the
// product gathers those rows from A's format (engine/formats/row_gather.hpp: CCI walks each group
// holding one once, CSR-dtANS decodes each slice holding one once) into a small CSR G of |K| rows,
// names B's columns by their position in K (ascending, so every row's products combine in the order
// the CSR product combines them), and runs the CSR product B' ⊕.⊗ G: a graph kept compressed is
// never decoded whole. Formats whose rows are not gathered (COO, ELL, HYB, SELL), a matrix held in
// another vertex order, and a positional multiply (which would see K's positions) run on A's CSR,
// which a stored matrix decodes once. Kept out of mxm.hpp so code that never uses formats never
// instantiates this.
#pragma once

#include <cstdint>

#include "engine/formatted_matrix.hpp"
#include "engine/ops/format_rows.hpp"
#include "engine/ops/mxm.hpp"

namespace graphring {

namespace detail {

// The distinct columns of b, ascending, and b with each column named by its place among them.
template <class T>
struct columns_named_by_rank {
  array<vertex_id> columns;
  matrix<T> renamed;
};

template <class T>
columns_named_by_rank<T> rename_columns(const matrix<T>& b) {
  const std::uint64_t n = b.ncols(), nnz = b.nvals();
  const vertex_id* cols = b.cols().data();
  array<vertex_id> place(n, vertex_id(0));
  for (std::uint64_t p = 0; p < nnz; ++p) place[cols[p]] = 1;
  std::uint64_t count = 0;
  for (std::uint64_t j = 0; j < n; ++j) count += place[j];
  array<vertex_id> columns(count);
  for (std::uint64_t j = 0, r = 0; j < n; ++j)
    if (place[j]) {
      columns[r] = vertex_id(j);
      place[j] = vertex_id(r++);
    }
  array<vertex_id> renamed(nnz);
#pragma omp parallel for schedule(static) if (nnz > kernels::min_parallel_work)
  for (std::int64_t p = 0; p < std::int64_t(nnz); ++p) renamed[p] = place[cols[p]];
  matrix<T> r(b.nrows(), count, b.offsets(), share(std::move(renamed)), b.values(), b.iso_value());
  return {std::move(columns), std::move(r)};
}

// Whether B ⊕.⊗ A gathers A's rows from f (else it runs on A's CSR).
template <class S, class T>
bool gathers_product_rows(const formatted_matrix<T>& f) {
  return !S::positional && reads_format_rows(f);
}

}  // namespace detail

// C<M> = accum(C, B ⊕.⊗ A) through A's format; with d.transpose_second, B ⊕.⊗ Aᵀ (Aᵀ in the
// same format, built on first use and cached).
template <class S, class W, class Mask, class Accum, class BT, class T>
void mxm(matrix<W>& c, const Mask& mask, const Accum& accum, S, const matrix<BT>& b,
         const formatted_matrix<T>& a, const descriptor& d = {}) {
  // A matrix with a CSR beside its format that gathers nothing: the CSR product (Aᵀ its own).
  if (!a.is_stored() && !detail::gathers_product_rows<S>(a))
    return mxm(c, mask, accum, S{}, b, a.csr(), d);
  const formatted_matrix<T>& f = d.transpose_second ? a.transposed() : a;
  descriptor plain = d;
  plain.transpose_second = false;
  if (!detail::gathers_product_rows<S>(f)) return mxm(c, mask, accum, S{}, b, f.csr(), plain);
  detail::check_dimension(f.nrows(), b.ncols(), "the second matrix's rows");
  auto [columns, renamed] = detail::rename_columns(b);
  const matrix<T> rows =
      detail::rows_as_matrix(f, gather_rows(f.format(), columns.data(), columns.size()));
  mxm(c, mask, accum, S{}, renamed, rows, plain);
}

}  // namespace graphring
