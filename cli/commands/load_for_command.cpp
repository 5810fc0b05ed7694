#include "cli/commands/commands.hpp"
#include "cli/terminal_progress.hpp"
#include "core/error.hpp"
#include "engine/io/load.hpp"

namespace graphring::cli {

duplicate_policy parse_duplicate_policy(const std::string& name) {
  if (name == "keep") return duplicate_policy::keep;
  if (name == "first") return duplicate_policy::first;
  if (name == "min") return duplicate_policy::min;
  if (name == "sum") return duplicate_policy::sum;
  throw error(error_kind::usage,
              "--duplicates takes keep, first, min or sum (what to do with parallel edges), not '" +
                  name + "'");
}

build_options build_options_of(const arguments& args) {
  build_options options;
  options.symmetrize = args.flag("--symmetrize");
  options.drop_self_loops = args.flag("--drop-self-loops");
  if (const auto policy = args.value("--duplicates"))
    options.duplicates = parse_duplicate_policy(*policy);
  return options;
}

graph load_for_command(const std::string& source, const arguments& args, bool show_progress,
                       std::optional<io::input_bytes> bytes) {
  current_input() = source;
  load_options options;
  options.build = build_options_of(args);
  options.format = args.value("--input-format").value_or("");
  terminal_progress progress("loading " + source, args.flag("--quiet") || !show_progress);
  options.progress = progress.reporter();
  if (bytes) return load_graph(source, std::move(*bytes), options);
  return load_graph(source, options);
}

}  // namespace graphring::cli
