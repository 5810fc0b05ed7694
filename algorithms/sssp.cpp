// Single-source shortest paths as repeated relaxation over the min_plus semiring [1]:
//     t = f min.+ A        (the distances the frontier f offers its out-neighbours)
//     f = t⟨t < dist⟩      (the offers that improve),  dist<f> = f
// Bellman-Ford relaxes the vertices improved in the last round until none is; with no negative
// cycle that ends within n - 1 rounds, so a round n that still improves proves one.
// Delta-stepping [2, 3] settles the vertices in buckets of width Δ, in the near/far form of [4]:
// the bucket [lo, lo + Δ) starts at the smallest tentative distance lo among the reached,
// unsettled vertices (the far set), so empty buckets cost nothing; inside it the near set is
// relaxed over every edge until no distance below lo + Δ improves, and the vertices improved to
// lo + Δ or more join the far set for later buckets. As in [2], A = L + H splits the edges into
// light ones (weight <= Δ), relaxed in those inner rounds, and heavy ones, whose offers from the
// bucket land at lo + Δ or beyond and so are relaxed once, from the settled bucket. Each of these
// relaxations is one fused step, dist min= f min.+ L returning the distances that fell
// (vxm_improve: a push into dist itself, as hand-written codes relax), so it needs no mask for
// the finished buckets: their distances are final and no offer lowers them. The relaxations push:
// the near set is a frontier, and L and H are made per call, so a pull would first have to
// transpose them. Every step touches only the frontier and the vertices it reaches, never all n,
// which is what makes thousands of small buckets (a road network) cheap. With one weight w on every
// edge (an unweighted graph) and Δ <= w, a bucket holds one distance and settles in one step: the
// buckets are the rounds of a breadth-first search carrying distances, run as such, with the ANY
// monoid in place of min since all offers to a vertex are equal. All results are exact minima of
// the same sums, so they do not depend on the thread count.
//
// [1] Kepner & Gilbert (eds.), "Graph Algorithms in the Language of Linear Algebra", SIAM 2011.
// [2] Meyer & Sanders, "Δ-stepping: a parallelizable shortest path algorithm", J. Algorithms 2003.
// [3] Sridhar et al., "Delta-stepping SSSP: from vertices and edges to GraphBLAS
//     implementations", IPDPSW 2019.
// [4] Davidson, Baxter, Garland, Owens, "Work-efficient parallel GPU methods for single-source
//     shortest paths", IPDPS 2014.
#include "algorithms/sssp.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "algorithms/checks.hpp"
#include "algorithms/graph_matrices.hpp"
#include "engine/ops/improve.hpp"
#include "engine/ops/mxv_format.hpp"
#include "engine/ops/operations.hpp"

