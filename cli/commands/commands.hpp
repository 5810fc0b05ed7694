// The graphring program's commands; each takes the arguments after its name and returns the
// exit status. Errors are thrown as graphring::error and reported by main().
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "engine/builder.hpp"
#include "engine/graph.hpp"
#include "engine/io/input_file.hpp"

namespace graphring::cli {

int demo_command(const std::vector<std::string>& args);
int info_command(const std::vector<std::string>& args);
int convert_command(const std::vector<std::string>& args);
int spmv_command(const std::vector<std::string>& args);
int bench_command(const std::vector<std::string>& args);
int bfs_command(const std::vector<std::string>& args);
int sssp_command(const std::vector<std::string>& args);
int pagerank_command(const std::vector<std::string>& args);
int cc_command(const std::vector<std::string>& args);
int tc_command(const std::vector<std::string>& args);
int bc_command(const std::vector<std::string>& args);
int msf_command(const std::vector<std::string>& args);
int semirings_command(const std::vector<std::string>& args);

// --duplicates' policy by name (keep, first, min, sum); a usage error for any other.
duplicate_policy parse_duplicate_policy(const std::string& name);
// The common build options: --symmetrize, --drop-self-loops, --duplicates.
build_options build_options_of(const arguments& args);

// Loads GRAPH with the common build options and a progress line unless --quiet or not
// show_progress (graphring-dist's processes other than the first); from `bytes` when the file
// was read already.
graph load_for_command(const std::string& source, const arguments& args, bool show_progress = true,
                       std::optional<io::input_bytes> bytes = std::nullopt);

}  // namespace graphring::cli
