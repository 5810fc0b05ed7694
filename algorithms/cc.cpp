// Connected components by FastSV [1], the Shiloach-Vishkin family reduced to vector operations
// as LAGraph runs it [2]. Every vertex holds a parent f (initially itself); with gp = f(f), the
// grandparent, and mngp(u) = min over u's neighbours v of gp(v), one round does
//     stochastic hooking   f(f(u)) = min(f(f(u)), mngp(u))
//     aggressive hooking   f(u)    = min(f(u), mngp(u))
//     shortcutting         f(u)    = min(f(u), gp(u))
// and recomputes gp = f(f), until gp no longer changes. Every update is a minimum over vertex
// ids, so each tree ends as a star rooted at the smallest id of its component, and the result
// is the same on any number of threads. The scatter f(f(u)) = min(...) is a product with the
// parent matrix P(f(u), u) = 1: t = P min.second mngp.
//
// [1] Zhang, Azad, Hu, "FastSV: a distributed-memory connected component algorithm with fast
//     convergence", SIAM PP 2020.
// [2] Mattson et al., "LAGraph: a community effort to collect graph algorithms built on top of
//     the GraphBLAS", IPDPSW 2019.
#include "algorithms/cc.hpp"

#include <span>

#include "algorithms/graph_matrices.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms {

namespace {

using labels = vector<std::uint64_t>;

}  // namespace

matrix<bool> parent_matrix(const vector<std::uint64_t>& f) {
  const std::uint64_t n = f.size();
  array<vertex_id> rows(n), cols(n);
  for (std::uint64_t u = 0; u < n; ++u) {
    rows[u] = vertex_id(f.values()[u]);
    cols[u] = vertex_id(u);
  }
  return matrix<bool>::from_tuples(n, n, rows, cols, array<bool>(n, true));
}

vector<std::uint64_t> connected_components(const matrix<bool>& s) {
  const std::uint64_t n = s.nrows();
  array<std::uint64_t> ids(n);
  for (std::uint64_t u = 0; u < n; ++u) ids[u] = u;
  labels f = labels::from_dense(std::move(ids));
  labels gp = f, mngp(n), t(n), next_gp(n);
  vector<bool> moved(n);
  for (bool changed = n > 0; changed;) {
    // mngp = S min.second gp
    mxv(mngp, no_mask, no_accum, min_second<std::uint64_t>{}, s, gp);
    // t = P min.second mngp;   f = min(f, t)          (stochastic hooking)
    mxv(t, no_mask, no_accum, min_second<std::uint64_t>{}, parent_matrix(f), mngp);
    ewise_add(f, no_mask, no_accum, min_op<std::uint64_t>{}, f, t);
    // f = min(f, mngp)                                (aggressive hooking)
    ewise_add(f, no_mask, no_accum, min_op<std::uint64_t>{}, f, mngp);
    // f = min(f, gp)                                  (shortcutting)
    ewise_add(f, no_mask, no_accum, min_op<std::uint64_t>{}, f, gp);
    // next_gp = f(f)
    extract(next_gp, no_mask, no_accum, f, std::span<const std::uint64_t>(f.values(), n));
    // moved = next_gp ≠ gp;   changed = ⊕_or moved
    ewise_mult(moved, no_mask, no_accum, [](std::uint64_t x, std::uint64_t y) { return x != y; },
               next_gp, gp);
    changed = reduce(lor_monoid{}, moved);
    std::swap(gp, next_gp);
  }
  return f;
}

matrix<bool> symmetric_structure(graph& g) {
  matrix<bool> a = structure_of(g, false);
  if (g.symmetric()) return a;
  matrix<bool> s(a.nrows(), a.ncols());
  // S = A ∪ Aᵀ
  ewise_add(s, no_mask, no_accum, lor_op<bool>{}, a, a, {.transpose_second = true});
  return s;
}

vector<std::uint64_t> connected_components(graph& g) {
  return connected_components(symmetric_structure(g));
}

}  // namespace graphring::algorithms
