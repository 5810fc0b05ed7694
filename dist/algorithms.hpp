// graphring's algorithms over CombBLAS on MPI, each a loop of the distributed vxm (dist/vxm.hpp)
// over a graphring semiring and element-wise steps on each process's part of the vectors:
//   BFS       frontier f: t = f any.secondi A (t(j) = a k with k -> j, a valid parent), then
//             f = t⟨¬visited⟩, parents<f> = f, levels<f> = depth [Kepner & Gilbert 2011]
//   SSSP      Bellman-Ford: t = f min.+ A, f = t⟨t < dist⟩, dist<f> = f, until f is empty; a
//             round n that still improves proves a negative cycle
//   PageRank  the power iteration of algorithms/pagerank_steps.hpp (dangling rank spread alike)
//             with one dense plus.times product per iteration
//   CC        min-label propagation over the undirected graph: f = t⟨t < label⟩ for
//             t = f min.first (A ∪ Aᵀ), from every vertex's own id; the smallest id per component
//             (CombBLAS's own BFS and FastSV components live in its applications, which Debian's
//             libcombblas-dev does not install)
// Each process brings its share of A's edges (local_edges.hpp: its rows of a graph, or its share of
// a generator's), whose entries of Aᵀ it sends to their blocks' owners (distributed_matrix.hpp).
// Results come back whole on the root process and empty on the others.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/pagerank.hpp"
#include "dist/local_edges.hpp"
#include "dist/process_grid.hpp"

namespace graphring::dist {

// Where a run's time went, measured between barriers (so the slowest process sets it): building
// the blocks of Aᵀ, then the algorithm's loop; its steps (BFS levels, SSSP rounds, PageRank
// iterations, CC propagation rounds); the entries of all the products' input vectors together
// (all processes', so n per PageRank iteration), which the communication model of
// docs/distributed.md counts in; and the bytes this process sent in the loop
// (communication_volume.hpp), the result's gathering on the root left out.
struct run_record {
  double build_seconds = 0;
  double run_seconds = 0;
  std::uint64_t steps = 0;
  std::uint64_t matrix_entries = 0;  // Aᵀ's, all blocks together
  std::uint64_t input_entries = 0;
  std::uint64_t bytes_sent = 0;
};

struct bfs_result {
  std::vector<std::int64_t> levels;   // -1 where unreached
  std::vector<std::int64_t> parents;  // -1 where unreached; the source's is itself
};

bfs_result bfs(const process_grid& procs, const local_edges& edges, vertex_id source,
               run_record& record);

// Distances (+inf where unreached) along A's weights as double (1 for a pattern graph), by
// Bellman-Ford, negative weights included. The same error on every process, as graphring's sssp
// words it: error_kind::bad_input for a NaN weight (each process checks its block's) or a negative
// cycle reachable from the source; error_kind::usage for a negative weight when
// `refuse_negative` (graphring refuses --delta then).
std::vector<double> sssp(const process_grid& procs, const local_edges& edges, vertex_id source,
                         bool refuse_negative, run_record& record);

struct pagerank_result {
  std::vector<double> ranks;
  int iterations = 0;
  double change = 0;  // ‖r - r_prev‖₁ of the last iteration
};

pagerank_result pagerank(const process_grid& procs, const local_edges& edges,
                         const algorithms::pagerank_options& options, run_record& record);

// For every vertex the smallest vertex id in its weakly connected component (over A's edges alone
// when edges.symmetric(), else A's and their reverses).
std::vector<std::uint64_t> components(const process_grid& procs, const local_edges& edges,
                                      run_record& record);

}  // namespace graphring::dist
