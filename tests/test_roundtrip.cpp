// Writers and the .grb format: round trips keep the graph (structure, values, value type,
// labels); damaged .grb files are refused; a failed write leaves the old file in place.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <limits>
#include <thread>

#include "core/error.hpp"
#include "engine/csr_transpose.hpp"
#include "engine/generators.hpp"
#include "engine/io/checksum.hpp"
#include "engine/io/grb_format.hpp"
#include "engine/io/load.hpp"
#include "engine/io/writers.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::read_file;
using testing::scratch_dir;

void expect_same_graph(const graph& x, const graph& y) {
  const csr_matrix &a = x.adjacency(), &b = y.adjacency();
  ASSERT_EQ(a.nrows, b.nrows);
  ASSERT_EQ(a.nnz(), b.nnz());
  EXPECT_TRUE(std::equal(a.offsets.begin(), a.offsets.end(), b.offsets.begin()));
  EXPECT_TRUE(std::equal(a.cols.begin(), a.cols.end(), b.cols.begin()));
  ASSERT_EQ(a.values.index(), b.values.index());
  std::visit(
      [&](const auto& va) {
        using V = std::decay_t<decltype(va)>;
        if constexpr (!std::is_same_v<V, std::monostate>) {
          const auto& vb = std::get<V>(b.values);
          EXPECT_TRUE(std::equal(va.begin(), va.end(), vb.begin()));
        }
      },
      a.values);
  EXPECT_TRUE(x.labels() == y.labels());
}

TEST(RoundTrip, MtxToGrbToMtx) {
  scratch_dir d;
  const std::string mtx = d.write("a.mtx",
                                  "%%MatrixMarket matrix coordinate real general\n4 4 5\n1 2 "
                                  "0.1\n2 3 1e-300\n3 1 -2.5\n4 4 3\n1 4 0.3333333333333333\n");
  graph g = load_graph(mtx);
  io::write_grb(g, d.path("a.grb"));
  graph h = load_graph(d.path("a.grb"));
  expect_same_graph(g, h);
  io::write_matrix_market(h, d.path("b.mtx"));
  expect_same_graph(g, load_graph(d.path("b.mtx")));
}

TEST(RoundTrip, EveryValueTypeThroughEveryFormat) {
  scratch_dir d;
  const char* types[] = {"int32_t", "uint32_t", "int64_t", "float", "double"};
  for (const char* t : types) {
    const bool real = std::strcmp(t, "float") == 0 || std::strcmp(t, "double") == 0;
    const std::string text = std::string("%%MatrixMarket matrix coordinate ") +
                             (real ? "real" : "integer") + " general\n%%GraphBLAS type " + t +
                             "\n3 3 3\n1 2 7\n2 3 " + (real ? "0.5" : "9") + "\n3 1 1\n";
    graph g = load_graph(d.write(std::string("t.mtx"), text));
    for (const char* out : {"o.grb", "o.mtx", "o.mtx.gz"}) {
      io::write_graph(g, d.path(out));
      SCOPED_TRACE(std::string(t) + " via " + out);
      expect_same_graph(g, load_graph(d.path(out)));
    }
  }
}

TEST(RoundTrip, EdgeListKeepsLabels) {
  scratch_dir d;
  graph g = load_graph(d.write("g.wel", "-5 70 2\n70 123456789012 3\n"));
  for (const char* out : {"o.grb", "o.wel", "o.wel.gz"}) {
    io::write_graph(g, d.path(out));
    SCOPED_TRACE(out);
    expect_same_graph(g, load_graph(d.path(out)));
  }
}

TEST(RoundTrip, GeneratedGraphThroughGrb) {
  scratch_dir d;
  graph g = generate("rmat:10:8:weighted");
  io::write_grb(g, d.path("r.grb"));
  expect_same_graph(g, load_graph(d.path("r.grb")));
}

