// `graphring convert IN OUT [--format cci|dtans|svb] [--symmetrize] [--drop-self-loops]`: any
// readable format to .mtx, .el/.wel, .e (with its .v) or .grb; with --format, a compressed .grb
// (A, and Aᵀ unless the graph is symmetric, in that format), which algorithms then run on without
// a CSR. The output appears whole or not at all.
#include <chrono>
#include <cstdio>
#include <optional>

#include "cli/commands/commands.hpp"
#include "cli/terminal_progress.hpp"
#include "core/error.hpp"
#include "engine/formats/any_format.hpp"
#include "engine/io/input_file.hpp"
#include "engine/io/writers.hpp"

namespace graphring::cli {

int convert_command(const std::vector<std::string>& raw) {
  const arguments args(
      raw, {{},
            {"--format"},
            2,
            2,
            "graphring convert IN OUT [--format cci|dtans|svb] [--symmetrize] [--drop-self-loops]",
            false,
            true});
  apply_common_options(args);
  const std::string& in = args.positional()[0];
  const std::string& out = args.positional()[1];
  std::optional<format_kind> compressed;
  if (const auto name = args.value("--format")) {
    compressed = parse_format(*name);
    if (io::extension_of(out) != ".grb")
      throw error(error_kind::usage, "--format writes a compressed .grb; name the output *.grb",
                  out);
    if (compressed != format_kind::cci && compressed != format_kind::dtans &&
        compressed != format_kind::svb)
      throw error(
          error_kind::usage,
          "--format takes cci, dtans or svb (a .grb without --format holds CSR), not " + *name);
  }
  const auto start = std::chrono::steady_clock::now();
  graph g = load_for_command(in, args);
  std::uint64_t left_out = 0;
  {
    terminal_progress progress("writing " + out, args.flag("--quiet"));
    if (compressed)
      io::write_compressed_grb(g, out, *compressed);
    else
      left_out = io::write_graph(g, out, progress.reporter());
  }
  if (left_out > 0)
    std::fprintf(stderr,
                 "graphring: warning: %s: %llu vertices without edges are not in the edge list, "
                 "which cannot hold them (.mtx, .grb and .e with its .v keep them)\n",
                 out.c_str(), (unsigned long long)left_out);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!args.flag("--quiet"))
    std::printf("wrote %s: %llu vertices, %llu edges in %.3f s\n", out.c_str(),
                (unsigned long long)g.vertices(), (unsigned long long)g.edges(), seconds);
  return 0;
}

}  // namespace graphring::cli
