// Matrix transpose and sub-matrix extraction, after GrB_transpose and GrB_Matrix_extract:
//   transpose:       C<M> = accum(C, Aᵀ)         (with transpose_first, C<M> = accum(C, A))
//   extract_matrix:  C<M> = accum(C, A(I, J))    C(r, s) = A(I[r], J[s])
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "engine/matrix.hpp"
#include "engine/ops/assign.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/matrix_write_back.hpp"
#include "engine/ops/row_builder.hpp"

namespace graphring {

template <class W, class Mask, class Accum, class A>
void transpose(matrix<W>& c, const Mask& mask, const Accum& accum, const matrix<A>& a,
               const descriptor& d = {}) {
  detail::write_back(c, mask, accum, d.transpose_first ? a : a.transposed(), d, false);
}

template <class W, class Mask, class Accum, class A, class Rows = all_indices_t,
          class Cols = all_indices_t>
void extract_matrix(matrix<W>& c, const Mask& mask, const Accum& accum, const matrix<A>& a_in,
                    const Rows& rows = {}, const Cols& cols = {}, const descriptor& d = {}) {
  const matrix<A>& a = d.transpose_first ? a_in.transposed() : a_in;
  const std::uint64_t nr = detail::index_count(rows, a.nrows());
  const std::uint64_t nc = detail::index_count(cols, a.ncols());
  // For each column of A, the output columns it lands in (a column list may repeat a column).
  std::vector<std::vector<vertex_id>> lands(std::is_same_v<Cols, all_indices_t> ? 0 : a.ncols());
  const std::uint64_t listed = lands.empty() ? 0 : nc;
  for (std::uint64_t s = 0; s < listed; ++s) {
    const std::uint64_t j = detail::index_at(cols, s);
    if (j >= a.ncols())
      throw error(error_kind::usage, "extract column " + std::to_string(j) + " is out of range");
    lands[j].push_back(vertex_id(s));
  }
  for (std::uint64_t r = 0; r < nr; ++r)
    if (detail::index_at(rows, r) >= a.nrows())
      throw error(error_kind::usage,
                  "extract row " + std::to_string(detail::index_at(rows, r)) + " is out of range");
  auto t = detail::build_by_rows<A>(nr, nc, a.nvals(), [&](std::uint64_t r, auto&& emit) {
    const std::uint64_t i = detail::index_at(rows, r);
    if (lands.empty()) {
      for (std::uint64_t p = a.offsets()[i]; p < a.offsets()[i + 1]; ++p)
        emit(a.cols()[p], a.value(p));
      return;
    }
    std::vector<std::pair<vertex_id, A>> row;
    for (std::uint64_t p = a.offsets()[i]; p < a.offsets()[i + 1]; ++p)
      for (vertex_id s : lands[a.cols()[p]]) row.emplace_back(s, a.value(p));
    std::sort(row.begin(), row.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    for (const auto& [s, v] : row) emit(s, v);
  });
  detail::write_back(c, mask, accum, t, d, false);
}

}  // namespace graphring
