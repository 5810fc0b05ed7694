// The options and ending that `bench` and `demo` share.
#include "cli/commands/bench_options.hpp"

#include <cstdio>

#include "core/error.hpp"

namespace graphring::cli {

bench::bench_options shared_bench_options(const arguments& args, int default_trials,
                                          const std::string& default_plot) {
  bench::bench_options o;
  // Checked here, before any output, and before a count beyond int could wrap around.
  const std::int64_t trials = args.integer("--trials", default_trials);
  if (trials < 1) throw error(error_kind::usage, "--trials must be at least 1");
  if (trials > 1000000) throw error(error_kind::usage, "--trials must be at most 1000000");
  o.trials = int(trials);
  o.threads = int(args.integer("--threads", 0));
  o.seed = unsigned(args.integer("--seed", 1));
  o.quiet = args.flag("--quiet");
  o.json = args.value("--json").value_or("");
  o.csv = args.value("--csv").value_or("");
  o.plot = args.value("--plot").value_or(default_plot);
  return o;
}

std::FILE* table_stream(const bench::bench_options& o) {
  for (const std::string* file : {&o.json, &o.csv, &o.plot})
    if (*file == "-" || *file == "/dev/stdout") return stderr;
  return stdout;
}

int bench_exit_status(const bench::bench_report& report) {
  if (report.all_agree) return 0;
  std::fprintf(stderr, "graphring: RESULTS DISAGREE: see the rows marked NO above\n");
  return 1;
}

}  // namespace graphring::cli
