// `graphring msf GRAPH [--out FILE] [--format F] [--order O]`: the minimum spanning forest of the
// graph taken as undirected: "TOTAL_WEIGHT EDGE_COUNT" on the first line, then "U V W" per edge
// (U < V, in ascending order). --format and --order pick the storage the edge weights are read
// from (README "Formats"); a compressed .grb is read in its own format unless --format says
// otherwise.
#include "algorithms/msf.hpp"

#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"
#include "engine/adjacency_format_name.hpp"

namespace graphring::cli {

int msf_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{"--stats"},
                             {"--out", "--format", "--order"},
                             1,
                             1,
                             "graphring msf GRAPH [--out FILE] "
                             "[--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] "
                             "[--order original|degree|rcm]"});
  apply_common_options(args);
  const adjacency_format asked = format_option(args);
  run_stats stats(args, "msf");
  const graph g = load_for_command(args.positional()[0], args);
  stats.loaded(g);
  const adjacency_format format = stored_format_default(asked, args, g);
  const auto forest = algorithms::minimum_spanning_forest(g, format);
  stats.ran();
  std::string text =
      format_real(forest.total_weight) + " " + std::to_string(forest.edges.size()) + "\n";
  for (const auto& e : forest.edges)
    text += std::to_string(g.labels().label(e.u)) + " " + std::to_string(g.labels().label(e.v)) +
            " " + format_real(e.weight) + "\n";
  write_result(args, text);
  stats.add("forest_edges", std::uint64_t(forest.edges.size()));
  stats.add("trees", g.vertices() - forest.edges.size());
  stats.add("total_weight", forest.total_weight);
  if (!format.plain_csr()) stats.add("format", adjacency_format_name(format));
  stats.print();
  return 0;
}

}  // namespace graphring::cli
