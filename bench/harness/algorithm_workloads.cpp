// Algorithm workloads: graphring's algorithms against the GraphBLAS and Boost.Graph baselines.
// Each family converts the graph into the systems it needs once, while it builds its workloads;
// the timed runs start from the converted data.
#include "bench/harness/algorithm_workloads.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>

#include "algorithms/bc.hpp"
#include "algorithms/bfs.hpp"
#include "algorithms/cc.hpp"
#include "algorithms/graph_matrices.hpp"
#include "algorithms/msf.hpp"
#include "algorithms/pagerank.hpp"
#include "algorithms/sssp.hpp"
#include "algorithms/tc.hpp"
#include "bench/baselines/boost_algorithms.hpp"
#include "bench/baselines/graphblas_algorithms.hpp"
#include "bench/baselines/graphblas_matrix.hpp"
#include "engine/adjacency_format_name.hpp"
#include "engine/csr_transpose.hpp"

namespace graphring::bench {
namespace {

using baselines::graphblas_graph;

bool with_graphblas(const bench_options& o) { return o.against.count("graphblas") > 0; }
bool with_boost(const bench_options& o) { return o.against.count("boost") > 0; }

// "graphring cci", "graphring dtans+degree": graphring run through storage f (bench --formats).
std::string format_system(const adjacency_format& f) {
  return graphring_system + " " + adjacency_format_name(f);
}

// a in each storage of o.formats that takes it, with the system's name, built here, before the
// trials (ELL refuses a graph it would pad too much: that storage is left out): Aᵀ's format for
// the vxm algorithms, A's own for mxv ones (CC).
template <class T>
std::vector<std::pair<std::string, std::shared_ptr<const formatted_matrix<T>>>> formatted_copies(
    const matrix<T>& a, const bench_options& o, bool for_vxm = true) {
  std::vector<std::pair<std::string, std::shared_ptr<const formatted_matrix<T>>>> out;
  for (const adjacency_format& f : o.formats) {
    try {
      out.emplace_back(format_system(f), std::make_shared<const formatted_matrix<T>>(
                                             for_vxm ? algorithms::formatted_for_vxm(a, f, true)
                                                     : formatted_matrix<T>(a, f)));
    } catch (const error& e) {
      if (e.kind() != error_kind::limit) throw;
    }
  }
  return out;
}

std::string number_text(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.12g", x);
  return text;
}

// "" when a and b are equal within `relative` of the larger magnitude (infinities must match).
std::string compare_values(const std::vector<double>& a, const std::vector<double>& b,
                           double relative, const char* what) {
  if (a.size() != b.size()) return "sizes differ";
  for (std::size_t v = 0; v < a.size(); ++v) {
    const double x = a[v], y = b[v];
    if (x == y) continue;
    if (std::isfinite(x) && std::isfinite(y) &&
        std::fabs(x - y) <= relative * std::max(std::fabs(x), std::fabs(y)))
      continue;
    return std::string(what) + " of vertex " + std::to_string(v) + ": " + number_text(x) + " vs " +
           number_text(y);
  }
  return "";
}

// "" when both forests hold the same edges with the same weights; ours is in ascending (u, v).
std::string compare_forest_edges(const algorithms::msf_result& ours,
                                 baselines::spanning_forest theirs) {
  if (ours.edges.size() != theirs.edges.size()) return "forest sizes differ";
  std::sort(theirs.edges.begin(), theirs.edges.end(), [](const auto& x, const auto& y) {
    return std::pair{x.u, x.v} < std::pair{y.u, y.v};
  });
  for (std::size_t k = 0; k < ours.edges.size(); ++k) {
    const auto& a = ours.edges[k];
    const auto& b = theirs.edges[k];
    if (a.u != b.u || a.v != b.v || a.weight != b.w)
      return "forest edge " + std::to_string(k) + ": {" + std::to_string(a.u) + ", " +
             std::to_string(a.v) + "} " + number_text(a.weight) + " vs {" + std::to_string(b.u) +
             ", " + std::to_string(b.v) + "} " + number_text(b.w);
  }
  return "";
}

template <class T>
std::vector<double> dense_doubles(const vector<T>& v, double missing) {
  std::vector<double> out(v.size(), missing);
  v.for_each([&](std::uint64_t i, const T& x) { out[i] = double(x); });
  return out;
}

template <class T>
std::vector<std::int64_t> dense_ints(const vector<T>& v) {
  std::vector<std::int64_t> out(v.size(), -1);
  v.for_each([&](std::uint64_t i, const T& x) { out[i] = std::int64_t(x); });
  return out;
}

// ---- BFS --------------------------------------------------------------------------------------

struct bfs_answer {
  std::vector<std::int64_t> levels, parents;  // -1 when unreached
};

// Levels equal to graphring's, and every parent valid: the source is its own parent, every other
// reached vertex's parent is one level closer and has an edge to it (looked up among the
// vertex's in-edges, so the whole check costs O(edges)).
std::string check_bfs(const bfs_answer& reference, const bfs_answer& theirs, vertex_id source,
                      const csr_matrix& at) {
  if (theirs.levels != reference.levels) {
    for (std::size_t v = 0; v < reference.levels.size(); ++v)
      if (v >= theirs.levels.size() || theirs.levels[v] != reference.levels[v])
        return "level of vertex " + std::to_string(v) + " differs";
  }
  for (std::size_t v = 0; v < theirs.levels.size(); ++v) {
    const std::int64_t level = theirs.levels[v], p = theirs.parents[v];
    if (level < 0) {
      if (p != -1) return "unreached vertex " + std::to_string(v) + " has a parent";
      continue;
    }
    if (v == source) {
      if (p != std::int64_t(source)) return "the source is not its own parent";
      continue;
    }
    if (p < 0 || std::uint64_t(p) >= theirs.levels.size() || theirs.levels[p] != level - 1)
      return "parent of vertex " + std::to_string(v) + " is not one level up";
    const vertex_id* begin = at.cols.data() + at.row_begin(v);
    const vertex_id* end = at.cols.data() + at.row_end(v);
    if (std::find(begin, end, vertex_id(p)) == end)
      return "parent " + std::to_string(p) + " of vertex " + std::to_string(v) +
             " has no edge to it";
  }
  return "";
}

// The graphs every BFS workload of a graph reads, converted once, and the latest answers: the
// workloads of each source run one after another, each system checked right after its trials.
struct bfs_state {
  graph* g = nullptr;
  graphblas_graph grb;
  std::optional<baselines::boost_csr_graph> boost;
  // on CSR; through a format (bench --formats); parents alone (the levels not kept)
  algorithms::bfs_result ours, formatted, parents_only;
  baselines::bfs_result grb_answer;
  baselines::boost_bfs_result boost_answer;

