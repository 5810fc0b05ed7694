// What a user sees on bad input or bad usage: the exact one-line message
// "graphring: FILE:LINE: what is wrong" and exit status 2, for a table of malformed inputs
// across every format (read by `info` and by `info --formats`), and for a table of mistakes with
// every command's options and the files they name (spmv's --x, sssp's weights, msf's weights).
// Nothing may crash, and nothing may reach standard output.
#include <gtest/gtest.h>
#include <omp.h>
#include <zlib.h>

#include <algorithm>

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
  for (int i = 0; i < 20000; ++i)
    text += std::to_string(i) + " " + std::to_string(i * 7 % 1000) + "\n";
  return text;
}

const std::string mm = "%%MatrixMarket matrix coordinate real general\n";

std::vector<bad_input> table() {
  const std::string gz = gzip_of(many_edges());
  std::string corrupt = gz;
  for (std::size_t i = corrupt.size() / 3; i < corrupt.size() / 3 + 40; ++i)
    corrupt[i] = char(0xA5);
  return {
      {"empty.mtx", "", ": the file is empty"},
      {"blank.el", "\n\n# only a comment\n", ": no edges: the file holds only comments or counts"},
      {"noheader.mtx", "3 3 1\n1 1 1\n",
       ":1: missing Matrix Market header: the first line must be '%%MatrixMarket matrix coordinate "
       "FIELD SYMMETRY'"},
      {"shortheader.mtx", "%%MatrixMarket matrix coordinate real\n1 1 1\n1 1 1\n",
       ":1: the Matrix Market header needs 4 words after %%MatrixMarket, not 3"},
      {"object.mtx", "%%MatrixMarket vector coordinate real general\n",
       ":1: unsupported Matrix Market object 'vector' (expected 'matrix')"},
      {"field.mtx", "%%MatrixMarket matrix coordinate quaternion general\n",
       ":1: unknown Matrix Market field 'quaternion' (expected real, integer or pattern)"},
      {"complex.mtx", "%%MatrixMarket matrix coordinate complex general\n",
       ":1: complex values are not supported"},
      {"hermitian.mtx", "%%MatrixMarket matrix coordinate real hermitian\n",
       ":1: hermitian matrices are complex, which is not supported"},
      {"nosize.mtx", mm + "% only comments\n",
       ":3: missing size line ('ROWS COLUMNS ENTRIES') after the header"},
      {"sizeword.mtx", mm + "3 three 1\n", ":2: column count is not an integer: 'three'"},
      {"sizeshort.mtx", mm + "3 3\n", ":2: missing entry count"},
      {"fewfields.mtx", mm + "3 3 1\n1\n", ":3: missing column index"},
      {"novalue.mtx", mm + "3 3 1\n1 2\n", ":3: missing value"},
      {"word.mtx", mm + "3 3 1\n1 x 2\n", ":3: column index is not an integer: 'x'"},
      {"badreal.mtx", mm + "3 3 1\n1 2 1.5.5\n", ":3: value is not a number: '1.5.5'"},
      {"extra.mtx", mm + "3 3 1\n1 2 3 4\n", ":3: unexpected text after the value: '4'"},
      {"row0.mtx", mm + "3 3 1\n0 1 1\n", ":3: row index 0 is out of range 1..3"},
      {"colbig.mtx", mm + "3 3 2\n1 1 1\n2 4 1\n", ":4: column index 4 is out of range 1..3"},
      {"fewer.mtx", mm + "3 3 5\n1 1 1\n",
       ":2: the size line declares 5 entries but the file holds 1"},
      {"huge_count.mtx", mm + "3 3 999999999999999999\n1 1 1\n",
       ":2: the size line declares 999999999999999999 entries but the file holds 1"},
      {"more.mtx", mm + "3 3 1\n1 1 1\n2 2 2\n",
       ":2: the size line declares 1 entries but the file holds 2"},
      {"huge_dims.mtx", mm + "9000000000 9000000000 1\n1 1 1\n",
       ":2: 9000000000 rows or columns exceed the 4294967295 vertex ids of 32 bits"},
      {"bigint.mtx",
       "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 99999999999999999999\n",
       ":3: value is too large"},
      {"range.mtx",
       "%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type int8_t\n2 2 1\n1 1 "
       "300\n",
       ":4: value 300 is out of the range of int8_t"},
      {"nanint.mtx",
       "%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type int8_t\n2 2 1\n1 1 nan\n",
       ":4: value nan is out of the range of int8_t"},
      {"two63.mtx",
       "%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type int64_t\n2 2 1\n1 1 "
       "9223372036854775808\n",
       ":4: value 9223372036854775808 is out of the range of int64_t"},
      {"hugefloat.mtx",
       "%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type float\n2 2 1\n1 1 1e300\n",
       ":4: value 1e300 is out of the range of float"},
      {"skewdiag.mtx", "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n1 1 3\n",
       ":3: a skew-symmetric matrix has no diagonal entries"},
      {"symrect.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n2 3 1\n1 1\n",
       ":2: a symmetric matrix must be square, not 2 x 3"},
      {"rect.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 3\n",
       ": the matrix is 2 x 3; a graph's adjacency matrix must be square"},
      {"dup.mtx", mm + "2 2 2\n1 2 1\n1 2 1\n",
       ":4: duplicate entry (1, 2); a Matrix Market file holds each entry once"},
      {"arrayshort.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n",
       ":2: the size line declares 2 x 2 values but the file ends early"},
      {"onefield.el", "1 2\n3\n", ":2: missing destination id"},
      {"letters.el", "a b\n",
       ":1: not an edge list: a line is 'source destination [weight]' with integer ids, but this "
       "one starts with 'a'"},
      {"word.el", "1 2\n3 four\n", ":2: destination id is not an integer: 'four'"},
      {"fourfields.el", "1 2 3 4\n",
       ":1: too many fields: 4 (a line is 'source destination [weight]')"},
      {"unweighted.wel", "1 2\n",
       ":1: missing weight (a weighted edge list line is 'source destination weight')"},
      {"noweight.el", "1 2 5\n2 3\n", ":2: missing weight"},
      {"count.el", "3\n9\n1 2\n", ":2: the count line says 9 edges but the file holds 1"},
      {"overflow.el", "1 92233720368547758070\n", ":1: destination id is too large"},
      {"noproblem.gr", "c x\na 1 2 3\n",
       ":2: missing problem line 'p sp VERTICES ARCS' before the arcs"},
      {"problem.gr", "p max 3 2\n",
       ":1: the problem line must be 'p sp VERTICES ARCS', not 'p max'"},
      {"arcrange.gr", "p sp 3 1\na 1 7 2\n", ":2: arc target 7 is out of range 1..3"},
      {"arccount.gr", "p sp 3 4\na 1 2 2\n",
       ":1: the problem line declares 4 arcs but the file holds 1"},
      {"linetype.gr", "p sp 3 1\nx 1 2 2\n", ":2: unknown line type 'x' (expected 'a' or 'c')"},
      {"noweight.gr", "p sp 3 1\na 1 2\n", ":2: missing arc weight"},
      {"psp.gr", "psp 3 1\na 1 2 3\n",
       ":1: the problem line must be 'p sp VERTICES ARCS', not 'psp'"},
      {"a1.gr", "p sp 3 1\na1 2 3\n", ":2: unknown line type 'a1' (expected 'a' or 'c')"},
      {"truncated.el.gz", gz.substr(0, gz.size() / 2),
       ": truncated gzip data: the stream ends after ", true},
      {"corrupt.el.gz", corrupt, ": corrupt gzip data (", true},
      {"notgrb.grb", "hello, this is not a binary graph\n",
       ": corrupt .grb file: shorter than its 128-byte header"},
      // Read by its header, not its name: a Matrix Market file called .txt is not an edge list.
      {"mm.txt", mm + "3 3 1\n0 1 1\n", ":3: row index 0 is out of range 1..3"},
      {"negsize.mtx", mm + "-5 -5 0\n", ":2: row count -5 is negative"},
      {"negentries.mtx", mm + "5 5 -1\n", ":2: entry count -1 is negative"},
      // Control bytes from the input are escaped: the message stays one line.
      {"escape.el", "1 2\n2 \x1b[31m3\n", ":2: destination id is not an integer: '\\x1b[31m3'"},
      {"nul.el",
       std::string("1 2\n2 \0"
                   "3\n",
                   9),
       ":2: destination id is not an integer: '\\x003'"},
  };
}

