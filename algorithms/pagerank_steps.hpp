// PageRank's power iteration written once for both engines [1, 2, 3]: the CPU
// (algorithms/pagerank.cpp, over matrix and vector) and the GPU (algorithms/device/pagerank.cpp,
// over device_matrix and device_vector) name their operations alike, so each call resolves to
// its own engine's, as the BFS steps of bfs_direction.hpp do. Operators are function objects
// that run on both (semirings/named_ops.hpp), not lambdas.
//     r₀ = 1/n
//     r_{k+1} = (1 - d)/n + d·(Σ_{v dangling} r_k(v)) / n + d · Σ_{u→v} r_k(u) / outdeg(u)
// where d is the damping factor and a dangling vertex (no out-edges) hands its rank to every
// vertex alike, so Σ r = 1 at every step. As linear algebra: w = r .* (d / outdeg) and the
// dangling rank r · dangling in one pass over r (ewise_mult_dot); then r' = teleport + w
// plus.first A, formed with its change ‖r' - r‖₁ in one pass (vxm_apply_dot: the product, the
// teleport added to every entry, and the inner product with r), which also forms the next
// iteration's w and dangling rank from r' (mult_dot_after), so an iteration is one pass over
// the vectors (GAP's pull PageRank makes two: a scaling pass, then the product). The loop stops
// when ‖r_{k+1} - r_k‖₁ < tolerance or after max_iterations. Floating-point sums may differ in the
// last bits with the thread count (a long row is summed in pieces) and between the engines
// (another order of summation).
//
// [1] Page, Brin, Motwani, Winograd, "The PageRank citation ranking", Stanford TR 1999.
// [2] Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, 2015.
// [3] Mattson et al., "LAGraph: a community effort to collect graph algorithms built on top of
//     the GraphBLAS", IPDPSW 2019.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "algorithms/pagerank.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/then_mult_dot.hpp"
#include "engine/vector.hpp"
#include "semirings/builtin.hpp"
#include "semirings/index_ops.hpp"
#include "semirings/named_ops.hpp"

namespace graphring::algorithms::detail {

// ⊕ = +, ⊗ = |x - y|: dot(plus_absolute_difference<T>{}, x, y) is ‖x - y‖₁ over both's entries.
template <class T>
using plus_absolute_difference = semiring<plus_monoid<T>, absolute_difference_op<T>>;

// The scalar the power iteration's two totals over all n vertices (the dangling rank and the
// change) are summed in: double on the CPU, whose threads sum long runs of ranks in sequence (in
// float such a sum drifts, and the dangling rank's error reaches every rank: docs/
// kernel-speed-log.md); on the GPU, whose sums are trees, the ranks' own T.
template <class Vector>
using total_scalar_t =
    std::conditional_t<std::is_same_v<Vector, vector<typename Vector::value_type>>, double,
                       typename Vector::value_type>;

// Runs the power iteration on a (whose Aᵀ the product pulls over) from the ranks r (dense, 1/n
// each), leaving the result's ranks in r; returns the iterations run and the last change. The
// ranks and the products' sums are in r's scalar T (double, or float as options.precision says),
// the totals in total_scalar_t.
template <class Vector, class Matrix>
void power_iteration(const Matrix& a, const pagerank_options& options, Vector& r,
                     pagerank_result& result) {
  using T = typename Vector::value_type;
  using Total = total_scalar_t<Vector>;
  const std::uint64_t n = a.nrows();
  const T d = T(options.damping);

  // Step 1: the out-degrees; vertices without an entry are dangling. The degrees are released
  // before the iteration, whose vectors set the run's peak memory.
  Vector share = Vector::dense(n, T(0));
  Vector dangling = Vector::dense(n, T(0));
  {
    Vector out_degree(n);
    // outdeg = ⊕_j A(:, j)
    reduce_rows(out_degree, no_mask, no_accum, plus_monoid<T>{}, a);
    // share<outdeg> = d / outdeg, 0 elsewhere (dangling): dense, so every product below reads
    // a dense vector
    apply(share, out_degree, no_accum, bind_first(divide_op<T>{}, d), out_degree,
          {.structural_mask = true});
    // dangling<¬outdeg> = 1, 0 elsewhere: dense too, so that lost = r · dangling below is a
    // product of dense arrays (a bitmap of the dangling vertices was slower, and so was a test
    // of share = 0 in its place, which kept the loop scalar: docs/kernel-speed-log.md)
    assign_scalar(dangling, out_degree, no_accum, T(1), all_indices,
                  {.structural_mask = true, .complement_mask = true});
  }

  // Step 2: power iteration. w, next and next_w keep their storage from one iteration to the next.
  Vector w(n), next(n), next_w(n);
  // w = r .* share, and lost = ⊕ (r .* dangling), the rank of the dangling vertices, in one pass
  Total lost = ewise_mult_dot(w, times_op<T>{}, r, share, plus_times<Total>{}, dangling);
  while (result.iterations < options.max_iterations) {
    // next = (1 - d)/n + d·lost/n + w plus.first A, and ‖next - r‖₁ = ⊕ |next - r|; in the same
    // pass the next iteration's w and lost: next_w = next .* share, next · dangling
    const T teleport = T((1 - Total(d)) / Total(n) + Total(d) * lost / Total(n));
    const auto [change, next_lost] =
        vxm_apply_dot(next, bind_first(plus_op<T>{}, teleport), plus_first<T>{}, w, a,
                      plus_absolute_difference<Total>{}, r,
                      mult_dot_after(next_w, times_op<T>{}, share, plus_times<Total>{}, dangling));
    result.change = change;
    lost = next_lost;
    std::swap(r, next);
    std::swap(w, next_w);
    ++result.iterations;
    if (result.change < options.tolerance) break;
  }
}

}  // namespace graphring::algorithms::detail
