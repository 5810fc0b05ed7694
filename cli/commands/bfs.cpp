// `graphring bfs GRAPH --source ID [--parents] [--out FILE] [--format F] [--order O]`: the BFS
// level of every vertex (-1 when unreached), or with --parents its parent in a BFS tree (the
// source's is itself). --format and --order pick the storage the pull steps read (README
// "Formats"); the levels do not depend on them.
#include "algorithms/backend.hpp"
#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"
#include "engine/adjacency_format_name.hpp"

namespace graphring::cli {

int bfs_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{"--parents", "--stats"},
                             {"--source", "--out", "--format", "--order"},
                             1,
                             1,
                             "graphring bfs GRAPH --source ID [--parents] [--out FILE] "
                             "[--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] "
                             "[--order original|degree|rcm]",
                             true});
  apply_common_options(args);
  const backend on = args.backend();  // before a long load
  const adjacency_format asked = format_option(args);
  run_stats stats(args, "bfs");
  graph g = load_for_command(args.positional()[0], args);
  stats.loaded(g);
  const adjacency_format format = stored_format_default(asked, args, g);
  const vertex_id source = source_vertex(g, args);
  const bool parents = args.flag("--parents");
  // With --parents the levels are kept only for --stats (its frontier sizes).
  const auto result = algorithms::bfs(
      g, source, {.levels = !parents || stats.on(), .parents = parents, .format = format}, on);
  stats.ran();
  const vector<std::int64_t>& values = parents ? result.parents : result.levels;
  write_vertex_values(g, args, [&](vertex_id v) {
    const auto x = values.get(v);
    if (!x) return std::string("-1");
    return std::to_string(parents ? g.labels().label(vertex_id(*x)) : *x);
  });
  if (stats.on()) {
    std::vector<std::uint64_t> frontier;  // vertices per level
    result.levels.for_each([&](std::uint64_t, std::int64_t level) {
      if (frontier.size() <= std::uint64_t(level)) frontier.resize(std::uint64_t(level) + 1);
      ++frontier[std::uint64_t(level)];
    });
    std::vector<std::string> directions;
    for (const auto d : result.steps)
      directions.push_back(d == algorithms::bfs_direction::pull ? "pull" : "push");
    stats.add("reached", result.levels.nvals());
    stats.add("levels", std::uint64_t(frontier.size()));
    stats.add("frontier_sizes", frontier);
    stats.add("step_directions", directions);
  }
  if (!format.plain_csr()) stats.add("format", adjacency_format_name(format));
  stats.print();
  return 0;
}

}  // namespace graphring::cli
