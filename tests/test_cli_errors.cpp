// What a user sees on bad input or bad usage: the exact one-line message
// "graphring: FILE:LINE: what is wrong" and exit status 2, for a table of malformed inputs
// across every format and for command-line mistakes. Nothing may crash.
#include <gtest/gtest.h>
#include <zlib.h>

#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::run_cli;
using testing::scratch_dir;

struct bad_input {
  const char* name;     // file name, or "" for a pure usage case
  std::string content;  // file content
  std::string message;  // expected stderr after "graphring: FILE", or the whole line for usage
  bool prefix = false;  // message is only the start of the line (sizes that vary)
};

std::string gzip_of(const std::string& text) {
  uLongf size = compressBound(uLong(text.size())) + 32;
  std::string out(size, '\0');
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = uInt(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string many_edges() {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += std::to_string(i) + " " + std::to_string(i * 7 % 1000) + "\n";
  return text;
}

const std::string mm = "%%MatrixMarket matrix coordinate real general\n";

std::vector<bad_input> table() {
  const std::string gz = gzip_of(many_edges());
  std::string corrupt = gz;
  for (std::size_t i = corrupt.size() / 3; i < corrupt.size() / 3 + 40; ++i) corrupt[i] = char(0xA5);
  return {
      {"empty.mtx", "", ": the file is empty"},
      {"blank.el", "\n\n# only a comment\n", ": no edges: the file holds only comments or counts"},
      {"noheader.mtx", "3 3 1\n1 1 1\n", ":1: missing Matrix Market header: the first line must be '%%MatrixMarket matrix coordinate FIELD SYMMETRY'"},
      {"shortheader.mtx", "%%MatrixMarket matrix coordinate real\n1 1 1\n1 1 1\n", ":1: the Matrix Market header needs 4 words after %%MatrixMarket, not 3"},
      {"object.mtx", "%%MatrixMarket vector coordinate real general\n", ":1: unsupported Matrix Market object 'vector' (expected 'matrix')"},
      {"field.mtx", "%%MatrixMarket matrix coordinate quaternion general\n", ":1: unknown Matrix Market field 'quaternion' (expected real, integer or pattern)"},
      {"complex.mtx", "%%MatrixMarket matrix coordinate complex general\n", ":1: complex values are not supported"},
      {"hermitian.mtx", "%%MatrixMarket matrix coordinate real hermitian\n", ":1: hermitian matrices are complex, which is not supported"},
      {"nosize.mtx", mm + "% only comments\n", ":3: missing size line ('ROWS COLUMNS ENTRIES') after the header"},
      {"sizeword.mtx", mm + "3 three 1\n", ":2: column count is not an integer: 'three'"},
      {"sizeshort.mtx", mm + "3 3\n", ":2: missing entry count"},
      {"fewfields.mtx", mm + "3 3 1\n1\n", ":3: missing column index"},
      {"novalue.mtx", mm + "3 3 1\n1 2\n", ":3: missing value"},
      {"word.mtx", mm + "3 3 1\n1 x 2\n", ":3: column index is not an integer: 'x'"},
      {"badreal.mtx", mm + "3 3 1\n1 2 1.5.5\n", ":3: value is not a number: '1.5.5'"},
      {"extra.mtx", mm + "3 3 1\n1 2 3 4\n", ":3: unexpected text after the value: '4'"},
      {"row0.mtx", mm + "3 3 1\n0 1 1\n", ":3: row index 0 is out of range 1..3"},
      {"colbig.mtx", mm + "3 3 2\n1 1 1\n2 4 1\n", ":4: column index 4 is out of range 1..3"},
      {"fewer.mtx", mm + "3 3 5\n1 1 1\n", ":2: the size line declares 5 entries but the file holds 1"},
      {"huge_count.mtx", mm + "3 3 999999999999999999\n1 1 1\n", ":2: the size line declares 999999999999999999 entries but the file holds 1"},
      {"more.mtx", mm + "3 3 1\n1 1 1\n2 2 2\n", ":2: the size line declares 1 entries but the file holds 2"},
      {"huge_dims.mtx", mm + "9000000000 9000000000 1\n1 1 1\n", ":2: 9000000000 rows or columns exceed the 4294967295 vertex ids of 32 bits"},
      {"bigint.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 99999999999999999999\n", ":3: value is too large"},
      {"range.mtx", "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int8_t\n2 2 1\n1 1 300\n", ":4: value 300 is out of the range of int8_t"},
      {"skewdiag.mtx", "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n1 1 3\n", ":3: a skew-symmetric matrix has no diagonal entries"},
      {"symrect.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n2 3 1\n1 1\n", ":2: a symmetric matrix must be square, not 2 x 3"},
      {"rect.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 3\n", ": the matrix is 2 x 3; a graph's adjacency matrix must be square"},
      {"dup.mtx", mm + "2 2 2\n1 2 1\n1 2 1\n", ":4: duplicate entry (1, 2); a Matrix Market file holds each entry once"},
      {"arrayshort.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n", ":2: the size line declares 2 x 2 values but the file ends early"},
      {"onefield.el", "1 2\n3\n", ":2: missing destination id"},
      {"letters.el", "a b\n", ":1: not an edge list: a line is 'source destination [weight]' with integer ids, but this one starts with 'a'"},
      {"word.el", "1 2\n3 four\n", ":2: destination id is not an integer: 'four'"},
      {"fourfields.el", "1 2 3 4\n", ":1: too many fields: 4 (a line is 'source destination [weight]')"},
      {"unweighted.wel", "1 2\n", ":1: missing weight (a weighted edge list line is 'source destination weight')"},
      {"noweight.el", "1 2 5\n2 3\n", ":2: missing weight"},
      {"count.el", "3\n9\n1 2\n", ":2: the count line says 9 edges but the file holds 1"},
      {"overflow.el", "1 92233720368547758070\n", ":1: destination id is too large"},
      {"noproblem.gr", "c x\na 1 2 3\n", ":2: missing problem line 'p sp VERTICES ARCS' before the arcs"},
      {"problem.gr", "p max 3 2\n", ":1: the problem line must be 'p sp VERTICES ARCS', not 'p max'"},
      {"arcrange.gr", "p sp 3 1\na 1 7 2\n", ":2: arc target 7 is out of range 1..3"},
      {"arccount.gr", "p sp 3 4\na 1 2 2\n", ":1: the problem line declares 4 arcs but the file holds 1"},
      {"linetype.gr", "p sp 3 1\nx 1 2 2\n", ":2: unknown line type 'x' (expected 'a' or 'c')"},
      {"noweight.gr", "p sp 3 1\na 1 2\n", ":2: missing arc weight"},
      {"truncated.el.gz", gz.substr(0, gz.size() / 2), ": truncated gzip data: the stream ends after ", true},
      {"corrupt.el.gz", corrupt, ": corrupt gzip data (", true},
      {"notgrb.grb", "hello, this is not a binary graph\n", ": corrupt .grb file: shorter than its 128-byte header"},
  };
}

TEST(CliErrors, EveryMalformedInputGivesItsMessageAndStatus2) {
  scratch_dir d;
  for (const bad_input& c : table()) {
    SCOPED_TRACE(c.name);
    const std::string path = d.write(c.name, c.content);
    const auto r = run_cli({"info", path});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(r.out.empty());
    const std::string expected = "graphring: " + path + c.message;
    if (c.prefix) {
      EXPECT_TRUE(r.err.starts_with(expected)) << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    } else {
      EXPECT_EQ(r.err, expected + "\n");
    }
  }
}

TEST(CliErrors, MissingFileAndDirectory) {
  scratch_dir d;
  auto r = run_cli({"info", d.path("absent.mtx")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "graphring: " + d.path("absent.mtx") + ": cannot open: No such file or directory\n");
  r = run_cli({"info", d.path("")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "graphring: " + d.path("") + ": is a directory, not a file\n");
}

TEST(CliErrors, UsageMistakes) {
  struct usage_case {
    std::vector<std::string> args;
    std::string err;
  };
  const std::vector<usage_case> cases = {
      {{}, "graphring: missing command (run 'graphring --help' for the list)\n"},
      {{"frobnicate"}, "graphring: unknown command 'frobnicate' (run 'graphring --help' for the list)\n"},
      {{"info"}, "graphring: missing argument (usage: graphring info GRAPH [--formats] [--json] [--symmetrize] [--drop-self-loops])\n"},
      {{"info", "a", "b"}, "graphring: unexpected argument 'b' (usage: graphring info GRAPH [--formats] [--json] [--symmetrize] [--drop-self-loops])\n"},
      {{"info", "grid:3", "--colour"}, "graphring: unknown option '--colour' (usage: graphring info GRAPH [--formats] [--json] [--symmetrize] [--drop-self-loops])\n"},
      {{"info", "grid:3", "--threads"}, "graphring: option --threads needs a value (usage: graphring info GRAPH [--formats] [--json] [--symmetrize] [--drop-self-loops])\n"},
      {{"info", "grid:3", "--threads", "two"}, "graphring: option --threads needs an integer, not 'two' (usage: graphring info GRAPH [--formats] [--json] [--symmetrize] [--drop-self-loops])\n"},
      {{"info", "grid:3", "--json=yes"}, "graphring: option --json takes no value (usage: graphring info GRAPH [--formats] [--json] [--symmetrize] [--drop-self-loops])\n"},
      {{"info", "rmat:99"}, "graphring: SCALE must be 1..31 in rmat\n"},
      {{"info", "grid:x"}, "graphring: bad generator parameter 'x' in 'grid:x'\n"},
      {{"convert", "grid:3"}, "graphring: missing argument (usage: graphring convert IN OUT [--symmetrize] [--drop-self-loops])\n"},
  };
  for (const usage_case& c : cases) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.status, 2) << c.err;
    EXPECT_EQ(r.err, c.err);
  }
}

TEST(CliErrors, ConvertToAnUnknownFormatOrADirectory) {
  scratch_dir d;
  auto r = run_cli({"convert", "grid:3", d.path("out.xyz")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "graphring: " + d.path("out.xyz") + ": unknown output format '.xyz' (use .mtx, .el, .wel or .grb, optionally .gz)\n");
  r = run_cli({"convert", "grid:3", d.path("")});
  EXPECT_EQ(r.status, 2);
}

}  // namespace
}  // namespace graphring
