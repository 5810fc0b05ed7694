// Minimum spanning forest by Borůvka's algorithm [1] on a min semiring, the "minimum cost among
// neighbours, iterated" step as linear algebra [2]. Edges are keys (w, lo, hi), compared in that
// order, so ties are broken consistently and the chosen edges never close a cycle. With f(u)
// the component of u (the smallest vertex id in it), one round does
//     K = K⟨f(i) ≠ f(j)⟩                 drop edges inside a component
//     e = min_j K(:, j)                   each vertex's lightest leaving edge
//     best(f(u)) = min(best(f(u)), e(u))  each component's lightest (an assign that folds
//                                         repeated indices with the min accumulator)
//     f = cc(best edges between components)(f)   merge the components they join
// until no edge leaves a component; every round at least halves the number of components. All
// choices are minima over a total order, so the forest does not depend on the thread count.
// On a storage format the keys are built from the weights' rows read from the format
// (engine/ops/select_format.hpp); the rounds then run on the keys.
//
// [1] Borůvka, "O jistém problému minimálním", 1926; Nešetřil et al., "Otakar Borůvka on minimum
//     spanning tree problem", Discrete Math. 2001 (translation and commentary).
// [2] Kepner & Gilbert (eds.), "Graph Algorithms in the Language of Linear Algebra", SIAM 2011.
#include "algorithms/msf.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <span>
#include <tuple>

#include "algorithms/cc.hpp"
#include "algorithms/checks.hpp"
#include "algorithms/graph_matrices.hpp"
#include "engine/io/load.hpp"
#include "engine/ops/operations.hpp"
#include "engine/ops/select_format.hpp"

namespace graphring::algorithms {

namespace {

// An edge as a key of the total order (weight, lo, hi).
struct edge_key {
  double weight;
  vertex_id lo, hi;
  friend bool operator<(const edge_key& x, const edge_key& y) {
    return std::tie(x.weight, x.lo, x.hi) < std::tie(y.weight, y.lo, y.hi);
  }
};

// min over edge keys; the identity is heavier than every edge.
struct min_edge_monoid {
  using value_type = edge_key;
  [[maybe_unused]] static constexpr bool commutative = true;  // read by is_commutative only
  static constexpr edge_key identity() {
    return {std::numeric_limits<double>::infinity(), std::numeric_limits<vertex_id>::max(),
            std::numeric_limits<vertex_id>::max()};
  }
  edge_key operator()(const edge_key& x, const edge_key& y) const { return y < x ? y : x; }
};

// K(i, j) = (A(i, j), min(i, j), max(i, j)) for s a matrix or a formatted matrix (whose rows are
// read from its format a block at a time: engine/ops/select_format.hpp). A NaN weight has no
// place in the order (keys holding one would sort inconsistently): it is noticed in the same pass
// and refused.
template <class Weights>
matrix<edge_key> edge_keys(const Weights& s) {
  matrix<edge_key> keys(s.nrows(), s.ncols());
  std::atomic<bool> nan{false};
  apply_index(
      keys, no_mask, no_accum,
      [&nan](double w, std::uint64_t i, std::uint64_t j) {
        if (std::isnan(w)) nan.store(true, std::memory_order_relaxed);
        return edge_key{w, vertex_id(std::min(i, j)), vertex_id(std::max(i, j))};
      },
      s);
  if (nan.load()) refuse_nan_weight("a spanning forest needs ordered weights");
  return keys;
}

// Borůvka's rounds over the edge keys of a symmetric matrix.
msf_result forest_of(matrix<edge_key> keys) {
  const std::uint64_t n = keys.nrows();
  array<std::uint64_t> ids(n);
  for (std::uint64_t u = 0; u < n; ++u) ids[u] = u;
  auto f = vector<std::uint64_t>::from_dense(std::move(ids));
  vector<edge_key> lightest(n), best(n);
  msf_result result;
  for (;;) {
    const std::uint64_t* component = f.values();
    // K = K⟨f(i) ≠ f(j)⟩
    select(
        keys, no_mask, no_accum,
        [component](const edge_key&, std::uint64_t i, std::uint64_t j) {
          return component[i] != component[j];
        },
        keys);
    if (keys.nvals() == 0) break;
    // e = min_j K(:, j)
    reduce_rows(lightest, no_mask, no_accum, min_edge_monoid{}, keys);
    // best(f(u)) = min(best(f(u)), e(u))
    best.clear();
    const array<std::uint64_t> parent(component, n);
    assign(best, no_mask, min_edge_monoid{}, lightest,
           std::span<const std::uint64_t>(parent.data(), n));

    // The chosen edges (two components may choose the same one) and the component pairs
    // they join, both ways.
    std::vector<edge_key> chosen;
    best.for_each([&](std::uint64_t, const edge_key& e) { chosen.push_back(e); });
    std::sort(chosen.begin(), chosen.end());
    chosen.erase(std::unique(chosen.begin(), chosen.end(),
                             [](const edge_key& x, const edge_key& y) {
                               return x.lo == y.lo && x.hi == y.hi;
                             }),
                 chosen.end());
    array<vertex_id> rows, cols;
    for (const edge_key& e : chosen) {
      result.edges.push_back({e.lo, e.hi, e.weight});
      rows.push_back(vertex_id(component[e.lo]));
      cols.push_back(vertex_id(component[e.hi]));
      rows.push_back(vertex_id(component[e.hi]));
      cols.push_back(vertex_id(component[e.lo]));
    }
    const auto joins = matrix<bool>::from_tuples(n, n, rows, cols, array<bool>(rows.size(), true));
    const vector<std::uint64_t> merged = connected_components(joins);
    // f = merged(f)
    extract(f, no_mask, no_accum, merged, std::span<const std::uint64_t>(f.values(), n));
  }
  std::sort(result.edges.begin(), result.edges.end(), [](const msf_edge& x, const msf_edge& y) {
    return std::tie(x.u, x.v) < std::tie(y.u, y.v);
  });
  for (const msf_edge& e : result.edges) result.total_weight += e.weight;
  return result;
}

}  // namespace

msf_result minimum_spanning_forest(const matrix<double>& s) { return forest_of(edge_keys(s)); }

msf_result minimum_spanning_forest(const formatted_matrix<double>& s) {
  return forest_of(edge_keys(s));
}

msf_result minimum_spanning_forest(const graph& g, const adjacency_format& format) {
  // w in CSR, or in `format`.
  auto over = [&](matrix<double> w) {
    if (format.plain_csr()) return minimum_spanning_forest(w);
    return minimum_spanning_forest(formatted_matrix<double>(std::move(w), format));
  };
  // A graph known to be symmetric is read as it is, from its stored format when it is kept
  // compressed: a self-loop never leaves a component, and of parallel edges only the lightest can
  // be a component's lightest. Others are rebuilt as undirected.
  if (g.known_symmetric().value_or(false)) {
    if (auto stored = stored_weights(g, format)) return minimum_spanning_forest(*stored);
    // In a format, the one g keeps where it keeps its formats (graph::keep_formats).
    if (!format.plain_csr()) return minimum_spanning_forest(formatted_weights(g, format, false));
    return over(weights_of(g));
  }
  const graph simple = rebuild(
      g, {.symmetrize = true, .drop_self_loops = true, .duplicates = duplicate_policy::min});
  return over(weights_of(simple));
}

}  // namespace graphring::algorithms
