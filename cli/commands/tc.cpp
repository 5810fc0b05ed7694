// `graphring tc GRAPH`: the number of triangles, edges taken as undirected (self-loops and
// repeated edges ignored), printed alone.
#include "algorithms/tc.hpp"
#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"

namespace graphring::cli {

int tc_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{}, {}, 1, 1, "graphring tc GRAPH"});
  apply_common_options(args);
  graph g = load_for_command(args.positional()[0], args);
  write_result(args, std::to_string(algorithms::triangle_count(g)) + "\n");
  return 0;
}

}  // namespace graphring::cli
