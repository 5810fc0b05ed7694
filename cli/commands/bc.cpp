// `graphring bc GRAPH [--sources ID,ID,...] [--out FILE] [--format F] [--order O]`: betweenness
// centrality of every vertex, summed over the given sources (every vertex when absent),
// unnormalized. --format and --order pick the storage whose rows the products read (README
// "Formats"); a compressed .grb is read in its own format unless --format says otherwise.
#include "algorithms/bc.hpp"

#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"
#include "engine/adjacency_format_name.hpp"

namespace graphring::cli {

namespace {

std::vector<vertex_id> parse_sources(const graph& g, const std::string& list) {
  std::vector<vertex_id> sources;
  for (const std::int64_t label : parse_source_labels(list)) sources.push_back(vertex_of(g, label));
  return sources;
}

}  // namespace

int bc_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{"--stats"},
                             {"--sources", "--out", "--format", "--order"},
                             1,
                             1,
                             "graphring bc GRAPH [--sources ID,ID,...] [--out FILE] "
                             "[--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] "
                             "[--order original|degree|rcm]"});
  apply_common_options(args);
  const adjacency_format asked = format_option(args);
  run_stats stats(args, "bc");
  graph g = load_for_command(args.positional()[0], args);
  stats.loaded(g);
  const adjacency_format format = stored_format_default(asked, args, g);
  std::vector<vertex_id> sources;
  if (const auto list = args.value("--sources")) sources = parse_sources(g, *list);
  const auto bc = algorithms::betweenness(g, sources, format);
  stats.ran();
  write_vertex_values(g, args, [&](vertex_id v) { return format_real(bc.values()[v]); });
  stats.add("sources", sources.empty() ? g.vertices() : std::uint64_t(sources.size()));
  if (!format.plain_csr()) stats.add("format", adjacency_format_name(format));
  stats.print();
  return 0;
}

}  // namespace graphring::cli
