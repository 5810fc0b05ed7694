// The compressed .grb (CCI and CSR-dtANS; engine/io/grb_compressed.cpp): every shape of graph
// comes back as it went in; PageRank and BFS run on it without a CSR and answer as the same
// format built from CSR does, and so do BC, TC and MSF; damaged files get one error; and a file
// whose checksums were recomputed after any byte was changed (what a crafted file can do) is
// refused or read safely, never out of bounds (the sanitizer build runs this too).
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "algorithms/bc.hpp"
#include "algorithms/bfs.hpp"
#include "algorithms/graph_matrices.hpp"
#include "algorithms/msf.hpp"
#include "algorithms/pagerank.hpp"
#include "algorithms/tc.hpp"
#include "core/error.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/generators.hpp"
#include "engine/io/checksum.hpp"
#include "engine/io/grb_format.hpp"
#include "engine/io/load.hpp"
#include "engine/io/writers.hpp"
#include "engine/ops/mxv_format.hpp"
#include "tests/test_algorithms_checkers.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::csr_of;
using testing::read_file;
using testing::scratch_dir;

const auto& compressed_kinds = stored_format_kinds;

graph plain(std::uint64_t n, const std::vector<testing::test_edge>& edges, bool weighted = false) {
  return graph(csr_of(n, edges, weighted), vertex_labels::with_offset(n, 0));
}

// The shapes a compressed file must keep: no edges, isolated vertices, self-loops, one row
// holding every column, weights, a symmetric graph (A stored once) and a directed one, labels
// that are not ids.
std::vector<std::pair<std::string, graph>> graph_shapes() {
  std::vector<std::pair<std::string, graph>> g;
  g.emplace_back("no edges", plain(5, {}));
  g.emplace_back("isolated and self-loops", plain(9, {{0, 0}, {3, 3}, {3, 7}, {8, 1}}));
  std::vector<testing::test_edge> star;
  for (vertex_id v = 0; v < 300; ++v) star.push_back({7, v});
  g.emplace_back("one huge row", plain(300, star));
  g.emplace_back("weighted", plain(6, {{0, 1, 2.5}, {1, 0, -1}, {2, 5, 1e-300}, {5, 5, 3}}, true));
  g.emplace_back("symmetric", generate("grid:6"));
  g.emplace_back("directed", generate("rmat:9"));
  g.emplace_back("weighted directed", generate("rmat:8:weighted"));
  buffer<std::int64_t> labels{-40, 3, 17, 1000000};
  g.emplace_back(
      "labels",
      graph(csr_of(4, {{0, 3}, {3, 1}, {2, 2}}, false),
            vertex_labels::explicit_labels(shared_array<std::int64_t>(std::move(labels)))));
  return g;
}

void expect_same_csr(const csr_matrix& a, const csr_matrix& b) {
  ASSERT_EQ(a.nrows, b.nrows);
  ASSERT_EQ(a.nnz(), b.nnz());
  EXPECT_TRUE(std::equal(a.offsets.begin(), a.offsets.end(), b.offsets.begin()));
  EXPECT_TRUE(std::equal(a.cols.begin(), a.cols.end(), b.cols.begin()));
  ASSERT_EQ(a.values.index(), b.values.index());
  for (std::uint64_t k = 0; k < a.nnz(); ++k)
    ASSERT_EQ(testing::value_at(a.values, k), testing::value_at(b.values, k)) << k;
}

TEST(CompressedGrb, EveryShapeComesBackInItsFormat) {
  scratch_dir d;
  for (format_kind kind : compressed_kinds)
    for (auto& [name, g] : graph_shapes()) {
      SCOPED_TRACE(std::string(format_name(kind)) + ", " + name);
      io::write_compressed_grb(g, d.path("g.grb"), kind);
      graph h = load_graph(d.path("g.grb"));
      ASSERT_TRUE(h.stored_adjacency());
      EXPECT_EQ(h.stored_adjacency()->kind(), kind);
      EXPECT_FALSE(h.holds_csr());
      EXPECT_EQ(h.vertices(), g.vertices());
      EXPECT_EQ(h.edges(), g.edges());
      EXPECT_EQ(h.weighted(), g.weighted());
      // A symmetric graph is stored once and known to be symmetric without a CSR.
      EXPECT_EQ(h.stored_transpose() == h.stored_adjacency(), g.symmetric());
      EXPECT_TRUE(h.labels() == g.labels());
      expect_same_csr(h.adjacency(), g.adjacency());
      EXPECT_TRUE(h.holds_csr());
      expect_same_csr(h.transpose(), g.transpose());
      EXPECT_EQ(h.symmetric(), g.symmetric());
      // Written again from the stored form (no CSR built), byte for byte the same file.
      graph again = load_graph(d.path("g.grb"));
      io::write_compressed_grb(again, d.path("again.grb"), kind);
      EXPECT_EQ(read_file(d.path("again.grb")), read_file(d.path("g.grb")));
      EXPECT_FALSE(again.holds_csr());
    }
}

