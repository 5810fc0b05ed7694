// Readers on small files with known content: Matrix Market (every field and symmetry, array,
// type hints), edge lists (comments, CRLF, labels, weights, count lines, LDBC .e/.v), DIMACS,
// gzip, and the mapping of labels to ids.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <limits>
#include <random>
#include <set>
#include <thread>

#include "core/error.hpp"
#include "engine/io/load.hpp"
#include "engine/io/readers.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::scratch_dir;

// Edges as (label, label, weight) in CSR order.
std::vector<std::tuple<std::int64_t, std::int64_t, double>> labeled_edges(const graph& g) {
  std::vector<std::tuple<std::int64_t, std::int64_t, double>> out;
  const csr_matrix& a = g.adjacency();
  for (vertex_id r = 0; r < a.nrows; ++r)
    for (edge_offset k = a.row_begin(r); k < a.row_end(r); ++k) {
      out.emplace_back(g.labels().label(r), g.labels().label(a.cols[k]),
                       testing::value_at(a.values, k));
    }
  return out;
}

using triples = std::vector<std::tuple<std::int64_t, std::int64_t, double>>;

TEST(MatrixMarket, PatternGeneral) {
  scratch_dir d;
  graph g = load_graph(d.write(
      "a.mtx", "%%MatrixMarket matrix coordinate pattern general\n% c\n3 3 3\n1 2\n3 1\n2 3\n"));
  EXPECT_EQ(g.vertices(), 3u);
  EXPECT_FALSE(g.weighted());
  EXPECT_EQ(labeled_edges(g), (triples{{1, 2, 0}, {2, 3, 0}, {3, 1, 0}}));
}

TEST(MatrixMarket, RealSymmetricIsExpanded) {
  scratch_dir d;
  graph g = load_graph(d.write(
      "a.mtx",
      "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n2 1 0.5\n3 3 -2e1\n3 2 7\n"));
  EXPECT_EQ(type_of(g.adjacency().values), value_type::float64);
  EXPECT_EQ(labeled_edges(g),
            (triples{{1, 2, 0.5}, {2, 1, 0.5}, {2, 3, 7}, {3, 2, 7}, {3, 3, -20}}));
  EXPECT_TRUE(g.symmetric());
}

TEST(MatrixMarket, IntegerSkewSymmetricNegatesTheMirror) {
  scratch_dir d;
  graph g = load_graph(
      d.write("a.mtx", "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 4\n"));
  EXPECT_EQ(type_of(g.adjacency().values), value_type::int64);
  EXPECT_EQ(labeled_edges(g), (triples{{1, 2, -4}, {2, 1, 4}}));
}

// The mirror of the smallest int64 is itself (negation wraps, as integer operations do).
TEST(MatrixMarket, SkewMirrorOfTheSmallestIntegerWraps) {
  scratch_dir d;
  graph g = load_graph(d.write("a.mtx",
                               "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 "
                               "1 -9223372036854775808\n"));
  const double smallest = -9223372036854775808.0;
  EXPECT_EQ(labeled_edges(g), (triples{{1, 2, smallest}, {2, 1, smallest}}));
}

TEST(MatrixMarket, GraphBlasTypeLineChoosesTheStoredType) {
  scratch_dir d;
  graph g = load_graph(d.write("a.mtx",
                               "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type "
                               "uint8_t\n2 2 1\n1 2 255\n"));
  EXPECT_EQ(type_of(g.adjacency().values), value_type::uint32);
  graph f = load_graph(d.write(
      "b.mtx",
      "%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type float\n2 2 1\n1 2 1.5\n"));
  EXPECT_EQ(type_of(f.adjacency().values), value_type::float32);
}

TEST(MatrixMarket, ArrayHoldsEveryValueColumnMajor) {
  scratch_dir d;
  graph g =
      load_graph(d.write("a.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n0\n"));
  EXPECT_EQ(labeled_edges(g), (triples{{1, 1, 1}, {1, 2, 3}, {2, 1, 2}, {2, 2, 0}}));
}

