// Betweenness centrality by Brandes' algorithm [1] in its batched linear-algebra form [2, 3]:
// a batch of k sources is a k × n matrix, row b belonging to source s_b.
// Forward, breadth-first, counting shortest paths σ:
//     σ = I(sources);    F<¬σ> = σ plus.first A
//     repeat: S_d = F, σ += F, F<¬σ> = F plus.first A   until F is empty
// where S_d holds the vertices at depth d + 1 with their path counts.
// Backward, a level at a time, with Δ_d the dependencies δ of the vertices in S_d (whose values
// are their path counts σ_d; Δ is empty for the deepest level):
//     for d = D-1 .. 1:   W = (1 + Δ_d) ./ σ_d;   C<S_{d-1}> = W plus.first Aᵀ;
//                         Δ_{d-1} = C .* σ_{d-1};  bc += ⊕_b Δ_{d-1}(b, :)
// which is δ(v) = Σ_{v→w, w one level deeper} σ(v)/σ(w) · (1 + δ(w)). Each step touches one level,
// not the whole k × n batch: a dense u = 1 + δ updated at every level costs a deep graph most of
// BC's time (docs/kernel-speed-log.md). Sums of floating products: the last bits may vary with
// the thread count.
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
#include "engine/ops/mxm_format.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms {

namespace {

using batch_matrix = matrix<double>;

// Σ_s δ_s(v) over one batch of sources; a is a matrix or a formatted matrix (whose products
// gather the rows they read from its format: engine/ops/mxm_format.hpp).
template <class Matrix>
vector<double> batch_dependencies(const Matrix& a, std::span<const vertex_id> sources) {
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
  auto bc = vector<double>::dense(n, 0.0);
  const auto ones = vector<double>::dense(k, 1.0);
  batch_matrix deps(k, n), w(k, n), c(k, n);
  for (std::size_t d = levels.size(); d-- > 1;) {
    // W = 1 ./ σ_d;  W += Δ_d .* W
    apply(
        w, no_mask, no_accum, [](double sigma) { return 1.0 / sigma; }, levels[d]);
    ewise_mult(w, no_mask, plus_op<double>{}, times_op<double>{}, deps, w);
    // C<S_{d-1}> = W plus.first Aᵀ;  Δ_{d-1} = C .* σ_{d-1}
    mxm(c, levels[d - 1], no_accum, plus_first<double>{}, w, a,
        {.replace = true, .structural_mask = true, .transpose_second = true});
    ewise_mult(deps, no_mask, no_accum, times_op<double>{}, c, levels[d - 1]);
    // bc += ⊕_b Δ_{d-1}(b, :), pushed from Δ's entries alone
    vxm(bc, no_mask, plus_op<double>{}, plus_second<double>{}, ones, deps,
        {.method = product_method::push});
  }
  return bc;
}

template <class Matrix>
vector<double> dependencies(const Matrix& a, std::span<const vertex_id> sources,
                            std::uint64_t batch) {
  const std::uint64_t n = a.nrows();
  for (vertex_id s : sources)
    if (s >= n)
      throw error(error_kind::usage,
                  "betweenness source " + std::to_string(s) + " is out of range");
  std::vector<vertex_id> sorted(sources.begin(), sources.end());
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    throw error(error_kind::usage, "betweenness sources must not repeat");
  auto bc = vector<double>::dense(n, 0.0);
  batch = std::max<std::uint64_t>(batch, 1);
  for (std::uint64_t first = 0; first < sources.size(); first += batch) {
    const auto part =
        sources.subspan(first, std::min<std::uint64_t>(batch, sources.size() - first));
    // bc += δ(batch)
    ewise_add(bc, no_mask, no_accum, plus_op<double>{}, bc, batch_dependencies(a, part));
  }
  return bc;
}

}  // namespace

vector<double> betweenness(const matrix<bool>& a, std::span<const vertex_id> sources,
                           std::uint64_t batch) {
  return dependencies(a, sources, batch);
}

vector<double> betweenness(const formatted_matrix<bool>& a, std::span<const vertex_id> sources,
                           std::uint64_t batch) {
  return dependencies(a, sources, batch);
}

vector<double> betweenness(graph& g, std::span<const vertex_id> sources,
                           const adjacency_format& format) {
  std::vector<vertex_id> every;
  if (sources.empty()) {
    every.resize(g.vertices());
    for (std::uint64_t v = 0; v < every.size(); ++v) every[v] = vertex_id(v);
    sources = every;
  }
  // a in CSR, or in `format` (built at its first product).
  auto over = [&](matrix<bool> a) {
    if (format.plain_csr()) return betweenness(a, sources);
    return betweenness(formatted_matrix<bool>(std::move(a), format, format_build::on_first_use),
                       sources);
  };
  if (g.duplicate_edges() == 0) {
    // Stored compressed: the products read A's (and Aᵀ's) rows from the file's format.
    if (auto stored = stored_structure(g, format)) return betweenness(*stored, sources);
    // In a format, the one g keeps where it keeps its formats (graph::keep_formats).
    if (!format.plain_csr()) return betweenness(formatted_structure(g, format, false), sources);
    return over(structure_of(g, false));
  }
  const graph simple = rebuild(g, {.duplicates = duplicate_policy::first});
  const csr_matrix& a = simple.adjacency();
  return over(matrix<bool>::from_csr({a.nrows, a.ncols, a.offsets, a.cols, {}}, true));
}

}  // namespace graphring::algorithms
