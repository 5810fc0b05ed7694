// The graphring program on good input: info (text and JSON), convert between formats, version.
#include <gtest/gtest.h>

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
  EXPECT_NE(r.out.find("CSR bytes        48 (offsets 32, columns 16, values 0)"), std::string::npos);
}

TEST(Cli, InfoJsonAndSymmetrize) {
  const auto r = run_cli({"info", "grid:4", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"vertices\": 16, \"edges\": 48, \"symmetric\": true, \"undirected_edges\": 24"), std::string::npos) << r.out;
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
  EXPECT_EQ(testing::read_file(d.path("g.el")), "# graphring edge list: 3 vertices, 3 edges\n10 20\n20 30\n30 10\n");
}

TEST(Cli, VersionAndHelp) {
  EXPECT_EQ(run_cli({"--version"}).out.rfind("graphring 0.1.0 (", 0), 0u);
  const auto h = run_cli({"--help"});
  EXPECT_EQ(h.status, 0);
  EXPECT_NE(h.out.find("info GRAPH"), std::string::npos);
}

}  // namespace
}  // namespace graphring
