// The CUDA backend on a GPU, against the CPU engine (built with the CUDA backend only; every test
// skips with "no CUDA device" where none is present):
//  - device vectors round-trip in every form, and device memory errors are graphring errors;
//  - mxv and vxm (plain and transposed; push, pull and automatic) in every GPU format, for
//    plus_times, min_plus, max_min, lor_land, any_secondi and a user-defined struct semiring,
//    with no mask, a value mask, and a complemented structural mask with replace and accumulator,
//    equal the CPU's (tests/cuda_cases.hpp);
//  - BFS levels equal the CPU's and the parents form a valid BFS tree; SSSP distances equal the
//    CPU's (delta-stepping and Bellman-Ford); PageRank ranks agree to rounding; BFS and PageRank
//    pulling in every GPU format give the same;
//  - the commands with --backend cuda print what they print on the CPU.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "algorithms/bfs.hpp"
#include "algorithms/device/device_algorithms.hpp"
#include "algorithms/graph_matrices.hpp"
#include "algorithms/pagerank.hpp"
#include "algorithms/sssp.hpp"
#include "engine/backends.hpp"
#include "engine/device/operations.hpp"
#include "engine/generators.hpp"
#include "engine/io/load.hpp"
#include "tests/cuda_cases.hpp"
#include "tests/test_support.hpp"

