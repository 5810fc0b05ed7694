// PageRank by power iteration [1], in the form GAP and LAGraph use [2, 3]:
//     r₀ = 1/n
//     r_{k+1} = (1 - d)/n + d·(Σ_{v dangling} r_k(v)) / n + d · Σ_{u→v} r_k(u) / outdeg(u)
// where d is the damping factor and a dangling vertex (no out-edges) hands its rank to every
// vertex alike, so Σ r = 1 at every step. As linear algebra: w = r .* (d / outdeg), then
// r' = teleport + w plus.first A. The loop stops when ‖r_{k+1} - r_k‖₁ < tolerance or after
// max_iterations; the result says how many iterations ran. Floating-point sums may differ in
// the last bits with the thread count (a long row is summed in pieces).
//
// [1] Page, Brin, Motwani, Winograd, "The PageRank citation ranking", Stanford TR 1999.
// [2] Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, 2015.
// [3] Mattson et al., "LAGraph: a community effort to collect graph algorithms built on top of
//     the GraphBLAS", IPDPSW 2019.
#include "algorithms/pagerank.hpp"

#include <cmath>

#include "algorithms/checks.hpp"
#include "algorithms/graph_matrices.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms {

pagerank_result pagerank(const matrix<bool>& a, const pagerank_options& options) {
  check_pagerank_options(options);
  const std::uint64_t n = a.nrows();
  const double d = options.damping;
  pagerank_result result{vector<double>::dense(n, n ? 1.0 / double(n) : 0.0), 0};
  if (n == 0) return result;

  // Step 1: the out-degrees; vertices without an entry are dangling.
  vector<double> out_degree(n);
  // outdeg = ⊕_j A(:, j)
  reduce_rows(out_degree, no_mask, no_accum, plus_monoid<double>{}, a);
  // share<outdeg> = d / outdeg, 0 elsewhere (dangling): dense, so every product below reads
  // a dense vector
  vector<double> share = vector<double>::dense(n, 0);
  apply(share, out_degree, no_accum, [d](double x) { return d / x; }, out_degree,
        {.structural_mask = true});
  // dangling<¬outdeg> = 1, 0 elsewhere: dense too, so that lost = ⊕ (r .* dangling) below is
  // two passes over dense arrays (as a bitmap of the dangling vertices it took 3x longer)
  vector<double> dangling = vector<double>::dense(n, 0);
  assign_scalar(dangling, out_degree, no_accum, 1.0, all_indices,
                {.structural_mask = true, .complement_mask = true});

  // Step 2: power iteration.
  vector<double>& r = result.ranks;
  vector<double> dangling_rank(n), w(n), change(n);
  while (result.iterations < options.max_iterations) {
    // dangling_rank = r .* dangling;   lost = ⊕ dangling_rank
    ewise_mult(dangling_rank, no_mask, no_accum, times_op<double>{}, r, dangling);
    const double lost = reduce(plus_monoid<double>{}, dangling_rank);
    // w = r .* share
    ewise_mult(w, no_mask, no_accum, times_op<double>{}, r, share);
    auto next = vector<double>::dense(n, (1 - d) / double(n) + d * lost / double(n));
    // next += w plus.first A
    vxm(next, no_mask, plus_op<double>{}, plus_first<double>{}, w, a);
    // change = |next - r|
    ewise_add(change, no_mask, no_accum, [](double x, double y) { return std::abs(x - y); }, next,
              r);
    r = std::move(next);
    ++result.iterations;
    // ‖next - r‖₁ = ⊕ change
    result.change = reduce(plus_monoid<double>{}, change);
    if (result.change < options.tolerance) break;
  }
  return result;
}

pagerank_result pagerank(graph& g, const pagerank_options& options) {
  return pagerank(structure_of(g, true), options);
}

}  // namespace graphring::algorithms
