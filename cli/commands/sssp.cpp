// `graphring sssp GRAPH --source ID [--delta D] [--out FILE]`: shortest-path distances from the
// source (`inf` when unreached); delta-stepping, or Bellman-Ford when a weight is negative.
// --format F and --order O pick the storage the pull rounds read (README "Formats").
#include <algorithm>
#include <cmath>

#include "algorithms/backend.hpp"
#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"
#include "engine/adjacency_format_name.hpp"

namespace graphring::cli {

int sssp_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{"--stats"},
                             {"--source", "--delta", "--out", "--format", "--order"},
                             1,
                             1,
                             "graphring sssp GRAPH --source ID [--delta D] [--out FILE] "
                             "[--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] "
                             "[--order original|degree|rcm]",
                             true});
  apply_common_options(args);
  const backend on = args.backend();  // before a long load
  const adjacency_format format = format_option(args);
  std::optional<double> delta;
  if (args.value("--delta")) {
    delta = real_option(args, "--delta", 0);
    if (!(*delta > 0) || std::isinf(*delta))
      throw error(error_kind::usage, "--delta must be a positive number");
  }
  run_stats stats(args, "sssp");
  graph g = load_for_command(args.positional()[0], args);
  stats.loaded(g);
  const auto dist = algorithms::sssp(g, source_vertex(g, args), delta, on, format);
  stats.ran();
  write_vertex_values(g, args, [&](vertex_id v) { return format_real(dist.values()[v]); });
  if (stats.on()) {
    std::uint64_t reached = 0;
    double farthest = 0;
    for (std::uint64_t v = 0; v < dist.size(); ++v)
      if (std::isfinite(dist.values()[v])) {
        ++reached;
        farthest = std::max(farthest, dist.values()[v]);
      }
    stats.add("reached", reached);
    stats.add("largest_distance", farthest);
  }
  if (!format.plain_csr()) stats.add("format", adjacency_format_name(format));
  stats.print();
  return 0;
}

}  // namespace graphring::cli
