// Connected components by FastSV [1], the Shiloach-Vishkin family reduced to vector operations
// as LAGraph runs it [2]. Every vertex holds a parent f, initially the smaller of itself and its
// smallest neighbour; with gp = f(f), the grandparent, and mngp(u) = min over u's neighbours v
// of gp(v), one round does
//     stochastic hooking   f(f(u)) = min(f(f(u)), mngp(u))
//     aggressive hooking   f(u)    = min(f(u), mngp(u))
//     shortcutting         f(u)    = min(f(u), gp(u))
// and recomputes gp = f(f), until gp no longer changes. A round that changed gp then shortcuts
// once more, f = gp and gp = f(f) (a gather of gp(gp) and a copy, two passes over the vertices
// that save whole rounds, docs/kernel-speed-log.md). Every update
// lowers f to a smaller vertex id (gp(u) <= f(u) always), so each tree ends as a star rooted at
// the smallest id of its component, and the result is the same on any number of threads. The
// scatter f(f(u)) = min(...) is an assign with a min accumulator over the repeated indices f(u).
// Sampling, after Afforest [3] as LAGraph's FastSV does it: the rounds first run on at most four
// edges per vertex, which already joins most of a large component; the most frequent root among
// a sample of vertices names that component, its internal edges are dropped (its vertices are
// already one tree), and the rounds finish on the edges that remain, held from their end outside
// that tree (the rows of the vertices outside it): those rows give that end's view of each edge,
// and a push of the outside vertices' grandparents over the same rows the other end's, so that
// any other tree still joins it in both directions and no transpose is formed (no rounds at all
// when every vertex is in that tree, or when no edge is left outside it). A directed graph's
// weak components take the edges of A and of Aᵀ side by side,
// so the undirected graph A ∪ Aᵀ is never formed. Its sample is a vertex's first out-edge and
// first in-edge (faster than the first two of each, which had beaten four): one edge each way
// per vertex, held as two index vectors, out(u) and in(u), u's smallest out- and in-neighbour
// (u itself where it has none; the rows are sorted, so a product stops at a row's first entry).
// A round's mngp is then two gathers, gp(out) min gp(in), where a sample matrix cost a selection
// of each side, their union and a product over its row offsets every round
// (docs/kernel-speed-log.md). Counting u among its own neighbours changes nothing: gp(u) =
// f(f(u)) is no lower than what the hooking writes there, and f(u) = min(f(u), gp(u)) is the
// shortcut. Where the sample does not join every vertex, the rounds on the remaining edges
// finish the job.
//
// [1] Zhang, Azad, Hu, "FastSV: a distributed-memory connected component algorithm with fast
//     convergence", SIAM PP 2020.
// [2] Mattson et al., "LAGraph: a community effort to collect graph algorithms built on top of
//     the GraphBLAS", IPDPSW 2019.
// [3] Sutton, Ben-Nun, Barak, "Optimizing parallel graph connectivity computation via subgraph
//     sampling", IPDPS 2018.
#include "algorithms/cc.hpp"

#include <algorithm>
#include <span>
#include <unordered_map>
#include <vector>

#include "algorithms/graph_matrices.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/ops/operations.hpp"
#include "semirings/named_ops.hpp"