TEST(Grb, DamagedFilesAreRefused) {
  scratch_dir d;
  io::write_grb(generate("grid:20"), d.path("g.grb"));
  const std::string good = read_file(d.path("g.grb"));
  auto expect_refused = [&](std::string bytes, const std::string& message) {
    const std::string p = d.write("bad.grb", bytes);
    try {
      load_graph(p);
      ADD_FAILURE() << "accepted: " << message;
    } catch (const error& e) {
      EXPECT_EQ(e.kind(), error_kind::bad_input);
      EXPECT_EQ(e.message(), message);
    }
  };
  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x10;
  expect_refused(flipped, "corrupt .grb file: payload checksum mismatch");
  std::string version = good;
  version[8] = 9;
  expect_refused(version, "unsupported .grb version 9 (this graphring reads versions 1 and 2)");
  std::string header = good;
  header[20] ^= 1;
  expect_refused(header, "corrupt .grb file: header checksum mismatch");
  expect_refused(good.substr(0, good.size() - 100),
                 "corrupt .grb file: the header says " + std::to_string(good.size()) +
                     " bytes but the file has " + std::to_string(good.size() - 100) +
                     " (truncated?)");
  expect_refused(good.substr(0, 50), "corrupt .grb file: shorter than its 128-byte header");
  expect_refused("GRPHRONG" + good.substr(8), "not a .grb file (wrong magic bytes)");
}

TEST(Grb, ALabelOffsetThatOverflowsIsRefusedEvenWithValidChecksums) {
  scratch_dir d;
  io::write_grb(generate("grid:4"), d.path("g.grb"));
  std::string bytes = read_file(d.path("g.grb"));
  io::grb_header h;
  std::memcpy(&h, bytes.data(), sizeof h);
  ASSERT_FALSE(h.explicit_labels);
  h.label_offset = std::numeric_limits<std::int64_t>::max() - 3;  // 16 vertices: the last overflows
  h.header_checksum = io::checksum(&h, offsetof(io::grb_header, header_checksum));
  std::memcpy(bytes.data(), &h, sizeof h);
  try {
    load_graph(d.write("bad.grb", bytes));
    FAIL() << "accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.message(),
              "corrupt .grb file: the label offset 9223372036854775804 puts the last of 16 "
              "vertices past the largest 64-bit label");
  }
  h.label_offset = std::numeric_limits<std::int64_t>::max() - 15;  // the last label is the largest
  h.header_checksum = io::checksum(&h, offsetof(io::grb_header, header_checksum));
  std::memcpy(bytes.data(), &h, sizeof h);
  const graph g = load_graph(d.write("edge.grb", bytes));
  EXPECT_EQ(g.labels().label(15), std::numeric_limits<std::int64_t>::max());
}

// is_symmetric against the definition (A equal to transpose(A), values and repeated entries
// in order), on symmetric and directed, weighted and repeated-entry matrices.
TEST(Symmetry, TheMirrorCheckAgreesWithTheTranspose) {
  auto by_transpose = [](const csr_matrix& a) {
    const csr_matrix t = transpose(a);
    return std::equal(a.offsets.begin(), a.offsets.end(), t.offsets.begin()) &&
           std::equal(a.cols.begin(), a.cols.end(), t.cols.begin()) && [&] {
             for (std::uint64_t k = 0; k < a.nnz(); ++k)
               if (testing::value_at(a.values, k) != testing::value_at(t.values, k)) return false;
             return true;
           }();
  };
  std::vector<csr_matrix> cases = {
      generate("grid:5").adjacency(),
      generate("rmat:8").adjacency(),
      generate("rmat:7:weighted").adjacency(),
      testing::csr_of(3, {}, false),
      testing::csr_of(4, {{0, 1}, {1, 2}, {2, 0}, {3, 3}}, false),  // directed
      testing::csr_of(3, {{0, 1}, {0, 1}, {1, 0}}, false),          // a repeat unmatched
      testing::csr_of(3, {{0, 1}, {0, 1}, {1, 0}, {1, 0}}, false),  // repeats matched
      testing::csr_of(3, {{0, 1, 2}, {1, 0, 3}}, true),             // values differ
      testing::csr_of(3, {{0, 1, 2}, {1, 0, 2}, {2, 2, 5}}, true),  // equal, with a self-loop
      testing::csr_of(3, {{0, 1, 1}, {0, 1, 2}, {1, 0, 2}, {1, 0, 1}}, true)};  // repeats' order
  int symmetric = 0;
  for (std::size_t c = 0; c < cases.size(); ++c) {
    EXPECT_EQ(is_symmetric(cases[c]), by_transpose(cases[c])) << "case " << c;
    symmetric += by_transpose(cases[c]);
  }
  EXPECT_EQ(symmetric, 6);  // both outcomes are exercised
}