TEST(MatrixMarket, CrlfBlankLinesAndGzip) {
  scratch_dir d;
  const std::string text =
      "%%MatrixMarket matrix coordinate pattern general\r\n\r\n2 2 2\r\n1 2\r\n\r\n2 1\r\n";
  graph g = load_graph(d.write("a.mtx.gz", text, true));
  EXPECT_EQ(labeled_edges(g), (triples{{1, 2, 0}, {2, 1, 0}}));
}

TEST(MatrixMarket, DuplicatesAreAnErrorUnlessAPolicyMergesThem) {
  scratch_dir d;
  const std::string path = d.write(
      "a.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 3\n1 2 1\n2 1 5\n1 2 3\n");
  try {
    load_graph(path);
    FAIL() << "duplicates accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.line(), 5u);
    EXPECT_EQ(e.message(), "duplicate entry (1, 2); a Matrix Market file holds each entry once");
  }
  load_options o;
  o.build.duplicates = duplicate_policy::sum;
  EXPECT_EQ(labeled_edges(load_graph(path, o)), (triples{{1, 2, 4}, {2, 1, 5}}));
}

TEST(EdgeList, CommentsWhitespaceAndArbitraryLabels) {
  scratch_dir d;
  graph g = load_graph(
      d.write("g.txt", "# a comment\n% another\n  100\t-7\r\n-7   5000000000\n\n100 100\n"));
  EXPECT_EQ(g.vertices(), 3u);
  EXPECT_EQ(g.labels().label(0), -7);
  EXPECT_EQ(g.labels().label(1), 100);
  EXPECT_EQ(g.labels().label(2), 5000000000);
  EXPECT_EQ(*g.labels().find(5000000000), 2u);
  EXPECT_FALSE(g.labels().find(6).has_value());
  EXPECT_EQ(labeled_edges(g), (triples{{-7, 5000000000, 0}, {100, -7, 0}, {100, 100, 0}}));
}

TEST(EdgeList, DenseLabelsKeepTheirOwnNumbers) {
  scratch_dir d;
  graph g = load_graph(d.write("g.el", "3 1\n1 2\n"));
  EXPECT_EQ(g.vertices(), 3u);
  EXPECT_TRUE(g.labels().is_offset());
  EXPECT_EQ(g.labels().offset(), 1);
  graph h = load_graph(d.write("h.el", "0 4\n"));
  EXPECT_EQ(h.vertices(), 2u);  // only labels that occur become vertices
  EXPECT_EQ(h.labels().label(1), 4);
}

TEST(EdgeList, WeightsIntegerOrReal) {
  scratch_dir d;
  graph g = load_graph(d.write("g.wel", "1 2 3\n2 1 -4\n"));
  EXPECT_EQ(type_of(g.adjacency().values), value_type::int64);
  graph h = load_graph(d.write("h.wel", "1 2 0.25\n2 1 1e3\n"));
  EXPECT_EQ(type_of(h.adjacency().values), value_type::float64);
  EXPECT_EQ(labeled_edges(h), (triples{{1, 2, 0.25}, {2, 1, 1000}}));
}

TEST(EdgeList, LeadingCountLinesAreReadAndChecked) {
  scratch_dir d;
  graph g = load_graph(d.write("g.txt", "3\n2\n1 2\n2 3\n"));
  EXPECT_EQ(g.edges(), 2u);
  EXPECT_THROW(load_graph(d.write("bad.txt", "3\n5\n1 2\n2 3\n")), error);
}

TEST(EdgeList, LdbcVertexFileAddsIsolatedVertices) {
  scratch_dir d;
  d.write("g.v", "1\n2\n3\n99\n");
  graph g = load_graph(d.write("g.e", "1 2 0.5\n2 3 1.5\n"));
  EXPECT_EQ(g.vertices(), 4u);
  EXPECT_EQ(g.labels().label(3), 99);
  EXPECT_EQ(g.adjacency().row_length(3), 0u);
  EXPECT_EQ(g.source_format, "ldbc edge list (.e with .v)");
}