// The one line a failed run must print: exactly `expected`, or starting with it when `prefix`.
void expect_one_line(const testing::cli_result& r, const std::string& expected, bool prefix) {
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  if (prefix) {
    EXPECT_TRUE(r.err.starts_with(expected)) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  } else {
    EXPECT_EQ(r.err, expected + "\n");
  }
}

TEST(CliErrors, EveryMalformedInputGivesItsMessageAndStatus2) {
  scratch_dir d;
  for (const bad_input& c : table()) {
    SCOPED_TRACE(c.name);
    const std::string path = d.write(c.name, c.content);
    expect_one_line(run_cli({"info", path}), "graphring: " + path + c.message, c.prefix);
    expect_one_line(run_cli({"info", path, "--formats"}), "graphring: " + path + c.message,
                    c.prefix);
  }
}

TEST(CliErrors, MissingFileAndDirectory) {
  scratch_dir d;
  auto r = run_cli({"info", d.path("absent.mtx")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "graphring: " + d.path("absent.mtx") + ": cannot open: No such file or directory\n");
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
      {{"frobnicate"},
       "graphring: unknown command 'frobnicate' (run 'graphring --help' for the list)\n"},
      {{"info"},
       "graphring: missing argument (usage: graphring info GRAPH [--formats] [--json] "
       "[--symmetrize] [--drop-self-loops])\n"},
      {{"info", "a", "b"},
       "graphring: unexpected argument 'b' (usage: graphring info GRAPH [--formats] [--json] "
       "[--symmetrize] [--drop-self-loops])\n"},
      {{"info", "grid:3", "--colour"},
       "graphring: unknown option '--colour' (usage: graphring info GRAPH [--formats] [--json] "
       "[--symmetrize] [--drop-self-loops])\n"},
      {{"info", "grid:3", "--threads"},
       "graphring: option --threads needs a value (usage: graphring info GRAPH [--formats] "
       "[--json] [--symmetrize] [--drop-self-loops])\n"},
      {{"info", "grid:3", "--threads", "two"},
       "graphring: option --threads needs an integer, not 'two' (usage: graphring info GRAPH "
       "[--formats] [--json] [--symmetrize] [--drop-self-loops])\n"},
      {{"info", "grid:3", "--json=yes"},
       "graphring: option --json takes no value (usage: graphring info GRAPH [--formats] [--json] "
       "[--symmetrize] [--drop-self-loops])\n"},
      {{"info", "rmat:99"}, "graphring: SCALE must be 1..31 in rmat\n"},
      {{"info", "grid:x"}, "graphring: bad generator parameter 'x' in 'grid:x'\n"},
      {{"convert", "grid:3"},
       "graphring: missing argument (usage: graphring convert IN OUT [--format cci|dtans|svb] "
       "[--symmetrize] "
       "[--drop-self-loops])\n"},
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
  EXPECT_EQ(r.err, "graphring: " + d.path("out.xyz") +
                       ": unknown output format '.xyz' (use .mtx, .el, .wel, .e (with its .v) or "
                       ".grb; all but .grb may end .gz)\n");
  r = run_cli({"convert", "grid:3", d.path("")});
  EXPECT_EQ(r.status, 2);
}

// A command-line mistake: the arguments (after "graphring") and the whole line expected.
struct command_case {
  std::vector<std::string> args;
  std::string err;      // after "graphring: "
  bool prefix = false;  // err is only the start of the line (a list that grows)
};

// Every command's option and value mistakes, and the files its options name. `k` is karate
// (vertex ids 1..34); the files are written into `d`.
std::vector<command_case> command_table(const scratch_dir& d) {
  const std::string k = testing::own_datasets() + "/karate.mtx";
  const std::string neg = d.write("neg.wel", "1 2 1\n2 3 -2\n3 1 4\n");
  const std::string cycle = d.write("cycle.wel", "1 2 1\n2 3 -2\n3 2 1\n");
  const std::string nan = d.write("nan.mtx", mm + "3 3 2\n1 2 nan\n2 3 1\n");
  const std::string formats =
      "[--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] "
      "[--order original|degree|rcm])";
  const std::string tc_usage = " (usage: graphring tc GRAPH " + formats;
  const std::string msf_usage = " (usage: graphring msf GRAPH [--out FILE] " + formats;
  const auto x = [&](const std::string& name, const std::string& content) {
    return d.write(name, content);
  };
  const std::string x_word = x("word.x", "1 2\n1 x\n"), x_id = x("id.x", "one 2\n"),
                    x_zero = x("zero.x", "0 1\n"), x_twice = x("twice.x", "1 1\n% c\n1 2\n"),
                    x_three = x("three.x", "5 1 2\n"),
                    x_gz = x("half.x.gz", gzip_of("1 1\n2 2\n").substr(0, 12));
  const std::string pagerank_usage =
      " (usage: graphring pagerank GRAPH [--damping 0.85] [--tol 1e-7] [--max-iters 100] "
      "[--precision float64|float32] [--out FILE] [--format "
      "csr|coo|ell|hyb|sell|cci|dtans|svb|auto] [--order original|degree|rcm])";
  const std::string bench_usage =
      " (usage: graphring bench [GRAPH ...] [--algos LIST] [--against graphblas,boost|none] "
      "[--trials N] [--interleave] [--json F] [--csv F] [--plot F] [--backend cpu|cuda] "
      "[--formats csr,coo,ell,hyb,sell,cci,dtans,svb,auto] [--order original|degree|rcm] "
      "[--sources ID,ID,...])";
  const std::string bfs_usage =
      " (usage: graphring bfs GRAPH --source ID [--parents] [--out FILE] [--format "
      "csr|coo|ell|hyb|sell|cci|dtans|svb|auto] [--order original|degree|rcm])";
  const std::string cc_usage =
      " (usage: graphring cc GRAPH [--out FILE] [--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] "
      "[--order original|degree|rcm])";
  const std::string demo_usage =
      " (usage: graphring demo [--trials N] [--plot F] [--json F] [--csv F] [--rmat-scale S])";
  const std::string no_vertex_0 = "no vertex has the id 0";
  const std::string threads_range = "--threads must be between 1 and " +
                                    std::to_string(std::max(16, 8 * omp_get_num_procs())) +
                                    " (8 per core of this machine)";
  return {
      // spmv: names and the --x file's contents
      {{"spmv", k, "--semiring", "plus_minus"},
       "unknown semiring 'plus_minus' (known: any_pair, any_secondi, ",
       true},
      {{"spmv", k, "--format", "zip"},
       "unknown format 'zip'; valid: csr|coo|ell|hyb|sell|cci|dtans|svb|auto"},
      {{"spmv", k, "--method", "diagonal"}, "--method must be push, pull or auto, not 'diagonal'"},
      {{"spmv", k, "--format"},
       "option --format needs a value (usage: graphring spmv GRAPH [--semiring NAME | "
       "--semiring-def DEF] "
       "[--x FILE] "
       "[--method push|pull|auto] [--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] [--order "
       "original|degree|rcm] [--out FILE])"},
      {{"spmv", k, "--x", x_word}, x_word + ":2: expected 'ID VALUE'"},
      {{"spmv", k, "--x", x_id}, x_id + ":1: expected a vertex id"},
      {{"spmv", k, "--x", x_zero}, x_zero + ":1: no vertex has the id 0"},
      {{"spmv", k, "--x", x_twice}, x_twice + ":3: vertex 1 is listed twice"},
      {{"spmv", k, "--x", x_three}, x_three + ":1: expected 'ID VALUE'"},
      {{"spmv", k, "--x", x_gz}, x_gz + ": truncated gzip data: the stream ends after ", true},
      {{"spmv", k, "--x", d.path("absent.x")},
       d.path("absent.x") + ": cannot open: No such file or directory"},
      {{"spmv", k, "--x", d.path("")}, d.path("") + ": is a directory, not a file"},
      // bfs, sssp, bc: sources that are not vertices
      {{"bfs", k}, "missing option --source ID"},
      {{"bfs", k, "--source", "0"}, no_vertex_0},
      {{"bfs", k, "--source", "35"}, "no vertex has the id 35"},
      {{"bfs", k, "--source", "-1"}, "no vertex has the id -1"},
      {{"bfs", k, "--source", "1x"}, "option --source needs an integer, not '1x'" + bfs_usage},
      {{"bfs", k, "--source", "1", "--parents=yes"}, "option --parents takes no value" + bfs_usage},
      {{"bfs", k, "--source", "1", "--format", "zip"},
       "unknown format 'zip'; valid: csr|coo|ell|hyb|sell|cci|dtans|svb|auto"},
      {{"pagerank", k, "--order", "random"},
       "unknown vertex order 'random'; valid: original|degree|rcm"},
      {{"bench", k, "--formats", "cci,zip"},
       "unknown format 'zip'; valid: csr|coo|ell|hyb|sell|cci|dtans|svb|auto"},
      {{"sssp", k, "--source", "0"}, no_vertex_0},
      {{"bc", k, "--sources", "0"}, no_vertex_0},
      {{"bc", k, "--sources", "1,"},
       "--sources needs a comma-separated list of vertex ids, not '1,'"},
      {{"bc", k, "--sources", ""}, "--sources needs a comma-separated list of vertex ids, not ''"},
      {{"bc", k, "--sources", "1,1"}, "betweenness sources must not repeat"},
      // sssp: --delta and negative weights
      {{"sssp", k, "--source", "1", "--delta", "0"}, "--delta must be a positive number"},
      {{"sssp", k, "--source", "1", "--delta", "-3"}, "--delta must be a positive number"},
      {{"sssp", k, "--source", "1", "--delta", "inf"}, "--delta must be a positive number"},
      {{"sssp", k, "--source", "1", "--delta", "nan"}, "option --delta needs a number, not 'nan'"},
      {{"sssp", k, "--source", "1", "--delta", "1e"}, "option --delta needs a number, not '1e'"},
      {{"sssp", neg, "--source", "1", "--delta", "1"},
       "--delta needs non-negative weights (this graph has negative ones)"},
      {{"sssp", cycle, "--source", "1"},
       cycle + ": a negative-weight cycle is reachable from the source"},
      {{"sssp", nan, "--source", "1"},
       nan + ": a weight is not a number (NaN); shortest paths need comparable lengths"},
      // pagerank
      {{"pagerank", k, "--damping", "2"}, "the PageRank damping factor must lie in [0, 1]"},
      {{"pagerank", k, "--damping", "-0.1"}, "the PageRank damping factor must lie in [0, 1]"},
      {{"pagerank", k, "--damping", "nan"}, "option --damping needs a number, not 'nan'"},
      {{"pagerank", k, "--damping", "0.8.5"}, "option --damping needs a number, not '0.8.5'"},
      {{"pagerank", k, "--tol", "-1"}, "the PageRank tolerance must be >= 0"},
      {{"pagerank", k, "--tol", "small"}, "option --tol needs a number, not 'small'"},
      {{"pagerank", k, "--max-iters", "-1"}, "--max-iters must be between 0 and 1000000000"},
      {{"pagerank", k, "--max-iters", "99999999999"},
       "--max-iters must be between 0 and 1000000000"},
      {{"pagerank", k, "--max-iters", "1.5"},
       "option --max-iters needs an integer, not '1.5'" + pagerank_usage},
      {{"pagerank", k, "--precision", "float16"},
       "--precision must be float64 or float32, not float16"},
      // the format: an extension graphring does not read, --input-format
      {{"cc", x("edges.csv", "1 2\n")},
       d.path("edges.csv") +
           ": graphring does not know the extension '.csv'; it reads .mtx/.mm (Matrix Market), ",
       true},
      {{"cc", k, "--input-format", "xml"},
       "--input-format 'xml' names no format graphring reads (.mtx/.mm (Matrix Market), ",
       true},
      {{"demo", "--input-format", "el"},
       "--input-format: this command reads no GRAPH" + demo_usage},
      {{"bench", k, "--input-format", "el"},
       "bench knows each graph's format by its name; --input-format is not taken"},
      // cc, tc, msf, convert
      {{"cc", k, "--source", "1"}, "unknown option '--source'" + cc_usage},
      {{"cc"}, "missing argument" + cc_usage},
      {{"info", k, "--format", "cci"},
       "unknown option '--format': only the algorithms and spmv take a storage format and order "
       "(usage: graphring info GRAPH [--formats] [--json] [--symmetrize] [--drop-self-loops])"},
      {{"info", k, "--order=rcm"},
       "unknown option '--order=rcm': only the algorithms and spmv take a storage format and "
       "order (usage: graphring info GRAPH [--formats] [--json] [--symmetrize] "
       "[--drop-self-loops])"},
      {{"tc", k, "--out", "t.txt"}, "unknown option '--out'" + tc_usage},
      {{"tc", k, k}, "unexpected argument '" + k + "'" + tc_usage},
      {{"tc", k, "--format", "zip"},
       "unknown format 'zip'; valid: csr|coo|ell|hyb|sell|cci|dtans|svb|auto"},
      {{"msf", k, "--order", "random"},
       "unknown vertex order 'random'; valid: original|degree|rcm"},
      {{"msf", k, "--out"}, "option --out needs a value" + msf_usage},
      {{"msf", nan},
       nan + ": a weight is not a number (NaN); a spanning forest needs ordered weights"},
      {{"msf", nan, "--format", "dtans"},
       nan + ": a weight is not a number (NaN); a spanning forest needs ordered weights"},
      {{"bfs", k, "--source", "1", "--out="},
       "the output file name is empty; give a file, or - for standard output"},
      {{"cc", k, "--out", d.path("no/such/dir/cc.txt")},
       d.path("no/such/dir/cc.txt") + ": cannot create the output: there is no directory " +
           d.path("no/such/dir")},
      {{"info", d.path("new\nline.mtx")},
       d.path("new\\nline.mtx") + ": cannot open: No such file or directory"},
      {{"convert", "grid:3", d.path("g.grb"), "--format", "lz4"}, "unknown format 'lz4'", true},
      {{"convert", "grid:3", d.path("g.mtx"), "--format", "cci"},
       d.path("g.mtx") + ": --format writes a compressed .grb; name the output *.grb"},
      {{"convert", "grid:3", d.path("g.grb"), "--format", "ell"},
       "--format takes cci, dtans or svb (a .grb without --format holds CSR), not ell"},
      {{"convert", "grid:3", d.path("g.mtx"), "extra"},
       "unexpected argument 'extra' (usage: graphring convert IN OUT [--format cci|dtans|svb] "
       "[--symmetrize] "
       "[--drop-self-loops])"},
      // bench and demo
      {{"bench", k, "--trials", "0"}, "--trials must be at least 1"},
      {{"bench", k, "--trials", "4294967297"}, "--trials must be at most 1000000"},
      {{"bench", k, "--trials", "x"}, "option --trials needs an integer, not 'x'" + bench_usage},
      {{"bench", k, "--against", "matlab"}, "--against takes graphblas and/or boost, not 'matlab'"},
      {{"bench", k, "--algos", "sorting"}, "unknown workload 'sorting' (known: kernels, ", true},
      {{"demo", "--trials", "0"}, "--trials must be at least 1"},
      {{"demo", "--rmat-scale", "99"}, "--rmat-scale takes 4 to 30"},
      {{"demo", "--rmat-scale", "x"}, "option --rmat-scale needs an integer, not 'x'" + demo_usage},
      {{"demo", "extra"}, "unexpected argument 'extra'" + demo_usage},
      {{"demo", "--plot"}, "option --plot needs a value" + demo_usage},
      // options every command takes
      {{"bfs", k, "--source", "1", "--backend", "gpu"}, "--backend must be cpu or cuda, not 'gpu'"},
      {{"spmv", k, "--backend="}, "--backend must be cpu or cuda, not ''"},
      {{"msf", k, "--backend", "cuda"},
       "--backend cuda: this command has no GPU version (GPU: spmv, bfs, sssp, pagerank, bench)"},
      {{"cc", k, "--threads", "0"}, threads_range},
      {{"tc", k, "--threads", "-2"}, threads_range},
      {{"bc", k, "--threads", "5000"}, threads_range},
      {{"bfs", k, "--source", "1", "--threads", "4096"}, threads_range},
      {{"pagerank", k, "--threads", "1e3"},
       "option --threads needs an integer, not '1e3'" + pagerank_usage},
      {{"info", k, "--formats=yes"},
       "option --formats takes no value (usage: graphring info GRAPH [--formats] [--json] "
       "[--symmetrize] [--drop-self-loops])"},
  };
}

// Labels at both ends of the 64-bit range (their span does not fit 64 bits) are valid input:
// every command reads them and reports them as given.
TEST(CliErrors, LabelsAtBothEndsOfTheInt64RangeAreValid) {
  scratch_dir d;
  const std::string edges =
      d.write("extreme.el", "-9223372036854775808 9223372036854775807\n9223372036854775807 0\n");
  auto r = run_cli({"cc", edges});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "-9223372036854775808 -9223372036854775808\n0 -9223372036854775808\n"
            "9223372036854775807 -9223372036854775808\n");
  r = run_cli({"bfs", edges, "--source", "-9223372036854775808"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "-9223372036854775808 0\n0 2\n9223372036854775807 1\n");
  // The same as LDBC, with a vertex without edges in the .v.
  d.write("x.e", "-9223372036854775808 9223372036854775807\n");
  d.write("x.v", "-9223372036854775808\n5\n9223372036854775807\n");
  r = run_cli({"cc", d.path("x.e")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "-9223372036854775808 -9223372036854775808\n5 5\n"
            "9223372036854775807 -9223372036854775808\n");
}

TEST(CliErrors, EveryCommandsOptionMistakesGiveTheirMessageAndStatus2) {
  scratch_dir d;
  for (const command_case& c : command_table(d)) {
    std::string trace;
    for (const std::string& a : c.args) trace += a + " ";
    SCOPED_TRACE(trace);
    expect_one_line(run_cli(c.args), "graphring: " + c.err, c.prefix);
  }
}

}  // namespace
}  // namespace graphring