// A .grb records whether A = Aᵀ: a symmetric graph read back knows it and takes A as its
// transpose (the same arrays, nothing computed); a directed one knows it is not; a file from
// before the flag (reserved[0] = 0) still loads and checks when asked.
TEST(Grb, RecordsSymmetrySoTheTransposeIsNeverComputed) {
  scratch_dir d;
  io::write_grb(generate("grid:6"), d.path("sym.grb"));
  graph s = load_graph(d.path("sym.grb"));
  ASSERT_TRUE(s.known_symmetric().has_value());
  EXPECT_TRUE(*s.known_symmetric());
  EXPECT_EQ(s.transpose().cols.data(), s.adjacency().cols.data());
  io::write_grb(
      graph(testing::csr_of(4, {{0, 1}, {1, 2}, {2, 0}}, false), vertex_labels::with_offset(4, 0)),
      d.path("dir.grb"));
  graph r = load_graph(d.path("dir.grb"));
  ASSERT_TRUE(r.known_symmetric().has_value());
  EXPECT_FALSE(*r.known_symmetric());
  EXPECT_NE(r.transpose().cols.data(), r.adjacency().cols.data());
  std::string bytes = read_file(d.path("sym.grb"));
  io::grb_header h;
  std::memcpy(&h, bytes.data(), sizeof h);
  EXPECT_EQ(h.reserved[0], io::grb_symmetric | io::grb_symmetry_recorded);
  h.reserved[0] = 0;
  h.header_checksum = io::checksum(&h, offsetof(io::grb_header, header_checksum));
  std::memcpy(bytes.data(), &h, sizeof h);
  graph old = load_graph(d.write("old.grb", bytes));
  EXPECT_FALSE(old.known_symmetric().has_value());
  EXPECT_TRUE(old.symmetric());
  expect_same_graph(old, s);
}

TEST(AtomicOutput, FailedConversionLeavesThePreviousFile) {
  scratch_dir d;
  const std::string out = d.write("out.mtx", "previous contents\n");
  const auto result = testing::run_cli({"convert", d.write("bad.el", "1 2\n3\n"), out});
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(read_file(out), "previous contents\n");
  EXPECT_THROW(io::write_graph(generate("grid:3"), d.path("x.unknown")), error);
  // No temporary files are left behind.
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(d.path("")))
    files += entry.is_regular_file();
  EXPECT_EQ(files, 2u);
}

TEST(AtomicOutput, KilledConversionLeavesThePreviousFile) {
  scratch_dir d;
  const std::string out = d.write("out.mtx", "previous contents\n");
  std::vector<std::string> args{GRAPHRING_CLI, "convert", "rmat:17", out, "--quiet"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid;
  ASSERT_EQ(posix_spawn(&pid, GRAPHRING_CLI, nullptr, nullptr, argv.data(), nullptr), 0);
  // Kill it as soon as it holds its temporary output open (an unnamed file in the output's
  // directory), i.e. in the middle of writing.
  const bool writing = testing::wait_for_open_file_in(pid, d.path(""), std::chrono::seconds(60));
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(writing) << "the conversion never started writing";
  EXPECT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(read_file(out), "previous contents\n");
  // The temporary had no name: nothing is left beside the output.
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(d.path("")))
    names.push_back(entry.path().filename());
  EXPECT_EQ(names, std::vector<std::string>{"out.mtx"});
}

}  // namespace
}  // namespace graphring
