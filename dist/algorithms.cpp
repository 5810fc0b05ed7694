#include "dist/algorithms.hpp"

#include <cmath>
#include <functional>
#include <limits>
#include <type_traits>
#include <variant>

#include "algorithms/checks.hpp"
#include "core/error.hpp"
#include "dist/communication_volume.hpp"
#include "dist/vxm.hpp"
#include "semirings/builtin.hpp"

namespace graphring::dist {

namespace {

// The entries of t (this process's part) whose value `better` finds improving on current[i]:
// current[i] takes the value, and they become the next frontier. Returns how many improved on
// every process together.
template <class T, class Better, class Store>
std::uint64_t keep_improving(const process_grid& procs, std::uint64_t n, sparse_vector<T>& t,
                             Better better, Store store, sparse_vector<T>& next) {
  const std::vector<std::int64_t> indices = t.GetLocalInd();
  const std::vector<T> values = t.GetLocalNum();
  std::vector<std::int64_t> kept_indices;
  std::vector<T> kept_values;
  for (std::size_t e = 0; e < indices.size(); ++e)
    if (better(std::uint64_t(indices[e]), values[e])) {
      store(std::uint64_t(indices[e]), values[e]);
      kept_indices.push_back(indices[e]);
      kept_values.push_back(values[e]);
    }
  next = local_entries(procs, n, kept_indices, kept_values);
  return procs.sum(std::uint64_t(kept_indices.size()));
}

// The one entry (source, value) when the source is this process's, none otherwise.
template <class T>
sparse_vector<T> only_source(const process_grid& procs, std::uint64_t n, vertex_id source, T value,
                             local_part mine) {
  std::vector<std::int64_t> indices;
  std::vector<T> values;
  if (source >= mine.offset && source < mine.offset + mine.length) {
    indices.push_back(std::int64_t(source - mine.offset));
    values.push_back(value);
  }
  return local_entries(procs, n, indices, values);
}

// Seconds since `start` once every process has come this far.
double seconds_since(const process_grid& procs, double start) {
  MPI_Barrier(procs.world());
  return MPI_Wtime() - start;
}

double now(const process_grid& procs) {
  MPI_Barrier(procs.world());
  return MPI_Wtime();
}

}  // namespace

bfs_result bfs(const process_grid& procs, const local_edges& edges, vertex_id source,
               run_record& record) {
  using S = any_secondi<std::int64_t>;
  const std::uint64_t n = edges.vertices();
  const local_part mine = procs.part(n);
  double start = now(procs);
  auto at = transpose_blocks<matrix_entry_t<S>>(
      procs, edges, edge_directions::as_stored, [](std::uint64_t, std::uint64_t j, double) {
        return matrix_entry_t<S>{1, j};  // any_secondi reads j's index only
      });
  vxm_accumulator<S> accumulator = accumulator_for<S>(at);
  record.matrix_entries = std::uint64_t(at.getnnz());
  record.build_seconds = seconds_since(procs, start);
  start = now(procs);
  const std::uint64_t sent_before = communicated().bytes;
  std::vector<std::int64_t> levels(mine.length, -1), parents(mine.length, -1);
  if (source >= mine.offset && source < mine.offset + mine.length) {
    levels[source - mine.offset] = 0;
    parents[source - mine.offset] = std::int64_t(source);
  }
  sparse_vector<std::int64_t> frontier = only_source<std::int64_t>(procs, n, source, 1, mine);
  record.input_entries = 1;
  for (std::int64_t depth = 1;; ++depth) {
    // t = f any.secondi A; f = t⟨¬visited⟩; parents<f> = f; levels<f> = depth
    sparse_vector<std::int64_t> reached = vxm<S>(procs, at, frontier, accumulator);
    const std::uint64_t found = keep_improving(
        procs, n, reached, [&](std::uint64_t i, std::int64_t) { return parents[i] < 0; },
        [&](std::uint64_t i, std::int64_t parent) {
          parents[i] = parent;
          levels[i] = depth;
        },
        frontier);
    if (found == 0) break;
    record.steps = std::uint64_t(depth);
    record.input_entries += found;
  }
  record.run_seconds = seconds_since(procs, start);
  record.bytes_sent = communicated().bytes - sent_before;
  return {procs.gather(levels, n), procs.gather(parents, n)};
}

std::vector<double> sssp(const process_grid& procs, const local_edges& edges, vertex_id source,
                         bool refuse_negative, run_record& record) {
  using S = min_plus<double>;
  const std::uint64_t n = edges.vertices();
  const local_part mine = procs.part(n);
  double start = now(procs);
  std::uint64_t nan = 0, negative = 0;  // in this process's arcs
  auto at = transpose_blocks<double>(procs, edges, edge_directions::as_stored,
                                     [&](std::uint64_t, std::uint64_t, double w) {
                                       nan += std::isnan(w);
                                       negative += w < 0;
                                       return w;
                                     });
  if (procs.sum(nan) > 0) algorithms::refuse_nan_weight("shortest paths need comparable lengths");
  if (refuse_negative && procs.sum(negative) > 0)
    throw error(error_kind::usage,
                "--delta needs non-negative weights (this graph has negative ones)");
  vxm_accumulator<S> accumulator = accumulator_for<S>(at);
  record.matrix_entries = std::uint64_t(at.getnnz());
  record.build_seconds = seconds_since(procs, start);
  start = now(procs);
  const std::uint64_t sent_before = communicated().bytes;
  constexpr double unreached = std::numeric_limits<double>::infinity();
  std::vector<double> dist(mine.length, unreached);
  if (source >= mine.offset && source < mine.offset + mine.length) dist[source - mine.offset] = 0;
  sparse_vector<double> frontier = only_source<double>(procs, n, source, 0.0, mine);
  record.input_entries = 1;
  for (std::uint64_t round = 1;; ++round) {
    record.steps = round;
    // t = f min.+ A; f = t⟨t < dist⟩; dist<f> = f
    sparse_vector<double> offers = vxm<S>(procs, at, frontier, accumulator);
    const std::uint64_t improved = keep_improving(
        procs, n, offers, [&](std::uint64_t i, double d) { return d < dist[i]; },
        [&](std::uint64_t i, double d) { dist[i] = d; }, frontier);
    if (improved == 0) break;
    record.input_entries += improved;
    if (round >= n)
      throw error(error_kind::bad_input, "a negative-weight cycle is reachable from the source");
  }
  record.run_seconds = seconds_since(procs, start);
  record.bytes_sent = communicated().bytes - sent_before;
  return procs.gather(dist, n);
}

pagerank_result pagerank(const process_grid& procs, const local_edges& edges,
                         const algorithms::pagerank_options& options, run_record& record) {
  algorithms::check_pagerank_options(options);
  using S = plus_times<double>;
  const std::uint64_t n = edges.vertices();
  const local_part mine = procs.part(n);
  double start = now(procs);
  // A duplicate edge counts twice, as in the single-machine PageRank: each is an entry of 1.
  auto at = transpose_blocks<double, dcsc_block<double>>(
      procs, edges, edge_directions::as_stored,
      [](std::uint64_t, std::uint64_t, double) { return 1.0; });
  record.matrix_entries = std::uint64_t(at.getnnz());
  record.build_seconds = seconds_since(procs, start);
  start = now(procs);
  const std::uint64_t sent_before = communicated().bytes;
  const double d = options.damping;
  std::vector<double> share(mine.length, 0.0), dangling(mine.length, 0.0);
  // outdeg(k) = Σ_j Aᵀ(j, k): the entries of Aᵀ's column k, each 1
  const combblas::FullyDistVec<std::int64_t, double> out_degree =
      at.Reduce(combblas::Column, std::plus<double>(), 0.0);
  for (std::uint64_t i = 0; i < mine.length; ++i) {
    const double out = out_degree.GetLocArr()[i];
    if (out > 0)
      share[i] = d / double(out);
    else
      dangling[i] = 1.0;
  }
  pagerank_result result;
  std::vector<double> r(mine.length, n ? 1.0 / double(n) : 0.0);
  combblas::FullyDistVec<std::int64_t, double> w(procs.grid(), std::int64_t(n), 0.0);
  while (n > 0 && result.iterations < options.max_iterations) {
    // w = r .* share; lost = Σ r .* dangling; r' = teleport + w plus.times A; change = ‖r' - r‖₁
    double lost = 0;
    for (std::uint64_t i = 0; i < mine.length; ++i) {
      w.SetLocalElement(std::int64_t(i), r[i] * share[i]);
      lost += r[i] * dangling[i];
    }
    lost = procs.sum(lost);
    const double teleport = (1 - d) / double(n) + d * lost / double(n);
    const combblas::FullyDistVec<std::int64_t, double> y =
        combblas::SpMV<combblas_semiring<S, false>>(at, w);
    const double* product = y.GetLocArr();
    double change = 0;
    for (std::uint64_t i = 0; i < mine.length; ++i) {
      const double next = teleport + product[i];
      change += std::fabs(next - r[i]);
      r[i] = next;
    }
    result.change = procs.sum(change);
    ++result.iterations;
    if (result.change < options.tolerance) break;
  }
  record.run_seconds = seconds_since(procs, start);
  record.bytes_sent = communicated().bytes - sent_before;
  record.steps = std::uint64_t(result.iterations);
  record.input_entries = n * record.steps;
  result.ranks = procs.gather(r, n);
  return result;
}

std::vector<std::uint64_t> components(const process_grid& procs, const local_edges& edges,
                                      run_record& record) {
  using S = min_first<std::uint64_t>;
  const std::uint64_t n = edges.vertices();
  const local_part mine = procs.part(n);
  double start = now(procs);
  auto at = transpose_blocks<std::uint64_t>(
      procs, edges, edges.symmetric() ? edge_directions::as_stored : edge_directions::both,
      [](std::uint64_t, std::uint64_t, double) { return std::uint64_t(1); });
  vxm_accumulator<S> accumulator = accumulator_for<S>(at);
  record.matrix_entries = std::uint64_t(at.getnnz());
  record.build_seconds = seconds_since(procs, start);
  start = now(procs);
  const std::uint64_t sent_before = communicated().bytes;
  std::vector<std::uint64_t> label(mine.length);
  std::vector<std::int64_t> all(mine.length);
  for (std::uint64_t i = 0; i < mine.length; ++i) {
    label[i] = mine.offset + i;
    all[i] = std::int64_t(i);
  }
  sparse_vector<std::uint64_t> frontier = local_entries(procs, n, all, label);
  record.input_entries = n;
  for (;;) {
    ++record.steps;
    // t = f min.first (A ∪ Aᵀ); f = t⟨t < label⟩; label<f> = f
    sparse_vector<std::uint64_t> offers = vxm<S>(procs, at, frontier, accumulator);
    const std::uint64_t lowered = keep_improving(
        procs, n, offers, [&](std::uint64_t i, std::uint64_t l) { return l < label[i]; },
        [&](std::uint64_t i, std::uint64_t l) { label[i] = l; }, frontier);
    if (lowered == 0) break;
    record.input_entries += lowered;
  }
  record.run_seconds = seconds_since(procs, start);
  record.bytes_sent = communicated().bytes - sent_before;
  return procs.gather(label, n);
}

}  // namespace graphring::dist
