// Graph algorithms written with the GraphBLAS C API the way LAGraph writes them [1], as the
// baselines graphring is measured against: direction-optimizing BFS with ANY_SECONDI and a cached
// transpose, PageRank with dangling rank spread uniformly, SSSP by delta-stepping and by
// Bellman-Ford over min_plus, FastSV connected components with sampling [2], masked-mxm triangle
// counting (L·Lᵀ masked by L) [3], batched Brandes betweenness centrality [4], and a user-defined
// (distance, count) semiring. Results use internal ids 0..n-1.
// [1] Mattson et al., "LAGraph: a community effort to collect graph algorithms built on top of
//     the GraphBLAS", IPDPSW 2019.  [2] Zhang, Azad, Hu, "FastSV", SIAM PP 2020.
// [3] Azad, Buluç, Gilbert, "Parallel triangle counting and enumeration using matrix algebra",
//     IPDPSW 2015.  [4] Brandes, "A faster algorithm for betweenness centrality", 2001.
#pragma once

#include <cstdint>
#include <vector>

#include "bench/baselines/graphblas_kernels.hpp"
#include "bench/baselines/graphblas_matrix.hpp"
#include "bench/baselines/graphblas_user_semiring.hpp"
#include "semirings/examples/shortest_path_count.hpp"

namespace graphring::baselines {

struct bfs_result {
  std::vector<std::int64_t> levels;   // -1 when unreached
  std::vector<std::int64_t> parents;  // -1 when unreached; the source is its own parent
};

// BFS from `source`. Push steps: q<¬π> = q any.secondi A; pull steps: q<¬π> = Aᵀ any.secondi q,
// chosen by Beamer's rule (edges out of the frontier against unexplored edges / alpha, frontier
// shrinking below n / beta). Needs g.at() for pull steps (computed when absent).
bfs_result graphblas_bfs(graphblas_graph& g, std::uint64_t source, double alpha = 15,
                         double beta = 18);
// Push steps only (needs no transpose).
bfs_result graphblas_bfs_push(const graphblas_graph& g, std::uint64_t source);

struct pagerank_result {
  std::vector<double> ranks;  // sums to 1
  int iterations = 0;
};

// PageRank in double precision: r = (1-d)/n + d·(Aᵀ (r ./ outdeg) + Σ_sinks r / n), from r = 1/n,
// until ‖r - r_prev‖₁ < tol or max_iters iterations (tol = 0: exactly max_iters, as LDBC runs it).
// Edge weights are ignored, unless `multiplicities`: then A's values count each edge's copies (a
// multigraph, made by edge_multiplicities), a vertex's out-degree is its row's sum and an in-edge
// passes its share that many times, as graphring and Boost count repeated edges. Uses g.at().
pagerank_result graphblas_pagerank(graphblas_graph& g, double damping = 0.85, double tol = 1e-7,
                                   int max_iters = 100, bool multiplicities = false);

// Distances from `source` (infinity when unreached); g must hold FP64 weights (1 for a pattern).
// Delta-stepping needs non-negative weights; delta <= 0 picks the mean edge weight.
std::vector<double> graphblas_sssp_delta_stepping(const graphblas_graph& g, std::uint64_t source,
                                                  double delta = 0);
// Bellman-Ford (frontier form: only vertices improved in the last round relax their edges);
// throws error_kind::bad_input when a negative cycle is reachable from the source.
std::vector<double> graphblas_sssp_bellman_ford(const graphblas_graph& g, std::uint64_t source);

// Weakly connected components by FastSV with LAGraph's sampling on A ∪ Aᵀ (A itself when
// symmetric; graphblas_components.cpp): every vertex gets the smallest id in its component.
std::vector<std::uint64_t> graphblas_connected_components(graphblas_graph& g);

// Triangles of the undirected graph A ∪ Aᵀ without self-loops: sum(L .* (L plus.pair Lᵀ)).
std::uint64_t graphblas_triangle_count(graphblas_graph& g);

// Brandes' betweenness centrality from the given sources (all at once, as one batch), edge
// weights ignored, paths directed as A stores them; pass every vertex for exact centrality.
// Uses g.at().
std::vector<double> graphblas_betweenness(graphblas_graph& g,
                                          const std::vector<std::uint64_t>& sources);

// The user-defined semiring of semirings/examples/shortest_path_count.hpp in GraphBLAS:
// GrB_Type for path_count, ⊕ (shorter wins, counts of ties added) as a GrB_Monoid, ⊗ (extend a
// path by an FP64 edge weight), created once per process after graphblas_start.
const graphblas_user_semiring& graphblas_path_count_semiring();

// w = u ⊕.⊗ A over that semiring (a is FP64; the bench times the GrB_vxm call itself).
sparse_vector<examples::path_count> graphblas_path_count_vxm(
    const sparse_vector<examples::path_count>& u, GrB_Matrix a);

}  // namespace graphring::baselines
