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

#include "algorithms/graph_matrices.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms {

namespace {

using frontier = vector<std::int64_t>;

// One level: the unvisited out-neighbours of the frontier, each with the vertex that reached it.
void expand(frontier& q, const vector<std::int64_t>& levels, const matrix<bool>& a,
            product_method method) {
  // q<¬levels, replace> = q any.secondi A
  vxm(q, levels, no_accum, any_secondi<std::int64_t>{}, q, a,
      {.replace = true, .structural_mask = true, .complement_mask = true, .method = method});
}

// The edges leaving the frontier: Σ_{v ∈ q} outdeg(v).
std::int64_t frontier_edges(const frontier& q, const vector<std::int64_t>& out_degree) {
  frontier degrees(q.size());
  // degrees = outdeg ∩ q
  ewise_mult(degrees, no_mask, no_accum, first_op<std::int64_t>{}, out_degree, q);
  // m_f = ⊕ degrees
  return reduce(plus_monoid<std::int64_t>{}, degrees);
}

// Beamer's rule: the direction of the next step, given the current one.
class direction_rule {
 public:
  direction_rule(const matrix<bool>& a, const bfs_options& options)
      : options_(options), n_(a.nrows()), unexplored_(std::int64_t(a.nvals())), out_degree_(n_) {
    // outdeg = ⊕_j A(:, j)   (row counts of the structure)
    if (options.direction == bfs_direction::automatic)
      reduce_rows(out_degree_, no_mask, no_accum, plus_monoid<std::int64_t>{}, a);
  }

  product_method next(const frontier& q) {
    switch (options_.direction) {
      case bfs_direction::push:
        return product_method::push;
      case bfs_direction::pull:
        return product_method::pull;
      default:
        break;
    }
    const std::int64_t size = std::int64_t(q.nvals());
    const std::int64_t edges = frontier_edges(q, out_degree_);
    if (!pulling_ && double(edges) > double(unexplored_) / options_.alpha) {
      pulling_ = true;
    } else if (pulling_ && size < last_size_ && double(size) < double(n_) / options_.beta) {
      pulling_ = false;
    }
    unexplored_ -= edges;
    last_size_ = size;
    return pulling_ ? product_method::pull : product_method::push;
  }

 private:
  bfs_options options_;
  std::uint64_t n_;
  std::int64_t unexplored_;
  std::int64_t last_size_ = 0;
  bool pulling_ = false;
  vector<std::int64_t> out_degree_;
};

}  // namespace

bfs_result bfs(const matrix<bool>& a, vertex_id source, const bfs_options& options) {
  const std::uint64_t n = a.nrows();
  if (source >= n)
    throw error(error_kind::usage, "BFS source " + std::to_string(source) +
                                       " is not a vertex of a graph with " + std::to_string(n) +
                                       " vertices");
  bfs_result r{vector<std::int64_t>(n), vector<std::int64_t>(options.parents ? n : 0)};
  frontier q(n);
  q.set(source, source);
  r.levels.set(source, 0);
  if (options.parents) r.parents.set(source, source);
  direction_rule rule(a, options);
  for (std::int64_t level = 1;; ++level) {
    expand(q, r.levels, a, rule.next(q));
    if (q.nvals() == 0) break;
    // levels<q> = level
    assign_scalar(r.levels, q, no_accum, level, all_indices, {.structural_mask = true});
    // parents<q> = q
    if (options.parents) assign(r.parents, q, no_accum, q, all_indices, {.structural_mask = true});
  }
  return r;
}

bfs_result bfs(graph& g, vertex_id source, const bfs_options& options) {
  return bfs(structure_of(g, options.direction != bfs_direction::push), source, options);
}

bfs_result bfs_push(graph& g, vertex_id source, bool parents) {
  return bfs(g, source, {.parents = parents, .direction = bfs_direction::push});
}

bfs_result bfs_pull(graph& g, vertex_id source, bool parents) {
  return bfs(g, source, {.parents = parents, .direction = bfs_direction::pull});
}

}  // namespace graphring::algorithms
