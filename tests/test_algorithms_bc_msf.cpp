// Betweenness centrality against a serial Brandes and LAGraph's reference values; minimum
// spanning forest total weight against Kruskal, with the edges checked to form a spanning
// forest, and edge by edge against Boost.Graph's Kruskal taking equal weights in the same order;
// results identical on 1 and 2 threads.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <sstream>

#include "algorithms/bc.hpp"
#include "algorithms/cc.hpp"
#include "algorithms/msf.hpp"
#include "bench/baselines/boost_algorithms.hpp"
#include "core/error.hpp"
#include "engine/generators.hpp"
#include "engine/io/load.hpp"
#include "tests/test_algorithms_checkers.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing {
namespace {

void expect_relative(const std::vector<double>& got, const std::vector<double>& want, double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t v = 0; v < got.size(); ++v)
    EXPECT_NEAR(got[v], want[v], tol * std::max(1.0, std::abs(want[v]))) << "vertex " << v;
}

std::vector<double> bc(graph& g, const std::vector<vertex_id>& sources) {
  return plain(algorithms::betweenness(g, sources), 0.0);
}

TEST(AlgorithmsBc, EdgeCasesMatchASerialBrandes) {
  // A diamond with two shortest paths, a self-loop, a duplicate edge, a dead end, isolated 6.
  graph g = make_graph(7, {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {2, 3}, {3, 4}, {4, 4}, {5, 0}});
  std::vector<vertex_id> all(7);
  std::iota(all.begin(), all.end(), 0);
  expect_relative(bc(g, all), serial_betweenness(g, all), 1e-9);
  expect_relative(bc(g, {5}), serial_betweenness(g, {5}), 1e-9);
  EXPECT_DOUBLE_EQ(bc(g, {0})[1], 1.0);  // half the paths to 3 and to 4
  EXPECT_THROW(algorithms::betweenness(g, std::vector<vertex_id>{1, 1}), error);
}

TEST(AlgorithmsBc, GeneratedGraphsInSeveralBatches) {
  graph g = generate("rmat:9");
  std::vector<vertex_id> sources;
  for (vertex_id s = 0; s < 150; s += 3) sources.push_back(s);
  const auto want = serial_betweenness(g, sources);
  expect_relative(bc(g, sources), want, 1e-6);
  const auto a = g.adjacency();
  const auto m = matrix<bool>::from_csr({a.nrows, a.ncols, a.offsets, a.cols, {}}, true);
  expect_relative(plain(algorithms::betweenness(m, sources, 7), 0.0), want, 1e-6);
}

TEST(AlgorithmsBc, LagraphReferenceValues) {
  const std::string dir = dataset("matrices/lagraph/");  // bundled too
  for (const char* name : {"karate", "west0067"}) {
    SCOPED_TRACE(name);
    graph g = load_graph(dataset(std::string("matrices/lagraph/data/") + name + ".mtx"));
    std::istringstream s_in(read_file(dir + "reference/" + name + "_sources.txt"));
    std::istringstream bc_in(read_file(dir + "reference/" + name + "_bc.txt"));
    std::vector<vertex_id> sources;
    for (vertex_id s; s_in >> s;) sources.push_back(s);
    std::vector<double> want;
    for (double x; bc_in >> x;) want.push_back(x);
    expect_relative(bc(g, sources), want, 1e-4);  // the reference has 6 significant digits
    expect_relative(bc(g, sources), serial_betweenness(g, sources), 1e-9);
  }
}

