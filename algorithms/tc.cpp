// Triangle counting by a masked sparse matrix product [1, 2]. With L the strictly lower
// triangle of the symmetric adjacency S,
//     C<L> = L plus.pair L,     triangles = ⊕ C
// C(i, j) for an edge j < i counts the k with j < k < i adjacent to both, so each triangle
// j < k < i is counted once, at its largest and smallest vertices. The mask restricts the product
// to edges; it runs by Gustavson's method (push): row i of L is marked in a workspace, and each
// row L(k, :) for k in L(i, :) is scanned against the marks, which costs Σ over edges (i, k) of
// |L(k)| and avoids the |L(i)| per edge that a sorted merge of rows i and j (the dot method,
// C<L> = L plus.pair Lᵀ) pays again for every edge of row i. mxm_reduce sums C's rows as they
// come, so C is never stored (storing it is a large share of the product's time). For a directed
// graph L = tril(A ∪ Aᵀ, -1), one merge per row of the parts of A's and the cached Aᵀ's rows below
// the diagonal (a triangle as ewise_add's mask); only a graph with repeated edges goes through the
// builder. Integer sums: the count does not depend on the threads.
//
// [1] Azad, Buluç, Gilbert, "Parallel triangle counting and enumeration using matrix algebra",
//     IPDPSW 2015.
// On a storage format (formatted_matrix), L is selected from S's rows read from the format a
// block at a time (engine/ops/select_format.hpp) and the product runs on L: the adjacency stays
// compressed and only its lower triangle is held in CSR.
//
// [2] Wolf, Deveci, Berry, Hammond, Rajamanickam, "Fast linear algebra-based triangle counting
//     with KokkosKernels", HPEC 2017 (the L·L masked by L "Sandia" form).
#include "algorithms/tc.hpp"

#include "algorithms/graph_matrices.hpp"
#include "engine/io/load.hpp"
#include "engine/ops/operations.hpp"
#include "engine/ops/select_format.hpp"
#include "semirings/named_ops.hpp"

namespace graphring::algorithms {

namespace {

// triangles = ⊕ (L plus.pair L)⟨L⟩ for L strictly lower triangular without repeated entries.
std::uint64_t triangles_of_lower(const matrix<bool>& l) {
  // triangles = ⊕ C,  C<L> = L plus.pair L  (C itself is never formed)
  return mxm_reduce(plus_monoid<std::uint64_t>{}, l, plus_pair<std::uint64_t>{}, l, l,
                    {.structural_mask = true, .method = product_method::push});
}

}  // namespace

std::uint64_t triangle_count(const matrix<bool>& s) {
  const std::uint64_t n = s.nrows();
  matrix<bool> l(n, n);
  // L = tril(S, -1)
  select(l, no_mask, no_accum, tril_op{-1}, s);
  return triangles_of_lower(l);
}

std::uint64_t triangle_count(const formatted_matrix<bool>& a, bool symmetric) {
  const std::uint64_t n = a.nrows();
  matrix<bool> below(n, n);
  // below = tril(A, -1), A's rows read from its format a block at a time
  select(below, no_mask, no_accum, tril_op{-1}, a);
  if (symmetric) return triangles_of_lower(below);
  matrix<bool> above(n, n), l(n, n);
  // above = tril(Aᵀ, -1);  L = below ∪ above, the lower triangle of A ∪ Aᵀ
  select(above, no_mask, no_accum, tril_op{-1}, a, {.transpose_first = true});
  ewise_add(l, no_mask, no_accum, lor_op<bool>{}, below, above);
  return triangles_of_lower(l);
}

std::uint64_t triangle_count(graph& g, const adjacency_format& format) {
  // a in CSR, or in `format` (built from the CSR at the first read); A ∪ Aᵀ when not symmetric.
  auto over = [&](matrix<bool> a, bool symmetric) {
    if (format.plain_csr()) {
      if (symmetric) return triangle_count(a);
      const std::uint64_t n = a.nrows();
      matrix<bool> l(n, n);
      // L<tril(-1)> = A ∪ Aᵀ, the lower triangle of the undirected graph A ∪ Aᵀ: each row of A
      // and of Aᵀ is merged only below the diagonal
      ewise_add(l, tril_op{-1}, no_accum, lor_op<bool>{}, a, a, {.transpose_second = true});
      return triangles_of_lower(l);
    }
    const formatted_matrix<bool> f(std::move(a), format, format_build::on_first_use);
    return triangle_count(f, symmetric);
  };
  if (g.duplicate_edges() > 0) {
    // Repeated edges would count a triangle more than once: the builder merges them (and
    // symmetrizes and drops self-loops in the same counting pass).
    graph simple = rebuild(
        g, {.symmetrize = true, .drop_self_loops = true, .duplicates = duplicate_policy::first});
    return over(structure_of(simple, false), true);
  }
  const bool symmetric = g.symmetric();
  // Stored compressed: L is selected from the file's format, no CSR of A is built.
  if (auto stored = stored_structure(g, format)) return triangle_count(*stored, symmetric);
  // In a format, the one g keeps where it keeps its formats (graph::keep_formats).
  if (!format.plain_csr())
    return triangle_count(formatted_structure(g, format, false, !symmetric), symmetric);
  return over(structure_of(g, !symmetric), symmetric);
}

std::uint64_t triangle_count(graph&& g, const adjacency_format& format) {
  return triangle_count(g, format);
}

vector<std::uint64_t> triangles_per_vertex(graph& g) {
  graph simple = rebuild(
      g, {.symmetrize = true, .drop_self_loops = true, .duplicates = duplicate_policy::first});
  const matrix<bool> s = structure_of(simple, false);
  const std::uint64_t n = s.nrows();
  matrix<std::uint64_t> c(n, n);
  // C<S> = S plus.pair S
  mxm(c, s, no_accum, plus_pair<std::uint64_t>{}, s, s,
      {.structural_mask = true, .method = product_method::push});
  vector<std::uint64_t> twice(n);
  // twice(i) = ⊕_j C(i, j)
  reduce_rows(twice, no_mask, no_accum, plus_monoid<std::uint64_t>{}, c);
  vector<std::uint64_t> t(n);
  // t = 0;  t += twice / 2
  assign_scalar(t, no_mask, no_accum, std::uint64_t(0));
  apply(t, no_mask, plus_op<std::uint64_t>{}, bind_second(divide_op<std::uint64_t>{}, 2), twice);
  return t;
}

}  // namespace graphring::algorithms
