// The graphring program's commands; each takes the arguments after its name and returns the
// exit status. Errors are thrown as graphring::error and reported by main().
#pragma once

#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "engine/graph.hpp"

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

// Loads GRAPH with the common build options (--symmetrize, --drop-self-loops) and a progress
// line unless --quiet or not show_progress (graphring-dist's processes other than the first).
graph load_for_command(const std::string& source, const arguments& args, bool show_progress = true);

}  // namespace graphring::cli
