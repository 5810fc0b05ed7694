// `graphring bench [GRAPH ...] [--algos LIST] [--against graphblas,boost] [--trials N]
//                  [--interleave] [--json F] [--csv F] [--plot F] [--seed N]
//                  [--formats LIST] [--order O] [--sources ID,...]`: the same work on graphring,
// SuiteSparse:GraphBLAS and Boost.Graph in one process; prints the table and exits non-zero when
// any answer disagrees. Without GRAPH it runs on the bundled default graph. --formats adds
// graphring's BFS, Bellman-Ford, PageRank, CC (symmetric graphs), TC, BC and MSF (graphs a .grb
// records as symmetric) through each listed storage format (in vertex order O) as systems of
// their own. --sources runs BFS and SSSP from each listed vertex (a row per source, its label in
// the JSON) and BC from that batch.
#include <cstdio>
#include <sstream>

#include "bench/harness/run_bench.hpp"
#include "cli/commands/bench_options.hpp"
#include "cli/commands/commands.hpp"
#include "cli/default_graph.hpp"
#include "core/error.hpp"

namespace graphring::cli {
namespace {

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

}  // namespace

int bench_command(const std::vector<std::string>& raw) {
  const arguments args(
      raw, {{"--interleave"},
            {"--algos", "--against", "--trials", "--json", "--csv", "--plot", "--seed", "--formats",
             "--order", "--sources"},
            0,
            64,
            "graphring bench [GRAPH ...] [--algos LIST] [--against graphblas,boost|none] "
            "[--trials N] [--interleave] [--json F] [--csv F] [--plot F] "
            "[--backend cpu|cuda] [--formats csr,coo,ell,hyb,sell,cci,dtans,svb,auto] "
            "[--order original|degree|rcm] [--sources ID,ID,...]",
            true});
  apply_common_options(args);
  if (args.value("--input-format"))
    throw error(error_kind::usage,
                "bench knows each graph's format by its name; --input-format is not taken");
  bench::bench_options o = shared_bench_options(args, 10, "");
  o.on = args.backend();
  o.interleave = args.flag("--interleave");
  o.graphs = args.positional();
  if (o.graphs.empty()) o.graphs.push_back(default_graph());
  if (auto algos = args.value("--algos")) o.families = split_list(*algos);
  if (auto against = args.value("--against")) {
    const auto list = split_list(*against);
    o.against = std::set<std::string>(list.begin(), list.end());
    if (list == std::vector<std::string>{"none"}) o.against.clear();  // graphring alone
  }
  const vertex_order order = parse_vertex_order(args.value("--order").value_or("original"));
  if (auto sources = args.value("--sources")) o.sources = parse_source_labels(*sources);
  if (auto formats = args.value("--formats"))
    for (const std::string& name : split_list(*formats))
      o.formats.push_back({parse_format(name), order});
  const bench::bench_report report = bench::run_bench(o);
  std::FILE* table = table_stream(o);
  std::fputs(bench::format_table(report.rows, report.machine).c_str(), table);
  if (!o.plot.empty()) std::fprintf(table, "chart written to %s\n", o.plot.c_str());
  return bench_exit_status(report);
}

}  // namespace graphring::cli
