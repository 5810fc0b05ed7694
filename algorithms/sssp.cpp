// Single-source shortest paths as repeated relaxation over the min_plus semiring [1]:
//     t = f min.+ A        (the distances the frontier f offers its out-neighbours)
//     f = t⟨t < dist⟩      (the offers that improve),  dist<f> = f
// Bellman-Ford relaxes the vertices improved in the last round until none is (by vxm_improve,
// below, unless one weight is on every edge); with no negative cycle that ends within n - 1
// rounds, so a round n that still improves proves one.
// Delta-stepping [2, 3] settles the vertices in buckets [kΔ, (k + 1)Δ) of their tentative
// distance, kept as a bucket queue (engine/ops/bucket_queue.hpp: each improved vertex listed in
// its distance's bucket, a listing dropped once the distance has fallen below it, as GAP keeps its
// bins [4]), so empty buckets cost nothing; the lowest bucket's vertices are relaxed until no
// distance falls into it, and the vertices improved beyond it wait in their buckets. As in [2],
// A = L + H splits the edges into light ones (weight <= Δ), relaxed in those inner rounds, and
// heavy ones, whose offers from the bucket land beyond it and so are relaxed once, from the
// settled bucket. Each of these relaxations is one fused step, dist min= f min.+ L returning the
// distances that fell (vxm_improve: a push into dist itself, as hand-written codes relax), so it
// needs no mask for the finished buckets: their distances are final and no offer lowers them.
// Without the split, a round is the queue's front relaxed in place (vxm_improve_front: the
// bucket's vertices taken and relaxed, what fell into the bucket relaxed at once by the thread
// that lowered it, as GAP does, and the rest listed again, with no vector formed between).
// The relaxations push: the near set is a frontier, and L and H are made per call, so a pull
// would first have to transpose them. Every step touches only the frontier, the vertices it
// reaches and the bucket's listings, never all n, which is what makes thousands of small buckets (a
// road network) cheap. With one weight w on every edge (an unweighted graph) and Δ <= w, a bucket
// holds one distance and settles in one step: the buckets are the rounds of a breadth-first search
// carrying distances, run as such, with the ANY monoid in place of min since all offers to a vertex
// are equal. All results are exact minima of the same sums, so they do not depend on the thread
// count.
//
// [1] Kepner & Gilbert (eds.), "Graph Algorithms in the Language of Linear Algebra", SIAM 2011.
// [2] Meyer & Sanders, "Δ-stepping: a parallelizable shortest path algorithm", J. Algorithms 2003.
// [3] Sridhar et al., "Delta-stepping SSSP: from vertices and edges to GraphBLAS
//     implementations", IPDPSW 2019.
// [4] Beamer, Asanović, Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, 2015.
#include "algorithms/sssp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "algorithms/checks.hpp"
#include "algorithms/graph_matrices.hpp"
#include "engine/ops/bucket_queue.hpp"
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

// t<¬reached> = f any.+ A (t = f any.+ A without `reached`): the offers when they are uniform.
template <class Matrix>
void offers(vector<double>& t, const vector<double>& f, const Matrix& a,
            const vector<bool>* reached) {
  const descriptor outside = {.replace = true, .structural_mask = true, .complement_mask = true};
  if (reached) {
    vxm(t, *reached, no_accum, any_plus{}, f, a, outside);
  } else {
    vxm(t, no_mask, no_accum, any_plus{}, f, a);
  }
}

// Relaxes the edges of a out of f by the product and a comparison (Bellman-Ford over one weight
// on every edge, whose wide frontiers may pull with the ANY monoid); returns the vertices whose
// distance improved, with it.
template <class Matrix>
vector<double> uniform_relax(const vector<double>& f, const Matrix& a, vector<double>& dist) {
  const std::uint64_t n = dist.size();
  vector<double> t(n), improved(n);
  // t = f any.+ A
  offers(t, f, a, nullptr);
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
    offers(t, f, a, &reached);
    // dist = second(dist, t),  reached ∪= t
    apply(dist, no_mask, second_op<double>{}, identity_op<double>{}, t);
    apply(
        reached, no_mask, lor_op<bool>{}, [](double) { return true; }, t);
    std::swap(f, t);
  }
  return dist;
}