TEST(EdgeList, LdbcEmptyEdgeFileWithAVertexFileIsAGraphWithoutEdges) {
  scratch_dir d;
  d.write("g.v", "4\n8\n15\n");
  graph g = load_graph(d.write("g.e", ""));
  EXPECT_EQ(g.vertices(), 3u);
  EXPECT_EQ(g.edges(), 0u);
  EXPECT_EQ(g.labels().label(2), 15);
  EXPECT_THROW(load_graph(d.write("alone.e", "")), error);  // no .v: an empty file
}

// Labels from anywhere in the 64-bit range, the extremes always among them, in spans that take
// the direct table (labels close together) and the sorted lookup (far apart): every label comes
// back as given, each distinct label is one vertex, ids ascend with labels, every edge is kept.
TEST(EdgeList, ExtremeLabelsAnywhereInTheInt64Range) {
  scratch_dir d;
  std::mt19937_64 random(7);
  constexpr std::int64_t lowest = std::numeric_limits<std::int64_t>::min();
  constexpr std::int64_t highest = std::numeric_limits<std::int64_t>::max();
  for (int trial = 0; trial < 24; ++trial) {
    const std::int64_t base = trial % 3 == 0   ? lowest
                              : trial % 3 == 1 ? highest - 50
                                               : std::int64_t(random());
    const bool near = trial % 2 == 0;
    std::vector<std::int64_t> pool = {lowest, highest};
    for (int i = 0; i < 8; ++i) {
      std::int64_t x;
      if (near && !__builtin_add_overflow(base, std::int64_t(random() % 40), &x))
        pool.push_back(x);
      else
        pool.push_back(std::int64_t(random()));
    }
    std::string text;
    std::vector<std::pair<std::int64_t, std::int64_t>> edges;
    for (int e = 0; e < 30; ++e) {
      const std::int64_t u = pool[random() % pool.size()], v = pool[random() % pool.size()];
      edges.emplace_back(u, v);
      text += std::to_string(u) + " " + std::to_string(v) + "\n";
    }
    SCOPED_TRACE(text);
    const graph g = load_graph(d.write("x.el", text));
    std::set<std::int64_t> distinct;
    for (const auto& [u, v] : edges) distinct.insert(u), distinct.insert(v);
    ASSERT_EQ(g.vertices(), distinct.size());
    std::vector<std::int64_t> labels;
    for (vertex_id v = 0; v < g.vertices(); ++v) labels.push_back(g.labels().label(v));
    EXPECT_EQ(labels, std::vector<std::int64_t>(distinct.begin(), distinct.end()));
    std::multiset<std::pair<std::int64_t, std::int64_t>> expected(edges.begin(), edges.end()),
        found;
    for (const auto& [u, v, w] : labeled_edges(g)) found.emplace(u, v);
    EXPECT_EQ(found, expected);
  }
}

TEST(Dimacs, ArcsWithWeights) {
  scratch_dir d;
  graph g = load_graph(d.write("g.gr", "c road\np sp 3 2\nc more\na 1 2 7\na 3 1 2\n"));
  EXPECT_EQ(g.vertices(), 3u);
  EXPECT_EQ(labeled_edges(g), (triples{{1, 2, 7}, {3, 1, 2}}));
}

TEST(Load, SymmetrizeAndDropSelfLoopsOnLoad) {
  scratch_dir d;
  load_options o;
  o.build.symmetrize = true;
  o.build.drop_self_loops = true;
  graph g = load_graph(d.write("g.el", "1 2\n2 1\n2 2\n2 3\n"), o);
  EXPECT_EQ(labeled_edges(g), (triples{{1, 2, 0}, {2, 1, 0}, {2, 3, 0}, {3, 2, 0}}));
  EXPECT_TRUE(g.symmetric());
  EXPECT_EQ(g.self_loops(), 0u);
}