namespace graphring::algorithms {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

template <class Matrix>
vector<double> start(const Matrix& a, vertex_id source) {
  check_source("SSSP", source, a.nrows());
  auto dist = vector<double>::dense(a.nrows(), infinity);
  dist.set(source, 0);
  return dist;
}

// When every edge weighs the same and every frontier value is the same, all offers to a vertex
// are one sum, so any of them is the minimum: the ANY monoid, which stops at the first (a pull
// then runs like a BFS step). With one weight w on every edge this holds for every
// Bellman-Ford round (round k's frontier is the vertices at k edges, all at distance k·w) and
// for every delta-stepping bucket when Δ <= w (a bucket holds one distance): the unweighted case.
using any_plus = semiring<any_monoid<double>, plus_op<double>>;

// t<¬reached> = f ⊕.+ A (t = f ⊕.+ A without `reached`) with ⊕ = min, or any when the offers are
// uniform (then `reached` may be given).
template <class Matrix>
void offers(vector<double>& t, const vector<double>& f, const Matrix& a, bool uniform,
            const vector<bool>* reached) {
  const descriptor outside = {.replace = true, .structural_mask = true, .complement_mask = true};
  if (uniform && reached) {
    vxm(t, *reached, no_accum, any_plus{}, f, a, outside);
  } else if (uniform) {
    vxm(t, no_mask, no_accum, any_plus{}, f, a);
  } else {
    vxm(t, no_mask, no_accum, min_plus<double>{}, f, a);
  }
}

// Relaxes the edges of a out of f by the product and a comparison (Bellman-Ford, whose wide
// frontiers may pull); returns the vertices whose distance improved, with it.
template <class Matrix>
vector<double> relax(const vector<double>& f, const Matrix& a, vector<double>& dist, bool uniform) {
  const std::uint64_t n = dist.size();
  vector<double> t(n), improved(n);
  // t = f min.+ A
  offers(t, f, a, uniform, nullptr);
  // improved = t⟨t < dist⟩
  const double* d = dist.values();
  select(
      improved, no_mask, no_accum,
      [d](double x, std::uint64_t i, std::uint64_t) { return x < d[i]; }, t);
  // dist = second(dist, improved)
  apply(dist, no_mask, second_op<double>{}, identity_op<double>{}, improved);
  return improved;
}

// Distances by level-synchronous rounds for one weight w >= 0 on every edge with Δ <= w: each
// delta-stepping bucket then holds the vertices of one distance and settles in one step, so the
// buckets are the rounds of a breadth-first search carrying distances, run here without the
// bucket bookkeeping:  t<¬reached> = f any.+ A,  dist<t> = t,  reached ∪= t,  f = t.
template <class Matrix>
vector<double> uniform_rounds(const Matrix& a, vertex_id source) {
  const std::uint64_t n = a.nrows();
  vector<double> dist = start(a, source), f(n), t(n);
  vector<bool> reached(n);
  f.set(source, 0);
  reached.set(source, true);
  while (f.nvals() > 0) {
    // t<¬reached, replace> = f any.+ A
    offers(t, f, a, true, &reached);
    // dist = second(dist, t),  reached ∪= t
    apply(dist, no_mask, second_op<double>{}, identity_op<double>{}, t);
    apply(
        reached, no_mask, lor_op<bool>{}, [](double) { return true; }, t);
    std::swap(f, t);
  }
  return dist;
}

}  // namespace

double automatic_delta(const matrix<double>& a) {
  if (a.nvals() == 0) return 1;
  const double mean = reduce(plus_monoid<double>{}, a) / double(a.nvals());
  return mean > 0 && std::isfinite(mean) ? mean : 1;
}

