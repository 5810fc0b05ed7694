// Triangle counting by a masked sparse matrix product [1, 2]. With L the strictly lower
// triangle of the symmetric adjacency S,
//     C<L> = L plus.pair Lᵀ,     triangles = ⊕ C
// C(i, j) for an edge j < i counts the k < j adjacent to both i and j, so each triangle
// k < j < i is counted once, at its largest two vertices. The mask restricts the product to
// edges, and Lᵀ given as transpose_second selects the masked dot-product method: one sorted
// merge of rows i and j of L per edge. Integer sums: the count does not depend on the threads.
//
// [1] Azad, Buluç, Gilbert, "Parallel triangle counting and enumeration using matrix algebra",
//     IPDPSW 2015.
// [2] Wolf, Deveci, Berry, Hammond, Rajamanickam, "Fast linear algebra-based triangle counting
//     with KokkosKernels", HPEC 2017 (the L·L masked by L "Sandia" form).
#include "algorithms/tc.hpp"

#include "engine/io/load.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms {

std::uint64_t triangle_count(const matrix<bool>& s) {
  const std::uint64_t n = s.nrows();
  matrix<bool> l(n, n);
  // L = tril(S, -1)
  select(l, no_mask, no_accum, tril_op{-1}, s);
  matrix<std::uint64_t> c(n, n);
  // C<L> = L plus.pair Lᵀ
  mxm(c, l, no_accum, plus_pair<std::uint64_t>{}, l, l,
      {.structural_mask = true, .transpose_second = true});
  // triangles = ⊕ C
  return reduce(plus_monoid<std::uint64_t>{}, c);
}

std::uint64_t triangle_count(const graph& g) {
  // The undirected simple graph: A ∪ Aᵀ without loops or repeated edges (the Graph object's
  // builder does this in one counting pass).
  const graph simple = rebuild(g, {.symmetrize = true, .drop_self_loops = true,
                                   .duplicates = duplicate_policy::first});
  const csr_matrix& a = simple.adjacency();
  return triangle_count(matrix<bool>::from_csr({a.nrows, a.ncols, a.offsets, a.cols, {}}, true));
}

}  // namespace graphring::algorithms
