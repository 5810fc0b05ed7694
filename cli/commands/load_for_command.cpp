#include "cli/commands/commands.hpp"
#include "cli/terminal_progress.hpp"
#include "engine/io/load.hpp"

namespace graphring::cli {

graph load_for_command(const std::string& source, const arguments& args, bool show_progress) {
  current_input() = source;
  load_options options;
  options.build.symmetrize = args.flag("--symmetrize");
  options.build.drop_self_loops = args.flag("--drop-self-loops");
  options.format = args.value("--input-format").value_or("");
  terminal_progress progress("loading " + source, args.flag("--quiet") || !show_progress);
  options.progress = progress.reporter();
  return load_graph(source, options);
}

}  // namespace graphring::cli
