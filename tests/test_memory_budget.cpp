// The memory budget (core/memory_budget.hpp): one limit that every large allocation is
// checked against before it is made. A bad GRAPHRING_MEMORY_LIMIT_MB is a usage error; each
// reader, generator and algorithm asked for more than the limit stops with one line naming the
// file, what it needs and the limit, and exit status 2; inside an OpenMP region a block is
// granted and the next request outside refused.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include "bench/harness/capacity.hpp"
#include "core/array.hpp"
#include "core/block_cache.hpp"
#include "core/buffer.hpp"
#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "core/prefetch_threshold.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::run_cli;
using testing::scoped_env;
using testing::scratch_dir;

constexpr std::uint64_t one_mib = std::uint64_t(1) << 20;

TEST(MemoryBudget, ALimitThatIsNotAPositiveWholeNumberIsAUsageError) {
  const std::string k = testing::own_datasets() + "/karate.mtx";
  for (const char* value : {"-5", "abc", "", "0", "1.5", "12MB", "99999999999999999999"}) {
    SCOPED_TRACE(value);
    scoped_env env("GRAPHRING_MEMORY_LIMIT_MB", value);
    const auto r = run_cli({"info", k});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err,
              std::string("graphring: GRAPHRING_MEMORY_LIMIT_MB must be a positive whole number of "
                          "MiB, not '") +
                  value + "'\n");
    EXPECT_TRUE(r.out.empty());
  }
  scoped_env env("GRAPHRING_MEMORY_LIMIT_MB", "64");
  EXPECT_EQ(run_cli({"info", k}).status, 0);
}

// The gather prefetch's threshold (core/prefetch_threshold.hpp): four times the L2 by default,
// GRAPHRING_PREFETCH_ABOVE_BYTES when set, a usage error naming the variable when that is not a
// positive whole number (from the library and, before any work, from the program).
TEST(PrefetchThreshold, FromTheEnvironmentOrFourTimesTheL2) {
  set_prefetch_above_bytes(0);
  const std::uint64_t machine = prefetch_above_bytes();
  const long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
  EXPECT_EQ(machine, 4 * (l2 > 0 ? std::uint64_t(l2) : std::uint64_t(512) << 10));
  {
    scoped_env env("GRAPHRING_PREFETCH_ABOVE_BYTES", "3000000");
    set_prefetch_above_bytes(0);
    EXPECT_EQ(prefetch_above_bytes(), 3000000u);
    set_prefetch_above_bytes(12345);
    EXPECT_EQ(prefetch_above_bytes(), 12345u);
  }
  const std::string k = testing::own_datasets() + "/karate.mtx";
  for (const char* value : {"-5", "abc", "", "0", "1.5", "2MB", "99999999999999999999"}) {
    SCOPED_TRACE(value);
    scoped_env env("GRAPHRING_PREFETCH_ABOVE_BYTES", value);
    set_prefetch_above_bytes(0);
    try {
      prefetch_above_bytes();
      ADD_FAILURE() << "accepted";
    } catch (const error& e) {
      EXPECT_EQ(e.kind(), error_kind::usage);
    }
    const auto r = run_cli({"info", k});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, std::string("graphring: GRAPHRING_PREFETCH_ABOVE_BYTES must be a positive "
                                 "whole number of bytes, not '") +
                         value + "'\n");
  }
  set_prefetch_above_bytes(0);
  EXPECT_EQ(prefetch_above_bytes(), machine);
}

// Budgets below are set above what is in use, with no freed blocks kept from earlier tests.
void budget_above_what_is_in_use(std::uint64_t bytes) {
  detail::block_cache::instance().trim();
  set_memory_budget(memory_in_use() + bytes);
}

TEST(MemoryBudget, AnArrayPastTheBudgetIsRefusedAndTheRoomComesBack) {
  budget_above_what_is_in_use(64 * one_mib);
  {
    buffer<char> first(40 * one_mib);
    try {
      buffer<char> second(40 * one_mib);
      ADD_FAILURE() << "80 MiB granted under a 64 MiB budget";
    } catch (const error& e) {
      EXPECT_EQ(e.kind(), error_kind::limit);
      EXPECT_TRUE(e.message().starts_with("an array needs 40.0 MiB; with the ")) << e.message();
    }
  }
  // The first block went to the cache of freed blocks, which is emptied when the room is needed.
  array<double> again(7 * one_mib);  // 56 MiB
  EXPECT_EQ(again.size(), 7 * one_mib);
  set_memory_budget(0);
}

TEST(MemoryBudget, InsideAParallelRegionABlockIsGrantedAndTheNextOutsideRefused) {
  budget_above_what_is_in_use(8 * one_mib);
  buffer<char> kept;
#pragma omp parallel num_threads(1)
  {
    buffer<char> big(16 * one_mib);  // over the budget, but an exception may not leave the region
    kept = std::move(big);
  }
  EXPECT_EQ(kept.size(), 16 * one_mib);
  EXPECT_THROW(buffer<char>(1 * one_mib), error);  // the budget is spent
  kept = buffer<char>();
  set_memory_budget(0);
}