// A payload of many 1 MiB checksum blocks, its sections straddling them, is assembled a block at
// a time (engine/io/writers.cpp): every file reads back whole, its checksum is that of its bytes.
TEST(CompressedGrb, PayloadsOfManyBlocksAreWrittenABlockAtATime) {
  scratch_dir d;
  graph g = generate("rmat:15:weighted");
  auto expect_whole = [&](const std::string& path) {
    const std::string bytes = read_file(path);
    ASSERT_GT(bytes.size(), std::size_t(3) << 19);  // two blocks or more
    io::grb_header h;
    std::memcpy(&h, bytes.data(), sizeof h);
    EXPECT_EQ(h.payload_checksum, io::checksum(bytes.data() + sizeof h, bytes.size() - sizeof h));
    const graph back = load_graph(path);
    expect_same_csr(back.adjacency(), g.adjacency());
  };
  io::write_grb(g, d.path("csr.grb"));
  expect_whole(d.path("csr.grb"));
  for (format_kind kind : compressed_kinds) {
    SCOPED_TRACE(std::string(format_name(kind)));
    io::write_compressed_grb(g, d.path("c.grb"), kind);
    expect_whole(d.path("c.grb"));
  }
}

TEST(CompressedGrb, OnlyTheStoredFormatsAreWrittenCompressed) {
  scratch_dir d;
  graph g = generate("grid:3");
  for (format_kind kind : {format_kind::csr, format_kind::sell, format_kind::ell})
    EXPECT_THROW(io::write_compressed_grb(g, d.path("g.grb"), kind), error);
}

// PageRank and BFS on the stored graph equal the same format built from CSR, exactly (the same
// kernel over the same code), and the graph never decodes a CSR for them.
TEST(CompressedGrb, PageRankAndBfsRunOnTheStoredFormatWithoutACsr) {
  scratch_dir d;
  for (format_kind kind : compressed_kinds)
    for (const char* source : {"rmat:11", "grid:12"}) {
      SCOPED_TRACE(std::string(format_name(kind)) + ", " + source);
      graph g = generate(source);
      io::write_compressed_grb(g, d.path("g.grb"), kind);
      graph h = load_graph(d.path("g.grb"));
      const adjacency_format f{kind};
      const auto want =
          algorithms::pagerank(g, {.tolerance = 0, .max_iterations = 20, .format = f});
      const auto got = algorithms::pagerank(h, {.tolerance = 0, .max_iterations = 20, .format = f});
      ASSERT_EQ(got.iterations, want.iterations);
      for (std::uint64_t v = 0; v < g.vertices(); ++v)
        ASSERT_EQ(got.ranks.values()[v], want.ranks.values()[v]) << v;
      EXPECT_FALSE(h.holds_csr());
      for (vertex_id s : {vertex_id(0), vertex_id(g.vertices() / 2)}) {
        const auto b = algorithms::bfs(h, s, {.parents = true, .format = f});
        const auto c = algorithms::bfs(g, s, {.parents = true});
        EXPECT_EQ(b.steps, c.steps);  // Beamer's rule saw the same edge counts
        ASSERT_EQ(b.levels.nvals(), c.levels.nvals());
        c.levels.for_each([&](std::uint64_t v, std::int64_t level) {
          ASSERT_EQ(b.levels.get(v), level) << v;
          // A parent is right when it is one level up and has an edge to v.
          const std::int64_t p = *b.parents.get(v);
          if (level == 0) {
            EXPECT_EQ(p, std::int64_t(s));
            return;
          }
          EXPECT_EQ(*c.levels.get(std::uint64_t(p)), level - 1);
          const csr_matrix& a = g.adjacency();
          EXPECT_TRUE(std::binary_search(a.cols.data() + a.row_begin(std::uint64_t(p)),
                                         a.cols.data() + a.row_end(std::uint64_t(p)),
                                         vertex_id(v)));
        });
      }
      // ⊕ A⟨q⟩ over the stored matrix (its row counts, kept after the first call; any other
      // monoid through the format): the CSR's.
      const auto stored = algorithms::stored_structure(h, f);
      ASSERT_TRUE(stored);
      const matrix<bool> a = algorithms::structure_of(g, false);
      vector<bool> q(g.vertices());
      for (vertex_id v = 0; v < g.vertices(); v += 3) q.set(v, true);
      for (const bool complement : {false, true}) {
        const descriptor by{.structural_mask = true, .complement_mask = complement};
        const descriptor by_column{.structural_mask = true, .transpose_first = true};
        EXPECT_EQ(reduce(plus_monoid<std::int64_t>{}, *stored, q, by_column),
                  reduce(plus_monoid<std::int64_t>{}, a, q, by_column));
        EXPECT_EQ(reduce(plus_monoid<std::int64_t>{}, *stored, q, by),
                  reduce(plus_monoid<std::int64_t>{}, a, q, by));
        EXPECT_EQ(reduce(max_monoid<std::int64_t>{}, *stored, q, by),
                  reduce(max_monoid<std::int64_t>{}, a, q, by));
        EXPECT_EQ(reduce(times_monoid<double>{}, *stored, q, by),
                  reduce(times_monoid<double>{}, a, q, by));
      }
      EXPECT_FALSE(h.holds_csr());
      // Another format than the stored one decodes the graph and builds that format.
      const auto other = algorithms::pagerank(h, {.tolerance = 0, .max_iterations = 20});
      EXPECT_NEAR(other.ranks.values()[1], want.ranks.values()[1], 1e-12);
      EXPECT_TRUE(h.holds_csr());
    }
}