  bfs_answer our_answer() const { return {dense_ints(ours.levels), dense_ints(ours.parents)}; }
  std::string check(const bfs_answer& theirs, vertex_id from) const {
    return check_bfs(our_answer(), theirs, from, g->transpose());
  }
};

// ---- SSSP -------------------------------------------------------------------------------------

struct sssp_state {
  matrix<double> weights;
  double delta = 1;  // GraphBLAS's Δ
  graphblas_graph grb;
  std::optional<baselines::boost_csr_graph> boost;
  vector<double> ours, formatted;  // on CSR; through a format (bench --formats)
  std::vector<double> theirs;      // the latest baseline answer
};

bool has_negative_weight(const csr_matrix& a) {
  return std::visit(
      [](const auto& values) {
        using array_type = std::decay_t<decltype(values)>;
        if constexpr (std::is_same_v<array_type, std::monostate>) {
          return false;
        } else if constexpr (std::is_unsigned_v<typename array_type::value_type>) {
          return false;
        } else {
          for (std::size_t k = 0; k < values.size(); ++k)
            if (values[k] < 0) return true;
          return false;
        }
      },
      a.values);
}

std::vector<double> dense_distances(const vector<double>& d) {
  return dense_doubles(d, std::numeric_limits<double>::infinity());
}

// ---- components -------------------------------------------------------------------------------

// Both labelings induce the same partition: a one-to-one map between their labels exists.
std::string same_partition(const std::vector<std::uint64_t>& a,
                           const std::vector<std::uint64_t>& b) {
  if (a.size() != b.size()) return "sizes differ";
  std::unordered_map<std::uint64_t, std::uint64_t> forward, backward;
  for (std::size_t v = 0; v < a.size(); ++v) {
    const auto [f, fresh_f] = forward.try_emplace(a[v], b[v]);
    const auto [r, fresh_r] = backward.try_emplace(b[v], a[v]);
    if (f->second != b[v] || r->second != a[v])
      return "vertex " + std::to_string(v) + " is in a different component";
  }
  return "";
}

}  // namespace

std::vector<vertex_id> pick_sources(graph& g, unsigned seed, std::size_t count) {
  std::vector<vertex_id> candidates;
  const csr_matrix& a = g.adjacency();
  for (std::uint64_t v = 0; v < g.vertices(); ++v)
    if (a.row_length(v) > 0) candidates.push_back(vertex_id(v));
  std::mt19937_64 random(seed);
  std::vector<vertex_id> chosen;
  // A partial Fisher-Yates shuffle: the first `count` places are a uniform draw.
  for (std::size_t i = 0; i < candidates.size() && chosen.size() < count; ++i) {
    std::uniform_int_distribution<std::size_t> pick(i, candidates.size() - 1);
    std::swap(candidates[i], candidates[pick(random)]);
    chosen.push_back(candidates[i]);
  }
  return chosen;
}

std::vector<bench_source> workload_sources(graph& g, const bench_options& o, std::size_t drawn) {
  std::vector<bench_source> out;
  if (o.sources.empty()) {
    for (vertex_id v : pick_sources(g, o.seed, drawn)) out.push_back({v, std::nullopt});
  } else {
    for (std::int64_t label : o.sources) out.push_back({vertex_of(g, label), label});
  }
  return out;
}

workload bench_source::workload(const std::string& graph_name, const std::string& kind,
                                double edges) const {
  bench::workload w{graph_name, kind, edges, 0, {}};
  if (label) {
    w.name += " from " + std::to_string(*label);
    w.source = vertex;
    w.source_label = label;
  }
  return w;
}

std::vector<workload> convert_workloads(graph& g, const std::string& name, const bench_options& o) {
  const csr_matrix* a = &g.adjacency();
  workload w{name, "load/convert", double(g.edges()), 0, {}};
  // graphring reads the loaded CSR in place; what it adds is Aᵀ for pull steps.
  w.systems.push_back({graphring_system, {}, [a] { (void)transpose(*a); }, {}});
  if (with_graphblas(o))
    w.systems.push_back({graphblas_system,
                         {},
                         [a] {
                           graphblas_graph grb(*a, GrB_BOOL);
                           (void)grb.at();
                         },
                         {}});
  if (with_boost(o))
    w.systems.push_back({boost_system, {}, [a] { (void)baselines::to_boost_graph(*a); }, {}});
  return {std::move(w)};
}

std::vector<workload> bfs_workloads(graph& g, const std::string& name, const bench_options& o) {
  const std::vector<bench_source> sources = workload_sources(g, o, 1);
  if (sources.empty()) return {};
  auto s = std::make_shared<bfs_state>();
  s->g = &g;
  (void)g.transpose();  // cached for graphring's pull steps and for the parent checks
  if (with_graphblas(o)) {
    s->grb = graphblas_graph(g.adjacency(), GrB_BOOL);
    (void)s->grb.at();
  }
  if (with_boost(o)) s->boost = baselines::to_boost_graph(g.adjacency());
  const double edges = double(g.edges());
  std::vector<workload> out;
  for (const bench_source& from : sources) {
    const vertex_id source = from.vertex;
    workload both = from.workload(name, "bfs", edges);
    both.systems.push_back(
        {graphring_system,
         {},
         [s, source] { s->ours = algorithms::bfs(*s->g, source, {.parents = true}); },
         [s, source] { return s->check(s->our_answer(), source); }});
    for (const auto& [system, copy] : formatted_copies(algorithms::structure_of(g, true), o)) {
      const auto m = copy;  // captured by value: clang before 16 cannot capture a binding
      both.systems.push_back(
          {system,
           {},
           [s, m, source] { s->formatted = algorithms::bfs(*m, source, {.parents = true}); },
           [s, source] {
             return s->check({dense_ints(s->formatted.levels), dense_ints(s->formatted.parents)},
                             source);
           }});
    }
    if (with_graphblas(o))
      both.systems.push_back(
          {graphblas_system,
           {},
           [s, source] { s->grb_answer = baselines::graphblas_bfs(s->grb, source); },
           [s, source] {
             return s->check({s->grb_answer.levels, s->grb_answer.parents}, source);
           }});
    if (with_boost(o))
      both.systems.push_back(
          {boost_system,
           {},
           [s, source] { s->boost_answer = baselines::boost_bfs(*s->boost, source); },
           [s, source] {
             return s->check({s->boost_answer.levels, s->boost_answer.parents}, source);
           }});
    out.push_back(std::move(both));

    // Parents alone, the output of GAP's BFS: each parent checked against the levels above.
    workload parents = from.workload(name, "bfs parents-only", edges);
    parents.systems.push_back(
        {graphring_system,
         {},
         [s, source] {
           s->parents_only = algorithms::bfs(*s->g, source, {.levels = false, .parents = true});
         },
         [s, source] {
           return s->check({s->our_answer().levels, dense_ints(s->parents_only.parents)}, source);
         }});
    out.push_back(std::move(parents));

    workload push = from.workload(name, "bfs push-only", edges);
    push.systems.push_back({graphring_system,
                            {},
                            [s, source] { s->ours = algorithms::bfs_push(*s->g, source, true); },
                            [s, source] { return s->check(s->our_answer(), source); }});
    if (with_graphblas(o))
      push.systems.push_back(
          {graphblas_system,
           {},
           [s, source] { s->grb_answer = baselines::graphblas_bfs_push(s->grb, source); },
           [s, source] {
             return s->check({s->grb_answer.levels, s->grb_answer.parents}, source);
           }});
    out.push_back(std::move(push));
  }
  return out;
}

std::vector<workload> sssp_workloads(graph& g, const std::string& name, const bench_options& o,
                                     sssp_methods methods) {
  const std::vector<bench_source> sources = workload_sources(g, o, 1);
  if (sources.empty()) return {};
  auto s = std::make_shared<sssp_state>();
  s->weights = algorithms::weights_of(g);
  // GraphBLAS's Δ: the mean weight, where its Δ-stepping ran fastest of the Δ tried
  // (docs/kernel-speed-log.md); graphring's own automatic Δ is smaller.
  s->delta = algorithms::mean_weight_delta(s->weights);
  const bool negative = has_negative_weight(g.adjacency());
  if (with_graphblas(o))
    s->grb = graphblas_graph(g.adjacency(), GrB_FP64, baselines::dup_policy::min);
  if (with_boost(o)) s->boost = baselines::to_boost_graph(g.adjacency());
  const double edges = double(g.edges());
  auto agree = [s] {
    return compare_values(dense_distances(s->ours), s->theirs, 1e-9, "distance");
  };
  std::vector<workload> out;
  for (const bench_source& from : sources) {
    const vertex_id source = from.vertex;
    if (!negative && methods != sssp_methods::bellman_ford) {
      // Boost runs Dijkstra here: the same distances by its best method for weights >= 0.
      workload delta = from.workload(name, "sssp delta-stepping", edges);
      delta.systems.push_back(
          {graphring_system,
           {},
           // Δ chosen by graphring as `graphring sssp` chooses it (automatic, grown on graphs
           // of small buckets)
           [s, source] { s->ours = algorithms::sssp_delta_stepping(s->weights, source, 0); },
           {}});
      if (with_graphblas(o))
        delta.systems.push_back({graphblas_system,
                                 {},
                                 [s, source] {
                                   s->theirs = baselines::graphblas_sssp_delta_stepping(
                                       s->grb, source, s->delta);
                                 },
                                 agree});
      if (with_boost(o))
        delta.systems.push_back(
            {boost_system,
             {},
             [s, source] { s->theirs = baselines::boost_dijkstra(*s->boost, source); },
             agree});
      out.push_back(std::move(delta));
    }
    if (methods == sssp_methods::delta_stepping) continue;

    workload bellman = from.workload(name, "sssp Bellman-Ford", edges);
    bellman.systems.push_back(
        {graphring_system,
         {},
         [s, source] { s->ours = algorithms::sssp_bellman_ford(s->weights, source); },
         {}});
    for (const auto& [system, copy] : formatted_copies(s->weights, o)) {
      const auto m = copy;  // captured by value: clang before 16 cannot capture a binding
      bellman.systems.push_back(
          {system,
           {},
           [s, m, source] { s->formatted = algorithms::sssp_bellman_ford(*m, source); },
           [s] {
             return compare_values(dense_distances(s->formatted), dense_distances(s->ours), 0,
                                   "distance");
           }});
    }
    if (with_graphblas(o))
      bellman.systems.push_back(
          {graphblas_system,
           {},
           [s, source] { s->theirs = baselines::graphblas_sssp_bellman_ford(s->grb, source); },
           agree});
    out.push_back(std::move(bellman));
  }
  return out;
}

std::vector<workload> pagerank_workloads(graph& g, const std::string& name, const bench_options& o,
                                         const algorithm_limits& limits) {
  struct state {
    graph* g = nullptr;
    int iterations = 20;
    graphblas_graph grb;
    std::optional<baselines::boost_csr_graph> boost;
    algorithms::pagerank_result ours, formatted;  // on CSR; through a format (bench --formats)
    algorithms::pagerank_result in_float;         // ranks in float
    std::vector<double> theirs;
    int their_iterations = 0;
    bool multigraph = false;
  };
  auto s = std::make_shared<state>();
  s->g = &g;
  s->iterations = limits.pagerank_iterations;
  (void)g.transpose();
  // A graph with repeated edges counts each copy (graphring and Boost): GraphBLAS, which merges
  // them, is handed their multiplicities.
  s->multigraph = g.duplicate_edges() > 0;
  if (with_graphblas(o)) {
    s->grb = s->multigraph ? baselines::edge_multiplicities(g.adjacency())
                           : graphblas_graph(g.adjacency(), GrB_FP64);
    (void)s->grb.at();
    if (!s->multigraph) (void)s->grb.out_degree();  // with multiplicities, row sums instead
  }
  if (with_boost(o)) s->boost = baselines::to_boost_graph(g.adjacency());
  auto agree = [s]() -> std::string {
    if (s->ours.iterations != s->iterations || s->their_iterations != s->iterations)
      return "ran " + std::to_string(s->their_iterations) + " iterations, not " +
             std::to_string(s->iterations);
    return compare_values(dense_doubles(s->ours.ranks, 0), s->theirs, 1e-6, "rank");
  };
  // Tolerance 0: exactly `iterations` iterations everywhere, so per-iteration times compare.
  workload w{name,
             "pagerank " + std::to_string(s->iterations) + " iterations",
             double(g.edges()) * s->iterations,
             0,
             {}};
  w.systems.push_back({graphring_system,
                       {},
                       [s] {
                         s->ours = algorithms::pagerank(
                             *s->g,
                             {.damping = 0.85, .tolerance = 0, .max_iterations = s->iterations});
                       },
                       {}});
  // Built once for both workloads
  const auto copies = formatted_copies(algorithms::structure_of(g, true), o);
  for (const auto& [system, copy] : copies) {
    const auto m = copy;  // captured by value: clang before 16 cannot capture a binding
    w.systems.push_back({system,
                         {},
                         [s, m] {
                           s->formatted = algorithms::pagerank(
                               *m,
                               {.damping = 0.85, .tolerance = 0, .max_iterations = s->iterations});
                         },
                         [s] {
                           return compare_values(dense_doubles(s->formatted.ranks, 0),
                                                 dense_doubles(s->ours.ranks, 0), 1e-9, "rank");
                         }});
  }
  if (with_graphblas(o))
    w.systems.push_back({graphblas_system,
                         {},
                         [s] {
                           auto r = baselines::graphblas_pagerank(s->grb, 0.85, 0, s->iterations,
                                                                  s->multigraph);
                           s->theirs = std::move(r.ranks);
                           s->their_iterations = r.iterations;
                         },
                         agree});
  if (with_boost(o))
    w.systems.push_back({boost_system,
                         {},
                         [s] {
                           auto r = baselines::boost_pagerank(*s->boost, 0.85, 0, s->iterations);
                           s->theirs = std::move(r.ranks);
                           s->their_iterations = r.iterations;
                         },
                         agree});
  // Ranks in float, as GAP's pr_spmv and LAGraph keep them: within float's rounding of the
  // double ranks above.
  workload single{name,
                  "pagerank " + std::to_string(s->iterations) + " iterations float32",
                  double(g.edges()) * s->iterations,
                  0,
                  {}};
  single.systems.push_back({graphring_system,
                            {},
                            [s] {
                              s->in_float =
                                  algorithms::pagerank(*s->g, {.damping = 0.85,
                                                               .tolerance = 0,
                                                               .max_iterations = s->iterations,
                                                               .precision = value_type::float32});
                            },
                            [s] {
                              return compare_values(dense_doubles(s->in_float.ranks, 0),
                                                    dense_doubles(s->ours.ranks, 0), 1e-4, "rank");
                            }});
  for (const auto& [system, copy] : copies) {
    const auto m = copy;  // captured by value: clang before 16 cannot capture a binding
    auto ranks = std::make_shared<algorithms::pagerank_result>();
    single.systems.push_back(
        {system,
         {},
         [s, m, ranks] {
           *ranks = algorithms::pagerank(*m, {.damping = 0.85,
                                              .tolerance = 0,
                                              .max_iterations = s->iterations,
                                              .precision = value_type::float32});
         },
         [s, ranks] {
           return compare_values(dense_doubles(ranks->ranks, 0), dense_doubles(s->ours.ranks, 0),
                                 1e-4, "rank");
         }});
  }
  std::vector<workload> out;
  out.push_back(std::move(w));
  out.push_back(std::move(single));
  return out;
}

std::vector<workload> cc_workloads(graph& g, const std::string& name, const bench_options& o) {
  struct state {
    graph* g = nullptr;
    graphblas_graph grb;
    std::optional<baselines::boost_undirected_graph> boost;
    std::vector<std::uint64_t> ours, theirs;
  };
  auto s = std::make_shared<state>();
  s->g = &g;
  // Cached on both sides, as LAGraph caches them on its Graph: whether the graph is symmetric
  // and its transpose, from which each system forms A ∪ Aᵀ when it is not.
  if (!g.symmetric()) (void)g.transpose();
  if (with_graphblas(o)) {
    s->grb = graphblas_graph(g.adjacency(), GrB_BOOL);
    (void)s->grb.symmetric();
  }
  if (with_boost(o)) s->boost = baselines::to_boost_undirected(g.adjacency());
  auto agree = [s] { return same_partition(s->ours, s->theirs); };
  workload w{name, "cc", double(g.edges()), 0, {}};
  w.systems.push_back({graphring_system,
                       {},
                       [s] {
                         const vector<std::uint64_t> c = algorithms::connected_components(*s->g);
                         s->ours.assign(c.values(), c.values() + c.size());
                       },
                       {}});
  // Through each format of --formats: a symmetric graph's S, encoded before the trials (a
  // directed graph's A and Aᵀ are encoded inside connected_components, so it is left out).
  if (g.symmetric()) {
    for (const auto& [system, copy] :
         formatted_copies(algorithms::structure_of(g, false), o, false)) {
      const auto m = copy;  // captured by value: clang before 16 cannot capture a binding
      auto formatted = std::make_shared<std::vector<std::uint64_t>>();
      w.systems.push_back({system,
                           {},
                           [m, formatted] {
                             const vector<std::uint64_t> c = algorithms::connected_components(*m);
                             formatted->assign(c.values(), c.values() + c.size());
                           },
                           [s, formatted] { return same_partition(s->ours, *formatted); }});
    }
  }
  if (with_graphblas(o))
    w.systems.push_back({graphblas_system,
                         {},
                         [s] { s->theirs = baselines::graphblas_connected_components(s->grb); },
                         agree});
  if (with_boost(o))
    w.systems.push_back({boost_system,
                         {},
                         [s] { s->theirs = baselines::boost_connected_components(*s->boost); },
                         agree});
  return {std::move(w)};
}

std::vector<workload> tc_workloads(graph& g, const std::string& name, const bench_options& o) {
  struct state {
    graph* g = nullptr;
    graphblas_graph grb;
    std::uint64_t ours = 0, theirs = 0;
  };
  auto s = std::make_shared<state>();
  s->g = &g;
  if (!g.symmetric()) (void)g.transpose();
  if (with_graphblas(o)) {
    s->grb = graphblas_graph(g.adjacency(), GrB_BOOL);
    (void)s->grb.symmetric();
  }
  workload w{name, "tc", double(g.edges()), 0, {}};
  w.systems.push_back(
      {graphring_system, {}, [s] { s->ours = algorithms::triangle_count(*s->g); }, {}});
  // Through each format of --formats: A (and Aᵀ when directed), encoded before the trials; each
  // trial selects the lower triangle from their rows (CSR, CCI, CSR-dtANS; the others from CSR).
  const bool symmetric = g.symmetric();
  if (g.duplicate_edges() == 0)
    for (const auto& [system, copy] :
         formatted_copies(algorithms::structure_of(g, !symmetric), o, false)) {
      const auto m = copy;  // captured by value: clang before 16 cannot capture a binding
      if (!symmetric) (void)m->transposed();
      auto formatted = std::make_shared<std::uint64_t>(0);
      w.systems.push_back(
          {system,
           {},
           [m, symmetric, formatted] { *formatted = algorithms::triangle_count(*m, symmetric); },
           [s, formatted]() -> std::string {
             if (s->ours == *formatted) return "";
             return std::to_string(*formatted) + " triangles vs " + std::to_string(s->ours);
           }});
    }
  if (with_graphblas(o))
    w.systems.push_back({graphblas_system,
                         {},
                         [s] { s->theirs = baselines::graphblas_triangle_count(s->grb); },
                         [s]() -> std::string {
                           if (s->ours == s->theirs) return "";
                           return std::to_string(s->ours) + " triangles vs " +
                                  std::to_string(s->theirs);
                         }});
  return {std::move(w)};
}

std::vector<workload> bc_workloads(graph& g, const std::string& name, const bench_options& o,
                                   const algorithm_limits& limits) {
  if (double(g.edges()) > limits.bc_max_edges) return {};
  struct state {
    graph* g = nullptr;
    std::vector<vertex_id> sources;
    graphblas_graph grb;
    std::vector<double> ours, theirs;
  };
  auto s = std::make_shared<state>();
  s->g = &g;
  for (const bench_source& from : workload_sources(g, o, std::size_t(limits.bc_sources)))
    s->sources.push_back(from.vertex);
  if (s->sources.empty()) return {};
  if (with_graphblas(o)) {
    s->grb = graphblas_graph(g.adjacency(), GrB_BOOL);
    (void)s->grb.at();
  }
  const std::size_t k = s->sources.size();
  workload w{name, "bc " + std::to_string(k) + " sources", double(g.edges()) * double(k), 0, {}};
  w.systems.push_back({graphring_system,
                       {},
                       [s] {
                         const vector<double> bc = algorithms::betweenness(*s->g, s->sources);
                         s->ours.assign(bc.values(), bc.values() + bc.size());
                       },
                       {}});
  // Through each format of --formats: A, and Aᵀ for the backward sweep, encoded before the
  // trials; each product gathers the rows it reads from them (CSR, CCI, CSR-dtANS).
  for (const auto& [system, copy] :
       formatted_copies(algorithms::structure_of(g, false), o, false)) {
    const auto m = copy;  // captured by value: clang before 16 cannot capture a binding
    (void)m->transposed();
    auto formatted = std::make_shared<std::vector<double>>();
    w.systems.push_back(
        {system,
         {},
         [m, s, formatted] {
           const vector<double> bc = algorithms::betweenness(*m, s->sources);
           formatted->assign(bc.values(), bc.values() + bc.size());
         },
         [s, formatted] { return compare_values(s->ours, *formatted, 1e-9, "centrality"); }});
  }
  if (with_graphblas(o))
    w.systems.push_back({graphblas_system,
                         {},
                         [s] {
                           s->theirs = baselines::graphblas_betweenness(
                               s->grb,
                               std::vector<std::uint64_t>(s->sources.begin(), s->sources.end()));
                         },
                         [s] { return compare_values(s->ours, s->theirs, 1e-6, "centrality"); }});
  return {std::move(w)};
}

std::vector<workload> msf_workloads(graph& g, const std::string& name, const bench_options& o,
                                    const algorithm_limits& limits) {
  if (double(g.edges()) > limits.msf_max_edges) return {};
  struct state {
    graph* g = nullptr;
    std::optional<baselines::boost_undirected_graph> boost;
    algorithms::msf_result ours;
    baselines::spanning_forest theirs;
  };
  auto s = std::make_shared<state>();
  s->g = &g;
  if (with_boost(o)) s->boost = baselines::to_boost_undirected(g.adjacency());
  workload w{name, "msf", double(g.edges()), 0, {}};
  w.systems.push_back(
      {graphring_system, {}, [s] { s->ours = algorithms::minimum_spanning_forest(*s->g); }, {}});
  // Through each format of --formats, for a graph known to be symmetric (which the CSR system
  // reads as it is too): the weights encoded before the trials, the edge keys built from them.
  if (g.known_symmetric().value_or(false))
    for (const auto& [system, copy] : formatted_copies(algorithms::weights_of(g), o, false)) {
      const auto m = copy;  // captured by value: clang before 16 cannot capture a binding
      auto formatted = std::make_shared<algorithms::msf_result>();
      w.systems.push_back({system,
                           {},
                           [m, formatted] { *formatted = algorithms::minimum_spanning_forest(*m); },
                           [s, formatted]() -> std::string {
                             if (formatted->edges.size() != s->ours.edges.size())
                               return std::to_string(formatted->edges.size()) +
                                      " forest edges vs " + std::to_string(s->ours.edges.size());
                             return compare_values({formatted->total_weight},
                                                   {s->ours.total_weight}, 0, "total weight");
                           }});
    }
  if (with_boost(o))
    w.systems.push_back(
        {boost_system,
         {},
         [s] { s->theirs = baselines::boost_kruskal(*s->boost); },
         [s]() -> std::string {
           if (s->ours.edges.size() != s->theirs.edges.size())
             return std::to_string(s->ours.edges.size()) + " forest edges vs " +
                    std::to_string(s->theirs.edges.size());
           const std::string weight =
               compare_values({s->ours.total_weight}, {s->theirs.weight}, 1e-9, "total weight");
           if (!weight.empty()) return weight;
           // Untimed: Kruskal again, taking equal weights in graphring's order.
           return compare_forest_edges(
               s->ours, baselines::boost_kruskal(*s->boost, baselines::kruskal_ties::smaller_pair));
         }});
  return {std::move(w)};
}

}  // namespace graphring::bench