// One line naming the file, what is needed and the limit; exit status 2; nothing on stdout.
void expect_refusal(const testing::cli_result& r, const std::string& file) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out.substr(0, 200);
  EXPECT_TRUE(r.err.starts_with("graphring: " + file + ": ")) << r.err;
  EXPECT_TRUE(r.err.ends_with(" MiB set by GRAPHRING_MEMORY_LIMIT_MB\n")) << r.err;
  EXPECT_NE(r.err.find(" needs "), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(MemoryBudget, EveryReaderAndGeneratorStopsAtTheLimit) {
  scratch_dir d;
  std::string many;  // 400 000 edges: about 6 MB of text and 10 MB of arrays
  for (int i = 0; i < 400000; ++i)
    many += std::to_string(i) + " " + std::to_string(std::int64_t(i) * 7919 % 400000) + "\n";
  std::string repeated;  // 64 MiB of one line, a gzip of about 100 KB
  while (repeated.size() < 64 * one_mib) repeated += "1 2\n";
  const std::vector<std::pair<std::string, std::string>> files = {
      {"dims.mtx",
       "%%MatrixMarket matrix coordinate pattern general\n200000000 200000000 1\n1 2\n"},
      {"dims.gr", "p sp 300000000 1\na 1 2 3\n"},
      {"many.el", many},
      {"bomb.el.gz", repeated},
  };
  scoped_env env("GRAPHRING_MEMORY_LIMIT_MB", "8");
  for (const auto& [name, content] : files) {
    SCOPED_TRACE(name);
    const std::string path = d.write(name, content, name.ends_with(".gz"));
    expect_refusal(run_cli({"info", path}), path);
  }
  for (const char* generator : {"rmat:20", "urand:21", "grid:2000"}) {
    SCOPED_TRACE(generator);
    const auto r = run_cli({"info", generator});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(r.err.ends_with(" MiB set by GRAPHRING_MEMORY_LIMIT_MB\n")) << r.err;
  }
}

// A graph of 2^22 vertices and one edge, memory-mapped from its .grb (32 MiB of offsets, counted
// while the graph holds them): every algorithm sizes its vectors by the vertex count, 32 MiB
// each, past the 24 MiB a 56 MiB limit leaves.
TEST(MemoryBudget, EveryAlgorithmStopsAtTheLimit) {
  scratch_dir d;
  const std::string mtx = d.write(
      "wide.mtx", "%%MatrixMarket matrix coordinate real general\n4194304 4194304 1\n1 2 3\n");
  const std::string grb = d.path("wide.grb");
  ASSERT_EQ(run_cli({"convert", mtx, grb, "--quiet"}).status, 0);
  const std::vector<std::vector<std::string>> commands = {
      {"bfs", grb, "--source", "1"},
      {"sssp", grb, "--source", "1"},
      {"pagerank", grb},
      {"cc", grb},
      {"tc", grb},
      {"bc", grb, "--sources", "1"},
      {"msf", grb},
      {"spmv", grb},
      {"spmv", grb, "--format", "sell"},
      {"spmv", grb, "--format", "dtans"},
  };
  scoped_env env("GRAPHRING_MEMORY_LIMIT_MB", "56");
  for (const auto& args : commands) {
    SCOPED_TRACE(args[0] + " " + (args.size() > 2 ? args[2] + " " + args.back() : ""));
    expect_refusal(run_cli(args), grb);
  }
  // info --formats builds every format in turn: each one past the limit says so in its own row.
  const auto formats = run_cli({"info", grb, "--formats"});
  EXPECT_EQ(formats.status, 0) << formats.err;
  EXPECT_NE(formats.out.find("\ndtans   refused: an array needs 32.0 MiB"), std::string::npos)
      << formats.out;
  EXPECT_NE(formats.out.find("MiB set by GRAPHRING_MEMORY_LIMIT_MB\n"), std::string::npos);
  scoped_env roomy("GRAPHRING_MEMORY_LIMIT_MB", "2048");
  const auto r = run_cli({"bfs", grb, "--source", "1", "--out", d.path("levels.txt")});
  EXPECT_EQ(r.status, 0) << r.err;
}

// A .grb's pages are the graph's arrays, so they count: a limit below the file's size refuses
// the load, naming it. The same graph compressed (CSR-dtANS) holds less, and PageRank runs from
// it under a limit its CSR .grb cannot meet (the demo's capacity paragraph).
TEST(MemoryBudget, AMappedGraphCountsAndItsCompressedFormFitsWhereItsCsrDoesNot) {
  scratch_dir d;
  const std::string grb = d.path("r.grb");
  ASSERT_EQ(run_cli({"convert", "rmat:15", grb, "--quiet"}).status, 0);
  {
    scoped_env env("GRAPHRING_MEMORY_LIMIT_MB", "2");
    const auto r = run_cli({"info", grb});
    expect_refusal(r, grb);
    EXPECT_TRUE(r.err.starts_with("graphring: " + grb + ": the graph's file needs ")) << r.err;
  }
  const std::uint64_t budget = memory_budget();
  const bench::capacity_report c = bench::run_capacity("rmat:15", d.path("capacity"), 3);
  EXPECT_EQ(memory_budget(), budget);  // put back
  EXPECT_GE(c.csr.need, c.csr.file_bytes);
  EXPECT_GE(c.dtans.need, c.dtans.file_bytes);
  EXPECT_LT(c.dtans.file_bytes, c.csr.file_bytes / 2);
  EXPECT_TRUE(c.csr.refused);
  EXPECT_TRUE(c.csr.message.ends_with(" set by the program")) << c.csr.message;
  EXPECT_FALSE(c.dtans.refused) << c.dtans.message;
  std::string paragraph = bench::capacity_paragraph(c);
  std::replace(paragraph.begin(), paragraph.end(), '\n', ' ');
  EXPECT_TRUE(paragraph.starts_with("Capacity: PageRank (3 iterations) on rmat:15 held at most "))
      << paragraph;
  EXPECT_NE(paragraph.find("the CSR run stopped"), std::string::npos) << paragraph;
  EXPECT_NE(paragraph.find("the CSR-dtANS run completed in"), std::string::npos) << paragraph;
}

}  // namespace
}  // namespace graphring
