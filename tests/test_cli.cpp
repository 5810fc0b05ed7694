// The graphring program on good input: info (text and JSON), convert between formats, version,
// `demo --trials 1` end to end; and the README's worked example (docs/examples) against a
// breadth-first count of shortest paths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <sstream>

#include "engine/io/load.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::run_cli;
using testing::scratch_dir;

TEST(Cli, InfoReportsCountsDegreesAndBytes) {
  scratch_dir d;
  const std::string path = d.write("g.el", "1 2\n2 3\n3 1\n3 3\n");
  const auto r = run_cli({"info", path});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("vertices         3 (ids 1..3)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("edges            4 directed"), std::string::npos);
  EXPECT_NE(r.out.find("self-loops       1"), std::string::npos);
  EXPECT_NE(r.out.find("out-degree       min 1, mean 1.33, max 2"), std::string::npos);
  EXPECT_NE(r.out.find("CSR bytes        48 (offsets 32, columns 16, values 0)"),
            std::string::npos);
}

TEST(Cli, InfoJsonAndSymmetrize) {
  const auto r = run_cli({"info", "grid:4", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.out.find("\"vertices\": 16, \"edges\": 48, \"symmetric\": true, \"undirected_edges\": 24"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"weights\": \"int32\""), std::string::npos);
  scratch_dir d;
  const auto s = run_cli({"info", d.write("g.el", "1 2\n2 1\n2 3\n"), "--symmetrize", "--json"});
  EXPECT_NE(s.out.find("\"edges\": 4, \"symmetric\": true"), std::string::npos) << s.out;
}

TEST(Cli, ConvertWritesAFileThatLoadsTheSame) {
  scratch_dir d;
  const std::string in = d.write("g.txt", "# SNAP-like\n10\t20\n20\t30\n30\t10\n30\t30\n");
  auto r = run_cli({"convert", in, d.path("g.grb"), "--drop-self-loops"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("wrote " + d.path("g.grb") + ": 3 vertices, 3 edges in ", 0), 0u) << r.out;
  r = run_cli({"convert", d.path("g.grb"), d.path("g.el"), "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(testing::read_file(d.path("g.el")),
            "# graphring edge list: 3 vertices, 3 edges\n10 20\n20 30\n30 10\n");
}

// Parallel edges: kept by default, so a Matrix Market file (one entry each) is refused before it
// is made; --duplicates merges them into the first, the lightest or the sum.
TEST(Cli, ParallelEdgesAreMergedOrKeptAndNeverWrittenTwiceToMatrixMarket) {
  scratch_dir d;
  const std::string in = d.write("g.wel", "1 2 5\n2 3 1\n1 2 3\n3 1 2\n");
  auto r = run_cli({"convert", in, d.path("g.mtx")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "graphring: " + d.path("g.mtx") +
                       ": the graph has 1 parallel edges (the first from 1 to 2), and a Matrix "
                       "Market file holds each entry once: write .el, .wel, .e or .grb, which keep "
                       "them, or merge them first (--duplicates first, min or sum)\n");
  EXPECT_FALSE(std::filesystem::exists(d.path("g.mtx")));
  const std::pair<const char*, const char*> merged[] = {
      {"keep", "1 2 5\n1 2 3\n"}, {"first", "1 2 5\n"}, {"min", "1 2 3\n"}, {"sum", "1 2 8\n"}};
  for (const auto& [policy, row] : merged) {
    r = run_cli({"convert", in, d.path("m.wel"), "--duplicates", policy, "--quiet"});
    ASSERT_EQ(r.status, 0) << policy << ": " << r.err;
    const std::string text = testing::read_file(d.path("m.wel"));
    EXPECT_NE(text.find(row), std::string::npos) << policy << ":\n" << text;
    EXPECT_NE(text.find("2 3 1\n3 1 2\n"), std::string::npos) << policy << ":\n" << text;
  }
  r = run_cli({"convert", in, d.path("g.mtx"), "--duplicates=min", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = run_cli({"info", d.path("g.mtx"), "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"edges\": 3,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"duplicate_edges\": 0"), std::string::npos) << r.out;
  r = run_cli({"info", in, "--duplicates", "most"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "graphring: --duplicates takes keep, first, min or sum (what to do with parallel "
            "edges), not 'most'\n");
}

// rome99's 11 parallel arcs merged by weight keep every shortest path: the Matrix Market file
// `--duplicates min` writes gives the distances of the DIMACS file it came from.
TEST(Cli, MergingRoadArcsByTheirLightestKeepsShortestPaths) {
  GRAPHRING_DATASET(rome, "road/rome99.gr");
  scratch_dir d;
  ASSERT_EQ(run_cli({"convert", rome, d.path("rome.mtx")}).status, 2);
  auto r = run_cli({"convert", rome, d.path("rome.mtx"), "--duplicates", "min", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto from_mtx = run_cli({"sssp", d.path("rome.mtx"), "--source", "1", "--quiet"});
  const auto from_gr = run_cli({"sssp", rome, "--source", "1", "--quiet"});
  ASSERT_EQ(from_mtx.status, 0) << from_mtx.err;
  ASSERT_EQ(from_gr.status, 0) << from_gr.err;
  EXPECT_EQ(from_mtx.out, from_gr.out);
  EXPECT_EQ(std::count(from_gr.out.begin(), from_gr.out.end(), '\n'), 3353);
  r = run_cli({"info", d.path("rome.mtx"), "--json"});
  EXPECT_NE(r.out.find("\"edges\": 8859,"), std::string::npos) << r.out;
}

// A result longer than the 1 MiB pieces it is written in: the file and standard output hold
// the same text, one line per vertex in ascending order, the ranks summing to 1.
TEST(Cli, ALongResultIsWrittenWholeInPieces) {
  scratch_dir d;
  const std::vector<std::string> run = {"pagerank", "rmat:17", "--max-iters", "2"};
  std::vector<std::string> to_file = run;
  to_file.insert(to_file.end(), {"--out", d.path("ranks.txt")});
  const auto r = run_cli(to_file);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto s = run_cli(run);
  ASSERT_EQ(s.status, 0) << s.err;
  const std::string text = testing::read_file(d.path("ranks.txt"));
  EXPECT_GT(text.size(), std::size_t(1) << 20);
  EXPECT_EQ(text, s.out);
  std::istringstream lines(text);
  std::int64_t id = 0, expected = 0;
  double rank = 0, sum = 0;
  while (lines >> id >> rank) {
    ASSERT_EQ(id, expected++);
    sum += rank;
  }
  EXPECT_EQ(expected, 1 << 17);
  EXPECT_NEAR(sum, 1.0, 1e-9);
}

// --version reports the OpenMP wait policy the run has (OMP_WAIT_POLICY, or libgomp's default),
// which decides how a run fares on a busy machine (README, "Threads").
TEST(Cli, VersionReportsTheWaitPolicy) {
  const char* saved = std::getenv("OMP_WAIT_POLICY");
  const std::string before = saved ? saved : "";
  unsetenv("OMP_WAIT_POLICY");
  EXPECT_NE(run_cli({"--version"}).out.find("wait policy default;"), std::string::npos);
  setenv("OMP_WAIT_POLICY", "passive", 1);
  EXPECT_NE(run_cli({"--version"}).out.find("wait policy passive;"), std::string::npos);
  if (saved) {
    setenv("OMP_WAIT_POLICY", before.c_str(), 1);
  } else {
    unsetenv("OMP_WAIT_POLICY");
  }
}

TEST(Cli, VersionAndHelp) {
  EXPECT_EQ(run_cli({"--version"}).out.rfind("graphring 0.1.0 (", 0), 0u);
  const auto h = run_cli({"--help"});
  EXPECT_EQ(h.status, 0);
  EXPECT_NE(h.out.find("info GRAPH"), std::string::npos);
}

// The demo as a user first runs it: every workload on the default graph and rmat:16, every
// answer agreeing, the paragraph reading the table, the chart and the JSON written.
TEST(Cli, DemoWithOneTrialRunsEndToEnd) {
  scratch_dir d;
  const auto r = run_cli(
      {"demo", "--trials", "1", "--plot", d.path("demo.svg"), "--json", d.path("demo.json")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.err.starts_with("graphring demo: ")) << r.err;
  for (const char* row : {"soc-Epinions1      mxv plus_times fp32", "rmat:16:weighted   sssp",
                          "rmat:16:weighted   cc"})
    EXPECT_NE(r.out.find(row), std::string::npos) << row;
  EXPECT_EQ(r.out.find(" NO\n"), std::string::npos) << r.out;  // the agrees column
  EXPECT_NE(r.out.find("\nReading: on soc-Epinions1 and rmat:16:weighted, graphring was "),
            std::string::npos);
  EXPECT_NE(r.out.find("Chart of the ratios (open it in a browser): " + d.path("demo.svg")),
            std::string::npos);
  EXPECT_TRUE(testing::read_file(d.path("demo.svg")).starts_with("<svg"));
  EXPECT_TRUE(testing::read_file(d.path("demo.json")).starts_with("{\n  \"machine\""));
}

// Shortest-path lengths and counts from a source by a queue BFS (every edge has length 1).
std::map<std::int64_t, std::pair<std::int64_t, std::uint64_t>> bfs_path_counts(const graph& g,
                                                                               vertex_id s) {
  const csr_matrix& a = g.adjacency();
  std::vector<std::int64_t> dist(g.vertices(), -1);
  std::vector<std::uint64_t> count(g.vertices(), 0);
  std::deque<vertex_id> queue{s};
  dist[s] = 0;
  count[s] = 1;
  while (!queue.empty()) {
    const vertex_id u = queue.front();
    queue.pop_front();
    for (edge_offset k = a.row_begin(u); k < a.row_end(u); ++k) {
      const vertex_id v = a.cols[k];
      if (dist[v] < 0) {
        dist[v] = dist[u] + 1;
        queue.push_back(v);
      }
      if (dist[v] == dist[u] + 1) count[v] += count[u];
    }
  }
  std::map<std::int64_t, std::pair<std::int64_t, std::uint64_t>> out;
  for (vertex_id v = 0; v < g.vertices(); ++v)
    if (dist[v] >= 0) out[g.labels().label(v)] = {dist[v], count[v]};
  return out;
}

TEST(Cli, DocsExampleCountsEveryShortestPath) {
  const std::string karate = testing::own_datasets() + "/karate.mtx";
  const graph g = load_graph(karate);
  for (const std::int64_t source : {1, 17, 34}) {
    SCOPED_TRACE(source);
    const auto r = testing::run_program(GRAPHRING_DOCS_EXAMPLE, {karate, std::to_string(source)});
    ASSERT_EQ(r.status, 0) << r.err;
    std::map<std::int64_t, std::pair<std::int64_t, std::uint64_t>> printed;
    std::istringstream in(r.out);
    for (std::int64_t id, length; in >> id >> length;)
      in >> printed[id].second, printed[id].first = length;
    EXPECT_EQ(printed, bfs_path_counts(g, vertex_of(g, source)));
    EXPECT_EQ(printed.size(), 34u);
  }
}

}  // namespace
}  // namespace graphring
