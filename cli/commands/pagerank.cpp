// `graphring pagerank GRAPH [--damping 0.85] [--tol 1e-7] [--max-iters 100] [--out FILE]`:
// every vertex's PageRank (summing to 1), with 16 significant digits. --format F and --order O
// pick the storage the products pull through (README "Formats"); --precision float32 iterates
// in float, as GAP's pr_spmv and LAGraph do.
#include <cstdio>
#include <string>

#include "algorithms/backend.hpp"
#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/run_stats.hpp"
#include "engine/adjacency_format_name.hpp"

namespace graphring::cli {

int pagerank_command(const std::vector<std::string>& raw) {
  const arguments args(
      raw, {{"--stats"},
            {"--damping", "--tol", "--max-iters", "--precision", "--out", "--format", "--order"},
            1,
            1,
            "graphring pagerank GRAPH [--damping 0.85] [--tol 1e-7] "
            "[--max-iters 100] [--precision float64|float32] [--out FILE] "
            "[--format csr|coo|ell|hyb|sell|cci|dtans|svb|auto] "
            "[--order original|degree|rcm]",
            true});
  apply_common_options(args);
  const backend on = args.backend();  // before a long load
  const std::int64_t max_iterations = args.integer("--max-iters", 100);
  if (max_iterations < 0 || max_iterations > 1000000000)
    throw error(error_kind::usage, "--max-iters must be between 0 and 1000000000");
  algorithms::pagerank_options options{real_option(args, "--damping", 0.85),
                                       real_option(args, "--tol", 1e-7), int(max_iterations),
                                       format_option(args)};
  const std::string precision = args.value("--precision").value_or("float64");
  if (precision == "float32") {
    options.precision = value_type::float32;
  } else if (precision != "float64") {
    throw error(error_kind::usage, "--precision must be float64 or float32, not " + precision);
  }
  run_stats stats(args, "pagerank");
  graph g = load_for_command(args.positional()[0], args);
  stats.loaded(g);
  options.format = stored_format_default(options.format, args, g);
  const auto result = algorithms::pagerank(g, options, on);
  stats.ran();
  write_vertex_values(g, args, [&](vertex_id v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.15e", result.ranks.values()[v]);
    return std::string(text);
  });
  // Tolerance 0 asks for exactly --max-iters iterations; otherwise stopping there is a failure
  // to converge, which NetworkX raises as an error and graphring reports as a warning.
  const bool converged = options.tolerance == 0 || result.change < options.tolerance;
  if (!converged && g.vertices() > 0)
    std::fprintf(
        stderr,
        "graphring: warning: pagerank stopped at --max-iters %d with an L1 change of %.3g, "
        "above --tol %.3g: the ranks have not converged\n",
        result.iterations, result.change, options.tolerance);
  if (!options.format.plain_csr()) stats.add("format", adjacency_format_name(options.format));
  if (options.precision == value_type::float32) stats.add("precision", std::string("float32"));
  stats.add("iterations", std::uint64_t(result.iterations));
  stats.add("last_change", result.change);
  stats.add("converged", converged);
  stats.print();
  return 0;
}

}  // namespace graphring::cli
