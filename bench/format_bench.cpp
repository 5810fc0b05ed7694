// graphring-bench-formats [GRAPH ...] [--trials N] [--formats a,b,...] [--order degree|rcm]
//                         [--format-order degree|rcm]
//                         [--markdown]
// The storage formats side by side: per graph x format, bytes and bits per edge of the column
// index, the values and the row structure (engine/formats/format_support.hpp), and the pull SpMV
// time through the engine call (mxv with plus_times over float on the pattern graph, x dense
// and random, the pull kernel forced) beside the engine's CSR kernel and SuiteSparse:GraphBLAS's
// GrB_mxv on the same matrix in the same run. The systems run in round robin — one trial of each,
// then the next round — so load that changes during the run falls on all of them alike; times
// are medians of N rounds (default 11) after a warm-up round. GB/s counts the matrix bytes plus
// x read and y written once. Every result is checked against CSR's. --format-order builds the
// formats other than CSR with that vertex order (formatted_matrix relabels A inside and answers
// in the caller's ids; the relabelling of x and y is part of each trial). --order relabels the
// graph first (P A Pᵀ, engine/formats/reorder.hpp) and every system, CSR and GraphBLAS included,
// runs on the relabelled matrix. "build s" is the time to build each format from the CSR at hand
// (once, before the trials; the CSR row has none) and its rate in millions of entries a second.
// Without GRAPH: web-NotreDame, soc-Slashdot0902, soc-Epinions1.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "bench/baselines/graphblas_kernels.hpp"
#include "bench/baselines/graphblas_matrix.hpp"
#include "bench/baselines/graphblas_session.hpp"
#include "core/error.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/formats/reorder.hpp"
#include "engine/io/load.hpp"
#include "engine/ops/mxv_format.hpp"
#include "semirings/builtin.hpp"

