// `graphring msf GRAPH [--out FILE]`: the minimum spanning forest of the graph taken as
// undirected: "TOTAL_WEIGHT EDGE_COUNT" on the first line, then "U V W" per edge (U < V, in
// ascending order).
#include "algorithms/msf.hpp"

#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"

namespace graphring::cli {

int msf_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{"--stats"}, {"--out"}, 1, 1, "graphring msf GRAPH [--out FILE]"});
  apply_common_options(args);
  run_stats stats(args, "msf");
  const graph g = load_for_command(args.positional()[0], args);
  stats.loaded(g);
  const auto forest = algorithms::minimum_spanning_forest(g);
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
  stats.print();
  return 0;
}

}  // namespace graphring::cli
