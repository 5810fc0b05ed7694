// graphring-bench-formats: per format x graph, bytes, bits per edge, pull SpMV time (plus_times
// over float, the pattern graph; median of 10 after a warm-up), GB/s of matrix bytes moved, and
// the ratio to a plain CSR pull loop over the same graph.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/error.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/io/load.hpp"
#include "kernels/cpu/format_spmv.hpp"
#include "semirings/builtin.hpp"

namespace {

using namespace graphring;
using S = plus_times<float>;

template <class F>
double median_ms(F&& run) {
  run();
  std::vector<double> ms;
  for (int i = 0; i < 10; ++i) {
    const auto start = std::chrono::steady_clock::now();
    run();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  return (ms[4] + ms[5]) / 2;
}

// The CSR reference: one row per iteration, rows in nonzero-balanced blocks.
void csr_pull(const csr_matrix& a, const float* x, float* y, std::uint8_t* yp) {
  kernels::detail::for_rows_balanced(a.offsets.data(), a.nrows, [&](std::uint64_t r) {
    float sum = 0;
    for (edge_offset k = a.offsets[r]; k < a.offsets[r + 1]; ++k) sum += x[a.cols[k]];
    y[r] = sum;
    yp[r] = a.offsets[r + 1] > a.offsets[r];
  });
}

double run_format(const any_format& f, const float* x, float* y, std::uint8_t* yp) {
  const auto all = [](std::uint64_t) { return true; };
  const pattern_value* none = nullptr;
  return std::visit(
      [&](const auto& m) -> double {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, csr_matrix>) {
          return median_ms([&] { csr_pull(m, x, y, yp); });
        } else if constexpr (std::is_same_v<M, coo_matrix>) {
          return median_ms([&] { kernels::spmv_pull_coo<S>(m.view(none), x, nullptr, y, yp, all); });
        } else if constexpr (std::is_same_v<M, ell_matrix>) {
          return median_ms([&] { kernels::spmv_pull_ell<S>(m.view(none), x, nullptr, y, yp, all); });
        } else if constexpr (std::is_same_v<M, hyb_matrix>) {
          return median_ms([&] { kernels::spmv_pull_hyb<S>(m.view(none, none), x, nullptr, y, yp, all); });
        } else if constexpr (std::is_same_v<M, sell_matrix>) {
          return median_ms([&] { kernels::spmv_pull_sell<S>(m.view(none), x, nullptr, y, yp, all); });
        } else if constexpr (std::is_same_v<M, cci_matrix>) {
          return median_ms([&] { kernels::spmv_pull_cci<S>(m.view(none), x, nullptr, y, yp, all); });
        } else {
          return median_ms([&] { kernels::spmv_pull_dtans<S>(m.template view<pattern_value>(), x, nullptr, y, yp, all); });
        }
      },
      f.matrix());
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> graphs(argv + 1, argv + argc);
  if (graphs.empty()) graphs = {std::string(GRAPHRING_SOURCE_DIR) + "/../shared/datasets/web/web-NotreDame.txt.gz",
                                std::string(GRAPHRING_SOURCE_DIR) + "/../shared/datasets/social/soc-Slashdot0902.txt.gz",
                                "rmat:22"};
  std::printf("%-28s %-6s %13s %9s %9s %9s %8s %8s\n", "graph", "format", "bytes", "idx b/e", "ms", "GB/s", "vs CSR", "H0 b/e");
  for (const std::string& name : graphs) {
    try {
      graph g = load_graph(name);
      csr_matrix a = g.adjacency();
      a.values = std::monostate{};
      const double edges = double(std::max<edge_offset>(a.nnz(), 1));
      const entropy_bound h = order0_entropy(a);
      std::vector<float> x(a.ncols, 1.0f), y(a.nrows);
      std::vector<std::uint8_t> yp(a.nrows);
      double csr_ms = 0;
      const std::string shown = name.substr(name.find_last_of('/') + 1);
      for (format_kind k : all_format_kinds) {
        any_format f;
        try {
          f = any_format::build(a, k);
        } catch (const error& e) {
          std::printf("%-28s %-6s refused (%s)\n", shown.c_str(), std::string(format_name(k)).c_str(), e.message().substr(0, 40).c_str());
          continue;
        }
        const double ms = run_format(f, x.data(), y.data(), yp.data());
        if (k == format_kind::csr) csr_ms = ms;
        const double moved = double(f.bytes()) + 4.0 * double(a.nrows + a.ncols);
        std::printf("%-28s %-6s %13llu %9.2f %9.3f %9.2f %8.2f %8.2f\n", shown.c_str(), std::string(format_name(k)).c_str(),
                    (unsigned long long)f.bytes(), 8.0 * double(f.size().index_bytes) / edges, ms, moved / ms / 1e6,
                    ms / csr_ms, h.index_bits);
      }
    } catch (const error& e) {
      std::fprintf(stderr, "graphring-bench-formats: %s\n", e.what());
      return 1;
    }
  }
  return 0;
}
