// The Boost.Graph baselines: construction and one Boost call per algorithm.
#include "bench/baselines/boost_algorithms.hpp"

#include <algorithm>
#include <boost/graph/bellman_ford_shortest_paths.hpp>
#include <boost/graph/betweenness_centrality.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <boost/graph/kruskal_min_spanning_tree.hpp>
#include <cmath>
#include <iterator>
#include <limits>
#include <utility>

#include "engine/error.hpp"

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
    void tree_edge(boost::graph_traits<boost_csr_graph>::edge_descriptor e, const boost_csr_graph& g) const {
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
  boost::dijkstra_shortest_paths(
      g, std::uint32_t(source),
      boost::weight_map(boost::get(&boost_edge::weight, g))
          .distance_map(boost::make_iterator_property_map(dist.begin(), boost::get(boost::vertex_index, g)))
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
          .distance_map(boost::make_iterator_property_map(dist.begin(), boost::get(boost::vertex_index, g))));
  if (!ok) throw error(error_kind::bad_input, "a negative cycle is reachable from the source");
  return dist;
}

boost_pagerank_result boost_pagerank(const boost_csr_graph& g, double damping, double tol, int max_iters) {
  const std::uint64_t n = boost::num_vertices(g);
  boost_pagerank_result result;
  if (n == 0) return result;
  std::vector<double> r(n, 1.0 / double(n)), next(n);
  for (result.iterations = 1; result.iterations <= max_iters; ++result.iterations) {
    double sink_rank = 0;
    for (std::uint64_t u = 0; u < n; ++u)
      if (boost::out_degree(std::uint32_t(u), g) == 0) sink_rank += r[u];
    std::fill(next.begin(), next.end(), (1 - damping) / double(n) + damping * sink_rank / double(n));
    for (std::uint64_t u = 0; u < n; ++u) {
      const auto degree = boost::out_degree(std::uint32_t(u), g);
      if (degree == 0) continue;
      const double share = damping * r[u] / double(degree);
      for (auto e : boost::make_iterator_range(boost::out_edges(std::uint32_t(u), g)))
        next[boost::target(e, g)] += share;
    }
    double change = 0;
    for (std::uint64_t v = 0; v < n; ++v) change += std::abs(next[v] - r[v]);
    r.swap(next);
    if (change < tol) break;
  }
  result.iterations = std::min(result.iterations, max_iters);
  result.ranks = std::move(r);
  return result;
}

std::vector<std::uint64_t> boost_connected_components(const boost_undirected_graph& g) {
  const std::uint64_t n = boost::num_vertices(g);
  std::vector<std::uint64_t> component(n);
  const std::uint64_t count = boost::connected_components(g, component.data());
  std::vector<std::uint64_t> smallest(count, n);
  for (std::uint64_t v = 0; v < n; ++v) smallest[component[v]] = std::min(smallest[component[v]], v);
  for (std::uint64_t v = 0; v < n; ++v) component[v] = smallest[component[v]];
  return component;
}

std::vector<double> boost_betweenness(const boost_csr_graph& g) {
  std::vector<double> centrality(boost::num_vertices(g));
  boost::brandes_betweenness_centrality(
      g, boost::centrality_map(
             boost::make_iterator_property_map(centrality.begin(), boost::get(boost::vertex_index, g))));
  return centrality;
}

spanning_forest boost_kruskal(const boost_undirected_graph& g) {
  std::vector<boost::graph_traits<boost_undirected_graph>::edge_descriptor> tree;
  boost::kruskal_minimum_spanning_tree(g, std::back_inserter(tree));
  spanning_forest f;
  const auto weight = boost::get(boost::edge_weight, g);
  for (const auto& e : tree) {
    const std::uint64_t u = boost::source(e, g), v = boost::target(e, g);
    f.edges.push_back({std::min(u, v), std::max(u, v), weight[e]});
    f.weight += weight[e];
  }
  return f;
}

}  // namespace graphring::baselines
