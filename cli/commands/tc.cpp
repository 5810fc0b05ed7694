// `graphring tc GRAPH`: the number of triangles, edges taken as undirected (self-loops and
// repeated edges ignored), printed alone.
#include "algorithms/tc.hpp"

#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"

namespace graphring::cli {

int tc_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{"--stats"}, {}, 1, 1, "graphring tc GRAPH"});
  apply_common_options(args);
  run_stats stats(args, "tc");
  graph g = load_for_command(args.positional()[0], args);
  stats.loaded(g);
  const std::uint64_t triangles = algorithms::triangle_count(g);
  stats.ran();
  write_result(args, std::to_string(triangles) + "\n");
  stats.add("triangles", triangles);
  stats.print();
  return 0;
}

}  // namespace graphring::cli
