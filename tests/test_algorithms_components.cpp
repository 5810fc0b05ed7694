// Connected components (FastSV) against union-find, with LAGraph's component counts and LDBC
// WCC outputs; triangle counting against brute force, LAGraph's table and the catalog's counts;
// both bit-identical on 1 and 2 threads.
#include <gtest/gtest.h>
#include <omp.h>

#include <fstream>
#include <set>

#include "algorithms/cc.hpp"
#include "algorithms/tc.hpp"
#include "engine/generators.hpp"
#include "engine/io/load.hpp"
#include "tests/test_algorithms_checkers.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing {
namespace {

std::vector<std::uint64_t> components(graph& g) {
  return plain(algorithms::connected_components(g), std::uint64_t(0));
}

TEST(AlgorithmsCc, EdgeCasesMatchUnionFind) {
  // Directed edges joined weakly, a self-loop, a duplicate, isolated vertices 7 and 8.
  graph g = make_graph(9, {{1, 0}, {2, 1}, {3, 3}, {4, 3}, {4, 3}, {6, 5}, {5, 6}});
  EXPECT_EQ(components(g), serial_components(g));
  EXPECT_EQ(components(g), (std::vector<std::uint64_t>{0, 0, 0, 3, 3, 5, 5, 7, 8}));
  graph empty = make_graph(0, {});
  EXPECT_TRUE(components(empty).empty());
}

TEST(AlgorithmsCc, GeneratedGraphsMatchUnionFind) {
  for (const char* name : {"rmat:12", "urand:12:1", "grid:40"}) {
    SCOPED_TRACE(name);
    graph g = generate(name);
    EXPECT_EQ(components(g), serial_components(g));
  }
  // A long path numbered backwards: many FastSV rounds.
  std::vector<test_edge> path;
  for (vertex_id v = 1; v < 3000; ++v) path.push_back({v, v - 1});
  graph p = make_graph(3000, path);
  EXPECT_EQ(components(p), std::vector<std::uint64_t>(3000, 0));
}

// Two dense clusters, the larger on the odd ids (so the sample's most frequent root is 1) and
// the smaller on the even ids (root 0), joined by one edge u → v between their highest ids
// after edges u → 1, 3, 5, 7 and 0, 2, 4, 6 → v: it is never among the first four entries of
// a row of A or Aᵀ, so the sampled rounds cannot see it, and the rounds over the remaining
// edges must hook the large tree onto 0.
TEST(AlgorithmsCc, UnsampledEdgesJoinTheSampledComponentToASmallerRoot) {
  const vertex_id odd = 1600, even = 900, n = 2 * odd;
  std::uint64_t state = 7;
  auto next = [&state](std::uint64_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % bound;
  };
  for (const bool symmetric : {false, true}) {
    SCOPED_TRACE(symmetric ? "symmetric" : "directed");
    std::vector<test_edge> edges;
    auto add = [&](vertex_id u, vertex_id v) {
      edges.push_back({u, v});
      if (symmetric) edges.push_back({v, u});
    };
    for (vertex_id k = 0; k < odd; ++k)
      for (int e = 0; e < 8; ++e) add(2 * k + 1, vertex_id(2 * next(odd) + 1));
    for (vertex_id k = 0; k < even; ++k)
      for (int e = 0; e < 8; ++e) add(2 * k, vertex_id(2 * next(even)));
    const vertex_id u = 2 * odd - 1, v = 2 * even - 2;
    for (vertex_id k = 0; k < 4; ++k) {
      add(u, 2 * k + 1);
      add(2 * k, v);
    }
    add(u, v);
    graph g = make_graph(n, edges);
    const auto c = components(g);
    EXPECT_EQ(c, serial_components(g));
    EXPECT_EQ(c[u], 0u);
  }
}

TEST(AlgorithmsCc, IdenticalOnOneAndTwoThreads) {
  graph g = generate("urand:15:1");
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const auto one = components(g);
  omp_set_num_threads(2);
  const auto two = components(g);
  omp_set_num_threads(threads);
  EXPECT_EQ(one, two);
}

TEST(AlgorithmsCc, LdbcGraphalyticsOutputs) {
  for (const std::string& name : available_ldbc({"example-directed", "example-undirected",
                                                 "test-wcc-directed", "test-wcc-undirected"})) {
    SCOPED_TRACE(name);
    auto d = load_ldbc(name);
    const auto c = components(d.g);
    const auto expected = ldbc_reference(name, "WCC");
    for (std::uint64_t v = 0; v < d.g.vertices(); ++v)
      EXPECT_EQ(std::to_string(d.g.labels().label(vertex_id(c[v]))),
                expected.at(d.g.labels().label(vertex_id(v))));
  }
}

TEST(AlgorithmsCc, RealGraphsMatchUnionFind) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  for (const char* file : {"/social/soc-Epinions1.txt.gz", "/road/luxembourg_osm.mtx.gz"}) {
    SCOPED_TRACE(file);
    graph g = load_graph(shared_datasets() + file);
    const auto c = components(g);
    EXPECT_EQ(c, serial_components(g));
  }
  graph enron = load_graph(shared_datasets() + "/social/email-Enron.txt.gz");
  const auto c = components(enron);
  EXPECT_EQ(std::set<std::uint64_t>(c.begin(), c.end()).size(), 1065u);  // CATALOG.md
}