// Betweenness on the stored graph gathers the rows its products read from the format: the same
// centralities as on the CSR, and no CSR decoded (not even to look for repeated edges). A stored
// graph with a repeated edge is found to have it and counts it once, as the CSR graph does.
TEST(CompressedGrb, BetweennessRunsOnTheStoredFormatWithoutACsr) {
  scratch_dir d;
  for (format_kind kind : compressed_kinds)
    for (const char* source : {"rmat:10", "grid:10"}) {
      SCOPED_TRACE(std::string(format_name(kind)) + ", " + source);
      graph g = generate(source);
      io::write_compressed_grb(g, d.path("g.grb"), kind);
      graph h = load_graph(d.path("g.grb"));
      const std::vector<vertex_id> sources{0, 3, vertex_id(g.vertices() / 2)};
      const auto want = algorithms::betweenness(g, sources);
      const auto got = algorithms::betweenness(h, sources, {kind});
      for (std::uint64_t v = 0; v < g.vertices(); ++v)
        ASSERT_NEAR(got.values()[v], want.values()[v], 1e-12 * want.values()[v]) << v;
      EXPECT_FALSE(h.holds_csr());
      EXPECT_EQ(h.duplicate_edges(), 0u);
      EXPECT_FALSE(h.holds_csr());
    }
  for (format_kind kind : compressed_kinds) {
    graph g = testing::make_graph(4, {{0, 1}, {0, 1}, {1, 2}, {2, 3}, {0, 3}});
    io::write_compressed_grb(g, d.path("r.grb"), kind);
    graph h = load_graph(d.path("r.grb"));
    EXPECT_EQ(h.duplicate_edges(), 1u);
    EXPECT_FALSE(h.holds_csr());
    graph plain = testing::make_graph(4, {{0, 1}, {1, 2}, {2, 3}, {0, 3}});
    const std::vector<vertex_id> all{0, 1, 2, 3};
    EXPECT_EQ(testing::plain(algorithms::betweenness(h, all, {kind}), 0.0),
              testing::plain(algorithms::betweenness(plain, all), 0.0));
  }
}

TEST(CompressedGrb, TrianglesAndSpanningForestRunOnTheStoredFormatWithoutACsr) {
  scratch_dir d;
  for (format_kind kind : compressed_kinds) {
    // Symmetric and weighted (grid), symmetric (rmat), and directed with triangles both ways.
    std::vector<graph> graphs;
    graphs.push_back(generate("grid:12"));
    graphs.push_back(generate("rmat:11"));
    graphs.push_back(testing::make_graph(
        6, {{0, 1}, {1, 2}, {2, 0}, {0, 2}, {3, 4}, {4, 5}, {5, 3}, {2, 3}, {1, 0}}));
    for (graph& g : graphs) {
      SCOPED_TRACE(std::string(format_name(kind)) + ", " + std::to_string(g.vertices()));
      io::write_compressed_grb(g, d.path("g.grb"), kind);
      graph h = load_graph(d.path("g.grb"));
      EXPECT_EQ(algorithms::triangle_count(h, {kind}), algorithms::triangle_count(g));
      EXPECT_FALSE(h.holds_csr());
      const algorithms::msf_result want = algorithms::minimum_spanning_forest(g);
      const algorithms::msf_result got = algorithms::minimum_spanning_forest(h, {kind});
      EXPECT_EQ(got.total_weight, want.total_weight);
      EXPECT_EQ(got.edges.size(), want.edges.size());
      // A symmetric graph's forest reads the stored format; a directed one is rebuilt first.
      EXPECT_EQ(h.holds_csr(), !g.symmetric());
    }
  }
  EXPECT_GT(algorithms::triangle_count(generate("rmat:11")), 0u);
}

