// Betweenness centrality by Brandes' algorithm [1] in its batched linear-algebra form [2, 3]:
// a batch of k sources is a k × n matrix, row b belonging to source s_b.
// Forward, breadth-first, counting shortest paths σ:
//     σ = I(sources);    F<¬σ> = σ plus.first A
//     repeat: S_d = F, σ += F, F<¬σ> = F plus.first A   until F is empty
// where S_d holds the vertices at depth d + 1 with their path counts.
// Backward, accumulating dependencies δ through u = 1 + δ (starting at 1):
//     for d = D-1 .. 1:   W<S_d> = u ./ σ;   W<S_{d-1}> = W plus.first Aᵀ;   u += W .* σ
// which is δ(v) = Σ_{v→w, w one level deeper} σ(v)/σ(w) · (1 + δ(w)).
// Then bc(v) = Σ_b (u(b, v) - 1). Sums of floating products: the last bits may vary with the
// thread count.
//
// [1] Brandes, "A faster algorithm for betweenness centrality", J. Math. Sociology 2001.
// [2] Buluç & Gilbert, "The Combinatorial BLAS", IJHPCA 2011 (batched BC).
// [3] Mattson et al., "LAGraph: a community effort to collect graph algorithms built on top of
//     the GraphBLAS", IPDPSW 2019.
#include "algorithms/bc.hpp"

#include <algorithm>
#include <vector>

#include "algorithms/graph_matrices.hpp"
#include "engine/io/load.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms {

namespace {

using batch_matrix = matrix<double>;

// A k × n matrix with every entry equal to `value`.
batch_matrix filled(std::uint64_t k, std::uint64_t n, double value) {
  array<edge_offset> offsets(k + 1);
  array<vertex_id> cols(k * n);
  for (std::uint64_t b = 0; b <= k; ++b) offsets[b] = b * n;
  for (std::uint64_t p = 0; p < k * n; ++p) cols[p] = vertex_id(p % n);
  return batch_matrix(k, n, share(std::move(offsets)), share(std::move(cols)), {}, value);
}

// Σ_s δ_s(v) over one batch of sources.
vector<double> batch_dependencies(const matrix<bool>& a, std::span<const vertex_id> sources) {
  const std::uint64_t k = sources.size(), n = a.nrows();
  array<vertex_id> rows(k), cols(k);
  for (std::uint64_t b = 0; b < k; ++b) {
    rows[b] = vertex_id(b);
    cols[b] = sources[b];
  }
  // Step 1: forward sweep.
  batch_matrix paths = batch_matrix::from_tuples(k, n, rows, cols, array<double>(k, 1.0));
  batch_matrix frontier(k, n);
  const descriptor unvisited{.replace = true, .structural_mask = true, .complement_mask = true};
  // F<¬σ> = σ plus.first A
  mxm(frontier, paths, no_accum, plus_first<double>{}, paths, a, unvisited);
  std::vector<batch_matrix> levels;
  while (frontier.nvals() > 0) {
    levels.push_back(frontier);
    // σ += F
    ewise_add(paths, no_mask, no_accum, plus_op<double>{}, paths, frontier);
    // F<¬σ> = F plus.first A
    mxm(frontier, paths, no_accum, plus_first<double>{}, frontier, a, unvisited);
  }

  // Step 2: backward sweep.
  batch_matrix u = filled(k, n, 1.0), w(k, n);
  const descriptor within{.replace = true, .structural_mask = true};
  for (std::size_t d = levels.size(); d-- > 1;) {
    // W<S_d> = u ./ σ
    ewise_mult(w, levels[d], no_accum, [](double x, double y) { return x / y; }, u, paths, within);
    // W<S_{d-1}> = W plus.first Aᵀ
    mxm(w, levels[d - 1], no_accum, plus_first<double>{}, w, a,
        {.replace = true, .structural_mask = true, .transpose_second = true});
    // u += W .* σ
    ewise_mult(u, no_mask, plus_op<double>{}, times_op<double>{}, w, paths);
  }

  // Step 3: bc(v) = Σ_b u(b, v) - k
  vector<double> column_sums(n);
  reduce_rows(column_sums, no_mask, no_accum, plus_monoid<double>{}, u, {.transpose_first = true});
  apply(column_sums, no_mask, no_accum, [k](double x) { return x - double(k); }, column_sums);
  return column_sums;
}

}  // namespace

vector<double> betweenness(const matrix<bool>& a, std::span<const vertex_id> sources,
                           std::uint64_t batch) {
  const std::uint64_t n = a.nrows();
  for (vertex_id s : sources)
    if (s >= n) throw error(error_kind::usage, "betweenness source " + std::to_string(s) + " is out of range");
  std::vector<vertex_id> sorted(sources.begin(), sources.end());
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    throw error(error_kind::usage, "betweenness sources must not repeat");
  auto bc = vector<double>::dense(n, 0.0);
  batch = std::max<std::uint64_t>(batch, 1);
  for (std::uint64_t first = 0; first < sources.size(); first += batch) {
    const auto part = sources.subspan(first, std::min<std::uint64_t>(batch, sources.size() - first));
    // bc += δ(batch)
    ewise_add(bc, no_mask, no_accum, plus_op<double>{}, bc, batch_dependencies(a, part));
  }
  return bc;
}

vector<double> betweenness(graph& g, std::span<const vertex_id> sources) {
  std::vector<vertex_id> every;
  if (sources.empty()) {
    every.resize(g.vertices());
    for (std::uint64_t v = 0; v < every.size(); ++v) every[v] = vertex_id(v);
    sources = every;
  }
  if (g.duplicate_edges() == 0) return betweenness(structure_of(g, false), sources);
  const graph simple = rebuild(g, {.duplicates = duplicate_policy::first});
  const csr_matrix& a = simple.adjacency();
  return betweenness(matrix<bool>::from_csr({a.nrows, a.ncols, a.offsets, a.cols, {}}, true),
                     sources);
}

}  // namespace graphring::algorithms
