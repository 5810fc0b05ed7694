// `graphring msf GRAPH [--out FILE]`: the minimum spanning forest of the graph taken as
// undirected: "TOTAL_WEIGHT EDGE_COUNT" on the first line, then "U V W" per edge (U < V, in
// ascending order).
#include "algorithms/msf.hpp"
#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"

namespace graphring::cli {

int msf_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{}, {"--out"}, 1, 1, "graphring msf GRAPH [--out FILE]"});
  apply_common_options(args);
  const graph g = load_for_command(args.positional()[0], args);
  const auto forest = algorithms::minimum_spanning_forest(g);
  std::string text = format_real(forest.total_weight) + " " + std::to_string(forest.edges.size()) + "\n";
  for (const auto& e : forest.edges)
    text += std::to_string(g.labels().label(e.u)) + " " + std::to_string(g.labels().label(e.v)) +
            " " + format_real(e.weight) + "\n";
  write_result(args, text);
  return 0;
}

}  // namespace graphring::cli