TEST(Load, FormatFromContentWhenTheNameSaysNothing) {
  scratch_dir d;
  EXPECT_EQ(
      load_graph(d.write("noext", "%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1\n"))
          .edges(),
      1u);
  EXPECT_EQ(load_graph(d.write("noext2", "p sp 2 1\na 1 2 3\n")).edges(), 1u);
  EXPECT_EQ(load_graph(d.write("noext3", "5 6\n")).edges(), 1u);
}

TEST(Load, MatrixMarketIsKnownByItsHeaderWhateverTheName) {
  scratch_dir d;
  const std::string text = "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n";
  for (const char* name : {"g.txt", "g.el", "g.txt.gz"}) {
    SCOPED_TRACE(name);
    const graph g = load_graph(d.write(name, text, std::string(name).ends_with(".gz")));
    EXPECT_EQ(g.vertices(), 3u);  // not 4: the size line is not an edge
    EXPECT_EQ(labeled_edges(g), (triples{{1, 2, 0}, {2, 3, 0}}));
  }
}

TEST(Load, MatrixMarketDuplicatesAreRefusedWithSymmetrizeToo) {
  scratch_dir d;
  load_options o;
  o.build.symmetrize = true;
  const std::string mm = "%%MatrixMarket matrix coordinate real general\n";
  try {
    load_graph(d.write("dup.mtx", mm + "3 3 3\n1 2 1\n2 1 1\n1 2 1\n"), o);
    FAIL() << "duplicates accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.line(), 5u);
    EXPECT_EQ(e.message(), "duplicate entry (1, 2); a Matrix Market file holds each entry once");
  }
  // (1, 2) and (2, 1) are two entries, which symmetrizing merges into one undirected edge.
  const graph g = load_graph(d.write("pair.mtx", mm + "3 3 2\n1 2 1\n2 1 1\n"), o);
  EXPECT_EQ(labeled_edges(g), (triples{{1, 2, 1}, {2, 1, 1}}));
}

TEST(Load, AFifoIsReadAsAStream) {
  scratch_dir d;
  const std::string fifo = d.path("graph.el");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] { std::ofstream(fifo) << "1 2\n2 3\n3 1\n"; });
  const graph g = load_graph(fifo);
  writer.join();
  EXPECT_EQ(labeled_edges(g), (triples{{1, 2, 0}, {2, 3, 0}, {3, 1, 0}}));
}

TEST(Load, LargeTextParsesInParallelChunksWithCorrectLineNumbers) {
  // Big enough (> 1 MiB) to be cut into chunks; the error sits deep in a later chunk.
  std::string text;
  for (int i = 0; i < 200000; ++i) text += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  text += "7 x\n";
  scratch_dir d;
  try {
    load_graph(d.write("big.el", text));
    FAIL();
  } catch (const error& e) {
    EXPECT_EQ(e.line(), 200001u);
    EXPECT_EQ(e.message(), "destination id is not an integer: 'x'");
  }
  text.resize(text.size() - 4);
  graph g = load_graph(d.write("big2.el", text));
  EXPECT_EQ(g.edges(), 200000u);
  EXPECT_EQ(g.vertices(), 200001u);
}

// A file read in `parts` pieces (as graphring-dist's processes read it): the pieces' edges, in
// piece order and each piece's mirrors after all the entries, as (source, destination, weight).
triples edges_in_pieces(const io::input_bytes& in, bool matrix_market, std::uint64_t parts) {
  triples entries, mirrors;
  for (std::uint64_t index = 0; index < parts; ++index) {
    const io::edges_piece p = matrix_market
                                  ? io::parse_matrix_market_piece(in, "f", index, parts)
                                  : io::parse_edge_list_piece(in, "f", false, index, parts);
    for (std::size_t i = 0; i < p.src.size(); ++i)
      entries.emplace_back(p.src[i], p.dst[i], p.weighted ? p.weights[i] : 0);
    for (std::size_t i = 0; i < p.mirror_src.size(); ++i)
      mirrors.emplace_back(p.mirror_src[i], p.mirror_dst[i], p.weighted ? p.mirror_weights[i] : 0);
  }
  entries.insert(entries.end(), mirrors.begin(), mirrors.end());
  return entries;
}

