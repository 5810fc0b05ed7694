// Helpers shared by the tests: scratch files, the shared data sets (tests skip without them),
// and running the graphring program to check what a user sees.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "core/prefetch_threshold.hpp"
#include "engine/csr.hpp"
#include "engine/value_type.hpp"

namespace graphring::testing {

// A fresh directory under the system temp dir, removed when the object dies.
class scratch_dir {
 public:
  scratch_dir();
  ~scratch_dir();
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // Writes `content` to `name` (gzip-compressed when `gzip`) and returns its path.
  std::string write(const std::string& name, const std::string& content, bool gzip = false) const;

 private:
  std::filesystem::path dir_;
};

std::string read_file(const std::string& path);

// Value k of a matrix's values as a double (0 for a pattern matrix).
double value_at(const value_array& values, std::size_t k);

// An edge of a small hand-made test graph, weight 1 unless given.
struct test_edge {
  vertex_id u, v;
  double w = 1;
};

// The n×n CSR matrix of the edges as given (duplicates kept); weights as float64 when `weighted`.
csr_matrix csr_of(std::uint64_t n, const std::vector<test_edge>& edges, bool weighted);

// ../shared/datasets beside the repository (or the folder GRAPHRING_SHARED_DATASETS names), or ""
// when it is absent (it holds CATALOG.md).
std::string shared_datasets();
// The repository's own datasets/.
std::string own_datasets();

// A real graph's file by its path under ../shared/datasets ("road/rome99.gr"): the shared copy,
// else the repository's own copy of the same file in datasets/ (rome99.gr, soc-Epinions1,
// email-Eu-core, karate, west0067 and LAGraph's answers for them, LDBC's example-directed),
// else "".
std::string dataset(const std::string& relative);

// True when GRAPHRING_REQUIRE_SHARED_DATASETS=1: a test that needs ../shared/datasets then fails
// where it would skip (.ci/run sets it wherever ../shared/datasets exists, so that a partial copy
// cannot pass silently).
bool shared_datasets_required();

// Skips the test (or fails it, when shared_datasets_required()) with `why`.
#define GRAPHRING_SKIP_WITHOUT_DATA(why)                                   \
  do {                                                                     \
    if (::graphring::testing::shared_datasets_required()) FAIL() << (why); \
    GTEST_SKIP() << (why);                                                 \
  } while (0)

#define GRAPHRING_REQUIRE_SHARED_DATASETS()                                                  \
  do {                                                                                       \
    if (::graphring::testing::shared_datasets().empty())                                     \
      GRAPHRING_SKIP_WITHOUT_DATA("../shared/datasets is absent; skipping real-graph test"); \
  } while (0)

// The path of dataset(relative), skipping (or failing) the test when there is none.
#define GRAPHRING_DATASET(var, relative)                           \
  const std::string var = ::graphring::testing::dataset(relative); \
  if (var.empty())                                                 \
  GRAPHRING_SKIP_WITHOUT_DATA(std::string(relative) +              \
                              " is in neither ../shared/datasets nor datasets/")

// Waits until process `pid` holds a file open inside `directory` (its temporary output, named or
// not); false when `limit` passes first or the process ends.
bool wait_for_open_file_in(int pid, const std::string& directory, std::chrono::milliseconds limit);

// Sets an environment variable for the life of the object (the CLI runs inherit it).
class scoped_env {
 public:
  scoped_env(const char* name, const char* value);
  ~scoped_env();
  scoped_env(const scoped_env&) = delete;
  scoped_env& operator=(const scoped_env&) = delete;

 private:
  std::string name_, previous_;
  bool had_ = false;
};

// Sets the size above which the pull kernels prefetch x (core/prefetch_threshold.hpp) for the life
// of the object, so that a test reaches the prefetching kernels on any machine.
class scoped_prefetch_threshold {
 public:
  explicit scoped_prefetch_threshold(std::uint64_t bytes) { set_prefetch_above_bytes(bytes); }
  ~scoped_prefetch_threshold() { set_prefetch_above_bytes(0); }
  scoped_prefetch_threshold(const scoped_prefetch_threshold&) = delete;
  scoped_prefetch_threshold& operator=(const scoped_prefetch_threshold&) = delete;
};

// The threshold the prefetch tests set: below each of their x.
inline constexpr std::uint64_t test_prefetch_above_bytes = std::uint64_t(1) << 20;

struct cli_result {
  int status;
  std::string out, err;
};
// Runs the graphring program with `args` (no shell), capturing its output; standard input is the
// file `input` when given.
cli_result run_cli(const std::vector<std::string>& args, const std::string& input = "");
// The same for another program of the build (the docs example).
cli_result run_program(const std::string& program, const std::vector<std::string>& args,
                       const std::string& input = "");

}  // namespace graphring::testing
