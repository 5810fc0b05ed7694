// Kernel workloads: graphring's mxv / vxm against GrB_mxv / GrB_vxm on the same graph.
#include "bench/harness/kernel_workloads.hpp"

#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <tuple>

#include "bench/baselines/graphblas_algorithms.hpp"
#include "bench/baselines/graphblas_kernels.hpp"
#include "bench/baselines/graphblas_matrix.hpp"
#include "bench/harness/user_semirings.hpp"
#include "bench/harness/user_semirings_graphblas.hpp"
#include "engine/ops/mxv.hpp"
#include "engine/ops/mxv_format.hpp"
#include "semirings/builtin.hpp"
#include "semirings/examples/shortest_path_count.hpp"

namespace graphring::bench {
namespace {

using baselines::grb_vector;

// graphring's answer against GraphBLAS's: same pattern, values within a relative tolerance.
template <class T, class U>
std::string compare(const vector<T>& ours, const baselines::sparse_vector<U>& theirs, double tol) {
  if (ours.nvals() != theirs.indices.size())
    return std::to_string(ours.nvals()) + " entries against " +
           std::to_string(theirs.indices.size());
  std::string problem;
  std::size_t e = 0;
  ours.for_each([&](std::uint64_t i, const T& x) {
    if (!problem.empty()) return;
    if (theirs.indices[e] != i) {
      problem = "entry " + std::to_string(i) + " is missing from one side";
    } else {
      const double a = double(x), b = double(theirs.values[e]);
      if (!(a == b || std::fabs(a - b) <= tol * std::max(std::fabs(a), std::fabs(b))))
        problem =
            "entry " + std::to_string(i) + ": " + std::to_string(a) + " vs " + std::to_string(b);
    }
    ++e;
  });
  return problem;
}

struct kernel_state {
  std::uint64_t n = 0;
  matrix<float> a32;
  matrix<double> a64;
  baselines::graphblas_graph grb32, grb64;
  vector<float> x;  // dense, random in [0, 1)
  vector<bench::distance> x_user;
  grb_vector grb_x;
  grb_vector grb_x_user;   // x_user as GraphBLAS's user-defined type
  vector<float> frontier;  // fraction of the vertices with out-edges, random values
  vector<float> small_frontier, large_frontier;  // a tenth and ten times that fraction
  vector<std::int64_t> frontier_i;
  vector<examples::path_count> frontier_paths;
  grb_vector grb_frontier, grb_frontier_i, grb_frontier_paths;
  grb_vector grb_small_frontier, grb_large_frontier;
  // The latest answers.
  vector<float> w32;
  vector<bench::distance> w_user;
  vector<std::int64_t> w_parents;
  vector<examples::path_count> w_paths;
  grb_vector grb_w32, grb_w_i, grb_w_paths, grb_w_user;
};

template <class T>
grb_vector grb_copy(const vector<T>& v) {
  baselines::sparse_vector<T> s;
  s.size = v.size();
  v.for_each([&](std::uint64_t i, const T& x) {
    s.indices.push_back(i);
    s.values.push_back(x);
  });
  return baselines::to_grb_vector(s);
}

grb_vector grb_new(GrB_Type type, std::uint64_t n) {
  grb_vector v;
  GRAPHRING_GRB(GrB_Vector_new(v.out(), type, n));
  return v;
}

std::shared_ptr<kernel_state> prepare_state(graph& g, const kernel_options& o) {
  auto s = std::make_shared<kernel_state>();
  s->n = g.vertices();
  const csr_matrix& a = g.adjacency();
  s->a32 = matrix<float>::from_csr(a, 1.0f, &g.transpose());
  s->a64 = matrix<double>::from_csr(a, 1.0, &g.transpose());
  s->grb32 = baselines::graphblas_graph(a, GrB_FP32);
  s->grb64 = baselines::graphblas_graph(a, GrB_FP64);
  std::mt19937_64 random(o.seed);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  array<float> xs(s->n);
  array<bench::distance> xd(s->n);
  for (std::uint64_t i = 0; i < s->n; ++i) xd[i] = {xs[i] = unit(random)};
  s->grb_x_user = graphblas_distance_vector(std::vector<bench::distance>(xd.begin(), xd.end()));
  s->x = vector<float>::from_dense(std::move(xs));
  s->x_user = vector<bench::distance>::from_dense(std::move(xd));
  s->grb_x = grb_copy(s->x);
  s->frontier = vector<float>(s->n);
  s->frontier_i = vector<std::int64_t>(s->n);
  s->frontier_paths = vector<examples::path_count>(s->n);
  for (std::uint64_t v = 0; v < s->n; ++v)
    if (a.row_length(v) > 0 &&
        std::uniform_real_distribution<double>(0, 1)(random) < o.frontier_fraction) {
      const float value = unit(random);
      s->frontier.set(v, value);
      s->frontier_i.set(v, std::int64_t(v));
      s->frontier_paths.set(v, {double(value), 1});
    }
  s->small_frontier = vector<float>(s->n);
  s->large_frontier = vector<float>(s->n);
  for (std::uint64_t v = 0; v < s->n; ++v) {
    if (a.row_length(v) == 0) continue;
    const double draw = std::uniform_real_distribution<double>(0, 1)(random);
    if (draw < o.frontier_fraction / 10) s->small_frontier.set(v, unit(random));
    if (draw < o.frontier_fraction * 10) s->large_frontier.set(v, unit(random));
  }
  s->grb_frontier = grb_copy(s->frontier);
  s->grb_small_frontier = grb_copy(s->small_frontier);
  s->grb_large_frontier = grb_copy(s->large_frontier);
  s->grb_frontier_i = grb_copy(s->frontier_i);
  const auto& pc = baselines::graphblas_path_count_semiring();
  s->grb_frontier_paths = grb_new(pc.type, s->n);
  s->frontier_paths.for_each([&](std::uint64_t i, const examples::path_count& p) {
    GRAPHRING_GRB(GrB_Vector_setElement_UDT(s->grb_frontier_paths.get(),
                                            const_cast<examples::path_count*>(&p), i));
  });
  s->grb_w32 = grb_new(GrB_FP32, s->n);
  s->grb_w_i = grb_new(GrB_INT64, s->n);
  s->grb_w_paths = grb_new(pc.type, s->n);
  s->grb_w_user = grb_new(graphblas_user_min_plus_semiring().type, s->n);
  return s;
}

// Every BFS parent k of j is a frontier vertex with an edge k -> j, and both sides reached the
// same vertices.
std::string check_parents(const kernel_state& s) {
  const auto theirs = baselines::from_grb_vector<std::int64_t>(s.grb_w_i.get());
  if (s.w_parents.nvals() != theirs.indices.size()) return "reached sets differ";
  std::string problem;
  s.w_parents.for_each([&](std::uint64_t j, std::int64_t k) {
    if (problem.empty() && (!s.frontier.has(std::uint64_t(k)) || !s.a32.get(std::uint64_t(k), j)))
      problem = "parent " + std::to_string(k) + " of " + std::to_string(j) + " is not valid";
  });
  return problem;
}

std::string check_paths(const kernel_state& s) {
  GrB_Index found = 0;
  GRAPHRING_GRB(GrB_Vector_nvals(&found, s.grb_w_paths.get()));
  if (found != s.w_paths.nvals()) return "reached sets differ";
  std::string problem;
  s.w_paths.for_each([&](std::uint64_t j, const examples::path_count& p) {
    examples::path_count q{};
    GRAPHRING_GRB(GrB_Vector_extractElement_UDT(&q, s.grb_w_paths.get(), j));
    if (problem.empty() &&
        (q.count != p.count || std::fabs(q.dist - p.dist) > 1e-9 * std::fabs(p.dist)))
      problem = "entry " + std::to_string(j) + " differs";
  });
  return problem;
}

}  // namespace

std::vector<workload> kernel_workloads(graph& g, const std::string& graph_name,
                                       const kernel_options& options) {
  auto s = prepare_state(g, options);
  const double n = double(g.vertices()), nnz = double(g.edges());
  // Least traffic of a pull SpMV on a pattern matrix: offsets, column ids, x and w once each.
  const double pull_bytes = 8 * (n + 1) + 4 * nnz + 4 * n + 4 * n;
  double frontier_edges = 0;
  s->frontier.for_each(
      [&](std::uint64_t k, float) { frontier_edges += double(g.adjacency().row_length(k)); });
  std::vector<workload> out;

  workload plus_times{graph_name, "mxv plus_times fp32", nnz, pull_bytes, {}};
  plus_times.systems.push_back({graphring_system,
                                {},
                                [s] {
                                  s->w32 = vector<float>(s->n);
                                  mxv(s->w32, no_mask, no_accum, graphring::plus_times<float>{},
                                      s->a32, s->x);
                                },
                                {}});
  plus_times.systems.push_back(
      {graphblas_system,
       {},
       [s] {
         GRAPHRING_GRB(GrB_mxv(s->grb_w32.get(), nullptr, nullptr, GrB_PLUS_TIMES_SEMIRING_FP32,
                               s->grb32.a(), s->grb_x.get(), nullptr));
       },
       [s] { return compare(s->w32, baselines::from_grb_vector<float>(s->grb_w32.get()), 1e-4); }});
  out.push_back(std::move(plus_times));

  workload min_plus{graph_name, "mxv min_plus fp32", nnz, pull_bytes, {}};
  min_plus.systems.push_back({graphring_system,
                              {},
                              [s] {
                                s->w32 = vector<float>(s->n);
                                mxv(s->w32, no_mask, no_accum, graphring::min_plus<float>{}, s->a32,
                                    s->x);
                              },
                              {}});
  min_plus.systems.push_back(
      {graphring_system + " user-defined",
       {},
       [s] {
         s->w_user = vector<bench::distance>(s->n);
         mxv(s->w_user, no_mask, no_accum, user_min_plus{}, s->a32, s->x_user);
       },
       [s] {
         vector<float> plain(s->n);
         s->w_user.for_each([&](std::uint64_t i, const bench::distance& d) { plain.set(i, d.d); });
         baselines::sparse_vector<float> built;
         built.size = s->n;
         s->w32.for_each([&](std::uint64_t i, float x) {
           built.indices.push_back(i), built.values.push_back(x);
         });
         return compare(plain, built, 0);
       }});
  min_plus.systems.push_back(
      {graphblas_system,
       {},
       [s] {
         GRAPHRING_GRB(GrB_mxv(s->grb_w32.get(), nullptr, nullptr, GrB_MIN_PLUS_SEMIRING_FP32,
                               s->grb32.a(), s->grb_x.get(), nullptr));
       },
       [s] { return compare(s->w32, baselines::from_grb_vector<float>(s->grb_w32.get()), 0); }});
  // The same user-defined semiring in GraphBLAS, for its cost of a user's own operator.
  min_plus.systems.push_back({graphblas_system + " user-defined",
                              {},
                              [s] {
                                GRAPHRING_GRB(GrB_mxv(s->grb_w_user.get(), nullptr, nullptr,
                                                      graphblas_user_min_plus_semiring().semiring,
                                                      s->grb32.a(), s->grb_x_user.get(), nullptr));
                              },
                              [s] {
                                baselines::sparse_vector<float> theirs;
                                theirs.size = s->n;
                                std::vector<bench::distance> values;
                                graphblas_distance_entries(s->grb_w_user.get(), theirs.indices,
                                                           values);
                                for (const bench::distance& d : values)
                                  theirs.values.push_back(d.d);
                                return compare(s->w32, theirs, 0);
                              }});
  out.push_back(std::move(min_plus));

  // The same pull product through every compressed format (engine/ops/mxv_format.hpp).
  for (format_kind kind : all_format_kinds) {
    if (kind == format_kind::csr) continue;
    std::shared_ptr<formatted_matrix<float>> fa;
    try {
      fa = std::make_shared<formatted_matrix<float>>(s->a32, kind);
    } catch (const error& e) {
      if (e.kind() != error_kind::limit) throw;
      continue;  // ELL refuses a matrix whose padding would dwarf it
    }
    const double bytes = double(fa->format().bytes());
    char label[96];
    std::snprintf(label, sizeof label, "mxv plus_times fp32 %s %.1f MB",
                  std::string(format_name(kind)).c_str(), bytes / 1e6);
    workload f{graph_name, label, nnz, bytes + 8 * n, {}};
    f.systems.push_back({graphring_system,
                         {},
                         [s, fa] {
                           s->w32 = vector<float>(s->n);
                           mxv(s->w32, no_mask, no_accum, graphring::plus_times<float>{}, *fa,
                               s->x);
                         },
                         {}});
    f.systems.push_back(
        {graphblas_system,
         {},
         [s] {
           GRAPHRING_GRB(GrB_mxv(s->grb_w32.get(), nullptr, nullptr, GrB_PLUS_TIMES_SEMIRING_FP32,
                                 s->grb32.a(), s->grb_x.get(), nullptr));
         },
         [s] {
           return compare(s->w32, baselines::from_grb_vector<float>(s->grb_w32.get()), 1e-4);
         }});
    out.push_back(std::move(f));
  }

  // Push products from frontiers of several sizes.
  for (const auto& size :
       {std::tuple{options.frontier_fraction / 10, &s->small_frontier, &s->grb_small_frontier},
        std::tuple{options.frontier_fraction, &s->frontier, &s->grb_frontier},
        std::tuple{options.frontier_fraction * 10, &s->large_frontier, &s->grb_large_frontier}}) {
    const double fraction = std::get<0>(size);
    const vector<float>* frontier = std::get<1>(size);
    const grb_vector* grb_frontier = std::get<2>(size);
    double edges = 0;
    frontier->for_each(
        [&](std::uint64_t k, float) { edges += double(g.adjacency().row_length(k)); });
    char label[96];
    std::snprintf(label, sizeof label, "vxm plus_times fp32 %g%% frontier", fraction * 100);
    workload push{graph_name, label, edges, 0, {}};
    push.systems.push_back({graphring_system,
                            {},
                            [s, frontier] {
                              s->w32 = vector<float>(s->n);
                              vxm(s->w32, no_mask, no_accum, graphring::plus_times<float>{},
                                  *frontier, s->a32);
                            },
                            {}});
    push.systems.push_back(
        {graphblas_system,
         {},
         [s, grb_frontier] {
           GRAPHRING_GRB(GrB_vxm(s->grb_w32.get(), nullptr, nullptr, GrB_PLUS_TIMES_SEMIRING_FP32,
                                 grb_frontier->get(), s->grb32.a(), nullptr));
         },
         [s] {
           return compare(s->w32, baselines::from_grb_vector<float>(s->grb_w32.get()), 1e-4);
         }});
    out.push_back(std::move(push));
  }
  const std::string percent = std::to_string(int(options.frontier_fraction * 100 + 0.5)) + "%";

  workload parents{graph_name, "vxm any_secondi " + percent + " frontier", frontier_edges, 0, {}};
  parents.systems.push_back({graphring_system,
                             {},
                             [s] {
                               s->w_parents = vector<std::int64_t>(s->n);
                               vxm(s->w_parents, no_mask, no_accum,
                                   graphring::any_secondi<std::int64_t>{}, s->frontier_i, s->a32);
                             },
                             {}});
  parents.systems.push_back({graphblas_system,
                             {},
                             [s] {
                               GRAPHRING_GRB(GrB_vxm(s->grb_w_i.get(), nullptr, nullptr,
                                                     GxB_ANY_SECONDI_INT64, s->grb_frontier_i.get(),
                                                     s->grb32.a(), nullptr));
                             },
                             [s] { return check_parents(*s); }});
  out.push_back(std::move(parents));

  workload paths{graph_name, "vxm path_count (user) " + percent, frontier_edges, 0, {}};
  paths.systems.push_back({graphring_system,
                           {},
                           [s] {
                             s->w_paths = vector<examples::path_count>(s->n);
                             vxm(s->w_paths, no_mask, no_accum, examples::shortest_path_count{},
                                 s->frontier_paths, s->a64);
                           },
                           {}});
  paths.systems.push_back({graphblas_system,
                           {},
                           [s] {
                             GRAPHRING_GRB(
                                 GrB_vxm(s->grb_w_paths.get(), nullptr, nullptr,
                                         baselines::graphblas_path_count_semiring().semiring,
                                         s->grb_frontier_paths.get(), s->grb64.a(), nullptr));
                           },
                           [s] { return check_paths(*s); }});
  out.push_back(std::move(paths));
  return out;
}

}  // namespace graphring::bench
