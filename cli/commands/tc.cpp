// `graphring tc GRAPH [--format F] [--order O]`: the number of triangles, edges taken as
// undirected (self-loops and repeated edges ignored), printed alone. --format and --order pick the
// storage the lower triangle is read from (README "Formats"); a compressed .grb is read in its own
// format unless --format says otherwise.
#include "algorithms/tc.hpp"

#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"
#include "engine/adjacency_format_name.hpp"

namespace graphring::cli {

int tc_command(const std::vector<std::string>& raw) {
  const arguments args(raw,
                       {{"--stats"},
                        {"--format", "--order"},
                        1,
                        1,
                        "graphring tc GRAPH [--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] "
                        "[--order original|degree|rcm]"});
  apply_common_options(args);
  const adjacency_format asked = format_option(args);
  run_stats stats(args, "tc");
  graph g = load_for_command(args.positional()[0], args);
  stats.loaded(g);
  const adjacency_format format = stored_format_default(asked, args, g);
  const std::uint64_t triangles = algorithms::triangle_count(g, format);
  stats.ran();
  write_result(args, std::to_string(triangles) + "\n");
  stats.add("triangles", triangles);
  if (!format.plain_csr()) stats.add("format", adjacency_format_name(format));
  stats.print();
  return 0;
}

}  // namespace graphring::cli
