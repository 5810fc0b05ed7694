// PageRank on the GPU: the steps of algorithms/pagerank_steps.hpp (the method and its papers are
// there) over device_matrix and device_vector; each product pulls over Aᵀ with a dense w (one
// row's in-edges per group of lanes). Sums are taken in another order than on the CPU, so ranks
// agree to rounding.
#include "algorithms/checks.hpp"
#include "algorithms/device/device_algorithms.hpp"
#include "algorithms/graph_matrices.hpp"
#include "algorithms/pagerank_steps.hpp"
#include "engine/device/operations.hpp"

namespace graphring::algorithms::device {

pagerank_result pagerank(const device_matrix<bool>& a, const pagerank_options& options) {
  check_pagerank_options(options);
  const std::uint64_t n = a.nrows();
  pagerank_result result{vector<double>::dense(n, n ? 1.0 / double(n) : 0.0), 0};
  if (n == 0) return result;
  auto r = device_vector<double>::upload(result.ranks);
  graphring::algorithms::detail::power_iteration(a, options, r, result);
  result.ranks = r.download();
  return result;
}

pagerank_result pagerank(graph& g, const pagerank_options& options) {
  matrix<bool> a = structure_of(g, true);
  const format_kind kind = device_format(options.format, a);
  return pagerank(device_matrix<bool>(std::move(a), kind), options);
}

format_kind device_format(const adjacency_format& f, const matrix<bool>& a) {
  if (f.kind) return *f.kind;
  return choose_format(
      measure_features(csr_matrix{a.nrows(), a.ncols(), a.offsets(), a.cols(), {}}));
}

}  // namespace graphring::algorithms::device
