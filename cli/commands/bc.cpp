// `graphring bc GRAPH [--sources ID,ID,...] [--out FILE]`: betweenness centrality of every
// vertex, summed over the given sources (every vertex when absent), unnormalized.
#include "algorithms/bc.hpp"

#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"

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
                             {"--sources", "--out"},
                             1,
                             1,
                             "graphring bc GRAPH [--sources ID,ID,...] [--out FILE]"});
  apply_common_options(args);
  run_stats stats(args, "bc");
  graph g = load_for_command(args.positional()[0], args);
  stats.loaded(g);
  std::vector<vertex_id> sources;
  if (const auto list = args.value("--sources")) sources = parse_sources(g, *list);
  const auto bc = algorithms::betweenness(g, sources);
  stats.ran();
  write_vertex_values(g, args, [&](vertex_id v) { return format_real(bc.values()[v]); });
  stats.add("sources", sources.empty() ? g.vertices() : std::uint64_t(sources.size()));
  stats.print();
  return 0;
}

}  // namespace graphring::cli
