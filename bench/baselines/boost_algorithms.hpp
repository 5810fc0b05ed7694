// The Boost.Graph baselines: graphs built from csr_matrix (a compressed_sparse_row_graph for the
// directed algorithms, an undirected adjacency_list for components and spanning forests), then
// Boost's breadth_first_search, dijkstra_shortest_paths, bellman_ford_shortest_paths,
// connected_components, brandes_betweenness_centrality, kruskal_minimum_spanning_tree and
// boost::graph::page_rank. Results use internal ids 0..n-1.
#pragma once

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <cstdint>
#include <vector>

#include "engine/csr.hpp"

namespace graphring::baselines {

struct boost_edge {
  double weight;
};

using boost_csr_graph =
    boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost_edge,
                                       boost::no_property, std::uint32_t, std::uint64_t>;
using boost_undirected_graph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                          boost::property<boost::edge_weight_t, double>>;

// A as a Boost CSR graph: every stored entry an edge (duplicates and self-loops kept), weights
// as double (1 for a pattern matrix).
boost_csr_graph to_boost_graph(const csr_matrix& a);
// The undirected view of A: an edge {u, v} per stored entry, self-loops left out.
boost_undirected_graph to_boost_undirected(const csr_matrix& a);

struct boost_bfs_result {
  std::vector<std::int64_t> levels;   // -1 when unreached
  std::vector<std::int64_t> parents;  // -1 when unreached; the source is its own parent
};
boost_bfs_result boost_bfs(const boost_csr_graph& g, std::uint64_t source);

// Distances from `source`, infinity when unreached. Dijkstra needs non-negative weights;
// Bellman-Ford throws error_kind::bad_input when a negative cycle is reachable.
std::vector<double> boost_dijkstra(const boost_csr_graph& g, std::uint64_t source);
std::vector<double> boost_bellman_ford(const boost_csr_graph& g, std::uint64_t source);

struct boost_pagerank_result {
  std::vector<double> ranks;  // sums to 1
  int iterations = 0;
};
// r = (1-d)/n + d·(Σ_{u→v} r(u)/outdeg(u) + Σ_sinks r / n), from r = 1/n, until the L1 change is
// below tol or max_iters iterations (tol = 0: exactly max_iters). Weights are ignored.
// boost::graph::page_rank computes R = (1-d) + d·Σ_{u→v} R(u)/outdeg(u), which is n·r when no
// vertex is dangling and otherwise loses the dangling vertices' rank; its `done` callback, which
// Boost calls after every step, adds d·Σ_sinks R / n to every vertex before measuring the change,
// so that the two definitions agree on every graph.
boost_pagerank_result boost_pagerank(const boost_csr_graph& g, double damping = 0.85,
                                     double tol = 1e-7, int max_iters = 100);

// Each vertex's component, named by the smallest id in it.
std::vector<std::uint64_t> boost_connected_components(const boost_undirected_graph& g);

// Brandes' betweenness over all sources, unweighted, directed as the CSR graph stores edges.
std::vector<double> boost_betweenness(const boost_csr_graph& g);

struct spanning_forest {
  double weight = 0;
  struct edge {
    std::uint64_t u, v;
    double w;
  };
  std::vector<edge> edges;
};
// Which of two equal-weight edges Kruskal takes first. any: Boost's own order (what the bench
// times). smaller_pair: the one with the smaller (min(u, v), max(u, v)), which makes the forest
// unique and the one graphring's minimum_spanning_forest returns, so the two compare edge by edge.
enum class kruskal_ties { any, smaller_pair };
// The forest's edges in the order Kruskal took them, u < v.
spanning_forest boost_kruskal(const boost_undirected_graph& g,
                              kruskal_ties ties = kruskal_ties::any);

}  // namespace graphring::baselines
