// PageRank by power iteration on the CPU: the steps of algorithms/pagerank_steps.hpp (the method
// and its papers are there) over matrix and vector.
#include "algorithms/pagerank.hpp"

#include <type_traits>
#include <utility>

#include "algorithms/checks.hpp"
#include "algorithms/graph_matrices.hpp"
#include "algorithms/pagerank_steps.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/ops/operations.hpp"
#include "engine/ops/vxm_apply_dot.hpp"

namespace graphring::algorithms {

namespace {

// The iteration with ranks of type T; the result's ranks are double.
template <class T, class Matrix>
pagerank_result iterate_in(const Matrix& a, const pagerank_options& options) {
  const std::uint64_t n = a.nrows();
  pagerank_result result;
  auto r = vector<T>::dense(n, n ? T(1) / T(n) : T(0));
  if (n > 0) detail::power_iteration(a, options, r, result);
  if constexpr (std::is_same_v<T, double>) {
    result.ranks = std::move(r);
  } else {
    result.ranks = vector<double>(n);
    // ranks = double(r)
    apply(result.ranks, no_mask, no_accum, identity_op<double>{}, r);
  }
  return result;
}

template <class Matrix>
pagerank_result iterate(const Matrix& a, const pagerank_options& options) {
  check_pagerank_options(options);
  if (options.precision == value_type::float32) return iterate_in<float>(a, options);
  return iterate_in<double>(a, options);
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
  if (options.format.plain_csr()) return pagerank(structure_of(g, true), options);
  return pagerank(formatted_structure(g, options.format, true), options);
}

}  // namespace graphring::algorithms
