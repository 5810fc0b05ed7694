// graphring-bench-formats [GRAPH ...] [--trials N] [--formats a,b,...] [--order degree|rcm]:
// per graph x format, bytes, index bits per
// edge, pull SpMV time through the engine call (mxv with plus_times over float on the pattern
// graph, x dense, the pull kernel forced; CSR is the engine's own CSR kernel), GB/s of matrix
// bytes plus x and y moved, the ratio to CSR, and the order-0 entropy of the delta-coded indices.
// Times are the median of N runs (default 15) after one warm-up; results are checked against
// CSR's. Without GRAPH: web-NotreDame, soc-Slashdot0902 and rmat:22.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "engine/error.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/formats/reorder.hpp"
#include "engine/io/load.hpp"
#include "engine/ops/mxv_format.hpp"
#include "semirings/builtin.hpp"

namespace {

using namespace graphring;
using S = plus_times<float>;

template <class F>
double median_ms(int trials, F&& run) {
  run();
  std::vector<double> ms;
  for (int i = 0; i < trials; ++i) {
    const auto start = std::chrono::steady_clock::now();
    run();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms.size() % 2 ? ms[ms.size() / 2] : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2;
}

bool same_result(const vector<float>& got, const vector<float>& want) {
  if (got.nvals() != want.nvals()) return false;
  bool ok = true;
  want.for_each([&](std::uint64_t i, float w) {
    const std::optional<float> g = got.get(i);
    ok = ok && g && std::abs(*g - w) <= 1e-4f * std::max(1.0f, std::abs(w));
  });
  return ok;
}

}  // namespace

int run(int argc, char** argv) {
  std::vector<std::string> graphs;
  int trials = 15;
  std::vector<format_kind> kinds(std::begin(all_format_kinds), std::end(all_format_kinds));
  vertex_order order = vertex_order::original;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--trials" && i + 1 < argc) {
      trials = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--order" && i + 1 < argc) {
      order = parse_vertex_order(argv[++i]);
    } else if (arg == "--formats" && i + 1 < argc) {
      kinds = {format_kind::csr};  // CSR is always measured: the ratios are to it
      std::string list = argv[++i];
      for (std::size_t at = 0; at <= list.size();) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        const std::optional<format_kind> k = parse_format(list.substr(at, comma - at));
        if (k && *k != format_kind::csr) kinds.push_back(*k);
        at = comma + 1;
      }
    } else {
      graphs.push_back(arg);
    }
  }
  if (graphs.empty()) graphs = {std::string(GRAPHRING_SOURCE_DIR) + "/../shared/datasets/web/web-NotreDame.txt.gz",
                                std::string(GRAPHRING_SOURCE_DIR) + "/../shared/datasets/social/soc-Slashdot0902.txt.gz",
                                "rmat:22"};
  std::printf("threads %d, median of %d runs, vertex order %s (CSR always original)\n",
              omp_get_max_threads(), trials, std::string(vertex_order_name(order)).c_str());
  std::printf("%-24s %-6s %13s %8s %9s %8s %7s %7s %s\n", "graph", "format", "bytes", "idx b/e", "ms", "GB/s",
              "vs CSR", "H0 b/e", "check");
  descriptor pull;
  pull.method = product_method::pull;
  for (const std::string& name : graphs) {
    try {
      graph g = load_graph(name);
      csr_matrix a = g.adjacency();
      a.values = std::monostate{};
      const double edges = double(std::max<edge_offset>(a.nnz(), 1));
      const entropy_bound h = order0_entropy(a);
      const matrix<float> m = matrix<float>::from_csr(a);
      const vector<float> x = vector<float>::dense(a.ncols, 1.0f);
      vector<float> want(a.nrows);
      mxv(want, no_mask, no_accum, S{}, m, x, pull);
      double csr_ms = 0;
      const std::string shown = name.substr(name.find_last_of('/') + 1);
      for (format_kind k : kinds) {
        std::optional<formatted_matrix<float>> f;
        try {
          f.emplace(m, k, k == format_kind::csr ? vertex_order::original : order);
        } catch (const error& e) {
          std::printf("%-24s %-6s refused (%s)\n", shown.c_str(), std::string(format_name(k)).c_str(),
                      e.message().substr(0, 48).c_str());
          continue;
        }
        vector<float> y(a.nrows);
        const double ms = median_ms(trials, [&] { mxv(y, no_mask, no_accum, S{}, *f, x, pull); });
        if (k == format_kind::csr) csr_ms = ms;
        const std::uint64_t bytes = f->format().bytes();
        const double moved = double(bytes) + 4.0 * double(a.nrows + a.ncols);
        std::printf("%-24s %-6s %13llu %8.2f %9.3f %8.2f %7.2f %7.2f %s\n", shown.c_str(),
                    std::string(format_name(k)).c_str(), (unsigned long long)bytes,
                    8.0 * double(f->format().size().index_bytes) / edges, ms, moved / ms / 1e6,
                    ms / csr_ms, h.index_bits, same_result(y, want) ? "ok" : "DIFFERS");
      }
    } catch (const error& e) {
      std::fprintf(stderr, "graphring-bench-formats: %s\n", e.what());
      return 1;
    }
  }
  return 0;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const error& e) {
    std::fprintf(stderr, "graphring-bench-formats: %s\n", e.what());
    return 2;
  }
}