TEST(AlgorithmsTc, EdgeCasesMatchBruteForce) {
  // Two triangles sharing an edge (one given in both directions, one edge duplicated), a
  // self-loop, a pendant vertex, an isolated vertex.
  graph g = make_graph(7, {{0, 1}, {1, 2}, {2, 0}, {0, 2}, {1, 3}, {3, 2}, {3, 2}, {3, 3}, {4, 3}});
  EXPECT_EQ(algorithms::triangle_count(g), 2u);
  EXPECT_EQ(serial_triangles(g), 2u);
  EXPECT_EQ(algorithms::triangle_count(make_graph(3, {})), 0u);
  EXPECT_EQ(plain(algorithms::triangles_per_vertex(g), std::uint64_t(99)),
            (std::vector<std::uint64_t>{1, 2, 2, 1, 0, 0, 0}));
  EXPECT_EQ(serial_triangles_per_vertex(g), (std::vector<std::uint64_t>{1, 2, 2, 1, 0, 0, 0}));
  graph empty = make_graph(3, {});
  EXPECT_EQ(plain(algorithms::triangles_per_vertex(empty), std::uint64_t(99)),
            (std::vector<std::uint64_t>{0, 0, 0}));
}

TEST(AlgorithmsTc, GeneratedGraphsMatchBruteForceOnAnyThreadCount) {
  // The total and each vertex's count, on 1, 2 and 3 threads.
  for (const char* name : {"rmat:11", "urand:11:8", "grid:25"}) {
    SCOPED_TRACE(name);
    graph g = generate(name);
    const auto want = serial_triangles(g);
    const auto want_per_vertex = serial_triangles_per_vertex(g);
    const int threads = omp_get_max_threads();
    for (int t : {1, 2, 3}) {
      omp_set_num_threads(t);
      EXPECT_EQ(algorithms::triangle_count(g), want);
      EXPECT_EQ(plain(algorithms::triangles_per_vertex(g), std::uint64_t(99)), want_per_vertex);
    }
    omp_set_num_threads(threads);
  }
}

TEST(AlgorithmsTc, LagraphTableAndCatalogCounts) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  std::ifstream table(shared_datasets() +
                      "/matrices/lagraph/reference/test_TriangleCount_table.tsv");
  std::string header, name;
  std::uint64_t count = 0;
  std::getline(table, header);
  int checked = 0;
  while (table >> count >> name) {
    const std::string path = shared_datasets() + "/matrices/lagraph/data/" + name;
    if (!std::ifstream(path)) continue;
    SCOPED_TRACE(name);
    EXPECT_EQ(algorithms::triangle_count(load_graph(path)), count);
    ++checked;
  }
  EXPECT_GE(checked, 3);
  EXPECT_EQ(
      algorithms::triangle_count(load_graph(shared_datasets() + "/social/email-Enron.txt.gz")),
      727044u);
  EXPECT_EQ(algorithms::triangle_count(load_graph(shared_datasets() + "/web/web-NotreDame.txt.gz")),
            8910005u);
}

}  // namespace
}  // namespace graphring::testing
