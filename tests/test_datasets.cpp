// Real graphs: every graph of ../shared/datasets loads with the counts its CATALOG gives; two
// are cross-checked edge by edge against a naive independent reader; every LAGraph test matrix
// either loads or is refused cleanly (the mangled ones must be refused). Skips without ../shared.
#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <sstream>

#include "core/error.hpp"
#include "engine/io/load.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

struct catalog_entry {
  const char* file;
  std::uint64_t vertices, edges, self_loops;  // self_loops: `unstated` where the catalog is silent
  bool symmetric_storage;                     // edges counts undirected entries of a symmetric file
};

constexpr std::uint64_t unstated = UINT64_MAX;
const catalog_entry catalog[] = {
    {"web/web-NotreDame.txt.gz", 325729, 1497134, 27455, false},
    {"social/soc-Slashdot0902.txt.gz", 82168, 948464, 78303, false},
    {"social/soc-Epinions1.txt.gz", 75879, 508837, unstated, false},
    {"social/email-Enron.txt.gz", 36692, 367662, unstated, false},
    {"social/ego-Facebook.txt.gz", 4039, 88234, unstated, false},
    {"social/wiki-Vote.txt.gz", 7115, 103689, unstated, false},
    {"social/email-Eu-core.txt.gz", 1005, 25571, unstated, false},
    {"internet/oregon1_010331.txt.gz", 10670, 22003, unstated, false},
    {"internet/as20000102.txt.gz", 6474, 13895, 1323, false},
    {"road/luxembourg_osm.mtx.gz", 114599, 119666, unstated, true},
    {"road/rome99.gr", 3353, 8870, unstated, false},
};

TEST(SharedDatasets, CountsMatchTheCatalog) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  for (const catalog_entry& c : catalog) {
    SCOPED_TRACE(c.file);
    graph g = load_graph(testing::shared_datasets() + "/" + c.file);
    EXPECT_EQ(g.vertices(), c.vertices);
    const std::uint64_t edges =
        c.symmetric_storage ? (g.edges() - g.self_loops()) / 2 + g.self_loops() : g.edges();
    EXPECT_EQ(edges, c.edges);
    if (c.self_loops != unstated) {
      EXPECT_EQ(g.self_loops(), c.self_loops);
    }
  }
}

// A deliberately simple reader: zlib's gz stream, std::istringstream, labels as they come.
std::vector<std::pair<std::int64_t, std::int64_t>> naive_edges(const std::string& path) {
  gzFile f = gzopen(path.c_str(), "rb");
  std::string text;
  char buffer[1 << 16];
  int n;
  while ((n = gzread(f, buffer, sizeof buffer)) > 0) text.append(buffer, std::size_t(n));
  gzclose(f);
  std::istringstream lines(text);
  std::string line;
  std::vector<std::pair<std::int64_t, std::int64_t>> edges;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::int64_t u, v;
    if (fields >> u >> v) edges.emplace_back(u, v);
  }
  std::sort(edges.begin(), edges.end());
  return edges;
}

TEST(SharedDatasets, EdgesMatchANaiveIndependentReader) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  for (const char* file : {"social/email-Enron.txt.gz", "internet/as20000102.txt.gz"}) {
    SCOPED_TRACE(file);
    const std::string path = testing::shared_datasets() + "/" + file;
    graph g = load_graph(path);
    std::vector<std::pair<std::int64_t, std::int64_t>> ours;
    const csr_matrix& a = g.adjacency();
    for (vertex_id r = 0; r < a.nrows; ++r)
      for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k)
        ours.emplace_back(g.labels().label(r), g.labels().label(a.cols[k]));
    EXPECT_EQ(ours, naive_edges(path));  // CSR order is sorted (label, label) order
  }
}

TEST(SharedDatasets, EveryLagraphMatrixLoadsOrIsRefusedCleanly) {
  GRAPHRING_REQUIRE_SHARED_DATASETS();
  std::size_t loaded = 0, refused = 0;
  for (const char* dir :
       {"matrices/lagraph/data", "matrices/suitesparse-mongoose", "matrices/suitesparse-paru"}) {
    const std::filesystem::path folder = testing::shared_datasets() + "/" + dir;
    if (!std::filesystem::exists(folder)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
      const std::string name = entry.path().filename().string();
      if (!name.ends_with(".mtx")) continue;
      SCOPED_TRACE(name);
      const bool must_fail = name.starts_with("mangled") || name == "complex.mtx";
      try {
        load_graph(entry.path().string());
        EXPECT_FALSE(must_fail) << "a malformed file was accepted";
        ++loaded;
      } catch (const error& e) {
        EXPECT_TRUE(e.kind() == error_kind::bad_input || e.kind() == error_kind::limit) << e.what();
        EXPECT_EQ(e.file(), entry.path().string());
        ++refused;
      }
    }
  }
  EXPECT_GT(loaded, 40u);
  EXPECT_GT(refused, 20u);
}

TEST(OwnDatasets, DefaultGraphLoads) {
  graph g = load_graph(testing::own_datasets() + "/soc-Epinions1.txt.gz");
  EXPECT_EQ(g.vertices(), 75879u);
  EXPECT_EQ(g.edges(), 508837u);
}

}  // namespace
}  // namespace graphring