// The weights' least, greatest and sum, reduced in one pass by a monoid over the three: the NaN
// test, the sign test, Δ's mean and the longest edge read the weights once between them.
struct weight_summary {
  double least = infinity, greatest = -infinity, sum = 0;
  constexpr weight_summary() = default;
  constexpr explicit weight_summary(double w) : least(w), greatest(w), sum(w) {}
};

struct summary_monoid {
  using value_type = weight_summary;
  static constexpr bool commutative = true;
  static constexpr weight_summary identity() { return {}; }
  constexpr weight_summary operator()(const weight_summary& x, const weight_summary& y) const {
    weight_summary r;
    r.least = min_op<double>{}(x.least, y.least);
    r.greatest = max_op<double>{}(x.greatest, y.greatest);
    r.sum = x.sum + y.sum;
    return r;
  }
};

// One weight on every edge (an unweighted graph) is its own summary, without a pass; otherwise
// the pass runs once per matrix, its result kept with the matrix (matrix::cached) for the next
// run from another source.
weight_summary summarize(const matrix<double>& a) {
  if (!a.is_iso() || a.nvals() == 0)
    return a.cached<weight_summary>([&] { return reduce(summary_monoid{}, a); });
  weight_summary s(a.iso_value());
  s.sum = a.iso_value() * double(a.nvals());
  return s;
}

double mean_weight_delta(const matrix<double>& a, const weight_summary& s) {
  if (a.nvals() == 0) return 1;
  const double mean = a.is_iso() ? a.iso_value() : s.sum / double(a.nvals());
  return mean > 0 && std::isfinite(mean) ? mean : 1;
}

double automatic_delta(const matrix<double>& a, const weight_summary& s) {
  if (a.nvals() == 0) return 1;
  const double mean_degree = double(a.nvals()) / double(a.nrows());
  return mean_weight_delta(a, s) * std::min(1.0, 1 / mean_degree);
}

}  // namespace

double mean_weight_delta(const matrix<double>& a) { return mean_weight_delta(a, summarize(a)); }

double automatic_delta(const matrix<double>& a) { return automatic_delta(a, summarize(a)); }

