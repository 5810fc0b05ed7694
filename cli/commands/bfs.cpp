// `graphring bfs GRAPH --source ID [--parents] [--out FILE]`: the BFS level of every vertex
// (-1 when unreached), or with --parents its parent in a BFS tree (the source's is itself).
#include "algorithms/backend.hpp"
#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"

namespace graphring::cli {

int bfs_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{"--parents"}, {"--source", "--out"}, 1, 1,
                             "graphring bfs GRAPH --source ID [--parents] [--out FILE]", true});
  apply_common_options(args);
  const backend on = args.backend();  // before a long load
  graph g = load_for_command(args.positional()[0], args);
  const vertex_id source = source_vertex(g, args);
  const bool parents = args.flag("--parents");
  const auto result = algorithms::bfs(g, source, {.parents = parents}, on);
  const vector<std::int64_t>& values = parents ? result.parents : result.levels;
  write_vertex_values(g, args, [&](vertex_id v) {
    const auto x = values.get(v);
    if (!x) return std::string("-1");
    return std::to_string(parents ? g.labels().label(vertex_id(*x)) : *x);
  });
  return 0;
}

}  // namespace graphring::cli
