// PageRank by power iteration on the CPU: the steps of algorithms/pagerank_steps.hpp (the method
// and its papers are there) over matrix and vector.
#include "algorithms/pagerank.hpp"

#include "algorithms/checks.hpp"
#include "algorithms/graph_matrices.hpp"
#include "algorithms/pagerank_steps.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms {

pagerank_result pagerank(const matrix<bool>& a, const pagerank_options& options) {
  check_pagerank_options(options);
  const std::uint64_t n = a.nrows();
  pagerank_result result{vector<double>::dense(n, n ? 1.0 / double(n) : 0.0), 0};
  if (n > 0) detail::power_iteration(a, options, result.ranks, result);
  return result;
}

pagerank_result pagerank(graph& g, const pagerank_options& options) {
  return pagerank(structure_of(g, true), options);
}

}  // namespace graphring::algorithms
