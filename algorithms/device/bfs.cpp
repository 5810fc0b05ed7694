// Breadth-first search on the GPU, the method of algorithms/bfs.cpp [1, 2] on device vectors:
// one level is one masked product over the ANY_SECONDI semiring,
//     q<¬levels> = q any.secondi A,
// whose multiply returns k, the frontier vertex an edge leaves from, so q(v) is a parent of v.
// A push step expands the sparse frontier's edges one thread per edge (load-balanced, with
// stores into a workspace); a pull step lets every unvisited vertex gather over its in-edges
// (rows of Aᵀ) and stop at its first visited in-neighbour, all lanes of a row voting to stop.
// Beamer's rule picks the direction (α = 15, β = 18 as in GAP [3]); levels equal the CPU's,
// parents form a valid BFS tree (which one depends on the order threads finish).
//
// [1] Kepner & Gilbert (eds.), "Graph Algorithms in the Language of Linear Algebra", SIAM 2011.
// [2] Beamer, Asanović, Patterson, "Direction-optimizing breadth-first search", SC 2012.
// [3] Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, 2015.

#include "algorithms/bfs_direction.hpp"
#include "algorithms/checks.hpp"
#include "algorithms/device/device_algorithms.hpp"
#include "algorithms/graph_matrices.hpp"
#include "engine/device/operations.hpp"
#include "semirings/builtin.hpp"

namespace graphring::algorithms::device {

namespace {

using frontier = device_vector<std::int64_t>;

// A device vector of size n holding the one entry (i, value).
frontier single_entry(std::uint64_t n, vertex_id i, std::int64_t value) {
  vector<std::int64_t> v(n);
  v.set(i, value);
  return frontier::upload(v);
}

}  // namespace

bfs_result bfs(const device_matrix<bool>& a, vertex_id source, const bfs_options& options) {
  const std::uint64_t n = a.nrows();
  detail::check_kept(options);
  check_source("BFS", source, n);
  frontier q = single_entry(n, source, source);
  frontier levels = options.levels ? single_entry(n, source, 0) : frontier(0);
  frontier parents = options.parents ? single_entry(n, source, source) : frontier(0);
  std::vector<bfs_direction> steps;
  detail::search_levels(a, q, levels, parents, options, steps);
  return {levels.download(), parents.download(), std::move(steps)};
}

bfs_result bfs(graph& g, vertex_id source, const bfs_options& options) {
  matrix<bool> a = structure_of(g, options.direction != bfs_direction::push);
  const format_kind kind = device_format(options.format, a);
  return bfs(device_matrix<bool>(std::move(a), kind), source, options);
}

}  // namespace graphring::algorithms::device
