// The CLI's habits (issue 34): --help on every command, `semirings`, standard input as GRAPH and
// --input-format, a clear refusal of an unknown extension, --stats as one JSON line on standard
// error with figures checked against the graph, PageRank's warning when it stops unconverged,
// and `bench --against none`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::run_cli;

TEST(CliUsability, EveryCommandPrintsItsUsageOnHelp) {
  for (const std::string command : {"demo", "info", "convert", "spmv", "bench", "bfs", "sssp",
                                    "pagerank", "cc", "tc", "bc", "msf", "semirings"}) {
    for (const std::string flag : {"--help", "-h"}) {
      SCOPED_TRACE(command + " " + flag);
      const auto r = run_cli({command, flag});
      EXPECT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(r.out.rfind("usage: graphring " + command, 0), 0u) << r.out;
      EXPECT_NE(r.out.find("common options:"), std::string::npos) << r.out;
      EXPECT_EQ(r.err, "");
    }
  }
  // after other arguments too, and before any work (the graph is never read)
  const auto r = run_cli({"bfs", "no-such-file.mtx", "--source", "1", "--help"});
  EXPECT_EQ(r.status, 0) << r.err;
  const auto top = run_cli({"--help"});
  EXPECT_NE(top.out.find("semirings [--json]"), std::string::npos);
  EXPECT_NE(top.out.find("- is standard input"), std::string::npos);
}

