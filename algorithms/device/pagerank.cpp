// PageRank on the GPU, the power iteration of algorithms/pagerank.cpp [1, 2, 3] on device vectors:
//     r₀ = 1/n
//     r_{k+1} = (1 - d)/n + d·(Σ_{v dangling} r_k(v)) / n + d · Σ_{u→v} r_k(u) / outdeg(u)
// as w = r .* (d / outdeg), r' = teleport + w plus.first A, until ‖r_{k+1} - r_k‖₁ < tolerance
// or max_iterations. Each product pulls over Aᵀ with a dense w (one row's in-edges per group of
// lanes). Sums are taken in another order than on the CPU, so ranks agree to rounding.
//
// [1] Page, Brin, Motwani, Winograd, "The PageRank citation ranking", Stanford TR 1999.
// [2] Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, 2015.
// [3] Mattson et al., "LAGraph: a community effort to collect graph algorithms built on top of
//     the GraphBLAS", IPDPSW 2019.
#include "algorithms/device/device_algorithms.hpp"
#include "algorithms/checks.hpp"
#include "algorithms/graph_matrices.hpp"
#include "engine/device/operations.hpp"
#include "engine/device/operators.hpp"
#include "semirings/builtin.hpp"
#include "semirings/index_ops.hpp"

namespace graphring::algorithms::device {

pagerank_result pagerank(const device_matrix<bool>& a, const pagerank_options& options) {
  check_pagerank_options(options);
  const std::uint64_t n = a.nrows();
  const double d = options.damping;
  pagerank_result result{vector<double>::dense(n, n ? 1.0 / double(n) : 0.0), 0};
  if (n == 0) return result;

  // Step 1: the out-degrees; vertices without an entry are dangling.
  device_vector<double> out_degree(n), share(n);
  // outdeg = ⊕_j A(:, j)
  reduce_rows(out_degree, no_mask, no_accum, plus_monoid<double>{}, a);
  // share = d / outdeg
  apply(share, no_mask, no_accum, bind_first(divide_op<double>{}, d), out_degree);
  device_vector<bool> dangling(n);
  // dangling<¬outdeg> = true
  assign_scalar(dangling, out_degree, no_accum, true,
                {.structural_mask = true, .complement_mask = true});

  // Step 2: power iteration.
  auto r = device_vector<double>::upload(result.ranks);
  device_vector<double> dangling_rank(n), w(n), change(n);
  while (result.iterations < options.max_iterations) {
    // dangling_rank = r ∩ dangling;   lost = ⊕ dangling_rank
    ewise_mult(dangling_rank, no_mask, no_accum, first_op<double>{}, r, dangling);
    const double lost = reduce(plus_monoid<double>{}, dangling_rank);
    // w = r .* share
    ewise_mult(w, no_mask, no_accum, times_op<double>{}, r, share);
    auto next = device_vector<double>::dense(n, (1 - d) / double(n) + d * lost / double(n));
    // next += w plus.first A
    vxm(next, no_mask, plus_op<double>{}, plus_first<double>{}, w, a);
    // change = |next - r|
    ewise_add(change, no_mask, no_accum, absolute_difference_op<double>{}, next, r);
    r = std::move(next);
    ++result.iterations;
    // ‖next - r‖₁ = ⊕ change
    result.change = reduce(plus_monoid<double>{}, change);
    if (result.change < options.tolerance) break;
  }
  result.ranks = r.download();
  return result;
}

pagerank_result pagerank(graph& g, const pagerank_options& options) {
  return pagerank(device_matrix<bool>(structure_of(g, true)), options);
}

}  // namespace graphring::algorithms::device
