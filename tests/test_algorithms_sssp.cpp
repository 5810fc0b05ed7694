// SSSP: delta-stepping (automatic and given delta) and Bellman-Ford against Dijkstra and a
// serial Bellman-Ford: zero-weight edges, duplicates, self-loops, unreachable vertices, negative
// weights, a negative cycle (an error), unweighted graphs (weight 1), DIMACS and LDBC data.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <limits>
#include <random>

#include "algorithms/graph_matrices.hpp"
#include "algorithms/sssp.hpp"
#include "core/error.hpp"
#include "engine/generators.hpp"
#include "engine/io/load.hpp"
#include "tests/test_algorithms_checkers.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

void expect_same_distances(const std::vector<double>& got, const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t v = 0; v < got.size(); ++v) {
    if (std::isinf(want[v])) {
      EXPECT_TRUE(std::isinf(got[v]) && got[v] > 0) << "vertex " << v;
    } else {
      EXPECT_NEAR(got[v], want[v], 1e-9 * std::max(1.0, std::abs(want[v]))) << "vertex " << v;
    }
  }
}

void check_all_methods(const graph& g, vertex_id s) {
  const auto want = serial_dijkstra(g, s);
  const auto a = algorithms::weights_of(g);
  expect_same_distances(plain(algorithms::sssp(g, s), inf), want);
  expect_same_distances(plain(algorithms::sssp_bellman_ford(a, s), inf), want);
  for (double delta : {0.0, 0.5, 3.0, 100.0})
    expect_same_distances(plain(algorithms::sssp_delta_stepping(a, s, delta), inf), want);
}

// A random directed graph with weights drawn from `weights`.
graph random_weighted(std::uint64_t n, std::size_t m, std::uint64_t seed,
                      std::vector<double> weights) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<vertex_id> vertex(0, vertex_id(n - 1));
  std::uniform_int_distribution<std::size_t> pick(0, weights.size() - 1);
  std::vector<test_edge> e;
  for (std::size_t k = 0; k < m; ++k) e.push_back({vertex(rng), vertex(rng), weights[pick(rng)]});
  return make_graph(n, e, true);
}

TEST(AlgorithmsSssp, EdgeCasesMatchDijkstra) {
  // Zero weights, a self-loop, parallel edges of different weight, an unreachable part.
  const graph g = make_graph(
      7,
      {{0, 1, 2}, {1, 2, 0}, {2, 2, 5}, {0, 2, 3}, {0, 2, 1.5}, {2, 3, 0}, {3, 1, 0.25}, {5, 6, 1}},
      true);
  for (vertex_id s = 0; s < 7; ++s) check_all_methods(g, s);
}

TEST(AlgorithmsSssp, RandomWeightedGraphsMatchDijkstra) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const graph g = random_weighted(300, 1500, seed, {0, 0.5, 1, 2.25, 7, 40});
    check_all_methods(g, 0);
  }
  const graph g = random_weighted(2000, 3000, 9, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  check_all_methods(g, 17);
}

// Buckets far more numerous than the bucket queue's window (a grid's long paths with a tiny Δ),
// distances whose bucket numbers pass 2^53 or overflow, Δ on either side of the rule that
// splits light from heavy edges (Δ above 1/16 of the largest weight), and the automatic Δ, which
// on a grid's small buckets grows to the longest edge midway (from a corner and from the middle).
TEST(AlgorithmsSssp, ManyBucketsAndHugeBucketNumbersMatchDijkstra) {
  const graph grid = generate("grid:30:weighted");
  const auto a = algorithms::weights_of(grid);
  for (const vertex_id source : {0u, 465u}) {
    const auto want = serial_dijkstra(grid, source);
    for (double delta : {0.0, 0.05, 1.0, 30.0, 1e9})
      expect_same_distances(plain(algorithms::sssp_delta_stepping(a, source, delta), inf), want);
  }
  const graph huge = random_weighted(300, 1500, 5, {1e17, 3e17, 1e300, 0, 1});
  const auto huge_want = serial_dijkstra(huge, 0);
  const auto h = algorithms::weights_of(huge);
  for (double delta : {1e-300, 1.0, 1e16, 1e299})
    expect_same_distances(plain(algorithms::sssp_delta_stepping(h, 0, delta), inf), huge_want);
}

