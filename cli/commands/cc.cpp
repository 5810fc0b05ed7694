// `graphring cc GRAPH [--out FILE] [--format F] [--order O]`: for every vertex, the smallest ID
// in its weakly connected component. --format and --order pick the storage the products over the
// graph's edges pull through (README "Formats"); the labels do not depend on them.
#include "algorithms/cc.hpp"

#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"
#include "engine/adjacency_format_name.hpp"

namespace graphring::cli {

int cc_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{"--stats"},
                             {"--out", "--format", "--order"},
                             1,
                             1,
                             "graphring cc GRAPH [--out FILE] "
                             "[--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] "
                             "[--order original|degree|rcm]"});
  apply_common_options(args);
  const adjacency_format format = format_option(args);
  run_stats stats(args, "cc");
  graph g = load_for_command(args.positional()[0], args);
  stats.loaded(g);
  const auto component = algorithms::connected_components(g, format);
  stats.ran();
  write_vertex_values(g, args, [&](vertex_id v) {
    return std::to_string(g.labels().label(vertex_id(component.values()[v])));
  });
  if (stats.on()) {
    std::uint64_t components = 0;
    for (std::uint64_t v = 0; v < component.size(); ++v) components += component.values()[v] == v;
    stats.add("components", components);
  }
  if (!format.plain_csr()) stats.add("format", adjacency_format_name(format));
  stats.print();
  return 0;
}

}  // namespace graphring::cli
