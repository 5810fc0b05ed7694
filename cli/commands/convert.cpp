// `graphring convert IN OUT [--symmetrize] [--drop-self-loops]`: any readable format to .mtx,
// .el/.wel or .grb; the output appears whole or not at all.
#include <chrono>
#include <cstdio>

#include "cli/commands/commands.hpp"
#include "cli/terminal_progress.hpp"
#include "engine/io/writers.hpp"

namespace graphring::cli {

int convert_command(const std::vector<std::string>& raw) {
  const arguments args(raw, {{}, {}, 2, 2, "graphring convert IN OUT [--symmetrize] [--drop-self-loops]"});
  apply_common_options(args);
  const std::string& in = args.positional()[0];
  const std::string& out = args.positional()[1];
  const auto start = std::chrono::steady_clock::now();
  graph g = load_for_command(in, args);
  {
    terminal_progress progress("writing " + out, args.flag("--quiet"));
    io::write_graph(g, out, progress.reporter());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!args.flag("--quiet"))
    std::printf("wrote %s: %llu vertices, %llu edges in %.3f s\n", out.c_str(), (unsigned long long)g.vertices(),
                (unsigned long long)g.edges(), seconds);
  return 0;
}

}  // namespace graphring::cli
