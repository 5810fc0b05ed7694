// Breadth-first search in the language of linear algebra [1]: the frontier q is a vector and one
// level is one masked product over the ANY_SECONDI semiring,
//     q<¬levels> = q any.secondi A,
// whose multiply returns k, the frontier vertex an edge leaves from, so q(v) is a parent of v and
// the ANY monoid keeps whichever one it meets first.
//
// Direction optimization [2]: a push step scatters a sparse frontier over its out-edges (cost:
// the frontier's edges m_f); a pull step lets every unvisited vertex gather over its in-edges
// (rows of Aᵀ) and stop at its first visited in-neighbour (cost: at most the unexplored edges
// m_u). Beamer's rule switches push -> pull when m_f > m_u / α and back when the frontier shrinks
// below n / β; α = 15 and β = 18 are GAP's defaults [3]. The levels are unique; the parents are
// one valid BFS tree, which may depend on the direction and the thread count.
//
// [1] Kepner & Gilbert (eds.), "Graph Algorithms in the Language of Linear Algebra", SIAM 2011.
// [2] Beamer, Asanović, Patterson, "Direction-optimizing breadth-first search", SC 2012.
// [3] Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, 2015.
#include "algorithms/bfs.hpp"

#include "algorithms/bfs_direction.hpp"
#include "algorithms/checks.hpp"
#include "algorithms/graph_matrices.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/ops/operations.hpp"
#include "engine/ops/vxm_mark.hpp"

namespace graphring::algorithms {

namespace {
using frontier = vector<std::int64_t>;

template <class Matrix>
bfs_result search(const Matrix& a, vertex_id source, const bfs_options& options) {
  const std::uint64_t n = a.nrows();
  detail::check_kept(options);
  check_source("BFS", source, n);
  bfs_result r{vector<std::int64_t>(options.levels ? n : 0),
               vector<std::int64_t>(options.parents ? n : 0),
               {}};
  // levels and parents are bitmaps from the start, as GAP's parent array is dense: each level
  // writes its new entries in place and its product reads them as its mask, where a sparse
  // record would be merged and spread again at every level (assign_at_mask keeps them bitmaps).
  for (auto* kept : {&r.levels, &r.parents})
    if (kept->size() > 0) kept->to_bitmap();
  frontier q(n);
  q.set(source, source);
  if (options.levels) r.levels.set(source, 0);
  if (options.parents) r.parents.set(source, source);
  detail::search_levels(a, q, r.levels, r.parents, options, r.steps);
  for (auto* kept : {&r.levels, &r.parents})
    if (kept->size() > 0) kept->conform();
  return r;
}

}  // namespace

bfs_result bfs(const matrix<bool>& a, vertex_id source, const bfs_options& options) {
  return search(a, source, options);
}

bfs_result bfs(const formatted_matrix<bool>& a, vertex_id source, const bfs_options& options) {
  return search(a, source, options);
}

bfs_result bfs(graph& g, vertex_id source, const bfs_options& options) {
  const bool pulls = options.direction != bfs_direction::push;
  // Stored compressed: pulls read the format, pushes gather the frontier's rows from it.
  if (auto stored = stored_structure(g, options.format)) return bfs(*stored, source, options);
  if (options.format.plain_csr()) return bfs(structure_of(g, pulls), source, options);
  return bfs(formatted_structure(g, options.format, pulls), source, options);
}

bfs_result bfs_push(graph& g, vertex_id source, bool parents) {
  return bfs(g, source, {.parents = parents, .direction = bfs_direction::push});
}

bfs_result bfs_pull(graph& g, vertex_id source, bool parents) {
  return bfs(g, source, {.parents = parents, .direction = bfs_direction::pull});
}

}  // namespace graphring::algorithms
