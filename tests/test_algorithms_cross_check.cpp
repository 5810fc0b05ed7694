// Every algorithm against the same algorithm written with the GraphBLAS C API and against
// Boost.Graph, on every real graph of ../shared/datasets (CATALOG.md: web, social, internet and
// road graphs), through `graphring bench`: each system's answer is checked against graphring's
// (docs/bench.md: BFS levels equal and parents valid, SSSP distances within 1e-9 relative,
// PageRank ranks within 1e-6, the same component partition, equal triangle counts, BC scores
// within 1e-6, the MSF's weight and a spanning forest) and the command exits non-zero on any
// disagreement. One trial each; without ../shared, on the three graphs the repository bundles.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/graphs_to_check.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

// The systems that ran `workload` on the graph, from the bench table's rows: the graph's name,
// the workload's words, then the system's name.
std::vector<std::string> systems_of(const std::string& table, const std::string& workload) {
  std::vector<std::string> systems;
  std::istringstream lines(table);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string graph, word, name;
    words >> graph;
    while (words >> word) {
      if (word == "graphring" || word == "GraphBLAS" || word == "Boost") {
        if (name == workload) systems.push_back(word);
        break;
      }
      name += (name.empty() ? "" : " ") + word;
    }
  }
  return systems;
}

TEST(AlgorithmsCrossCheck, EveryAlgorithmAgreesWithGraphblasAndBoostOnEveryDatasetGraph) {
  // Every graph in the ordinary build; under a sanitizer the bundled ones and the largest.
  const std::vector<std::string> graphs = testing::graphs_to_check(
      {"web/web-NotreDame.txt.gz", "social/soc-Slashdot0902.txt.gz", "social/soc-Epinions1.txt.gz",
       "social/email-Enron.txt.gz", "social/ego-Facebook.txt.gz", "social/wiki-Vote.txt.gz",
       "social/email-Eu-core.txt.gz", "internet/oregon1_010331.txt.gz",
       "internet/as20000102.txt.gz", "road/luxembourg_osm.mtx.gz", "road/rome99.gr"});
  int checked = 0;
  for (const std::string& file : graphs) {
    SCOPED_TRACE(file);
    // Without ../shared/datasets, the graphs the repository bundles (Epinions, email-Eu-core,
    // rome99).
    const std::string path = testing::dataset(file);
    if (path.empty()) {
      if (testing::shared_datasets_required()) ADD_FAILURE() << "missing";
      continue;
    }
    ++checked;
    const auto r =
        testing::run_cli({"bench", path, "--algos", "bfs,sssp,pagerank,cc,tc,bc,msf", "--trials",
                          "1", "--threads", "2", "--against", "graphblas,boost", "--quiet"});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    // every family ran on the systems that implement it
    const std::vector<std::string> all{"graphring", "GraphBLAS", "Boost"};
    const std::vector<std::string> no_boost{"graphring", "GraphBLAS"};
    EXPECT_EQ(systems_of(r.out, "bfs"), all) << r.out;
    EXPECT_EQ(systems_of(r.out, "sssp delta-stepping"), all) << r.out;
    EXPECT_EQ(systems_of(r.out, "sssp Bellman-Ford"), no_boost) << r.out;
    EXPECT_EQ(systems_of(r.out, "pagerank 20 iterations"), all) << r.out;
    EXPECT_EQ(systems_of(r.out, "cc"), all) << r.out;
    EXPECT_EQ(systems_of(r.out, "tc"), no_boost) << r.out;
    EXPECT_EQ(systems_of(r.out, "bc 4 sources"), no_boost) << r.out;
    EXPECT_EQ(systems_of(r.out, "msf"), (std::vector<std::string>{"graphring", "Boost"})) << r.out;
  }
  EXPECT_GE(checked, 3);
}

}  // namespace
}  // namespace graphring