namespace graphring::algorithms {

namespace {

// A label is a vertex id, 32 bits: every pass over the labels moves half the bytes of 64-bit ones
// (docs/kernel-speed-log.md); the result is widened once at the end.
using label = vertex_id;
using labels = vector<label>;

constexpr std::uint64_t sampled_edges = 4;  // per vertex of a symmetric graph, as in LAGraph
// ⊕ = or, ⊗ = ≠: dot(lor_not_equal{}, x, y) tells whether two dense vectors differ anywhere.
using lor_not_equal = semiring<lor_monoid, not_equal_op<label>>;

constexpr std::uint64_t mode_samples = 864;  // vertices whose root votes for the largest component

// The undirected graph's edges as the union of a few matrices: S itself when it is symmetric,
// A and Aᵀ for a directed graph (so A ∪ Aᵀ is never formed). Each step below runs over every
// one of them. The graph's own edge sets may be formatted matrices (the products pull through
// their format); the sets derived from them (samples, remaining edges) are matrices.
template <class E>
using edge_sets_of = std::vector<E>;
using edge_sets = edge_sets_of<matrix<bool>>;

template <class E>
std::uint64_t entries(const edge_sets_of<E>& edges) {
  std::uint64_t total = 0;
  for (const E& e : edges) total += e.nvals();
  return total;
}

// E⟨keep⟩ for every edge set E.
template <class E, class Keep>
edge_sets selected(const edge_sets_of<E>& edges, const Keep& keep) {
  edge_sets out;
  for (const E& e : edges) {
    out.emplace_back(e.nrows(), e.ncols());
    select(out.back(), no_mask, no_accum, keep, plain_matrix(e));
  }
  return out;
}

// f(u) = min(u, the smallest neighbour of u).
template <class E>
labels first_parents(const edge_sets_of<E>& edges, std::uint64_t n) {
  labels f(n);
  // f = 0, 1, ..., n-1
  apply_index(f, no_mask, no_accum, row_index_op{}, labels::dense(n, 0));
  // f = min(f, E min.secondi 1) for every E
  for (const E& e : edges)
    mxv(f, no_mask, min_op<label>{}, min_secondi<label>{}, e, vector<bool>::dense(n, true));
  return f;
}

// mngp(mngp, gp) for edge sets: mngp = min over E of E min.second gp.
template <class E>
auto over_edges(const edge_sets_of<E>& edges) {
  return [&edges](labels& mngp, const labels& gp) {
    mxv(mngp, no_mask, no_accum, min_second<label>{}, edges.front(), gp);
    for (std::size_t k = 1; k < edges.size(); ++k)
      mxv(mngp, no_mask, min_op<label>{}, min_second<label>{}, edges[k], gp);
  };
}

// For each vertex u of E's rows, its smallest neighbour in E (E's rows are sorted, so the product
// stops at a row's first entry), or u itself where its row is empty.
template <class E>
labels smallest_neighbour_or_self(const E& e, std::uint64_t n) {
  labels s(n);
  // s = 0, 1, ..., n-1;  s<E's rows> = E min.secondi 1
  apply_index(s, no_mask, no_accum, row_index_op{}, labels::dense(n, 0));
  mxv(s, no_mask, second_op<label>{}, min_secondi<label>{}, e, vector<bool>::dense(n, true));
  return s;
}

// mngp(mngp, gp) for the edges left after sampling, held from their end outside the largest tree
// (`rest`: the rows of the vertices in `outside`): from that end mngp = min over R of R min.second
// gp, and from the other, gp⟨outside⟩ min.first R pushed over R's rows, so that no Rᵀ is formed
// and the push reads only the outside vertices' rows.
auto over_rest(const edge_sets& rest, const labels& outside) {
  return [&rest, &outside](labels& mngp, const labels& gp) {
    mxv(mngp, no_mask, no_accum, min_second<label>{}, rest.front(), gp);
    for (std::size_t k = 1; k < rest.size(); ++k)
      mxv(mngp, no_mask, min_op<label>{}, min_second<label>{}, rest[k], gp);
    // gp_outside<outside> = gp: the mask's entries only
    labels gp_outside(gp.size());
    assign(gp_outside, outside, no_accum, gp, all_indices, {.structural_mask = true});
    for (const matrix<bool>& r : rest)
      vxm(mngp, no_mask, min_op<label>{}, min_first<label>{}, gp_outside, r,
          {.method = product_method::push});
  };
}

// mngp(mngp, gp) for a sample of one edge each way per vertex (out and in from
// smallest_neighbour_or_self): mngp = gp(out) min gp(in).
auto over_sample(const labels& out, const labels& in) {
  return [&out, &in](labels& mngp, const labels& gp) {
    const std::uint64_t n = gp.size();
    extract(mngp, no_mask, no_accum, gp, std::span<const label>(out.values(), n));
    extract(mngp, no_mask, min_op<label>{}, gp, std::span<const label>(in.values(), n));
  };
}

// FastSV rounds from the forest f until the grandparents settle, min_neighbour_gp(mngp, gp)
// giving each vertex the least grandparent among its neighbours (over_edges, over_sample); f
// ends as stars.
template <class MinNeighbourGp>
void fastsv(const MinNeighbourGp& min_neighbour_gp, labels& f) {
  const std::uint64_t n = f.size();
  labels gp(n), mngp(n), next_gp(n);
  array<label> parent(f.values(), n);
  // gp = f(f)
  extract(gp, no_mask, no_accum, f, std::span<const label>(parent.data(), n));
  for (bool changed = n > 0; changed;) {
    // mngp(u) = min over u's neighbours v of gp(v)
    min_neighbour_gp(mngp, gp);
    // f(f(u)) = min(f(f(u)), mngp(u))                  (stochastic hooking)
    assign(f, no_mask, min_op<label>{}, mngp, std::span<const label>(parent.data(), n));
    // f = min(f, mngp);  f = min(f, gp)                (aggressive hooking, shortcutting)
    apply(f, no_mask, min_op<label>{}, identity_op<label>{}, mngp);
    apply(f, no_mask, min_op<label>{}, identity_op<label>{}, gp);
    // next_gp = f(f)
    extract(next_gp, no_mask, no_accum, f, std::span<const label>(f.values(), n));
    // changed = ⊕_or (next_gp ≠ gp)
    changed = dot(lor_not_equal{}, next_gp, gp);
    std::swap(gp, next_gp);
    if (!changed) break;
    // f = gp;  gp = f(f), as gp(gp)                    (shortcutting once more)
    extract(next_gp, no_mask, no_accum, gp, std::span<const label>(gp.values(), n));
    std::swap(f, gp);
    std::swap(gp, next_gp);
    std::copy(f.values(), f.values() + n, parent.data());
  }
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
  if (n <= 1024 || entries(edges) <= 2 * sampled_edges * n) {
    labels f = first_parents(edges, n);
    fastsv(over_edges(edges), f);
    return f;
  }
  labels f;
  if (edges.size() == 1) {
    // sample = E⟨rank < k⟩, a matrix
    const edge_sets sample = selected(edges, row_rank_lt_op{sampled_edges});
    f = first_parents(sample, n);  // a row's first entry is also its sample's
    fastsv(over_edges(sample), f);
  } else {
    // the sample of A and Aᵀ: u's smallest out- and in-neighbour (or u)
    const labels out = smallest_neighbour_or_self(edges[0], n);
    const labels in = smallest_neighbour_or_self(edges[1], n);
    // f = 0, 1, ..., n-1;  f = min(f, out, in)
    f = labels(n);
    apply_index(f, no_mask, no_accum, row_index_op{}, labels::dense(n, 0));
    apply(f, no_mask, min_op<label>{}, identity_op<label>{}, out);
    apply(f, no_mask, min_op<label>{}, identity_op<label>{}, in);
    fastsv(over_sample(out, in), f);
  }
  const label key = sampled_mode(f);
  // others = f⟨≠ key⟩: none, and every vertex is in key's tree
  labels others(n);
  select(others, no_mask, no_accum, value_ne_op<label>{key}, f);
  if (others.nvals() == 0) return f;
  // R = E⟨f(i) ≠ key⟩ for every E: the remaining edges, each with an end outside key's tree,
  // held from that end (A and Aᵀ, or a symmetric S, hold every edge from both ends). None left:
  // the sample has joined every vertex that has an edge (the others have none).
  const label* root = f.values();
  const edge_sets rest =
      selected(edges, row_where_op{[root, key](std::uint64_t i) { return root[i] != key; }});
  if (entries(rest) == 0) return f;
  // FastSV needs them both ways round: over_rest pushes each from its outside end
  fastsv(over_rest(rest, others), f);
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
  const matrix<bool> a = structure_of(g, !symmetric);  // Aᵀ: the graph's cached transpose
  if (format.plain_csr()) {
    if (symmetric) return connected_components(a);
    return widened(components(edge_sets{a, a.transposed()}, a.nrows()));
  }
  // The formats are built at the first product over them (a large graph's sampled rounds may
  // run on derived edge sets alone).
  const formatted_matrix<bool> f(a, format, format_build::on_first_use);
  if (symmetric) return connected_components(f);
  return widened(components(edge_sets_of<formatted_matrix<bool>>{f, f.transposed()}, a.nrows()));
}

}  // namespace graphring::algorithms
