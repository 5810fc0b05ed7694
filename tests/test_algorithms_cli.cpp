// The algorithm commands as a user sees them (the contract in DESIGN.md): one "ID VALUE" line
// per vertex in ascending ID order with the input's own labels, -1 / inf for unreached vertices,
// tc's count alone, msf's header line, --out written whole, and usage errors with exit status 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

#include "engine/io/load.hpp"
#include "tests/test_algorithms_checkers.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing {
namespace {

// Labels 10, 20, 30, 40, 50 (50 isolated-ish: only reached from nobody), weighted.
const char* small_graph = "10 20 2\n20 30 0.5\n10 30 4\n30 10 1\n40 40 1\n50 10 3\n";

TEST(AlgorithmsCli, BfsLevelsAndParentsUseTheInputsLabels) {
  scratch_dir dir;
  const std::string g = dir.write("g.wel", small_graph);
  auto r = run_cli({"bfs", g, "--source", "10", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "10 0\n20 1\n30 1\n40 -1\n50 -1\n");
  r = run_cli({"bfs", g, "--source", "20", "--parents", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "10 30\n20 20\n30 20\n40 -1\n50 -1\n");
}

TEST(AlgorithmsCli, SsspPrintsInfForUnreachedVertices) {
  scratch_dir dir;
  const std::string g = dir.write("g.wel", small_graph);
  for (const char* delta : {"", "0.5"}) {
    std::vector<std::string> args{"sssp", g, "--source", "10", "--quiet"};
    if (*delta) args.insert(args.end(), {"--delta", delta});
    const auto r = run_cli(args);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "10 0\n20 2\n30 2.5\n40 inf\n50 inf\n");
  }
}

TEST(AlgorithmsCli, PagerankSumsToOneWithManyDigits) {
  scratch_dir dir;
  const std::string g = dir.write("g.wel", small_graph);
  const auto r = run_cli(
      {"pagerank", g, "--damping", "0.85", "--tol", "1e-10", "--max-iters", "200", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream in(r.out);
  double sum = 0, x = 0;
  std::int64_t id = 0, last = 0;
  std::string text;
  int lines = 0;
  while (in >> id >> text) {
    EXPECT_GT(id, last);
    last = id;
    x = std::stod(text);
    sum += x;
    // Scientific notation with 16 significant digits: d.ddddddddddddddde±XX.
    const std::size_t e = text.find('e');
    ASSERT_NE(e, std::string::npos) << text;
    EXPECT_EQ(std::count_if(text.begin(), text.begin() + std::ptrdiff_t(e),
                            [](char c) { return std::isdigit(c); }),
              16)
        << text;
    ++lines;
  }
  EXPECT_EQ(lines, 5);
  EXPECT_NEAR(sum, 1.0, 1e-12);
}

// Vertex 60 has no out-edges: its rank is spread over every vertex (docs/algorithms.md). Every
// printed rank equals an independent power iteration's.
TEST(AlgorithmsCli, PagerankWithADanglingVertexMatchesAPowerIteration) {
  scratch_dir dir;
  const std::string g = dir.write("g.wel", std::string(small_graph) + "30 60 1\n");
  const auto r = run_cli(
      {"pagerank", g, "--damping", "0.85", "--tol", "1e-12", "--max-iters", "500", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const graph loaded = load_graph(g);
  const std::vector<double> want = testing::serial_pagerank(loaded, 0.85, 1e-14, 2000);
  std::istringstream in(r.out);
  std::uint64_t v = 0;
  for (std::int64_t id; in >> id; ++v) {
    double rank = 0;
    in >> rank;
    ASSERT_LT(v, want.size());
    EXPECT_EQ(id, loaded.labels().label(vertex_id(v)));
    EXPECT_NEAR(rank, want[v], 1e-10) << id;
  }
  EXPECT_EQ(v, 6u);
}

TEST(AlgorithmsCli, CcTcBcMsf) {
  scratch_dir dir;
  const std::string g = dir.write("g.wel", small_graph);
  auto r = run_cli({"cc", g, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "10 10\n20 10\n30 10\n40 40\n50 10\n");
  r = run_cli({"tc", g, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1\n");
  r = run_cli({"bc", g, "--sources", "50,10", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  // From 50: 50->10->{20,30}: 10 lies on 2 paths. From 10: 10->20, 10->30: nothing between.
  EXPECT_EQ(r.out, "10 2\n20 0\n30 0\n40 0\n50 0\n");
  r = run_cli({"msf", g, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "4.5 3\n10 30 1\n10 50 3\n20 30 0.5\n");
}

TEST(AlgorithmsCli, OutWritesTheFileAndNothingElse) {
  scratch_dir dir;
  const std::string g = dir.write("g.wel", small_graph);
  const std::string out = dir.path("levels.txt");
  const auto r = run_cli({"bfs", g, "--source", "30", "--out", out, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(read_file(out), "10 1\n20 2\n30 0\n40 -1\n50 -1\n");
}

TEST(AlgorithmsCli, UsageErrorsExitWithStatusTwo) {
  scratch_dir dir;
  const std::string g = dir.write("g.wel", small_graph);
  const std::string out = dir.path("kept.txt");
  const std::vector<std::vector<std::string>> bad = {{"bfs", g, "--source", "99"},
                                                     {"bfs", g},
                                                     {"sssp", g, "--source", "x"},
                                                     {"sssp", g, "--source", "10", "--delta", "-1"},
                                                     {"pagerank", g, "--damping", "2"},
                                                     {"pagerank", g, "--tol", "abc"},
                                                     {"bc", g, "--sources", "10,,20"},
                                                     {"bc", g, "--sources", "10,77"},
                                                     {"bfs", g, "--source", "99", "--out", out}};
  for (const auto& args : bad) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args[0] << " " << args[2];
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("graphring: ", 0), 0u) << r.err;
  }
  const auto r = run_cli({"bfs", g, "--source", "99"});
  EXPECT_NE(r.err.find("no vertex has the id 99"), std::string::npos) << r.err;
  EXPECT_FALSE(std::ifstream(out).good());
}

TEST(AlgorithmsCli, ANegativeCycleIsABadInputError) {
  scratch_dir dir;
  const std::string g = dir.write("neg.wel", "1 2 1\n2 3 -2\n3 2 1\n");
  const auto r = run_cli({"sssp", g, "--source", "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("negative"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace graphring::testing
