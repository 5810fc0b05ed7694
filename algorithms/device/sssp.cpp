// Single-source shortest paths on the GPU, the methods of algorithms/sssp.cpp [1, 2, 3] on device
// vectors: relaxation over the min_plus semiring,
//     t = f min.+ A,   f = t⟨t < dist⟩,   dist<f> = f,
// Bellman-Ford until nothing improves, or delta-stepping: windows [lo, lo + Δ) above the smallest
// tentative distance, light edges (<= Δ) relaxed inside a window until it settles, then the heavy
// ones once from all it settled. Every relaxation is a push (edge-parallel, min by atomics), so
// the light and heavy matrices, made on the device by select, are never transposed. Distances
// are exact minima of the same sums as on the CPU, so they equal its results.
//
// [1] Kepner & Gilbert (eds.), "Graph Algorithms in the Language of Linear Algebra", SIAM 2011.
// [2] Meyer & Sanders, "Δ-stepping: a parallelizable shortest path algorithm", J. Algorithms 2003.
// [3] Sridhar et al., "Delta-stepping SSSP: from vertices and edges to GraphBLAS
//     implementations", IPDPSW 2019.
#include "algorithms/sssp.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "algorithms/checks.hpp"
#include "algorithms/device/device_algorithms.hpp"
#include "algorithms/graph_matrices.hpp"
#include "engine/device/operations.hpp"
#include "semirings/builtin.hpp"
#include "semirings/index_ops.hpp"
#include "semirings/named_ops.hpp"

namespace graphring::algorithms::device {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();
using distances = device_vector<double>;

distances start(const device_matrix<double>& a, vertex_id source) {
  check_source("SSSP", source, a.nrows());
  auto dist = vector<double>::dense(a.nrows(), infinity);
  dist.set(source, 0);
  return distances::upload(dist);
}

distances source_only(std::uint64_t n, vertex_id source) {
  vector<double> f(n);
  f.set(source, 0);
  return distances::upload(f);
}

// Relaxes the edges of a out of f; returns the vertices whose distance improved, with it.
distances relax(const distances& f, const device_matrix<double>& a, distances& dist) {
  const std::uint64_t n = dist.size();
  distances t(n), improved(n);
  device_vector<bool> better(n);
  // t = f min.+ A
  vxm(t, no_mask, no_accum, min_plus<double>{}, f, a, {.method = product_method::push});
  // better = t < dist
  ewise_mult(better, no_mask, no_accum, less_op<double>{}, t, dist);
  // better = better⟨true⟩
  select(better, no_mask, no_accum, value_eq_op<bool>{true}, better);
  // improved = t ∩ better
  ewise_mult(improved, no_mask, no_accum, first_op<double>{}, t, better);
  // dist<improved> = improved
  assign(dist, improved, no_accum, improved, {.structural_mask = true});
  return improved;
}

}  // namespace

vector<double> sssp_bellman_ford(const device_matrix<double>& a, vertex_id source) {
  distances dist = start(a, source);
  distances f = source_only(a.nrows(), source);
  for (std::uint64_t round = 0; f.nvals() > 0; ++round) {
    if (round == a.nrows())
      throw error(error_kind::bad_input, "a negative-weight cycle is reachable from the source");
    f = relax(f, a, dist);
  }
  return dist.download();
}

vector<double> sssp_delta_stepping(const device_matrix<double>& a, vertex_id source, double delta) {
  if (delta <= 0) delta = mean_weight_delta(a.host());
  if (!std::isfinite(delta)) throw error(error_kind::usage, "delta must be a finite number");
  if (a.nvals() > 0 && reduce(min_monoid<double>{}, a) < 0)
    throw error(error_kind::usage, "delta-stepping needs non-negative weights");
  const std::uint64_t n = a.nrows();
  distances dist = start(a, source);

  // Step 1: split the edges.
  device_matrix<double> light = a, heavy = a;
  // light = A⟨w <= Δ⟩,  heavy = A⟨w > Δ⟩
  select(light, no_mask, no_accum, value_le_op<double>{delta}, a);
  select(heavy, no_mask, no_accum, value_gt_op<double>{delta}, a);

  // Step 2: windows [lo, lo + Δ) over the tentative (reached, unsettled) vertices.
  distances tentative = source_only(n, source), window(n), settled(n);
  while (tentative.nvals() > 0) {
    // lo = ⊕_min tentative
    const double lo = reduce(min_monoid<double>{}, tentative);
    const double hi = lo + delta > lo ? lo + delta : std::nextafter(lo, infinity);
    // window = tentative⟨< hi⟩
    select(window, no_mask, no_accum, value_lt_op<double>{hi}, tentative);
    settled = distances(n);
    while (window.nvals() > 0) {
      // settled = settled ∪ window
      ewise_add(settled, no_mask, no_accum, second_op<double>{}, settled, window);
      distances improved = relax(window, light, dist);
      // tentative<improved> = improved
      assign(tentative, improved, no_accum, improved, {.structural_mask = true});
      // window = improved⟨< hi⟩
      select(window, no_mask, no_accum, value_lt_op<double>{hi}, improved);
    }
    distances improved = relax(settled, heavy, dist);
    // tentative<improved> = improved
    assign(tentative, improved, no_accum, improved, {.structural_mask = true});
    // tentative = tentative⟨>= hi⟩
    select(tentative, no_mask, no_accum, value_ge_op<double>{hi}, tentative);
  }
  return dist.download();
}

vector<double> sssp(const graph& g, vertex_id source, std::optional<double> delta) {
  const matrix<double> weights = weights_of(g);
  check_weights_are_numbers(weights, "shortest paths need comparable lengths");
  const device_matrix<double> a(weights);
  if (a.nvals() > 0 && reduce(min_monoid<double>{}, a) < 0) {
    if (delta)
      throw error(error_kind::usage,
                  "--delta needs non-negative weights (this graph has negative ones)");
    return sssp_bellman_ford(a, source);
  }
  return sssp_delta_stepping(a, source, delta.value_or(0));
}

}  // namespace graphring::algorithms::device
