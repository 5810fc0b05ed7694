// `graphring demo [--trials N] [--plot F] [--json F] [--csv F] [--rmat-scale S]`: the README's
// first command. Runs the benchmark on the bundled default graph and on a generated R-MAT graph
// (the kernels, graph conversion, BFS, SSSP, PageRank and connected components) against
// SuiteSparse:GraphBLAS and Boost.Graph, prints the table, a paragraph reading it, and where the
// SVG chart went, then what the compressed adjacency buys: PageRank on the R-MAT graph from its
// CSR .grb and its CSR-dtANS .grb under a memory limit between their needs
// (bench/harness/capacity.hpp). Exits 1 when any answer disagrees, like `bench`.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

#include "bench/harness/capacity.hpp"
#include "bench/harness/run_bench.hpp"
#include "cli/commands/bench_options.hpp"
#include "cli/commands/commands.hpp"
#include "cli/default_graph.hpp"
#include "core/error.hpp"

namespace graphring::cli {
namespace {

// "2.4x faster" / "1.3x slower" / "as fast" for a time ratio graphring / other.
std::string speed_words(double ratio) {
  if (ratio < 0.95) return bench::format_number("%.1fx faster", 1 / ratio);
  if (ratio > 1.05) return bench::format_number("%.1fx slower", ratio);
  return "about as fast";
}

struct comparison {
  int faster = 0, total = 0;
  double log_sum = 0;  // of graphring's time / the other system's, for the geometric mean
  double best = INFINITY, worst = 0;
  std::string best_at, worst_at;

  void add(double ratio, const std::string& where) {
    if (!(ratio > 0) || !std::isfinite(ratio)) return;
    ++total;
    faster += ratio < 1;
    log_sum += std::log(ratio);
    if (ratio < best) best = ratio, best_at = where;
    if (ratio > worst) worst = ratio, worst_at = where;
  }
  double geometric_mean() const { return std::exp(log_sum / total); }
};

// One paragraph in plain words, computed from the rows: how graphring's times compare with each
// other system's on the same workloads, where it led and trailed most, and whether every answer
// agreed. The conversion rows are left out of the comparison (they are set-up, not work).
std::string reading(const bench::bench_report& report) {
  std::map<std::pair<std::string, std::string>, std::map<std::string, double>> medians;
  std::vector<std::pair<std::string, std::string>> order;
  for (const auto& r : report.rows) {
    if (r.workload == "load/convert") continue;
    const auto key = std::make_pair(r.graph, r.workload);
    if (!medians.count(key)) order.push_back(key);
    medians[key][r.system] = r.times.median;
  }
  comparison vs_graphblas, vs_boost;
  for (const auto& key : order) {
    const auto& by_system = medians[key];
    const auto ours = by_system.find(bench::graphring_system);
    if (ours == by_system.end()) continue;
    const std::string where = key.second + " on " + key.first;
    if (auto it = by_system.find(bench::graphblas_system); it != by_system.end() && it->second > 0)
      vs_graphblas.add(ours->second / it->second, where);
    if (auto it = by_system.find(bench::boost_system); it != by_system.end() && it->second > 0)
      vs_boost.add(ours->second / it->second, where);
  }
  std::string graphs;
  for (const auto& key : order)
    if (graphs.find(key.first) == std::string::npos)
      graphs += (graphs.empty() ? "" : " and ") + key.first;

  std::string text = "Reading: on " + graphs + ", ";
  if (vs_graphblas.total > 0) {
    const double mean = vs_graphblas.geometric_mean();
    text += std::string("graphring was faster than SuiteSparse:GraphBLAS in ") +
            std::to_string(vs_graphblas.faster) + " of " + std::to_string(vs_graphblas.total) +
            " workloads; taken together (geometric mean of the time ratios, " +
            bench::format_number("%.2f", mean) + ") it was " + speed_words(mean) +
            ". Its largest lead was " + vs_graphblas.best_at + " (" +
            speed_words(vs_graphblas.best) + ")";
    if (vs_graphblas.worst_at != vs_graphblas.best_at)
      text += ", and its weakest result " + vs_graphblas.worst_at + " (" +
              speed_words(vs_graphblas.worst) + ")";
    text += ". ";
  }
  if (vs_boost.total > 0) {
    const double mean = vs_boost.geometric_mean();
    text += std::string("Against Boost.Graph, which runs on one thread, graphring was faster in ") +
            std::to_string(vs_boost.faster) + " of " + std::to_string(vs_boost.total) +
            " workloads (geometric mean " + bench::format_number("%.2f", mean) + ", " +
            speed_words(mean) + "). ";
  }
  if (report.all_agree) {
    text +=
        "Every system's answers agreed with graphring's (BFS levels and valid parents, SSSP "
        "distances, PageRank ranks, component partitions, kernel outputs).";
  } else {
    int bad = 0;
    for (const auto& r : report.rows) bad += !r.disagreement.empty();
    text += std::string("WARNING: ") + std::to_string(bad) +
            " row(s) disagreed with graphring's answer (marked NO in the table); treat those "
            "timings as meaningless until the difference is explained.";
  }
  text += " A ratio below 1 means graphring took less time than GraphBLAS.";
  return bench::wrap_words(text);
}

}  // namespace

int demo_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{},
                             {"--trials", "--plot", "--json", "--csv", "--rmat-scale", "--seed"},
                             0,
                             0,
                             "graphring demo [--trials N] [--plot F] [--json F] [--csv F] "
                             "[--rmat-scale S]"});
  apply_common_options(args);
  bench::bench_options o = shared_bench_options(args, 3, "graphring-demo.svg");
  // Sized so that the whole demo takes about a minute on 2 cores (see README, Benchmarks).
  const std::int64_t scale = args.integer("--rmat-scale", 16);
  if (scale < 4 || scale > 30) throw error(error_kind::usage, "--rmat-scale takes 4 to 30");
  o.graphs = {default_graph(), std::string("rmat:") + std::to_string(scale) + ":weighted"};
  o.families = {"kernels", "convert", "bfs", "sssp", "pagerank", "cc"};
  if (!o.quiet)
    std::fprintf(stderr,
                 "graphring demo: %s and rmat:%lld against SuiteSparse:GraphBLAS and "
                 "Boost.Graph, %d trial%s each\n",
                 o.graphs[0].c_str(), static_cast<long long>(scale), o.trials,
                 o.trials == 1 ? "" : "s");
  const bench::bench_report report = bench::run_bench(o);
  std::FILE* table = table_stream(o);
  std::fputs(bench::format_table(report.rows, report.machine).c_str(), table);
  std::fputc('\n', table);
  std::fputs(reading(report).c_str(), table);
  // What the compressed adjacency buys: the rmat graph unweighted, whose dtANS file is smallest.
  const std::string folder =
      (std::filesystem::temp_directory_path() / ("graphring-demo-" + std::to_string(getpid())))
          .string();
  const bench::capacity_report capacity =
      bench::run_capacity("rmat:" + std::to_string(scale), folder);
  std::filesystem::remove(folder);
  std::fputc('\n', table);
  std::fputs(bench::capacity_paragraph(capacity).c_str(), table);
  std::fprintf(table, "\nChart of the ratios (open it in a browser): %s\n", o.plot.c_str());
  if (!o.json.empty()) std::fprintf(table, "Every trial as JSON: %s\n", o.json.c_str());
  return bench_exit_status(report);
}

}  // namespace graphring::cli
