// Connected components by Afforest [1] over the engine's disjoint-set forest operations
// (engine/ops/union_find.hpp), as the GAP Benchmark Suite runs it [2]: every vertex starts as a
// tree of its own, f(u) = u; linking an edge hooks the larger of its two roots under the smaller,
// and compressing points every vertex at its root. First a sample is linked (a symmetric graph's
// first sampled_edges entries of each row, a directed graph's first out-edge and first in-edge:
// the rows are sorted, so these are the smallest neighbours), which already joins most of a large
// component into one tree; the most frequent root among a sample of vertices names it, and then
// only the rows of the vertices outside that tree are linked, every entry (A's and Aᵀ's rows for a
// directed graph, whose weak components take both), so the edges inside the largest tree are
// never read again. An edge between two vertices outside it is met from both ends, one between
// such a vertex and the tree from the outside end, which suffices. A small graph links every edge
// once. A parent is never above its vertex and roots are hooked under smaller roots only, so each
// component ends with its smallest vertex id as every member's label, on any number of threads
// and in any order of the links, the labels FastSV [3] gives (LAGraph's method, which graphring
// ran before: rounds of about ten passes over the vertices each).
//
// [1] Sutton, Ben-Nun, Barak, "Optimizing parallel graph connectivity computation via subgraph
//     sampling", IPDPS 2018.
// [2] Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, 2015.
// [3] Zhang, Azad, Hu, "FastSV: a distributed-memory connected component algorithm with fast
//     convergence", SIAM PP 2020.
#include "algorithms/cc.hpp"

#include <atomic>
#include <unordered_map>
#include <vector>

#include "algorithms/graph_matrices.hpp"
#include "engine/ops/operations.hpp"
#include "engine/ops/union_find_format.hpp"
#include "semirings/named_ops.hpp"

namespace graphring::algorithms {

namespace {

// A label is a vertex id, 32 bits: every pass over the labels moves half the bytes of 64-bit ones
// (docs/kernel-speed-log.md); the result is widened once at the end.
using label = vertex_id;
using labels = vector<label>;

constexpr std::uint64_t sampled_edges = 2;  // per vertex of a symmetric graph, as in GAP

constexpr std::uint64_t mode_samples = 864;  // vertices whose root votes for the largest component

// The undirected graph's edges as the union of a few matrices: S itself when it is symmetric,
// A and Aᵀ for a directed graph (so A ∪ Aᵀ is never formed). They may be formatted matrices, whose
// rows the links read from their format.
template <class E>
using edge_sets_of = std::vector<E>;
using edge_sets = edge_sets_of<matrix<bool>>;

template <class E>
std::uint64_t entries(const edge_sets_of<E>& edges) {
  std::uint64_t total = 0;
  for (const E& e : edges) total += e.nvals();
  return total;
}

// The most frequent value among f's values at `mode_samples` pseudo-random vertices (a fixed
// sequence, so the result is reproducible).
label sampled_mode(const labels& f) {
  const std::uint64_t n = f.size();
  std::unordered_map<label, std::uint64_t> votes;
  label best = f.values()[0];
  std::uint64_t best_votes = 0, state = n;
  for (std::uint64_t k = 0; k < mode_samples; ++k) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;  // Knuth's MMIX generator
    const label root = f.values()[(state >> 33) % n];
    if (++votes[root] > best_votes) {
      best = root;
      best_votes = votes[root];
    }
  }
  return best;
}

// Components of the undirected graph whose edges are the union of `edges`.
template <class E>
labels components(const edge_sets_of<E>& edges, std::uint64_t n) {
  // f = 0, 1, ..., n-1: every vertex a tree of its own
  labels f(n);
  apply_index(f, no_mask, no_accum, row_index_op{}, labels::dense(n, 0));
  if (n <= 1024 || entries(edges) <= 2 * sampled_edges * n) {
    // every edge once: a symmetric S's strictly lower triangle, or A's entries (Aᵀ holds the
    // same edges), a self-loop joining nothing
    if (edges.size() == 1)
      union_find_link(f, tril_op{-1}, edges.front());
    else
      union_find_link(f, offdiag_op{}, edges.front());
    union_find_compress(f);
    return f;
  }
  // the sample: a symmetric graph's first edges of each row, a directed graph's first out-edge
  // and first in-edge
  const std::uint64_t per_row = edges.size() == 1 ? sampled_edges : 1;
  for (const E& e : edges) union_find_link(f, row_rank_lt_op{per_row}, e);
  union_find_compress(f);
  const label key = sampled_mode(f);
  // the rows of the vertices outside key's tree, each read as its row comes up while the links
  // go on: a vertex read inside it stays inside (its root only moves under a smaller one), and
  // an edge to a vertex outside it at the end is met from that vertex's row
  label* const parent = f.values();
  const auto outside = [parent, key](std::uint64_t i) {
    return std::atomic_ref<label>(parent[i]).load(std::memory_order_relaxed) != key;
  };
  for (const E& e : edges) union_find_link(f, row_where_op{outside}, e);
  union_find_compress(f);
  return f;
}

// The labels as the 64-bit ids the API returns.
vector<std::uint64_t> widened(const labels& f) {
  vector<std::uint64_t> out(f.size());
  apply(out, no_mask, no_accum, identity_op<std::uint64_t>{}, f);
  return out;
}

}  // namespace

vector<std::uint64_t> connected_components(const matrix<bool>& s) {
  return widened(components(edge_sets{s}, s.nrows()));
}

vector<std::uint64_t> connected_components(const formatted_matrix<bool>& s) {
  return widened(components(edge_sets_of<formatted_matrix<bool>>{s}, s.nrows()));
}

vector<std::uint64_t> connected_components(graph& g, const adjacency_format& format) {
  const bool symmetric = g.symmetric();
  if (format.plain_csr()) {
    const matrix<bool> a = structure_of(g, !symmetric);  // Aᵀ: the graph's cached transpose
    if (symmetric) return connected_components(a);
    return widened(components(edge_sets{a, a.transposed()}, a.nrows()));
  }
  // The formats are built at the first product over them (a large graph's sampled rounds may
  // run on derived edge sets alone); kept with g where g keeps its formats.
  const formatted_matrix<bool> f = formatted_structure(g, format, false, !symmetric);
  if (symmetric) return connected_components(f);
  return widened(components(edge_sets_of<formatted_matrix<bool>>{f, f.transposed()}, f.nrows()));
}

}  // namespace graphring::algorithms