namespace graphring::testing {
namespace {

using cuda_cases::all_writes;
using cuda_cases::writes;
using ops::rng_t;

#define GRAPHRING_REQUIRE_CUDA_DEVICE() \
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device"

TEST(CudaDevice, VectorsRoundTripInEveryForm) {
  GRAPHRING_REQUIRE_CUDA_DEVICE();
  rng_t rng(5);
  for (double density : {0.0, 0.01, 0.3, 1.0}) {
    const auto h = cuda_cases::input_vector<examples::path_count>(rng, 3000, density);
    auto d = device_vector<examples::path_count>::upload(h);
    EXPECT_EQ(int(d.download().form()), int(h.form()));
    cuda_cases::expect_same(d.download(), h);
    for (auto convert : {&device_vector<examples::path_count>::to_bitmap,
                         &device_vector<examples::path_count>::to_sparse,
                         &device_vector<examples::path_count>::conform}) {
      (d.*convert)();
      cuda_cases::expect_same(d.download(), h);
    }
  }
  // A dense fill of an element wider than a kernel argument's 64 bytes.
  struct wide {
    double x[9];
  };
  const auto filled =
      device_vector<wide>::dense(1000, wide{{1, 2, 3, 4, 5, 6, 7, 8, 9}}).download();
  for (std::uint64_t i = 0; i < 1000; ++i) ASSERT_EQ(filled.values()[i].x[8], 9);
}

TEST(CudaDevice, DeviceMemoryErrorsAreGraphringErrors) {
  GRAPHRING_REQUIRE_CUDA_DEVICE();
  try {
    device_array<double> huge(std::uint64_t(1) << 47);
    ADD_FAILURE() << "an allocation of 1 PiB succeeded";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::limit);
    EXPECT_NE(e.message().find("cudaErrorMemoryAllocation"), std::string::npos) << e.what();
    EXPECT_EQ(e.file(), "engine/device/memory.cu");
  }
}

template <bool vxm_call, class S, class T, class U>
vector<typename S::c_type> gpu_product(const device_matrix<T>& a, const vector<U>& u,
                                       const vector<bool>& mask,
                                       const vector<typename S::c_type>& w0, writes how,
                                       const descriptor& d) {
  auto w = device_vector<typename S::c_type>::upload(w0);
  const auto x = device_vector<U>::upload(u);
  const auto m = device_vector<bool>::upload(mask);
  cuda_cases::with_writes<S>(how, m, [&](const auto& mk, const auto& accum) {
    if constexpr (vxm_call) {
      vxm(w, mk, accum, S{}, x, a, d);
    } else {
      mxv(w, mk, accum, S{}, a, x, d);
    }
  });
  return w.download();
}

// mxv or vxm, plain or transposed, in every format and direction, against the CPU.
template <class S, bool vxm_call, class T>
void check_products(const matrix<T>& a, rng_t& rng) {
  using C = typename S::c_type;
  using U = std::conditional_t<vxm_call, typename S::a_type, typename S::b_type>;
  for (format_kind kind : cuda_cases::gpu_formats) {
    SCOPED_TRACE(std::string("format ") + std::string(format_name(kind)));
    std::optional<device_matrix<T>> da;
    try {
      da.emplace(a, kind);
    } catch (const error& e) {
      // ELL refusing a long row; dtANS values it cannot code (bool, a struct)
      ASSERT_EQ(e.kind(), kind == format_kind::dtans ? error_kind::usage : error_kind::limit);
      continue;
    }
    for (bool transpose : {false, true}) {
      // The pull orientation: A for mxv, Aᵀ for vxm, swapped by the transpose.
      const matrix<T>& pulled = vxm_call != transpose ? a.transposed() : a;
      for (product_method method :
           {product_method::automatic, product_method::pull, product_method::push}) {
        for (double density : {0.01, 0.33, 1.0}) {
          for (writes how : all_writes) {
            const vector<U> u = cuda_cases::input_vector<U>(rng, pulled.ncols(), density);
            const vector<bool> mask = ops::random_mask(rng, pulled.nrows());
            const vector<C> w0 = cuda_cases::input_vector<C>(rng, pulled.nrows(), 0.3);
            descriptor d = cuda_cases::descriptor_of(how, method);
            (vxm_call ? d.transpose_second : d.transpose_first) = transpose;
            const auto want = cuda_cases::cpu_product<vxm_call, S>(a, u, mask, w0, how, d);
            const auto got = gpu_product<vxm_call, S>(*da, u, mask, w0, how, d);
            cuda_cases::expect_product<S>(got, want, pulled, u);
          }
        }
      }
    }
  }
}

TEST(CudaDevice, ProductsEqualTheCpuEngineInEveryFormat) {
  GRAPHRING_REQUIRE_CUDA_DEVICE();
  for (const ops::shape& s : ops::shapes()) {
    for (bool iso : {false, true}) {
      SCOPED_TRACE(std::string("shape ") + s.name + (iso ? ", iso" : ""));
      rng_t rng(ops::seed_of(s.name, iso));
      const auto weights = cuda_cases::weights(rng, s, iso);
      const auto logical = ops::random_matrix<bool>(rng, s);
      const auto integers = ops::random_matrix<std::int64_t>(rng, s);
      check_products<plus_times<double>, false>(weights, rng);
      check_products<plus_times<double>, true>(weights, rng);
      check_products<min_plus<double>, false>(weights, rng);
      check_products<min_plus<double>, true>(weights, rng);
      check_products<max_min<double>, false>(weights, rng);
      check_products<max_min<double>, true>(weights, rng);
      check_products<lor_land<bool>, false>(logical, rng);
      check_products<lor_land<bool>, true>(logical, rng);
      check_products<any_secondi<std::int64_t>, false>(integers, rng);
      check_products<any_secondi<std::int64_t>, true>(integers, rng);
      check_products<path_count_pull, false>(weights, rng);
      check_products<examples::shortest_path_count, true>(weights, rng);
    }
  }
}

// The graphs the algorithm tests run on: small real ones, generated ones, and web-NotreDame when
// ../shared/datasets is present.
std::vector<std::pair<std::string, graph>> algorithm_graphs(bool weighted) {
  std::vector<std::pair<std::string, graph>> graphs;
  graphs.emplace_back("karate", load_graph(own_datasets() + "/karate.mtx"));
  graphs.emplace_back("rmat:12", load_graph(weighted ? "rmat:12:weighted" : "rmat:12"));
  graphs.emplace_back("grid:40", load_graph("grid:40"));
  if (!shared_datasets().empty())
    graphs.emplace_back("NotreDame", load_graph(shared_datasets() + "/web/web-NotreDame.txt.gz"));
  return graphs;
}

TEST(CudaDevice, BfsLevelsEqualTheCpuAndParentsFormATree) {
  GRAPHRING_REQUIRE_CUDA_DEVICE();
  for (auto& [name, g] : algorithm_graphs(false)) {
    SCOPED_TRACE(name);
    const auto& a = g.adjacency();
    for (auto direction : {algorithms::bfs_direction::automatic, algorithms::bfs_direction::push,
                           algorithms::bfs_direction::pull}) {
      const algorithms::bfs_options o{.parents = true, .direction = direction};
      const auto want = algorithms::bfs(g, 0, o);
      const auto got = algorithms::device::bfs(g, 0, o);
      ASSERT_EQ(got.levels.nvals(), want.levels.nvals());
      want.levels.for_each([&](std::uint64_t v, std::int64_t level) {
        ASSERT_EQ(got.levels.get(v), level) << "vertex " << v;
        const std::int64_t p = *got.parents.get(v);
        if (v == 0) {
          ASSERT_EQ(p, 0);
          return;
        }
        ASSERT_EQ(*want.levels.get(std::uint64_t(p)), level - 1) << "parent of " << v;
        const vertex_id* first = a.cols.data() + a.offsets[p];
        ASSERT_TRUE(std::binary_search(first, a.cols.data() + a.offsets[p + 1], vertex_id(v)))
            << "no edge from the parent " << p << " to " << v;
      });
      ASSERT_EQ(got.parents.nvals(), want.levels.nvals());
    }
  }
}

// BFS and PageRank pull in the graph's format on the GPU too: the same levels and ranks.
TEST(CudaDevice, AlgorithmsPullInEveryFormat) {
  GRAPHRING_REQUIRE_CUDA_DEVICE();
  for (auto& [name, g] : algorithm_graphs(false)) {
    for (format_kind kind : cuda_cases::gpu_formats) {
      SCOPED_TRACE(name + ", format " + std::string(format_name(kind)));
      algorithms::bfs_options o{.direction = algorithms::bfs_direction::pull};
      const auto want = algorithms::bfs(g, 0, o);
      o.format.kind = kind;
      std::optional<algorithms::bfs_result> got;
      try {
        got = algorithms::device::bfs(g, 0, o);
      } catch (const error& e) {
        ASSERT_EQ(e.kind(), error_kind::limit) << e.what();  // ELL refusing a long row
        continue;
      }
      ASSERT_EQ(got->levels.nvals(), want.levels.nvals());
      want.levels.for_each([&](std::uint64_t v, std::int64_t level) {
        ASSERT_EQ(got->levels.get(v), level) << "vertex " << v;
      });
      algorithms::pagerank_options p{0.85, 1e-9, 100};
      const auto ranks = algorithms::pagerank(g, p);
      p.format.kind = kind;
      const auto gpu_ranks = algorithms::device::pagerank(g, p);
      for (std::uint64_t v = 0; v < ranks.ranks.size(); ++v)
        ASSERT_NEAR(gpu_ranks.ranks.values()[v], ranks.ranks.values()[v],
                    1e-7 * ranks.ranks.values()[v] + 1e-12)
            << "vertex " << v;
    }
  }
}

TEST(CudaDevice, SsspDistancesEqualTheCpu) {
  GRAPHRING_REQUIRE_CUDA_DEVICE();
  auto graphs = algorithm_graphs(true);
  graphs.emplace_back("rome99", load_graph(own_datasets() + "/rome99.gr"));
  for (auto& [name, g] : graphs) {
    SCOPED_TRACE(name);
    for (std::optional<double> delta : {std::optional<double>(), std::optional<double>(3.0)}) {
      const auto want = algorithms::sssp(g, 0, delta);
      const auto got = algorithms::device::sssp(g, 0, delta);
      ASSERT_EQ(got.nvals(), want.nvals());
      for (std::uint64_t v = 0; v < want.size(); ++v)
        ASSERT_EQ(*got.get(v), *want.get(v)) << "vertex " << v;
    }
  }
  // Negative weights: Bellman-Ford, and a reachable negative cycle is reported.
  auto three_edges = [](std::vector<vertex_id> from, std::vector<vertex_id> to,
                        std::vector<double> weight) {
    return device_matrix<double>(matrix<double>::from_tuples(3, 3, array<vertex_id>(from.data(), 3),
                                                             array<vertex_id>(to.data(), 3),
                                                             array<double>(weight.data(), 3)));
  };
  EXPECT_THROW(
      algorithms::device::sssp_bellman_ford(three_edges({0, 1, 2}, {1, 2, 0}, {1, -1, -1}), 0),
      error);
  const auto d =
      algorithms::device::sssp_bellman_ford(three_edges({0, 0, 1}, {1, 2, 2}, {4, 1, -5}), 0);
  EXPECT_EQ(*d.get(2), -1);
}

TEST(CudaDevice, PagerankRanksAgreeWithTheCpu) {
  GRAPHRING_REQUIRE_CUDA_DEVICE();
  for (auto& [name, g] : algorithm_graphs(false)) {
    SCOPED_TRACE(name);
    const algorithms::pagerank_options o{0.85, 1e-9, 100};
    const auto want = algorithms::pagerank(g, o);
    const auto got = algorithms::device::pagerank(g, o);
    EXPECT_NEAR(got.iterations, want.iterations, 1);
    double sum = 0;
    for (std::uint64_t v = 0; v < want.ranks.size(); ++v) {
      const double w = want.ranks.values()[v], x = got.ranks.values()[v];
      ASSERT_NEAR(x, w, 1e-7 * w + 1e-12) << "vertex " << v;
      sum += x;
    }
    EXPECT_NEAR(sum, 1.0, 1e-9);
  }
}

TEST(CudaDevice, PagerankInFloatAgreesWithTheCpuInFloat) {
  GRAPHRING_REQUIRE_CUDA_DEVICE();
  for (auto& [name, g] : algorithm_graphs(false)) {
    SCOPED_TRACE(name);
    const algorithms::pagerank_options o{
        .tolerance = 0, .max_iterations = 20, .precision = value_type::float32};
    const auto want = algorithms::pagerank(g, o);
    const auto got = algorithms::device::pagerank(g, o);
    EXPECT_EQ(got.iterations, 20);
    for (std::uint64_t v = 0; v < want.ranks.size(); ++v) {
      const double w = want.ranks.values()[v], x = got.ranks.values()[v];
      ASSERT_EQ(double(float(x)), x) << "vertex " << v << ": not a float";
      ASSERT_NEAR(x, w, 1e-4 * w + 1e-9) << "vertex " << v;
    }
  }
}

TEST(CudaDevice, CommandsPrintWhatTheCpuPrints) {
  GRAPHRING_REQUIRE_CUDA_DEVICE();
  const std::string graph = own_datasets() + "/rome99.gr";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"bfs", graph, "--source", "1"},
        {"sssp", graph, "--source", "1"},
        {"spmv", graph, "--semiring", "min_plus", "--format", "sell"},
        {"spmv", graph, "--semiring", "lor_land", "--format", "hyb"},
        {"spmv", graph, "--semiring", "min_plus", "--format", "dtans"},
        {"bfs", graph, "--source", "1", "--format", "dtans"}}) {
    SCOPED_TRACE(args[0]);
    const auto cpu = run_cli(args);
    std::vector<std::string> on_gpu = args;
    on_gpu.insert(on_gpu.end(), {"--backend", "cuda"});
    const auto gpu = run_cli(on_gpu);
    ASSERT_EQ(gpu.status, 0) << gpu.err;
    EXPECT_EQ(gpu.out, cpu.out);
  }
}

}  // namespace
}  // namespace graphring::testing
