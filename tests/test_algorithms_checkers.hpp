// Shared by the algorithm tests: small graphs from edge lists, the engine's result vectors as
// plain arrays, and simple serial checkers written independently of the engine (a queue BFS,
// Dijkstra, Bellman-Ford, a power iteration, union-find components, brute-force triangles,
// Brandes with a queue, Kruskal), plus the LDBC Graphalytics example data sets.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/graph.hpp"
#include "engine/vector.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing {

// A graph on vertices 0..n-1 (labels 0..n-1) with the edges as given (duplicates kept).
graph make_graph(std::uint64_t n, const std::vector<test_edge>& edges, bool weighted = false);

// v as n values, `absent` where v holds no entry.
template <class T>
std::vector<T> plain(const vector<T>& v, T absent) {
  std::vector<T> out(v.size(), absent);
  v.for_each([&](std::uint64_t i, const T& x) { out[i] = x; });
  return out;
}

// Serial references over g's adjacency (row u = out-edges of u; weights 1 when unweighted).
std::vector<std::int64_t> serial_bfs_levels(const graph& g, vertex_id source);  // -1 unreached
std::vector<double> serial_dijkstra(const graph& g, vertex_id source);          // inf unreached
std::vector<double> serial_bellman_ford(const graph& g, vertex_id source);      // no neg. cycle
std::vector<double> serial_pagerank(const graph& g, double damping, double tol, int max_iters);
std::vector<std::uint64_t> serial_components(const graph& g);            // smallest id, weak
std::uint64_t serial_triangles(const graph& g);                          // undirected, simple
std::vector<std::uint64_t> serial_triangles_per_vertex(const graph& g);  // each vertex's
std::vector<double> serial_betweenness(const graph& g, const std::vector<vertex_id>& sources);
double serial_kruskal_weight(const graph& g);  // undirected, loops ignored

// Whether `parents` (-1 unreached, the source its own parent) is a BFS tree for `levels`.
::testing::AssertionResult valid_bfs_parents(const graph& g, vertex_id source,
                                             const std::vector<std::int64_t>& levels,
                                             const std::vector<std::int64_t>& parents);

// An LDBC Graphalytics example data set: the graph (symmetrized when undirected) and its
// properties file as key -> value (keys without the "graph.NAME." prefix).
struct ldbc_dataset {
  graph g;
  std::map<std::string, std::string> properties;
};
ldbc_dataset load_ldbc(const std::string& name);
// Of the LDBC example data sets `names`, those whose files are at hand: all of them with
// ../shared/datasets, else the bundled example-directed (a missing one fails the test when
// shared_datasets_required()).
std::vector<std::string> available_ldbc(std::initializer_list<const char*> names);
// The reference output NAME-ALGO as label -> value text.
std::map<std::int64_t, std::string> ldbc_reference(const std::string& name,
                                                   const std::string& algo);

}  // namespace graphring::testing