namespace {

template <class Matrix>
vector<double> bellman_ford(const Matrix& a, vertex_id source) {
  vector<double> dist = start(a, source);
  vector<double> f(a.nrows());
  f.set(source, 0);
  for (std::uint64_t round = 0; f.nvals() > 0; ++round) {
    if (round == a.nrows())
      throw error(error_kind::bad_input, "a negative-weight cycle is reachable from the source");
    f = relax(f, a, dist, a.is_iso());
  }
  return dist;
}

template <class Matrix>
vector<double> delta_stepping(const Matrix& a, vertex_id source, double delta) {
  if (delta <= 0) delta = automatic_delta(plain_matrix(a));
  if (!std::isfinite(delta)) throw error(error_kind::usage, "delta must be a finite number");
  if (reduce(min_monoid<double>{}, a) < 0)
    throw error(error_kind::usage, "delta-stepping needs non-negative weights");
  const std::uint64_t n = a.nrows();
  if (a.is_iso() && delta <= a.iso_value()) return uniform_rounds(a, source);
  vector<double> dist = start(a, source);
  // L = A⟨<= Δ⟩,  H = A⟨> Δ⟩ (L = A and H empty, without copying, when no weight exceeds Δ)
  matrix<double> light = plain_matrix(a), heavy(n, n);
  if (reduce(max_monoid<double>{}, a) > delta)
    partition(light, heavy, value_le_op<double>{delta}, plain_matrix(a));
  // far: the reached vertices not yet settled (by structure; a vertex settled since it joined
  // is recognised by a distance below lo and dropped)
  vector<double> far(n), window(n), near(n), arrivals(n), settling(n);
  // bucket: the vertices settled in this bucket
  vector<bool> bucket(n);
  far.set(source, 0);
  for (double lo = 0;;) {
    // window = (dist ∩ far)⟨>= lo⟩
    ewise_mult(window, no_mask, no_accum, first_op<double>{}, dist, far);
    select(window, no_mask, no_accum, value_ge_op<double>{lo}, window);
    if (window.nvals() == 0) break;
    // lo = ⊕_min window;  the bucket is [lo, hi)
    lo = reduce(min_monoid<double>{}, window);
    // Where lo + Δ rounds to lo the bucket is one value wide, and a heavy offer may round into it:
    // then every edge is relaxed in the inner rounds.
    const bool full_width = lo + delta > lo;
    const double hi = full_width ? lo + delta : std::nextafter(lo, infinity);
    const matrix<double>& inner = full_width ? light : plain_matrix(a);
    // near = window⟨< hi⟩,  far = window⟨>= hi⟩
    select(near, no_mask, no_accum, value_lt_op<double>{hi}, window);
    select(far, no_mask, no_accum, value_ge_op<double>{hi}, window);
    arrivals.clear();
    bucket.clear();
    while (near.nvals() > 0) {
      // bucket ∪= near
      apply(
          bucket, no_mask, lor_op<bool>{}, [](double) { return true; }, near);
      // dist min= near min.+ inner, improved = the distances that fell
      const vector<double> improved = vxm_improve(dist, min_plus<double>{}, near, inner);
      // near = improved⟨< hi⟩,  arrivals ∪= improved⟨>= hi⟩
      select(near, no_mask, no_accum, value_lt_op<double>{hi}, improved);
      select(arrivals, no_mask, second_op<double>{}, value_ge_op<double>{hi}, improved);
    }
    // settling = dist ∩ bucket,  arrivals ∪= improvements by settling min.+ H
    ewise_mult(settling, no_mask, no_accum, first_op<double>{}, dist, bucket);
    if (full_width) {
      const vector<double> improved = vxm_improve(dist, min_plus<double>{}, settling, heavy);
      apply(arrivals, no_mask, second_op<double>{}, identity_op<double>{}, improved);
    }
    // far ∪= arrivals
    apply(far, no_mask, second_op<double>{}, identity_op<double>{}, arrivals);
    lo = hi;
  }
  return dist;
}

template <class Matrix>
vector<double> shortest_paths(const Matrix& a, const matrix<double>& weights, vertex_id source,
                              std::optional<double> delta) {
  check_weights_are_numbers(weights, "shortest paths need comparable lengths");
  if (weights.nvals() > 0 && reduce(min_monoid<double>{}, weights) < 0) {
    if (delta)
      throw error(error_kind::usage,
                  "--delta needs non-negative weights (this graph has negative ones)");
    return bellman_ford(a, source);
  }
  return delta_stepping(a, source, delta.value_or(0));
}

}  // namespace

vector<double> sssp_bellman_ford(const matrix<double>& a, vertex_id source) {
  return bellman_ford(a, source);
}

vector<double> sssp_bellman_ford(const formatted_matrix<double>& a, vertex_id source) {
  return bellman_ford(a, source);
}

vector<double> sssp_delta_stepping(const matrix<double>& a, vertex_id source, double delta) {
  return delta_stepping(a, source, delta);
}

vector<double> sssp_delta_stepping(const formatted_matrix<double>& a, vertex_id source,
                                   double delta) {
  return delta_stepping(a, source, delta);
}

vector<double> sssp(const graph& g, vertex_id source, std::optional<double> delta,
                    const adjacency_format& format) {
  const matrix<double> a = weights_of(g);
  if (format.plain_csr()) return shortest_paths(a, a, source, delta);
  // Only some runs pull (Bellman-Ford, uniform weights): Aᵀ's format is built at the first pull.
  return shortest_paths(formatted_for_vxm(a, format, false), a, source, delta);
}

}  // namespace graphring::algorithms
