// BFS: every variant (direction-optimizing, push-only, pull-only) against a serial queue BFS on
// small edge cases, generated graphs and real graphs; parents checked for validity (any BFS tree
// is right); LAGraph's karate answer and LDBC Graphalytics outputs; levels identical on 1 and 2
// threads; a bad source is a usage error.
#include <gtest/gtest.h>
#include <omp.h>

#include <sstream>

#include "algorithms/bfs.hpp"
#include "engine/error.hpp"
#include "engine/generators.hpp"
#include "engine/io/load.hpp"
#include "tests/test_algorithms_checkers.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing {
namespace {

using algorithms::bfs_direction;

// Runs every variant from `source` and checks levels and parents against the serial BFS.
void check_bfs(graph& g, vertex_id source) {
  const auto expected = serial_bfs_levels(g, source);
  for (auto direction : {bfs_direction::automatic, bfs_direction::push, bfs_direction::pull}) {
    SCOPED_TRACE("direction " + std::to_string(int(direction)));
    const auto r = algorithms::bfs(g, source, {.parents = true, .direction = direction});
    const auto levels = plain(r.levels, std::int64_t(-1));
    EXPECT_EQ(levels, expected);
    EXPECT_TRUE(valid_bfs_parents(g, source, levels, plain(r.parents, std::int64_t(-1))));
    const auto without = algorithms::bfs(g, source, {.direction = direction});
    EXPECT_EQ(plain(without.levels, std::int64_t(-1)), expected);
    EXPECT_EQ(without.parents.size(), 0u);
  }
}

TEST(AlgorithmsBfs, EdgeCasesMatchASerialBfs) {
  // A path with a self-loop, a duplicate edge, a branch, and an isolated vertex 6.
  graph g = make_graph(7, {{0, 1}, {1, 1}, {1, 2}, {1, 2}, {2, 3}, {0, 4}, {4, 3}, {5, 0}});
  for (vertex_id s = 0; s < 7; ++s) check_bfs(g, s);  // 3 and 6 have no out-edges
}

TEST(AlgorithmsBfs, DisconnectedAndEmptyGraphs) {
  graph two = make_graph(6, {{0, 1}, {1, 2}, {3, 4}, {4, 5}, {5, 3}});
  check_bfs(two, 0);
  check_bfs(two, 4);
  graph lonely = make_graph(1, {});
  check_bfs(lonely, 0);
}

TEST(AlgorithmsBfs, GeneratedGraphsMatchASerialBfsInEveryDirection) {
  for (const char* name : {"rmat:11", "urand:10:4", "grid:30"}) {
    SCOPED_TRACE(name);
    graph g = generate(name);
    check_bfs(g, 0);
    check_bfs(g, vertex_id(g.vertices() / 2));
  }
}

TEST(AlgorithmsBfs, PushAndPullEntryPoints) {
  graph g = generate("rmat:10");
  const auto expected = serial_bfs_levels(g, 3);
  EXPECT_EQ(plain(algorithms::bfs_push(g, 3).levels, std::int64_t(-1)), expected);
  EXPECT_EQ(plain(algorithms::bfs_pull(g, 3).levels, std::int64_t(-1)), expected);
  const auto pulled = algorithms::bfs_pull(g, 3, true);
  EXPECT_TRUE(valid_bfs_parents(g, 3, expected, plain(pulled.parents, std::int64_t(-1))));
}

TEST(AlgorithmsBfs, ASourceThatIsNotAVertexIsAUsageError) {
  graph g = make_graph(3, {{0, 1}});
  try {
    algorithms::bfs(g, 3);
    FAIL() << "no error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::usage);
    EXPECT_NE(std::string(e.what()).find("not a vertex"), std::string::npos);
  }
  EXPECT_THROW(vertex_of(g, 7), error);
}

TEST(AlgorithmsBfs, LevelsAreIdenticalOnOneAndTwoThreads) {
  graph g = generate("rmat:14");
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const auto one = plain(algorithms::bfs(g, 1).levels, std::int64_t(-1));
  omp_set_num_threads(2);
  const auto two = plain(algorithms::bfs(g, 1).levels, std::int64_t(-1));
  omp_set_num_threads(threads);
  EXPECT_EQ(one, two);
}

TEST(AlgorithmsBfs, KarateMatchesLagraphsLevelsAndAllowedParents) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  const std::string dir = shared_datasets() + "/matrices/lagraph/";
  graph g = load_graph(dir + "data/karate.mtx");
  const auto levels_text = read_file(dir + "reference/LEVELS30.txt");
  std::istringstream levels_in(levels_text), parents_in(read_file(dir + "reference/PARENT30.txt"));
  std::vector<std::int64_t> expected;
  for (std::int64_t x; levels_in >> x;) expected.push_back(x);
  for (auto direction : {bfs_direction::automatic, bfs_direction::push, bfs_direction::pull}) {
    const auto r = algorithms::bfs(g, 30, {.parents = true, .direction = direction});
    EXPECT_EQ(plain(r.levels, std::int64_t(-1)), expected);
    std::istringstream allowed(read_file(dir + "reference/PARENT30.txt"));
    const auto parents = plain(r.parents, std::int64_t(-1));
    for (std::size_t v = 0; v < parents.size(); ++v) {
      std::int64_t a, b, c;
      allowed >> a >> b >> c;
      EXPECT_TRUE(parents[v] == a || parents[v] == b || parents[v] == c) << "vertex " << v;
    }
  }
}

TEST(AlgorithmsBfs, LdbcGraphalyticsOutputs) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  for (const char* name : {"example-directed", "example-undirected", "test-bfs-directed",
                           "test-bfs-undirected"}) {
    SCOPED_TRACE(name);
    auto d = load_ldbc(name);
    const vertex_id source = vertex_of(d.g, std::stoll(d.properties.at("bfs.source-vertex")));
    const auto levels = plain(algorithms::bfs(d.g, source).levels, std::int64_t(-1));
    const auto expected = ldbc_reference(name, "BFS");
    ASSERT_EQ(expected.size(), d.g.vertices());
    for (std::uint64_t v = 0; v < d.g.vertices(); ++v) {
      const std::string& want = expected.at(d.g.labels().label(vertex_id(v)));
      EXPECT_EQ(levels[v] < 0 ? "9223372036854775807" : std::to_string(levels[v]), want);
    }
  }
}

TEST(AlgorithmsBfs, WebNotreDameMatchesASerialBfs) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  graph g = load_graph(shared_datasets() + "/web/web-NotreDame.txt.gz");
  const auto r = algorithms::bfs(g, 0, {.parents = true});
  const auto levels = plain(r.levels, std::int64_t(-1));
  EXPECT_EQ(levels, serial_bfs_levels(g, 0));
  EXPECT_TRUE(valid_bfs_parents(g, 0, levels, plain(r.parents, std::int64_t(-1))));
}

}  // namespace
}  // namespace graphring::testing