namespace {

template <class Matrix>
vector<double> bellman_ford(const Matrix& a, vertex_id source) {
  vector<double> dist = start(a, source);
  vector<double> f(a.nrows());
  f.set(source, 0);
  for (std::uint64_t round = 0; f.nvals() > 0; ++round) {
    if (round == a.nrows())
      throw error(error_kind::bad_input, "a negative-weight cycle is reachable from the source");
    f = a.is_iso() ? uniform_relax(f, a, dist) : vxm_improve(dist, min_plus<double>{}, f, a);
  }
  return dist;
}

// `known`: the weights' summary when the caller has made it (and checked that none is negative).
template <class Matrix>
vector<double> delta_stepping(const Matrix& a, vertex_id source, double delta,
                              const weight_summary* known = nullptr) {
  const weight_summary summary = known ? *known : summarize(plain_matrix(a));
  const bool automatic = delta <= 0;
  if (automatic) delta = automatic_delta(plain_matrix(a), summary);
  if (!std::isfinite(delta)) throw error(error_kind::usage, "delta must be a finite number");
  if (summary.least < 0)
    throw error(error_kind::usage, "delta-stepping needs non-negative weights");
  const std::uint64_t n = a.nrows();
  if (a.is_iso() && delta <= a.iso_value()) return uniform_rounds(a, source);
  vector<double> dist = start(a, source);
  // L = A⟨<= Δ⟩,  H = A⟨> Δ⟩ when light edges may be many (Δ above 1/16 of the largest weight);
  // otherwise, or when no weight exceeds Δ, L = A and H is empty, without copying: a vertex is
  // then rarely relaxed twice in its bucket, and making L and H costs more than relaxing the
  // heavy edges with the light ones (docs/kernel-speed-log.md).
  // While an automatic Δ may grow (below), L and H wait for the first buckets to say it will not:
  // growing makes every edge light.
  matrix<double> light = plain_matrix(a), heavy(n, n);
  const double longest = summary.greatest;
  const bool split_pays = longest > delta && longest < 16 * delta;
  bool may_grow = automatic && longest > delta && longest <= 16 * delta;
  auto split_edges = [&] {
    partition(light, heavy, value_le_op<double>{delta}, plain_matrix(a));
    return heavy.nvals() > 0;
  };
  bool split = split_pays && !may_grow && split_edges();
  // The reached, unsettled vertices in buckets [kΔ, (k + 1)Δ) of their tentative distance.
  bucket_queue<double> buckets(dist, delta);
  vector<double> origin(n);
  origin.set(source, 0);
  buckets.push(origin);
  vector<bool> bucket(n);  // the vertices taken from the current bucket (when split)
  vector<double> settling(n);
  // An automatic Δ grows where buckets are too small for their fixed costs (a grid's or a road
  // network's thousands of buckets of a few hundred vertices; each bucket is a few operations):
  // once `probe` buckets in a row took fewer than `small` vertices on average, Δ becomes the
  // longest edge, where that is at most 16 Δ: every edge is then light, so L is A and no
  // partition is made again. Distances stay exact: Δ-stepping is correct for any Δ
  // (docs/kernel-speed-log.md has the measurements).
  constexpr int probe = 16;
  constexpr std::uint64_t small = 4096;
  int buckets_seen = 0;
  std::uint64_t taken = 0;
  while (!buckets.empty()) {
    const double k = buckets.front_key();
    bucket.clear();
    // Inner rounds, until no distance falls into bucket k: near = the bucket's vertices,
    // bucket ∪= near,  dist min= near min.+ L, each distance that fell into its bucket.
    do {
      if (!split) {  // the same steps as below, fused: no bucket to keep
        taken += vxm_improve_front(buckets, dist, min_plus<double>{}, light);
        continue;
      }
      const vector<double> near = buckets.pop();
      taken += near.nvals();
      apply(
          bucket, no_mask, lor_op<bool>{}, [](double) { return true; }, near);
      buckets.push(vxm_improve(dist, min_plus<double>{}, near, light));
    } while (!buckets.empty() && buckets.front_key() == k);
    if (split) {
      // settling = dist ∩ bucket,  dist min= settling min.+ H, each distance that fell into its
      // bucket (beyond k, since every heavy edge is longer than Δ; were one to round into k,
      // that bucket is simply taken again)
      ewise_mult(settling, no_mask, no_accum, first_op<double>{}, dist, bucket);
      buckets.push(vxm_improve(dist, min_plus<double>{}, settling, heavy));
    }
    if (!may_grow || ++buckets_seen < probe) continue;
    if (taken < probe * small && !buckets.empty()) {
      buckets.widen(longest / delta);
      light = plain_matrix(a);
      heavy = matrix<double>(n, n);
      split = may_grow = false;
    } else if (split_pays && !split) {
      split = split_edges();  // the buckets are large enough: L and H now pay
    }
    buckets_seen = 0;
    taken = 0;
  }
  return dist;
}

template <class Matrix>
vector<double> shortest_paths(const Matrix& a, const matrix<double>& weights, vertex_id source,
                              std::optional<double> delta) {
  const weight_summary summary = summarize(weights);
  // The sum is NaN when a weight is (or when +inf meets -inf: then the weights are looked at).
  if (std::isnan(summary.sum))
    check_weights_are_numbers(weights, "shortest paths need comparable lengths");
  if (summary.least < 0) {
    if (delta)
      throw error(error_kind::usage,
                  "--delta needs non-negative weights (this graph has negative ones)");
    return bellman_ford(a, source);
  }
  return delta_stepping(a, source, delta.value_or(0), &summary);
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
  // A's weights as double (the CSR the format was made from), kept with g while g keeps its
  // formats, and with them what a run caches on them (their summary for Δ): a later source on the
  // same graph neither converts the weights again nor reads them all before it starts. Only some
  // runs pull (Bellman-Ford, uniform weights): Aᵀ's format is built at the first pull.
  const formatted_matrix<double> weights = formatted_weights(g, format, false);
  const matrix<double>& a = plain_matrix(weights);
  if (format.plain_csr()) return shortest_paths(a, a, source, delta);
  return shortest_paths(weights, a, source, delta);
}

}  // namespace graphring::algorithms