// The whole-file reader's edges in input order, by label (edge lists) or 0-based id.
triples edges_read_whole(const io::parsed_edges& parsed, bool by_label) {
  triples out;
  const edge_list& e = parsed.edges;
  const value_array weights = share(value_vector(e.weights));
  const auto name = [&](vertex_id v) { return by_label ? e.labels.label(v) : std::int64_t(v); };
  for (std::size_t i = 0; i < e.size(); ++i)
    out.emplace_back(name(e.src[i]), name(e.dst[i]),
                     weights.index() == 0 ? 0 : testing::value_at(weights, i));
  return out;
}

TEST(Pieces, ReadTogetherTheyAreTheWholeFile) {
  std::mt19937 random(7);
  std::string mm =
      "%%MatrixMarket matrix coordinate real skew-symmetric\n%%GraphBLAS type float\n"
      "% a comment\n300 300 2000\n";
  std::string el = "# comment\n400\n2000\n";
  for (int i = 0; i < 2000; ++i) {
    const int u = int(random() % 300), v = (u + 1 + int(random() % 299)) % 300;
    mm += std::to_string(u + 1) + " " + std::to_string(v + 1) + " " + std::to_string(i) + ".1\n";
    el += std::to_string(int(random() % 400) * 3 - 600) + "\t" +
          std::to_string(int(random() % 400)) + (i % 97 == 0 ? "\n% inner comment\n\n" : "\n");
  }
  scratch_dir d;
  const io::input_bytes mm_bytes = io::read_input(d.write("a.mtx", mm));
  const io::input_bytes el_bytes = io::read_input(d.write("a.el", el));
  const triples mm_whole = edges_read_whole(io::parse_matrix_market(mm_bytes, "f"), false);
  const triples el_whole = edges_read_whole(io::parse_edge_list(el_bytes, "f", false), true);
  ASSERT_EQ(mm_whole.size(), 4000u);  // the mirrors added
  for (std::uint64_t parts : {1, 2, 3, 5, 8, 64, 5000}) {
    EXPECT_EQ(edges_in_pieces(mm_bytes, true, parts), mm_whole) << parts << " parts";
    EXPECT_EQ(edges_in_pieces(el_bytes, false, parts), el_whole) << parts << " parts";
  }
  const io::edges_piece first = io::parse_edge_list_piece(el_bytes, "f", false, 0, 4);
  EXPECT_EQ(first.declared, 2000u);
  EXPECT_EQ(first.declared_line, 3u);
  EXPECT_THROW(io::check_declared_count(first, 1999, "f"), error);
  EXPECT_NO_THROW(io::check_declared_count(first, 2000, "f"));
}

TEST(Pieces, AnErrorIsThePieceOfItsLineAndNamesTheFilesLine) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  text += "7 x\n";
  for (int i = 0; i < 10; ++i) text += "1 2\n";
  scratch_dir d;
  const io::input_bytes in = io::read_input(d.write("e.el", text));
  for (std::uint64_t index = 0; index < 4; ++index) {
    if (index < 3) {
      EXPECT_NO_THROW(io::parse_edge_list_piece(in, "e.el", false, index, 4));
      continue;
    }
    try {
      io::parse_edge_list_piece(in, "e.el", false, index, 4);
      FAIL();
    } catch (const error& e) {
      EXPECT_EQ(e.line(), 1001u);
      EXPECT_EQ(e.message(), "destination id is not an integer: 'x'");
    }
  }
  EXPECT_THROW(io::parse_matrix_market_piece(
                   io::read_input(d.write(
                       "r.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 2\n")),
                   "r.mtx", 1, 2),
               error);  // not square
}

}  // namespace
}  // namespace graphring
