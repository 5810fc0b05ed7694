// A disjoint-set forest held in a dense vector of vertex ids, f(i) the parent of i (f(i) = i at a
// root): Afforest's link and compress [1] as operations (a graphring extension; the GraphBLAS C
// API has no counterpart, and FastSV [2] reaches the same forest in rounds of several passes
// each):
//     union_find_link(f, keep, A)   every entry A(i, j) that keep admits joins i's and j's trees
//     union_find_compress(f)        f(i) = the root of i's tree, for every i
// keep is a select operator (semirings/index_ops.hpp); with row_rank_lt_op{k} only a row's first
// k entries are read, with row_where_op only the kept rows', as select reads them. keep may read
// f itself, through std::atomic_ref, as the links write it meanwhile. f must satisfy f(i) <= i
// everywhere (the identity f(i) = i, or what these operations left): every parent a walk reads is
// checked, and one above its vertex ends that walk and makes the call throw error_kind::usage. The
// larger root is always hooked under the smaller, so the roots are the smallest ids of their trees,
// and after linking every edge of a graph and compressing, f(i) is the smallest vertex of i's
// component on any number of threads (kernels/cpu/union_find.hpp).
//
// [1] Sutton, Ben-Nun, Barak, "Optimizing parallel graph connectivity computation via subgraph
//     sampling", IPDPS 2018.
// [2] Zhang, Azad, Hu, "FastSV: a distributed-memory connected component algorithm with fast
//     convergence", SIAM PP 2020.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "core/parallel.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/elementwise.hpp"
#include "engine/vector.hpp"
#include "kernels/cpu/union_find.hpp"

namespace graphring {

namespace detail {

// Throws unless f can be a forest of n vertices: a dense vector of n ids of an unsigned type (any
// vector of size 0).
template <class T>
void check_forest(const vector<T>& f, std::uint64_t n) {
  static_assert(std::is_integral_v<T> && std::is_unsigned_v<T>,
                "a union-find forest holds unsigned vertex ids");
  check_dimension(f.size(), n, "the forest's size");
  if (n > std::uint64_t(std::numeric_limits<T>::max()) + 1)
    throw error(error_kind::limit,
                "the forest's id type cannot hold " + std::to_string(n) + " vertices");
  if (n > 0 && f.form() != vector_form::dense)
    throw error(error_kind::usage, "a union-find forest must be a dense vector");
}

// Throws when the kernels met `bad` entries whose parent was above them (the rule f(i) <= i):
// their walks stopped there, and f is left as far as they got.
inline void check_walks(std::uint64_t bad) {
  if (bad != 0)
    throw error(error_kind::usage, "a union-find forest needs f(i) <= i for every i; " +
                                       std::to_string(bad) + " walks met a larger parent");
}

// Links the entries of the rows of `rows` that keep admits, its row r being the forest's vertex
// vertex_of(r).
template <class T, class F, class V, class VertexOf>
void link_rows(T* parent, const F& keep, const kernels::csr_view<V>& rows,
               const VertexOf& vertex_of) {
  const std::uint64_t count = rows.nrows;
  const auto keep_row = row_condition(keep);
  const std::uint64_t ranks = rank_limit(keep);
  const bool parallel =
      count + (rows.offsets[count] - rows.offsets[0]) > kernels::min_parallel_work;
  std::uint64_t bad = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : bad) if (parallel)
  for (std::int64_t r = 0; r < std::int64_t(count); ++r) {
    const std::uint64_t i = vertex_of(std::uint64_t(r));
    if (!keep_row(i)) continue;
    const std::uint64_t first = rows.offsets[r];
    const std::uint64_t last = first + std::min(ranks, rows.offsets[r + 1] - first);
    for (std::uint64_t p = first; p < last; ++p) {
      const std::uint64_t j = rows.cols[p];
      if (call_index_op(keep, rows.value(p), i, j, p - first))
        bad += !kernels::union_find_link(parent, T(i), T(j));
    }
  }
  check_walks(bad);
}

}  // namespace detail

template <class T, class F, class A>
void union_find_link(vector<T>& f, const F& keep, const matrix<A>& a) {
  detail::check_dimension(a.ncols(), a.nrows(), "the matrix's columns (a square matrix)");
  detail::check_forest(f, a.nrows());
  detail::link_rows(f.values(), keep, a.view(), [](std::uint64_t r) { return r; });
}

template <class T>
void union_find_compress(vector<T>& f) {
  const std::uint64_t n = f.size();
  detail::check_forest(f, n);
  T* const parent = f.values();
  std::uint64_t bad = 0;
#pragma omp parallel for schedule(static, 4096) reduction(+ : bad) if (n > kernels::min_parallel_work)
  for (std::uint64_t i = 0; i < n; ++i) bad += !kernels::union_find_compress_one(parent, T(i));
  detail::check_walks(bad);
}

}  // namespace graphring
