// PageRank by power iteration on the CPU: the steps of algorithms/pagerank_steps.hpp (the method
// and its papers are there) over matrix and vector.
#include "algorithms/pagerank.hpp"

#include "algorithms/checks.hpp"
#include "algorithms/graph_matrices.hpp"
#include "algorithms/pagerank_steps.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/ops/operations.hpp"
#include "engine/ops/vxm_apply_dot.hpp"

namespace graphring::algorithms {

namespace {

template <class Matrix>
pagerank_result iterate(const Matrix& a, const pagerank_options& options) {
  check_pagerank_options(options);
  const std::uint64_t n = a.nrows();
  pagerank_result result{vector<double>::dense(n, n ? 1.0 / double(n) : 0.0), 0};
  if (n > 0) detail::power_iteration(a, options, result.ranks, result);
  return result;
}

}  // namespace

pagerank_result pagerank(const matrix<bool>& a, const pagerank_options& options) {
  return iterate(a, options);
}

pagerank_result pagerank(const formatted_matrix<bool>& a, const pagerank_options& options) {
  return iterate(a, options);
}

pagerank_result pagerank(graph& g, const pagerank_options& options) {
  if (auto stored = stored_structure(g, options.format)) return pagerank(*stored, options);
  matrix<bool> a = structure_of(g, true);
  if (options.format.plain_csr()) return pagerank(a, options);
  return pagerank(formatted_for_vxm(std::move(a), options.format, true), options);
}

}  // namespace graphring::algorithms