TEST(CliUsability, SemiringsListsTheBuiltInsWithTheirTypes) {
  const auto r = run_cli({"semirings"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("min_plus"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("plus_times"), std::string::npos);
  EXPECT_NE(r.out.find("any_secondi"), std::string::npos);
  EXPECT_NE(r.out.find("(vertex ids)"), std::string::npos);  // any_secondi's output
  const auto j = run_cli({"semirings", "--json"});
  ASSERT_EQ(j.status, 0) << j.err;
  EXPECT_EQ(j.out.front(), '[');
  EXPECT_NE(j.out.find("{\"name\": \"min_plus\", \"output_type\": \""), std::string::npos) << j.out;
  // every semiring spmv knows is listed: spmv's own error names them
  const auto bad = run_cli({"spmv", "grid:3", "--semiring", "none_such"});
  const std::string known = bad.err.substr(bad.err.find("(known: ") + 8);
  for (std::size_t at = 0; at < known.size();) {
    const std::size_t end = known.find_first_of(",)", at);
    const std::string name = known.substr(at, end - at);
    EXPECT_NE(r.out.find(name + " "), std::string::npos) << name;
    at = end + 2;
  }
}

TEST(CliUsability, StandardInputAndInputFormat) {
  testing::scratch_dir d;
  const std::string edges = "1 2\n2 3\n3 1\n4 5\n";
  const std::string el = d.write("g.el", edges), csv = d.write("g.csv", edges),
                    raw = d.write("graph", edges);
  const auto want = run_cli({"cc", el});
  ASSERT_EQ(want.status, 0) << want.err;
  EXPECT_EQ(run_cli({"cc", "-"}, el).out, want.out);  // by content
  EXPECT_EQ(run_cli({"cc", "-", "--input-format", "el"}, el).out, want.out);
  EXPECT_EQ(run_cli({"cc", "-", "--input-format", ".el"}, d.write("g.el.gz", edges, true)).out,
            want.out);
  EXPECT_EQ(run_cli({"cc", raw}).out, want.out);  // no extension
  EXPECT_EQ(run_cli({"cc", csv, "--input-format", "el"}).out, want.out);
  // Matrix Market on standard input, known by its header
  const std::string mtx = testing::own_datasets() + "/karate.mtx";
  EXPECT_EQ(run_cli({"tc", "-"}, mtx).out, run_cli({"tc", mtx}).out);
  // a weighted edge list says so
  const std::string wel = d.write("w.txt", "1 2 0.5\n2 3 0.25\n");
  const auto msf = run_cli({"msf", "-", "--input-format", "wel"}, wel);
  EXPECT_EQ(msf.out.rfind("0.75 2\n", 0), 0u) << msf.out << msf.err;
  // an unknown extension is refused, naming what graphring reads
  const auto unknown = run_cli({"cc", csv});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(
      unknown.err.rfind(
          "graphring: " + csv + ": graphring does not know the extension '.csv'; it reads .mtx", 0),
      0u)
      << unknown.err;
  EXPECT_NE(unknown.err.find("--input-format"), std::string::npos);
}

// The one JSON line --stats writes last on standard error.
std::string stats_line(const std::string& err) {
  const std::size_t start = err.rfind("{\"command\": ");
  return start == std::string::npos ? std::string() : err.substr(start);
}

TEST(CliUsability, StatsReportTheRunAsJson) {
  // grid:10 from a corner: 19 levels of 1, 2, ..., 10, ..., 2, 1 vertices
  const auto bfs = run_cli({"bfs", "grid:10", "--source", "0", "--stats", "--quiet"});
  ASSERT_EQ(bfs.status, 0) << bfs.err;
  const std::string s = stats_line(bfs.err);
  EXPECT_NE(s.find("\"command\": \"bfs\", \"graph\": \"grid:10\", \"threads\": "),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("\"vertices\": 100, \"edges\": 360, \"load_s\": "), std::string::npos) << s;
  EXPECT_NE(s.find("\"algorithm_s\": "), std::string::npos) << s;
  EXPECT_NE(s.find("\"reached\": 100, \"levels\": 19, \"frontier_sizes\": "
                   "[1,2,3,4,5,6,7,8,9,10,9,8,7,6,5,4,3,2,1]"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("\"step_directions\": [\"p"), std::string::npos) << s;
  EXPECT_EQ(s.back(), '\n');
  EXPECT_EQ(s.find('\n'), s.size() - 1);  // one line
  // without --stats, nothing on standard error
  EXPECT_EQ(run_cli({"bfs", "grid:10", "--source", "0", "--quiet"}).err, "");

  const auto pr = run_cli({"pagerank", "grid:10", "--stats", "--quiet"});
  EXPECT_NE(stats_line(pr.err).find("\"converged\": true"), std::string::npos) << pr.err;
  const auto cc = run_cli({"cc", "grid:10", "--stats", "--quiet"});
  EXPECT_NE(stats_line(cc.err).find("\"components\": 1}"), std::string::npos) << cc.err;
  const auto tc = run_cli({"tc", "grid:10", "--stats", "--quiet"});
  EXPECT_NE(stats_line(tc.err).find("\"triangles\": 0}"), std::string::npos) << tc.err;
  // grid weights are random (1..1000): the figures must match the printed result
  const auto msf = run_cli({"msf", "grid:10", "--stats", "--quiet"});
  const std::string weight = msf.out.substr(0, msf.out.find(' '));
  EXPECT_NE(stats_line(msf.err).find(
                "\"forest_edges\": 99, \"trees\": 1, \"total_weight\": " + weight + "}"),
            std::string::npos)
      << msf.err << msf.out.substr(0, 20);
  const auto sssp = run_cli({"sssp", "grid:10", "--source", "0", "--stats", "--quiet"});
  double farthest = 0;
  std::istringstream lines(sssp.out);
  for (double id, d; lines >> id >> d;) farthest = std::max(farthest, d);
  EXPECT_GT(farthest, 18);
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", farthest);
  EXPECT_NE(stats_line(sssp.err).find(
                "\"reached\": 100, \"largest_distance\": " + std::string(text) + "}"),
            std::string::npos)
      << sssp.err;
  const auto bc = run_cli({"bc", "grid:10", "--sources", "0,5", "--stats", "--quiet"});
  EXPECT_NE(stats_line(bc.err).find("\"sources\": 2}"), std::string::npos) << bc.err;
}

TEST(CliUsability, PageRankWarnsWhenItStopsBeforeConverging) {
  const auto r = run_cli({"pagerank", "rmat:8", "--max-iters", "3", "--stats", "--quiet"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(
      r.err.rfind("graphring: warning: pagerank stopped at --max-iters 3 with an L1 change of ", 0),
      0u)
      << r.err;
  EXPECT_NE(r.err.find("the ranks have not converged"), std::string::npos);
  EXPECT_NE(stats_line(r.err).find("\"iterations\": 3, \"last_change\": "), std::string::npos)
      << r.err;
  EXPECT_NE(stats_line(r.err).find("\"converged\": false"), std::string::npos) << r.err;
  const auto single = run_cli(
      {"pagerank", "rmat:8", "--precision", "float32", "--max-iters", "3", "--stats", "--quiet"});
  EXPECT_NE(stats_line(single.err).find("\"precision\": \"float32\", \"iterations\": 3"),
            std::string::npos)
      << single.err;
  // tolerance 0 asks for exactly that many iterations: no warning
  EXPECT_EQ(run_cli({"pagerank", "rmat:8", "--max-iters", "3", "--tol", "0", "--quiet"}).err, "");
  EXPECT_EQ(run_cli({"pagerank", "rmat:8", "--quiet"}).err, "");
}

TEST(CliUsability, BenchAgainstNoneRunsGraphringAlone) {
  const auto r = run_cli({"bench", "grid:20", "--algos", "cc", "--trials", "1", "--against", "none",
                          "--json", "-", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"system\": \"graphring\""), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"system\": \"GraphBLAS"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"system\": \"Boost"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace graphring
