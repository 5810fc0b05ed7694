// The Boost.Graph baselines: construction and one Boost call per algorithm.
#include "bench/baselines/boost_algorithms.hpp"

#include <algorithm>
#include <boost/graph/bellman_ford_shortest_paths.hpp>
#include <boost/graph/betweenness_centrality.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <boost/graph/kruskal_min_spanning_tree.hpp>
#include <boost/graph/page_rank.hpp>
#include <boost/property_map/function_property_map.hpp>
#include <cmath>
#include <iterator>
#include <limits>
#include <tuple>
#include <utility>

#include "core/error.hpp"

namespace graphring::baselines {
namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

double weight_at(const value_array& values, std::uint64_t k) {
  return std::visit(
      [k](const auto& v) -> double {
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::monostate>) {
          return 1.0;
        } else {
          return double(v[k]);
        }
      },
      values);
}

void check_source(std::uint64_t n, std::uint64_t source) {
  if (source >= n) throw error(error_kind::usage, "the source is not a vertex");
}

}  // namespace

boost_csr_graph to_boost_graph(const csr_matrix& a) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges(a.nnz());
  std::vector<boost_edge> weights(a.nnz());
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
      edges[k] = {std::uint32_t(r), a.cols[k]};
      weights[k] = {weight_at(a.values, k)};
    }
  return boost_csr_graph(boost::edges_are_sorted, edges.begin(), edges.end(), weights.begin(),
                         std::uint32_t(a.nrows));
}

boost_undirected_graph to_boost_undirected(const csr_matrix& a) {
  boost_undirected_graph g(a.nrows);
  for (std::uint64_t r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k)
      if (a.cols[k] != r) boost::add_edge(r, a.cols[k], weight_at(a.values, k), g);
  return g;
}

boost_bfs_result boost_bfs(const boost_csr_graph& g, std::uint64_t source) {
  const std::uint64_t n = boost::num_vertices(g);
  check_source(n, source);
  boost_bfs_result r{std::vector<std::int64_t>(n, -1), std::vector<std::int64_t>(n, -1)};
  r.levels[source] = 0;
  r.parents[source] = std::int64_t(source);
  // Each tree edge (u, v) discovers v one level below u.
  struct recorder : boost::default_bfs_visitor {
    boost_bfs_result* r;
    void tree_edge(boost::graph_traits<boost_csr_graph>::edge_descriptor e,
                   const boost_csr_graph& g) const {
      const auto u = boost::source(e, g), v = boost::target(e, g);
      r->levels[v] = r->levels[u] + 1;
      r->parents[v] = std::int64_t(u);
    }
  } vis;
  vis.r = &r;
  boost::breadth_first_search(g, std::uint32_t(source), boost::visitor(vis));
  return r;
}

std::vector<double> boost_dijkstra(const boost_csr_graph& g, std::uint64_t source) {
  const std::uint64_t n = boost::num_vertices(g);
  check_source(n, source);
  std::vector<double> dist(n, infinity);
  boost::dijkstra_shortest_paths(g, std::uint32_t(source),
                                 boost::weight_map(boost::get(&boost_edge::weight, g))
                                     .distance_map(boost::make_iterator_property_map(
                                         dist.begin(), boost::get(boost::vertex_index, g)))
                                     .distance_inf(infinity));
  return dist;
}

std::vector<double> boost_bellman_ford(const boost_csr_graph& g, std::uint64_t source) {
  const std::uint64_t n = boost::num_vertices(g);
  check_source(n, source);
  std::vector<double> dist(n, infinity);
  dist[source] = 0;
  const bool ok = boost::bellman_ford_shortest_paths(
      g, std::uint32_t(n),
      boost::weight_map(boost::get(&boost_edge::weight, g))
          .distance_map(
              boost::make_iterator_property_map(dist.begin(), boost::get(boost::vertex_index, g))));
  if (!ok) throw error(error_kind::bad_input, "a negative cycle is reachable from the source");
  return dist;
}

