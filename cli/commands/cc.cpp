// `graphring cc GRAPH [--out FILE]`: for every vertex, the smallest ID in its weakly connected
// component.
#include "algorithms/cc.hpp"
#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"

namespace graphring::cli {

int cc_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{}, {"--out"}, 1, 1, "graphring cc GRAPH [--out FILE]"});
  apply_common_options(args);
  graph g = load_for_command(args.positional()[0], args);
  const auto component = algorithms::connected_components(g);
  write_vertex_values(g, args, [&](vertex_id v) {
    return std::to_string(g.labels().label(vertex_id(component.values()[v])));
  });
  return 0;
}

}  // namespace graphring::cli
