// `graphring spmv` and `graphring bench` as a user meets them: answers on a small graph checked
// by hand, the registry's names, and the exact one-line messages (exit status 2) for bad
// semiring names, methods, x files and bench options.
#include <gtest/gtest.h>

#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::run_cli;
using testing::scratch_dir;

const std::string karate_mtx = std::string(GRAPHRING_DATASETS) + "/karate.mtx";

// The "ID VALUE" line of `id` in spmv's output, or "" when absent.
std::string line_of(const std::string& out, const std::string& id) {
  const std::string key = "\n" + id + " ";
  const std::string text = "\n" + out;
  const auto at = text.find(key);
  if (at == std::string::npos) return "";
  return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
}

TEST(CliSpmv, SumsAndMinimaOverOutNeighbours) {
  scratch_dir d;
  // Karate is symmetric: 1-2, 1-3 and 2-3 are edges; 34 is adjacent to neither 1 nor 2.
  const std::string x = d.write("x.txt", "# x\n1 2\n2 3.5\n");
  auto r = run_cli({"spmv", karate_mtx, "--x", x, "--semiring", "plus_times"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(line_of(r.out, "1"), "1 3.5");
  EXPECT_EQ(line_of(r.out, "2"), "2 2");
  EXPECT_EQ(line_of(r.out, "3"), "3 5.5");
  EXPECT_EQ(line_of(r.out, "34"), "");  // no product: no entry
  r = run_cli({"spmv", karate_mtx, "--x", x, "--semiring", "min_plus", "--method", "push"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(line_of(r.out, "3"), "3 3");  // min(A(3,1) + 2, A(3,2) + 3.5) with unit edges
  // Without --x, x is 1 everywhere: plus_pair counts out-neighbours (karate_mtx's vertex 34 has
  // 17).
  r = run_cli({"spmv", karate_mtx, "--semiring", "plus_pair"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(line_of(r.out, "34"), "34 17");
}

// The storage format and the vertex order it holds the graph in change how the product runs, not
// its answer, which comes back in the input's ids.
TEST(CliSpmv, FormatAndOrderLeaveTheAnswer) {
  scratch_dir d;
  const std::string x = d.write("x.txt", "1 2\n2 3.5\n5 -1\n17 4\n34 0.25\n");
  for (const char* semiring : {"plus_times", "min_plus"}) {
    SCOPED_TRACE(semiring);
    const auto want = run_cli({"spmv", karate_mtx, "--x", x, "--semiring", semiring});
    ASSERT_EQ(want.status, 0) << want.err;
    for (const char* format : {"csr", "sell", "cci"})
      for (const char* order : {"degree", "rcm"}) {
        SCOPED_TRACE(std::string(format) + " " + order);
        const auto got = run_cli({"spmv", karate_mtx, "--x", x, "--semiring", semiring, "--format",
                                  format, "--order", order, "--method", "pull"});
        ASSERT_EQ(got.status, 0) << got.err;
        EXPECT_EQ(got.out, want.out);
      }
  }
}

TEST(CliSpmv, PositionalSemiringsPrintLabels) {
  scratch_dir d;
  const std::string x = d.write("x.txt", "34 1\n");
  const auto r = run_cli({"spmv", karate_mtx, "--x", x, "--semiring", "min_secondi"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(line_of(r.out, "9"), "9 34");  // 9-34 is an edge: the parent is vertex 34
}

// --semiring-def compiles the definition on first use (its time on standard error), then loads
// it from the cache; its answer is the built-in semiring's, in any format, direction and order.
TEST(CliSpmv, ASemiringDefinedAtRunTime) {
  scratch_dir d;
  const testing::scoped_env cache("GRAPHRING_JIT_CACHE", d.path("cache").c_str());
  const std::string x = d.write("x.txt", "1 2\n2 3.5\n5 -1\n17 4\n34 0.25\n");
  const auto want = run_cli({"spmv", karate_mtx, "--x", x, "--semiring", "min_plus"});
  ASSERT_EQ(want.status, 0) << want.err;
  const std::vector<std::string> args = {"spmv", karate_mtx,       "--x",
                                         x,      "--semiring-def", "add=min; multiply=a + b"};
  auto got = run_cli(args);
  ASSERT_EQ(got.status, 0) << got.err;
  EXPECT_EQ(got.out, want.out);
  EXPECT_TRUE(got.err.starts_with("graphring: compiled the semiring (min, a + b) in ")) << got.err;
  got = run_cli(args);
  ASSERT_EQ(got.status, 0) << got.err;
  EXPECT_EQ(got.out, want.out);
  EXPECT_EQ(got.err, "");  // loaded from the cache
  // Through a compressed format, by push, and in another vertex order: the same answer.
  for (const std::vector<std::string>& how :
       {std::vector<std::string>{"--format", "dtans", "--method", "push"},
        {"--format", "cci", "--order", "rcm"},
        {"--format", "sell", "--method", "pull", "--order", "degree"}}) {
    std::vector<std::string> through = args;
    through.insert(through.end(), how.begin(), how.end());
    got = run_cli(through);
    ASSERT_EQ(got.status, 0) << got.err;
    EXPECT_EQ(got.out, want.out) << how[1];
  }
  auto refused =
      run_cli({"spmv", karate_mtx, "--semiring", "min_plus", "--semiring-def", "add=min"});
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.err, "graphring: --semiring and --semiring-def exclude each other\n");
  refused = run_cli({"spmv", karate_mtx, "--semiring-def", "add=min; multiply=a + b; oops"});
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.err,
            "graphring: a semiring definition takes key=value parts, not 'oops' (e.g. "
            "'add=min; multiply=a + b')\n");
}

TEST(CliSpmv, BadInputAndUsage) {
  scratch_dir d;
  struct bad_case {
    std::string x_content;  // "" for a usage case without --x
    std::vector<std::string> extra;
    std::string err;  // after "graphring: " (x file path inserted where it is named)
    bool names_file;
  };
  const std::vector<bad_case> cases = {
      {"", {"--method", "sideways"}, "--method must be push, pull or auto, not 'sideways'", false},
      {"",
       {"--order", "random"},
       "unknown vertex order 'random'; valid: original|degree|rcm",
       false},
      {"1 2\nfoo\n", {}, ":2: expected a vertex id", true},
      {"1 2\n2\n", {}, ":2: expected 'ID VALUE'", true},
      {"1 2 3\n", {}, ":1: expected 'ID VALUE'", true},
      {"99 1\n", {}, ":1: no vertex has the id 99", true},
      {"1 1\n1 2\n", {}, ":2: vertex 1 is listed twice", true},
  };
  for (const bad_case& c : cases) {
    std::vector<std::string> args = {"spmv", karate_mtx};
    std::string path;
    if (!c.x_content.empty()) {
      path = d.write("bad_x.txt", c.x_content);
      args.insert(args.end(), {"--x", path});
    }
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << c.err;
    EXPECT_EQ(r.err, "graphring: " + (c.names_file ? path : "") + c.err + "\n");
    EXPECT_TRUE(r.out.empty());
  }
  const auto r = run_cli({"spmv", karate_mtx, "--semiring", "nope"});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(
      r.err.starts_with("graphring: unknown semiring 'nope' (known: any_pair, any_secondi,"))
      << r.err;
}

TEST(CliBench, OptionMistakesAreRefusedBeforeAnyWork) {
  struct usage_case {
    std::vector<std::string> args;
    std::string err;  // the start of the one line
  };
  const std::vector<usage_case> cases = {
      {{"bench", karate_mtx, "--trials", "0"}, "graphring: --trials must be at least 1\n"},
      {{"bench", karate_mtx, "--against", "matlab"},
       "graphring: --against takes graphblas and/or boost, not 'matlab'\n"},
      {{"bench", karate_mtx, "--algos", "sorting"},
       "graphring: unknown workload 'sorting' (known: kernels"},
  };
  for (const usage_case& c : cases) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.status, 2) << c.err;
    EXPECT_TRUE(r.err.starts_with(c.err)) << r.err;
  }
}

}  // namespace
}  // namespace graphring