// The automatic Δ on a graph whose first buckets are large (a layered graph: 24 layers of 8,000
// vertices, each with two edges into the next layer, weights 0.5, 1.5 and 2): Δ = 0.7 does not grow
// (the first 16 buckets hold over 65,536 vertices), and the light and heavy edges are split only
// then, midway through the run, while the longest edge (2) is within 16 Δ.
TEST(AlgorithmsSssp, AutomaticDeltaSplitsHeavyEdgesOnceItWillNotGrow) {
  constexpr vertex_id width = 8000, layers = 24;
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<vertex_id> in_layer(0, width - 1);
  const double weights[] = {0.5, 1.5, 2};
  std::vector<test_edge> e;
  for (vertex_id v = 0; v < width; ++v) e.push_back({0, 1 + v, 1});
  for (vertex_id l = 0; l + 1 < layers; ++l)
    for (vertex_id v = 0; v < width; ++v)
      for (int k = 0; k < 2; ++k)
        e.push_back({1 + l * width + v, 1 + (l + 1) * width + in_layer(rng), weights[rng() % 3]});
  const graph g = make_graph(1 + layers * width, e, true);
  const auto a = algorithms::weights_of(g);
  const double delta = algorithms::automatic_delta(a);
  ASSERT_GT(2.0, delta);
  ASSERT_LT(2.0, 16 * delta);
  const auto want = serial_dijkstra(g, 0);
  expect_same_distances(plain(algorithms::sssp_delta_stepping(a, 0, 0), inf), want);
  expect_same_distances(plain(algorithms::sssp(g, 0), inf), want);
}

TEST(AlgorithmsSssp, UnweightedGraphsUseWeightOne) {
  const graph weighted = generate("grid:20");
  const csr_matrix& a = weighted.adjacency();
  const graph g(csr_matrix{a.nrows, a.ncols, a.offsets, a.cols, {}}, weighted.labels());
  check_all_methods(g, 0);
  const auto d = plain(algorithms::sssp(g, 0), inf);
  const auto levels = serial_bfs_levels(g, 0);
  for (std::size_t v = 0; v < d.size(); ++v) EXPECT_EQ(d[v], double(levels[v]));
}

TEST(AlgorithmsSssp, NegativeWeightsUseBellmanFord) {
  const graph g = make_graph(5, {{0, 1, 4}, {0, 2, 2}, {2, 1, -3}, {1, 3, 1}, {3, 4, -1}}, true);
  expect_same_distances(plain(algorithms::sssp(g, 0), inf), serial_bellman_ford(g, 0));
  EXPECT_EQ(plain(algorithms::sssp(g, 0), inf)[4], -1.0);
  EXPECT_THROW(algorithms::sssp(g, 0, 1.0), error);
  EXPECT_THROW(algorithms::sssp_delta_stepping(algorithms::weights_of(g), 0), error);
}

TEST(AlgorithmsSssp, ANegativeCycleIsReported) {
  const graph g = make_graph(4, {{0, 1, 1}, {1, 2, -2}, {2, 1, 1}, {2, 3, 1}}, true);
  try {
    algorithms::sssp(g, 0);
    FAIL() << "no error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::bad_input);
    EXPECT_NE(std::string(e.what()).find("negative"), std::string::npos);
  }
  // Not reachable from the source: no error.
  expect_same_distances(plain(algorithms::sssp(g, 3), inf), {inf, inf, inf, 0});
}

TEST(AlgorithmsSssp, BadSourceAndDelta) {
  const graph g = make_graph(2, {{0, 1, 1}}, true);
  EXPECT_THROW(algorithms::sssp(g, 2), error);
  EXPECT_THROW(algorithms::sssp_delta_stepping(algorithms::weights_of(g), 0, inf), error);
}

TEST(AlgorithmsSssp, DistancesAreIdenticalOnOneAndTwoThreads) {
  const graph g = generate("rmat:13:weighted");
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const auto one = plain(algorithms::sssp(g, 0), inf);
  omp_set_num_threads(2);
  const auto two = plain(algorithms::sssp(g, 0), inf);
  omp_set_num_threads(threads);
  EXPECT_EQ(one, two);
}

TEST(AlgorithmsSssp, RomeDimacsGraphMatchesDijkstra) {
  GRAPHRING_DATASET(rome, "road/rome99.gr");
  const graph g = load_graph(rome);
  check_all_methods(g, 0);
}

TEST(AlgorithmsSssp, LdbcGraphalyticsOutputs) {
  for (const std::string& name : available_ldbc({"example-directed", "example-undirected",
                                                 "test-sssp-directed", "test-sssp-undirected"})) {
    SCOPED_TRACE(name);
    auto d = load_ldbc(name);
    const vertex_id source = vertex_of(d.g, std::stoll(d.properties.at("sssp.source-vertex")));
    const auto dist = plain(algorithms::sssp(d.g, source), inf);
    const auto expected = ldbc_reference(name, "SSSP");
    for (std::uint64_t v = 0; v < d.g.vertices(); ++v) {
      const std::string& want = expected.at(d.g.labels().label(vertex_id(v)));
      if (want == "infinity") {
        EXPECT_TRUE(std::isinf(dist[v]));
      } else {
        EXPECT_NEAR(dist[v], std::stod(want), 1e-9 * std::max(1.0, std::stod(want)));
      }
    }
  }
}

}  // namespace
}  // namespace graphring::testing