TEST(CompressedGrb, DamagedFilesGetOneError) {
  scratch_dir d;
  for (format_kind kind : compressed_kinds) {
    graph g = generate("rmat:8:weighted");
    io::write_compressed_grb(g, d.path("g.grb"), kind);
    const std::string good = read_file(d.path("g.grb"));
    for (std::size_t cut = 0; cut < good.size(); cut += good.size() / 23 + 1)
      EXPECT_THROW(load_graph(d.write("bad.grb", good.substr(0, cut))), error) << cut;
    std::mt19937_64 random(7);
    for (int i = 0; i < 50; ++i) {
      std::string bad = good;
      bad[random() % bad.size()] ^= char(1 + random() % 255);
      try {
        load_graph(d.write("bad.grb", bad));
        ADD_FAILURE() << "a changed byte was accepted";
      } catch (const error& e) {
        EXPECT_EQ(e.kind(), error_kind::bad_input);
      }
    }
  }
}

// A crafted file: one byte changed, then both checksums made right again.
std::string with_checksums(std::string bytes) {
  io::grb_header h;
  std::memcpy(&h, bytes.data(), sizeof h);
  h.payload_checksum = io::checksum(bytes.data() + sizeof h, bytes.size() - sizeof h);
  h.header_checksum = io::checksum(&h, offsetof(io::grb_header, header_checksum));
  std::memcpy(bytes.data(), &h, sizeof h);
  return bytes;
}

TEST(CompressedGrb, CraftedFilesAreRefusedOrReadSafely) {
  scratch_dir d;
  for (format_kind kind : compressed_kinds)
    for (const char* source : {"rmat:5", "rmat:5:weighted"}) {
      SCOPED_TRACE(std::string(format_name(kind)) + ", " + source);
      graph g = generate(source);
      io::write_compressed_grb(g, d.path("g.grb"), kind);
      const std::string good = read_file(d.path("g.grb"));
      std::uint64_t refused = 0, read = 0;
      // Every byte of the header, directory, scalars and starts; then a sample (CSR-dtANS's
      // tables alone take 32 KiB).
      for (std::size_t at = 8; at < good.size(); at += at < 3072 ? 1 : 37) {
        if (at >= offsetof(io::grb_header, payload_checksum) && at < sizeof(io::grb_header))
          continue;  // the checksums themselves
        for (unsigned char change : {0x01, 0x80, 0xff}) {
          std::string bad = good;
          bad[at] = char(bad[at] ^ change);
          graph h;
          try {
            h = load_graph(d.write("bad.grb", with_checksums(bad)));
          } catch (const error& e) {
            EXPECT_EQ(e.kind(), error_kind::bad_input) << at << ": " << e.message();
            ++refused;
            continue;
          }
          ++read;
          // Whatever was accepted decodes and multiplies inside its arrays.
          const csr_matrix& a = h.adjacency();
          for (vertex_id c : a.cols) ASSERT_LT(c, a.ncols);
          if (h.stored_adjacency())
            algorithms::pagerank(
                h, {.tolerance = 0, .max_iterations = 2, .format = {h.stored_adjacency()->kind()}});
        }
      }
      EXPECT_GT(refused, 0u);
      EXPECT_GT(read, 0u);  // changed values and labels still make a graph
    }
}

TEST(CompressedGrb, TheCliConvertsInfosAndRunsIt) {
  scratch_dir d;
  const std::string el = d.write("g.el", "1 2\n2 3\n3 1\n3 4\n4 4\n");
  auto r = testing::run_cli({"convert", el, d.path("g.grb"), "--format", "dtans"});
  ASSERT_EQ(r.status, 0) << r.err;
  r = testing::run_cli({"info", d.path("g.grb")});
  EXPECT_NE(r.out.find("compressed: dtans, A and its transpose"), std::string::npos) << r.out;
  // The stored format is the default; the answer is the one --format dtans gives from the text.
  const auto stored = testing::run_cli({"pagerank", d.path("g.grb")});
  const auto built = testing::run_cli({"pagerank", el, "--format", "dtans"});
  ASSERT_EQ(stored.status, 0) << stored.err;
  EXPECT_EQ(stored.out, built.out);
  EXPECT_EQ(testing::run_cli({"bfs", d.path("g.grb"), "--source", "1"}).out,
            testing::run_cli({"bfs", el, "--source", "1"}).out);
  r = testing::run_cli({"convert", el, d.path("g.el2.el"), "--format", "cci"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--format writes a compressed .grb"), std::string::npos) << r.err;
  r = testing::run_cli({"convert", el, d.path("s.grb"), "--format", "sell"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--format takes cci, dtans or svb"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace graphring
