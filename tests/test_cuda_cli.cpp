// `--backend` on the command line, as a user sees it in every build: the exact one-line message
// and exit status 2 when CUDA cannot run here (not built, or no device), for an unknown backend
// name, for a command that has no GPU version, and for a vertex order or (SSSP) a format the GPU
// algorithms do not run; and that `--backend cpu` changes nothing.
// With a device present, the GPU commands' output is held against the CPU's in
// tests/test_cuda_device.cpp instead.
#include <gtest/gtest.h>

#include "algorithms/backend.hpp"
#include "engine/backends.hpp"
#include "engine/io/load.hpp"
#include "tests/test_support.hpp"

namespace graphring {
namespace {

using testing::run_cli;

std::string karate_file() { return testing::own_datasets() + "/karate.mtx"; }

void expect_usage_error(const std::vector<std::string>& args, const std::string& line) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "graphring: " + line + "\n");
}

TEST(CudaCli, CudaWhereItCannotRunIsAUsageError) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a CUDA device is present";
  const std::string why = cuda_compiled()
                              ? "--backend cuda: no CUDA device is present"
                              : "--backend cuda: this build has no CUDA backend (build with nvcc "
                                "installed)";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"bfs", karate_file(), "--source", "1", "--backend", "cuda"},
        {"sssp", karate_file(), "--source", "1", "--backend=cuda"},
        {"pagerank", karate_file(), "--backend", "cuda"},
        {"spmv", karate_file(), "--semiring", "min_plus", "--backend", "cuda"},
        {"bench", karate_file(), "--algos", "bfs", "--backend", "cuda"}}) {
    SCOPED_TRACE(args[0]);
    expect_usage_error(args, why);
  }
}

TEST(CudaCli, UnknownBackendsAndCommandsWithoutAGpuVersionAreUsageErrors) {
  expect_usage_error({"bfs", karate_file(), "--source", "1", "--backend", "gpu"},
                     "--backend must be cpu or cuda, not 'gpu'");
  for (const char* command : {"cc", "tc", "info"}) {
    SCOPED_TRACE(command);
    expect_usage_error({command, karate_file(), "--backend", "cuda"},
                       "--backend cuda: this command has no GPU version (GPU: spmv, bfs, sssp, "
                       "pagerank, bench)");
  }
}

TEST(CudaCli, WhatTheGpuAlgorithmsCannotRunIsAUsageError) {
  // Checked before the device is looked for (the commands look for it first, before a load).
  graph g = load_graph(karate_file());
  auto expect_refusal = [](auto&& run, const std::string& line) {
    try {
      run();
      ADD_FAILURE() << "no error: " << line;
    } catch (const error& e) {
      EXPECT_EQ(e.kind(), error_kind::usage);
      EXPECT_EQ(e.message(), line);
    }
  };
  algorithms::bfs_options o;
  o.format.order = vertex_order::degree;
  expect_refusal([&] { algorithms::bfs(g, 0, o, backend::cuda); },
                 "--order other than original runs on the CPU backend only");
  expect_refusal(
      [&] { algorithms::sssp(g, 0, std::nullopt, backend::cuda, {format_kind::dtans}); },
      "sssp on the GPU relaxes by pushes over CSR: --format other than csr runs on the CPU "
      "backend only");
}

TEST(CudaCli, CpuBackendGivesTheDefaultOutput) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"bfs", karate_file(), "--source", "1"},
        {"sssp", karate_file(), "--source", "3"},
        {"spmv", karate_file(), "--semiring", "min_plus"}}) {
    SCOPED_TRACE(args[0]);
    const auto plain = run_cli(args);
    std::vector<std::string> on_cpu = args;
    on_cpu.insert(on_cpu.end(), {"--backend", "cpu"});
    const auto chosen = run_cli(on_cpu);
    EXPECT_EQ(plain.status, 0);
    EXPECT_EQ(chosen.status, 0);
    EXPECT_EQ(chosen.out, plain.out);
  }
}

}  // namespace
}  // namespace graphring
