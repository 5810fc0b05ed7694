// What `graphring bench` and `graphring demo` share: the options both take (--trials, --threads,
// --seed, --quiet, --json, --csv, --plot) and how a finished run ends.
#pragma once

#include <cstdio>
#include <string>

#include "bench/harness/run_bench.hpp"
#include "cli/arguments.hpp"

namespace graphring::cli {

bench::bench_options shared_bench_options(const arguments& args, int default_trials,
                                          const std::string& default_plot);

// Where the table and its reading go: standard error when --json, --csv or --plot writes to
// standard output ("-", /dev/stdout), so that what a pipe gets is the file alone; else stdout.
std::FILE* table_stream(const bench::bench_options& o);

// 0, or 1 with the one-line message on standard error when any answer disagreed.
int bench_exit_status(const bench::bench_report& report);

}  // namespace graphring::cli