namespace {

using namespace graphring;
using S = plus_times<float>;

struct options {
  std::vector<std::string> graphs;
  int trials = 11;
  std::vector<format_kind> kinds{std::begin(all_format_kinds), std::end(all_format_kinds)};
  vertex_order order = vertex_order::original;         // of the graph, for every system
  vertex_order format_order = vertex_order::original;  // inside the formats other than CSR
  bool markdown = false;
};

// One system's row: its storage (for GraphBLAS only the total is known) and what one trial runs.
struct system {
  std::string name;
  formats::footprint size;
  bool parts_known;
  std::function<void()> run;
  std::vector<double> ms;
  bool ok = true;
  double build_s = 0;  // building the format from the CSR at hand (0: none built)
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// Runs every system once as warm-up, then `trials` rounds of one trial each.
void run_rounds(std::vector<system>& systems, int trials) {
  for (system& s : systems) s.run();
  for (int t = 0; t < trials; ++t)
    for (system& s : systems) {
      const auto start = std::chrono::steady_clock::now();
      s.run();
      s.ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count());
    }
}

bool close_to(float got, float want) {
  return std::abs(got - want) <= 1e-4f * std::max(1.0f, std::abs(want));
}

bool same_result(const vector<float>& got, const vector<float>& want) {
  if (got.nvals() != want.nvals()) return false;
  bool ok = true;
  want.for_each([&](std::uint64_t i, float w) {
    const std::optional<float> g = got.get(i);
    ok = ok && g && close_to(*g, w);
  });
  return ok;
}

bool same_result(const baselines::sparse_vector<float>& got, const vector<float>& want) {
  if (got.indices.size() != want.nvals()) return false;
  bool ok = true;
  for (std::size_t p = 0; p < got.indices.size(); ++p) {
    const std::optional<float> w = want.get(got.indices[p]);
    ok = ok && w && close_to(got.values[p], *w);
  }
  return ok;
}

void print_header(const options& o) {
  std::printf(
      "threads %d, median of %d round-robin trials, vertex order %s, formats other than CSR %s\n",
      omp_get_max_threads(), o.trials, std::string(vertex_order_name(o.order)).c_str(),
      std::string(vertex_order_name(o.format_order)).c_str());
  if (o.markdown) {
    std::printf(
        "| graph | format | bytes | index b/e | value b/e | structure b/e | ms | GB/s | vs CSR | "
        "vs GraphBLAS | build s | build M edges/s |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  } else {
    std::printf("%-24s %-9s %13s %7s %7s %7s %9s %7s %7s %7s %8s %8s %s\n", "graph", "format",
                "bytes", "idx b/e", "val b/e", "str b/e", "ms", "GB/s", "vs CSR", "vs GrB",
                "build s", "Medge/s", "check");
  }
}

void print_row(const options& o, const std::string& graph, const system& s, double edges,
               double moved_extra, double csr_ms, double grb_ms) {
  const double ms = median(s.ms);
  const double bytes = double(s.size.bytes());
  const double gbs = (bytes + moved_extra) / ms / 1e6;
  const char* sep = o.markdown ? " | " : " ";
  char parts[96];
  if (s.parts_known) {
    std::snprintf(parts, sizeof parts, "%7.2f%s%7.2f%s%7.2f",
                  8.0 * double(s.size.index_bytes) / edges, sep,
                  8.0 * double(s.size.value_bytes) / edges, sep,
                  8.0 * double(s.size.structure_bytes) / edges);
  } else {
    std::snprintf(parts, sizeof parts, "%7s%s%7s%s%7s", "-", sep, "-", sep, "-");
  }
  char build[48] = "-";
  char rate[48] = "-";
  if (s.build_s > 0) {
    std::snprintf(build, sizeof build, "%.3f", s.build_s);
    std::snprintf(rate, sizeof rate, "%.1f", edges / s.build_s / 1e6);
  }
  if (o.markdown) {
    std::printf("| %s | %s | %.0f | %s | %.3f | %.2f | %.2f | %.2f | %s | %s |%s\n", graph.c_str(),
                s.name.c_str(), bytes, parts, ms, gbs, ms / csr_ms, ms / grb_ms, build, rate,
                s.ok ? "" : " DIFFERS");
  } else {
    std::printf("%-24s %-9s %13.0f %s %9.3f %7.2f %7.2f %7.2f %8s %8s %s\n", graph.c_str(),
                s.name.c_str(), bytes, parts, ms, gbs, ms / csr_ms, ms / grb_ms, build, rate,
                s.ok ? "ok" : "DIFFERS");
  }
}

void bench_graph(const options& o, const std::string& name) {
  csr_matrix a = load_graph(name).adjacency();
  a.values = std::monostate{};
  if (o.order != vertex_order::original) {
    const buffer<vertex_id> rank = order_ranks(a, o.order);
    a = permuted(a, rank.data());
  }
  const double edges = double(std::max<edge_offset>(a.nnz(), 1));
  const entropy_bound h = order0_entropy(a);
  const matrix<float> m = matrix<float>::from_csr(a);
  std::mt19937_64 random(7);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  array<float> xs(a.ncols);
  for (std::uint64_t i = 0; i < a.ncols; ++i) xs[i] = unit(random);
  const vector<float> x = vector<float>::from_dense(std::move(xs));
  descriptor pull;
  pull.method = product_method::pull;

  std::vector<system> systems;
  std::vector<vector<float>> results;
  std::vector<std::shared_ptr<const formatted_matrix<float>>> held;
  std::vector<double> build_s;
  std::vector<std::string> refused;
  const std::string shown = name.substr(name.find_last_of('/') + 1);
  for (format_kind k : o.kinds) {
    std::shared_ptr<const formatted_matrix<float>> f;
    const auto start = std::chrono::steady_clock::now();
    try {
      f = std::make_shared<const formatted_matrix<float>>(
          m, k, k == format_kind::csr ? vertex_order::original : o.format_order);
    } catch (const error& e) {
      if (e.kind() != error_kind::limit) throw;
      refused.push_back(std::string(format_name(k)).append(" refused: ").append(e.message()));
      continue;
    }
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    held.push_back(f);
    build_s.push_back(k == format_kind::csr ? 0.0 : took.count());
    results.emplace_back(a.nrows);
  }
  for (std::size_t i = 0; i < held.size(); ++i) {
    vector<float>* y = &results[i];
    const formatted_matrix<float>* f = held[i].get();
    std::string label(format_name(f->kind()));
    if (f->order() != vertex_order::original)
      label.append(1, '+').append(vertex_order_name(f->order()));
    systems.push_back({label,
                       f->format().size(),
                       true,
                       [=, &x, &pull] { mxv(*y, no_mask, no_accum, S{}, *f, x, pull); },
                       {},
                       true,
                       build_s[i]});
  }
  // GraphBLAS on the same matrix (iso-valued, by row), its bytes as it reports them.
  baselines::graphblas_graph grb(a, GrB_FP32);
  baselines::sparse_vector<float> dense_x;
  dense_x.size = a.ncols;
  x.for_each(
      [&](std::uint64_t i, float v) { dense_x.indices.push_back(i), dense_x.values.push_back(v); });
  const baselines::grb_vector grb_x = baselines::to_grb_vector(dense_x);
  baselines::grb_vector grb_y;
  GRAPHRING_GRB(GrB_Vector_new(grb_y.out(), GrB_FP32, a.nrows));
  std::size_t grb_bytes = 0;
  GRAPHRING_GRB(GxB_Matrix_memoryUsage(&grb_bytes, grb.a()));
  systems.push_back({"GraphBLAS",
                     {0, 0, grb_bytes},
                     false,
                     [&] {
                       GRAPHRING_GRB(GrB_mxv(grb_y.get(), nullptr, nullptr,
                                             GrB_PLUS_TIMES_SEMIRING_FP32, grb.a(), grb_x.get(),
                                             nullptr));
                     },
                     {},
                     true});

  run_rounds(systems, o.trials);
  const vector<float>& want = results[0];  // CSR's: o.kinds starts with csr
  for (std::size_t i = 0; i < results.size(); ++i) systems[i].ok = same_result(results[i], want);
  systems.back().ok = same_result(baselines::from_grb_vector<float>(grb_y.get()), want);
  const double csr_ms = median(systems[0].ms), grb_ms = median(systems.back().ms);
  const double moved_extra = 4.0 * double(a.ncols + a.nrows);
  for (const system& s : systems) print_row(o, shown, s, edges, moved_extra, csr_ms, grb_ms);
  std::printf("%s: %llu entries, order-0 entropy of the delta-coded indices %.2f bits/edge\n",
              shown.c_str(), (unsigned long long)a.nnz(), h.index_bits);
  for (const std::string& r : refused) std::printf("%s: %s\n", shown.c_str(), r.c_str());
}

constexpr const char* usage =
    "usage: graphring-bench-formats [GRAPH ...] [--trials N]\n"
    "         [--formats csr,coo,ell,hyb,sell,cci,dtans,svb] [--order degree|rcm]\n"
    "         [--format-order degree|rcm] [--markdown]\n"
    "Times the pull SpMV (plus_times over float, x dense) through each storage format beside\n"
    "the engine's CSR kernel and SuiteSparse:GraphBLAS's GrB_mxv, in round robin, medians of N\n"
    "rounds (default 11), and prints each format's bytes and bits per edge and the time to\n"
    "build it from CSR (seconds, millions of entries a second). --formats: the\n"
    "formats beside CSR (default all); --order relabels the graph for every system;\n"
    "--format-order builds the formats other than CSR in that order; --markdown prints a\n"
    "table. OMP_NUM_THREADS sets the threads. Without GRAPH: web-NotreDame, soc-Slashdot0902\n"
    "and soc-Epinions1 from ../shared/datasets.\n";

options parse(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(usage, stdout);
      std::exit(0);
    } else if (arg == "--trials" && i + 1 < argc) {
      o.trials = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--order" && i + 1 < argc) {
      o.order = parse_vertex_order(argv[++i]);
    } else if (arg == "--format-order" && i + 1 < argc) {
      o.format_order = parse_vertex_order(argv[++i]);
    } else if (arg == "--markdown") {
      o.markdown = true;
    } else if (arg == "--formats" && i + 1 < argc) {
      o.kinds = {format_kind::csr};  // CSR is always measured: the ratios are to it
      const std::string list = argv[++i];
      for (std::size_t at = 0; at <= list.size();) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        const std::optional<format_kind> k = parse_format(list.substr(at, comma - at));
        if (!k) throw error(error_kind::usage, "--formats takes named formats, not auto");
        if (*k != format_kind::csr) o.kinds.push_back(*k);
        at = comma + 1;
      }
    } else if (arg.starts_with("-")) {
      throw error(error_kind::usage, "unknown option or missing value: " + arg + " (--help)");
    } else {
      o.graphs.push_back(arg);
    }
  }
  if (o.graphs.empty()) {
    const std::string shared = std::string(GRAPHRING_SOURCE_DIR) + "/../shared/datasets/";
    o.graphs = {shared + "web/web-NotreDame.txt.gz", shared + "social/soc-Slashdot0902.txt.gz",
                shared + "social/soc-Epinions1.txt.gz"};
  }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const options o = parse(argc, argv);
    baselines::graphblas_start(omp_get_max_threads());
    print_header(o);
    for (const std::string& name : o.graphs) bench_graph(o, name);
    return 0;
  } catch (const error& e) {
    std::fprintf(stderr, "graphring-bench-formats: %s\n", e.what());
    return e.kind() == error_kind::usage ? 2 : 1;
  }
}