namespace {

// Boost's page_rank calls `done` with the ranks before the first step and after each one. This
// callback completes each step with what Boost leaves out, the dangling vertices' rank spread
// over all n vertices, d · Σ_sinks R / n (R being Boost's unnormalized rank, n · r), and stops
// when the L1 change of r is below tol or after max_iters steps.
struct pagerank_progress {
  std::vector<std::uint32_t> sinks;
  std::vector<double> previous;  // R after the last step
  double damping = 0, tol = 0;
  int max_iters = 0, steps = 0;
};

struct spread_sinks_then_check {
  pagerank_progress* p;
  template <class RankMap>
  bool operator()(const RankMap& rank, const boost_csr_graph&) const {
    const std::uint64_t n = p->previous.size();
    if (p->steps++ == 0) {  // the initial ranks
      for (std::uint64_t v = 0; v < n; ++v) p->previous[v] = get(rank, std::uint32_t(v));
      return p->max_iters <= 0;
    }
    double lost = 0;
    for (std::uint32_t u : p->sinks) lost += p->previous[u];
    const double share = p->damping * lost / double(n);
    double change = 0;
    for (std::uint64_t v = 0; v < n; ++v) {
      const double next = get(rank, std::uint32_t(v)) + share;
      put(rank, std::uint32_t(v), next);
      change += std::abs(next - p->previous[v]);
      p->previous[v] = next;
    }
    return change / double(n) < p->tol || p->steps > p->max_iters;
  }
};

}  // namespace

boost_pagerank_result boost_pagerank(const boost_csr_graph& g, double damping, double tol,
                                     int max_iters) {
  const std::uint64_t n = boost::num_vertices(g);
  boost_pagerank_result result;
  if (n == 0) return result;
  pagerank_progress p;
  for (std::uint32_t u = 0; u < n; ++u)
    if (boost::out_degree(u, g) == 0) p.sinks.push_back(u);
  p.previous.resize(n);
  p.damping = damping;
  p.tol = tol;
  p.max_iters = max_iters;
  std::vector<double> ranks(n), other(n);
  const auto index = boost::get(boost::vertex_index, g);
  // n = 1: every vertex starts at R = 1, which is r = 1/n.
  boost::graph::page_rank(g, boost::make_iterator_property_map(ranks.begin(), index),
                          spread_sinks_then_check{&p}, damping, 1,
                          boost::make_iterator_property_map(other.begin(), index));
  result.iterations = p.steps - 1;
  result.ranks = std::move(ranks);
  for (double& x : result.ranks) x /= double(n);
  return result;
}

std::vector<std::uint64_t> boost_connected_components(const boost_undirected_graph& g) {
  const std::uint64_t n = boost::num_vertices(g);
  std::vector<std::uint64_t> component(n);
  const std::uint64_t count = boost::connected_components(g, component.data());
  std::vector<std::uint64_t> smallest(count, n);
  for (std::uint64_t v = 0; v < n; ++v)
    smallest[component[v]] = std::min(smallest[component[v]], v);
  for (std::uint64_t v = 0; v < n; ++v) component[v] = smallest[component[v]];
  return component;
}

std::vector<double> boost_betweenness(const boost_csr_graph& g) {
  std::vector<double> centrality(boost::num_vertices(g));
  boost::brandes_betweenness_centrality(
      g, boost::centrality_map(boost::make_iterator_property_map(
             centrality.begin(), boost::get(boost::vertex_index, g))));
  return centrality;
}

spanning_forest boost_kruskal(const boost_undirected_graph& g, kruskal_ties ties) {
  using edge_descriptor = boost::graph_traits<boost_undirected_graph>::edge_descriptor;
  std::vector<edge_descriptor> tree;
  const auto weight = boost::get(boost::edge_weight, g);
  if (ties == kruskal_ties::smaller_pair) {
    // Kruskal orders edges by their weight map's values: (weight, smaller end, larger end) orders
    // equal weights by their vertex pair.
    const auto ordered =
        boost::make_function_property_map<edge_descriptor>([&g, weight](edge_descriptor e) {
          const std::uint64_t u = boost::source(e, g), v = boost::target(e, g);
          return std::tuple{weight[e], std::min(u, v), std::max(u, v)};
        });
    boost::kruskal_minimum_spanning_tree(g, std::back_inserter(tree), boost::weight_map(ordered));
  } else {
    boost::kruskal_minimum_spanning_tree(g, std::back_inserter(tree));
  }
  spanning_forest f;
  for (const auto& e : tree) {
    const std::uint64_t u = boost::source(e, g), v = boost::target(e, g);
    f.edges.push_back({std::min(u, v), std::max(u, v), weight[e]});
    f.weight += weight[e];
  }
  return f;
}

}  // namespace graphring::baselines
