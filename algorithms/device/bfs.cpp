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
#include <string>

#include "algorithms/device/device_algorithms.hpp"
#include "algorithms/graph_matrices.hpp"
#include "engine/device/operations.hpp"
#include "semirings/builtin.hpp"

namespace graphring::algorithms::device {

namespace {

using frontier = device_vector<std::int64_t>;

// One level: the unvisited out-neighbours of the frontier, each with the vertex that reached it.
void expand(frontier& q, const frontier& levels, const device_matrix<bool>& a,
            product_method method) {
  // q<¬levels, replace> = q any.secondi A
  vxm(q, levels, no_accum, any_secondi<std::int64_t>{}, q, a,
      {.replace = true, .structural_mask = true, .complement_mask = true, .method = method});
}

// The edges leaving the frontier: Σ_{v ∈ q} outdeg(v).
std::int64_t frontier_edges(const frontier& q, const frontier& out_degree) {
  frontier degrees(q.size());
  // degrees = outdeg ∩ q
  ewise_mult(degrees, no_mask, no_accum, first_op<std::int64_t>{}, out_degree, q);
  // m_f = ⊕ degrees
  return reduce(plus_monoid<std::int64_t>{}, degrees);
}

// Beamer's rule: the direction of the next step, given the current one.
class direction_rule {
 public:
  direction_rule(const device_matrix<bool>& a, const bfs_options& options)
      : options_(options), n_(a.nrows()), unexplored_(std::int64_t(a.nvals())), out_degree_(n_) {
    // outdeg = ⊕_j A(:, j)
    if (options.direction == bfs_direction::automatic)
      reduce_rows(out_degree_, no_mask, no_accum, plus_monoid<std::int64_t>{}, a);
  }

  product_method next(const frontier& q) {
    if (options_.direction == bfs_direction::push) return product_method::push;
    if (options_.direction == bfs_direction::pull) return product_method::pull;
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
  frontier out_degree_;
};

// A device vector of size n holding the one entry (i, value).
frontier single_entry(std::uint64_t n, vertex_id i, std::int64_t value) {
  vector<std::int64_t> v(n);
  v.set(i, value);
  return frontier::upload(v);
}

}  // namespace

bfs_result bfs(const device_matrix<bool>& a, vertex_id source, const bfs_options& options) {
  const std::uint64_t n = a.nrows();
  if (source >= n)
    throw error(error_kind::usage, "BFS source " + std::to_string(source) +
                                       " is not a vertex of a graph with " + std::to_string(n) +
                                       " vertices");
  frontier q = single_entry(n, source, source);
  frontier levels = single_entry(n, source, 0);
  frontier parents = options.parents ? single_entry(n, source, source) : frontier(0);
  direction_rule rule(a, options);
  for (std::int64_t level = 1;; ++level) {
    expand(q, levels, a, rule.next(q));
    if (q.nvals() == 0) break;
    // levels<q> = level
    assign_scalar(levels, q, no_accum, level, {.structural_mask = true});
    // parents<q> = q
    if (options.parents) assign(parents, q, no_accum, q, {.structural_mask = true});
  }
  return {levels.download(), parents.download()};
}

bfs_result bfs(graph& g, vertex_id source, const bfs_options& options) {
  return bfs(device_matrix<bool>(structure_of(g, options.direction != bfs_direction::push)), source,
             options);
}

}  // namespace graphring::algorithms::device
