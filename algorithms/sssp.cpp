// Single-source shortest paths as repeated relaxation over the min_plus semiring [1]:
//     t = f min.+ A        (the distances the frontier f offers its out-neighbours)
//     f = t⟨t < dist⟩      (the offers that improve),  dist<f> = f
// Bellman-Ford relaxes the vertices improved in the last round until none is; with no negative
// cycle that ends within n - 1 rounds, so a round n that still improves proves one.
// Delta-stepping [2, 3] processes vertices in windows of width Δ above the smallest tentative
// distance lo: edges of weight <= Δ ("light") are relaxed inside the window until it settles,
// then the heavy edges (> Δ, which cannot land inside it) once from everything it settled.
// Windows start at lo itself rather than at a multiple of Δ, so empty buckets cost nothing.
// All results are exact minima of the same sums, so they do not depend on the thread count.
//
// [1] Kepner & Gilbert (eds.), "Graph Algorithms in the Language of Linear Algebra", SIAM 2011.
// [2] Meyer & Sanders, "Δ-stepping: a parallelizable shortest path algorithm", J. Algorithms 2003.
// [3] Sridhar et al., "Delta-stepping SSSP: from vertices and edges to GraphBLAS
//     implementations", IPDPSW 2019.
#include "algorithms/sssp.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "algorithms/graph_matrices.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

vector<double> start(const matrix<double>& a, vertex_id source) {
  if (source >= a.nrows())
    throw error(error_kind::usage, "SSSP source " + std::to_string(source) +
                                       " is not a vertex of a graph with " +
                                       std::to_string(a.nrows()) + " vertices");
  auto dist = vector<double>::dense(a.nrows(), infinity);
  dist.set(source, 0);
  return dist;
}

// Relaxes the edges of a out of f; returns the vertices whose distance improved, with it.
vector<double> relax(const vector<double>& f, const matrix<double>& a, vector<double>& dist) {
  const std::uint64_t n = dist.size();
  vector<double> t(n), improved(n);
  vector<bool> better(n);
  // t = f min.+ A
  vxm(t, no_mask, no_accum, min_plus<double>{}, f, a);
  // better = t < dist
  ewise_mult(better, no_mask, no_accum, [](double x, double y) { return x < y; }, t, dist);
  // better = better⟨true⟩
  select(better, no_mask, no_accum, value_eq_op<bool>{true}, better);
  // improved = t ∩ better
  ewise_mult(improved, no_mask, no_accum, first_op<double>{}, t, better);
  // dist<improved> = improved
  assign(dist, improved, no_accum, improved, all_indices, {.structural_mask = true});
  return improved;
}

}  // namespace

double automatic_delta(const matrix<double>& a) {
  if (a.nvals() == 0) return 1;
  const double mean = reduce(plus_monoid<double>{}, a) / double(a.nvals());
  return mean > 0 && std::isfinite(mean) ? mean : 1;
}

vector<double> sssp_bellman_ford(const matrix<double>& a, vertex_id source) {
  vector<double> dist = start(a, source);
  vector<double> f(a.nrows());
  f.set(source, 0);
  for (std::uint64_t round = 0; f.nvals() > 0; ++round) {
    if (round == a.nrows())
      throw error(error_kind::bad_input, "a negative-weight cycle is reachable from the source");
    f = relax(f, a, dist);
  }
  return dist;
}

vector<double> sssp_delta_stepping(const matrix<double>& a, vertex_id source, double delta) {
  if (delta <= 0) delta = automatic_delta(a);
  if (!std::isfinite(delta)) throw error(error_kind::usage, "delta must be a finite number");
  if (reduce(min_monoid<double>{}, a) < 0)
    throw error(error_kind::usage, "delta-stepping needs non-negative weights");
  const std::uint64_t n = a.nrows();
  vector<double> dist = start(a, source);

  // Step 1: split the edges.
  matrix<double> light(n, n), heavy(n, n);
  // light = A⟨w <= Δ⟩,  heavy = A⟨w > Δ⟩
  select(light, no_mask, no_accum, value_le_op<double>{delta}, a);
  select(heavy, no_mask, no_accum, value_gt_op<double>{delta}, a);

  // Step 2: windows [lo, lo + Δ) over the tentative (reached, unsettled) vertices.
  vector<double> tentative(n), window(n), settled(n);
  tentative.set(source, 0);
  while (tentative.nvals() > 0) {
    // lo = ⊕_min tentative
    const double lo = reduce(min_monoid<double>{}, tentative);
    const double hi = lo + delta > lo ? lo + delta : std::nextafter(lo, infinity);
    // window = tentative⟨< hi⟩
    select(window, no_mask, no_accum, value_lt_op<double>{hi}, tentative);
    settled.clear();
    while (window.nvals() > 0) {
      // settled = settled ∪ window
      ewise_add(settled, no_mask, no_accum, second_op<double>{}, settled, window);
      vector<double> improved = relax(window, light, dist);
      // tentative<improved> = improved
      assign(tentative, improved, no_accum, improved, all_indices, {.structural_mask = true});
      // window = improved⟨< hi⟩
      select(window, no_mask, no_accum, value_lt_op<double>{hi}, improved);
    }
    vector<double> improved = relax(settled, heavy, dist);
    // tentative<improved> = improved
    assign(tentative, improved, no_accum, improved, all_indices, {.structural_mask = true});
    // tentative = tentative⟨>= hi⟩
    select(tentative, no_mask, no_accum, value_ge_op<double>{hi}, tentative);
  }
  return dist;
}

vector<double> sssp(const graph& g, vertex_id source, std::optional<double> delta) {
  const matrix<double> a = weights_of(g);
  if (a.nvals() > 0 && reduce(min_monoid<double>{}, a) < 0) {
    if (delta) throw error(error_kind::usage, "--delta needs non-negative weights (this graph has negative ones)");
    return sssp_bellman_ford(a, source);
  }
  return sssp_delta_stepping(a, source, delta.value_or(0));
}

}  // namespace graphring::algorithms
