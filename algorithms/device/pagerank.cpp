// PageRank on the GPU: the steps of algorithms/pagerank_steps.hpp (the method and its papers are
// there) over device_matrix and device_vector; each product pulls over Aᵀ with a dense w (one
// row's in-edges per group of lanes). Sums are taken in another order than on the CPU, so ranks
// agree to rounding.
#include <type_traits>

#include "algorithms/checks.hpp"
#include "algorithms/device/device_algorithms.hpp"
#include "algorithms/graph_matrices.hpp"
#include "algorithms/pagerank_steps.hpp"
#include "engine/device/operations.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms::device {

namespace {

// The iteration with ranks of type T on the device; the result's ranks are double.
template <class T>
pagerank_result iterate_in(const device_matrix<bool>& a, const pagerank_options& options) {
  const std::uint64_t n = a.nrows();
  pagerank_result result;
  if (n == 0) return result;
  auto r = device_vector<T>::upload(vector<T>::dense(n, T(1) / T(n)));
  graphring::algorithms::detail::power_iteration(a, options, r, result);
  if constexpr (std::is_same_v<T, double>) {
    result.ranks = r.download();
  } else {
    result.ranks = vector<double>(n);
    // ranks = double(r), on the host
    apply(result.ranks, no_mask, no_accum, identity_op<double>{}, r.download());
  }
  return result;
}

}  // namespace

pagerank_result pagerank(const device_matrix<bool>& a, const pagerank_options& options) {
  check_pagerank_options(options);
  if (options.precision == value_type::float32) return iterate_in<float>(a, options);
  return iterate_in<double>(a, options);
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