// Checks that `forest` is a spanning forest of g (as undirected) with the minimum weight.
void check_forest(const graph& g, const algorithms::msf_result& forest) {
  EXPECT_NEAR(forest.total_weight, serial_kruskal_weight(g),
              1e-9 * std::max(1.0, forest.total_weight));
  // Its edges are edges of g, join every component, and close no cycle: n - #components of them.
  const auto comps = serial_components(g);
  std::uint64_t count = 0;
  for (std::uint64_t v = 0; v < comps.size(); ++v) count += comps[v] == v;
  EXPECT_EQ(forest.edges.size(), g.vertices() - count);
  std::vector<test_edge> tree;
  const csr_matrix& a = g.adjacency();
  for (const auto& e : forest.edges) {
    EXPECT_LT(e.u, e.v);
    bool found = false;
    for (auto [x, y] : {std::pair{e.u, e.v}, std::pair{e.v, e.u}})
      for (edge_offset p = a.row_begin(x); p < a.row_end(x); ++p)
        found = found || (a.cols[p] == y && (!a.has_values() || value_at(a.values, p) == e.weight));
    EXPECT_TRUE(found) << e.u << " " << e.v;
    tree.push_back({e.u, e.v});
  }
  EXPECT_EQ(serial_components(make_graph(g.vertices(), tree)), comps);
}

// The forest is unique once equal weights are ordered by their (u, v): Boost's Kruskal, given
// that order, must return the same edges.
void expect_boosts_forest(const graph& g, const algorithms::msf_result& forest) {
  using baselines::kruskal_ties;
  auto theirs = baselines::boost_kruskal(baselines::to_boost_undirected(g.adjacency()),
                                         kruskal_ties::smaller_pair);
  std::sort(theirs.edges.begin(), theirs.edges.end(), [](const auto& x, const auto& y) {
    return std::pair{x.u, x.v} < std::pair{y.u, y.v};
  });
  ASSERT_EQ(forest.edges.size(), theirs.edges.size());
  for (std::size_t k = 0; k < theirs.edges.size(); ++k) {
    const auto& a = forest.edges[k];
    const auto& b = theirs.edges[k];
    EXPECT_TRUE(a.u == b.u && a.v == b.v && a.weight == b.w)
        << k << ": {" << a.u << ", " << a.v << "} " << a.weight << " vs {" << b.u << ", " << b.v
        << "} " << b.w;
  }
}

TEST(AlgorithmsMsf, EdgeCasesMatchKruskal) {
  // Equal weights, a zero weight, a self-loop, parallel edges, a directed-only edge,
  // two components and an isolated vertex.
  const graph g = make_graph(8,
                             {{0, 1, 1},
                              {1, 2, 1},
                              {2, 0, 1},
                              {2, 3, 0},
                              {3, 3, -5},
                              {3, 4, 7},
                              {3, 4, 2},
                              {4, 0, 2},
                              {5, 6, 3}},
                             true);
  const auto forest = algorithms::minimum_spanning_forest(g);
  check_forest(g, forest);
  expect_boosts_forest(g, forest);
  EXPECT_EQ(forest.total_weight, 7.0);
}

TEST(AlgorithmsMsf, RandomGraphsMatchKruskalOnAnyThreadCount) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<vertex_id> vertex(0, 399);
    std::uniform_int_distribution<int> weight(0, 20);
    std::vector<test_edge> e;
    for (int k = 0; k < 900; ++k) e.push_back({vertex(rng), vertex(rng), double(weight(rng))});
    const graph g = make_graph(400, e, true);
    const int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    const auto one = algorithms::minimum_spanning_forest(g);
    omp_set_num_threads(2);
    const auto two = algorithms::minimum_spanning_forest(g);
    omp_set_num_threads(threads);
    check_forest(g, two);
    expect_boosts_forest(g, two);  // many ties: 21 weights over 900 edges
    ASSERT_EQ(one.edges.size(), two.edges.size());
    for (std::size_t k = 0; k < one.edges.size(); ++k)
      EXPECT_TRUE(one.edges[k].u == two.edges[k].u && one.edges[k].v == two.edges[k].v);
  }
  const graph grid = generate("grid:30");  // weights 1..1000 over 1740 edges: ties too
  const auto grid_forest = algorithms::minimum_spanning_forest(grid);
  check_forest(grid, grid_forest);
  expect_boosts_forest(grid, grid_forest);
}

TEST(AlgorithmsMsf, RomeRoadGraph) {  // bundled
  GRAPHRING_DATASET(rome, "road/rome99.gr");
  const graph g = load_graph(rome);
  const auto forest = algorithms::minimum_spanning_forest(g);
  check_forest(g, forest);
  expect_boosts_forest(g, forest);
}

}  // namespace
}  // namespace graphring::testing
