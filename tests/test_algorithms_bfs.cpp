// BFS: every variant (direction-optimizing, push-only, pull-only) against a serial queue BFS on
// small edge cases, generated graphs and real graphs; parents checked for validity (any BFS tree
// is right), also when the parents are kept alone; LAGraph's karate answer and LDBC Graphalytics
// outputs; levels identical on 1 and 2 threads; a bad source, or keeping neither levels nor
// parents, is a usage error.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <sstream>

#include "algorithms/bfs.hpp"
#include "core/error.hpp"
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
    // Parents alone (the parents mark the visited vertices): a valid tree over the same vertices.
    const auto only =
        algorithms::bfs(g, source, {.levels = false, .parents = true, .direction = direction});
    EXPECT_EQ(only.levels.size(), 0u);
    EXPECT_EQ(only.steps.size(), r.steps.size());
    EXPECT_TRUE(valid_bfs_parents(g, source, levels, plain(only.parents, std::int64_t(-1))));
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

// Beamer's rule [Beamer, Asanović, Patterson, SC 2012] worked out from the levels alone: step d
// expands level d - 1. Push while the frontier's out-edges m_f stay within m_u / α (m_u, the
// unexplored edges, less m_f after every push step); pull from the first step past that until a
// shrinking frontier holds fewer than n / β vertices; the last step finds nothing.
std::vector<bfs_direction> beamer_steps(const graph& g, const std::vector<std::int64_t>& levels,
                                        double alpha, double beta) {
  const csr_matrix& a = g.adjacency();
  const std::int64_t deepest = *std::max_element(levels.begin(), levels.end());
  std::vector<std::int64_t> size(std::size_t(deepest) + 1, 0), edges(std::size_t(deepest) + 1, 0);
  for (std::uint64_t v = 0; v < levels.size(); ++v) {
    if (levels[v] < 0) continue;
    ++size[std::size_t(levels[v])];
    edges[std::size_t(levels[v])] += std::int64_t(a.row_length(v));
  }
  std::vector<bfs_direction> steps;
  std::int64_t unexplored = std::int64_t(a.nnz()), last_size = 0;
  bool pulling = false;
  for (std::int64_t d = 1; d <= deepest + 1; ++d) {
    const std::int64_t frontier = size[std::size_t(d - 1)];
    if (pulling) {
      pulling = !(frontier < last_size && double(frontier) < double(levels.size()) / beta);
    } else if (double(edges[std::size_t(d - 1)]) > double(unexplored) / alpha) {
      pulling = true;
    } else {
      unexplored -= edges[std::size_t(d - 1)];
    }
    last_size = frontier;
    steps.push_back(pulling ? bfs_direction::pull : bfs_direction::push);
  }
  return steps;
}

std::string spelled(const std::vector<bfs_direction>& steps) {
  std::string text;
  for (const bfs_direction d : steps) text += d == bfs_direction::pull ? "pull " : "push ";
  return text;
}

// A power-law graph switches to pull when the frontier reaches the hubs and back to push for its
// last thin levels; a grid's frontier holds 1/15 of the unexplored edges only near the end, and
// being under n / β it goes back to push at once. Each step's direction is what Beamer's rule
// says, for the default and for other α, β.
TEST(AlgorithmsBfs, EachStepTakesTheDirectionBeamersRuleSays) {
  for (const char* name : {"rmat:14", "grid:60"}) {
    SCOPED_TRACE(name);
    graph g = generate(name);
    const vertex_id source = name[0] == 'r' ? 1 : 0;
    const auto r = algorithms::bfs(g, source);
    const auto levels = plain(r.levels, std::int64_t(-1));
    EXPECT_EQ(spelled(r.steps), spelled(beamer_steps(g, levels, 15, 18)));
    if (name[0] == 'r') {
      EXPECT_EQ(r.steps.front(), bfs_direction::push) << spelled(r.steps);
      EXPECT_NE(std::find(r.steps.begin(), r.steps.end(), bfs_direction::pull), r.steps.end())
          << spelled(r.steps);
      EXPECT_EQ(r.steps.back(), bfs_direction::push) << spelled(r.steps);
    } else {
      // The grid's frontier stays under n / β: it pulls only near the end, when little is left
      // unexplored, and for one step at a time.
      const auto first_pull = std::find(r.steps.begin(), r.steps.end(), bfs_direction::pull);
      ASSERT_NE(first_pull, r.steps.end()) << spelled(r.steps);
      EXPECT_GT(first_pull - r.steps.begin(), std::ptrdiff_t(3 * r.steps.size() / 4))
          << spelled(r.steps);
      for (std::size_t d = 1; d < r.steps.size(); ++d)
        EXPECT_FALSE(r.steps[d - 1] == bfs_direction::pull && r.steps[d] == bfs_direction::pull)
            << d;
    }
    for (const auto& [alpha, beta] :
         {std::pair{2.0, 18.0}, std::pair{100.0, 4.0}, std::pair{15.0, 1000.0}}) {
      const auto other = algorithms::bfs(g, source, {.alpha = alpha, .beta = beta});
      EXPECT_EQ(spelled(other.steps), spelled(beamer_steps(g, levels, alpha, beta)))
          << alpha << " " << beta;
    }
    // Asked for one direction, every step takes it.
    EXPECT_EQ(spelled(algorithms::bfs_push(g, source).steps),
              spelled(std::vector<bfs_direction>(r.steps.size(), bfs_direction::push)));
    EXPECT_EQ(spelled(algorithms::bfs_pull(g, source).steps),
              spelled(std::vector<bfs_direction>(r.steps.size(), bfs_direction::pull)));
  }
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
  const std::string dir = dataset("matrices/lagraph/");  // bundled too
  graph g = load_graph(dataset("matrices/lagraph/data/karate.mtx"));
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
  for (const std::string& name : available_ldbc({"example-directed", "example-undirected",
                                                 "test-bfs-directed", "test-bfs-undirected"})) {
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
  const auto only = algorithms::bfs(g, 0, {.levels = false, .parents = true});
  EXPECT_TRUE(valid_bfs_parents(g, 0, levels, plain(only.parents, std::int64_t(-1))));
}

TEST(AlgorithmsBfs, KeepingNeitherLevelsNorParentsIsAUsageError) {
  graph g = make_graph(3, {{0, 1}});
  try {
    algorithms::bfs(g, 0, {.levels = false});
    FAIL() << "no error";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::usage);
    EXPECT_STREQ(e.what(), "BFS must keep its levels, its parents or both");
  }
}

}  // namespace
}  // namespace graphring::testing
