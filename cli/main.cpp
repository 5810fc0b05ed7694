// The graphring program: dispatches to a command and turns every error into one line on
// standard error ("graphring: FILE:LINE: what is wrong") and a non-zero exit status.
#include <cstdio>
#include <new>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands/commands.hpp"
#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "core/prefetch_threshold.hpp"
#include "engine/backends.hpp"

namespace {

const char* usage_text =
    "usage: graphring COMMAND [ARGS]\n"
    "  demo [--trials N] [--plot F]             graphring against GraphBLAS and Boost on the "
    "bundled\n"
    "                                           graph and an R-MAT graph, with a reading of the "
    "table\n"
    "  info GRAPH [--json]                      counts, degrees and storage of a graph\n"
    "  convert IN OUT                           write a graph as .mtx, .el, .wel, .e or .grb (.gz "
    "too)\n"
    "  spmv GRAPH [--semiring NAME] [--x FILE]  w = A (+).(x) x over a named semiring\n"
    "  bench [GRAPH ...] [--algos LIST] [--trials N] [--interleave] [--json F] [--plot F]\n"
    "                                           graphring against GraphBLAS and Boost, same run\n"
    "  bfs GRAPH --source ID [--parents]        BFS level (or parent) of every vertex, -1 "
    "unreached\n"
    "  sssp GRAPH --source ID [--delta D]       shortest-path distances, inf when unreached\n"
    "  pagerank GRAPH [--damping 0.85] [--tol 1e-7] [--max-iters 100]   PageRank of every vertex\n"
    "    [--precision float64|float32]          (float32: float ranks, as GAP and LAGraph keep)\n"
    "  cc GRAPH                                 smallest ID in each vertex's weak component\n"
    "  tc GRAPH                                 number of triangles (edges taken as undirected)\n"
    "  bc GRAPH [--sources ID,ID,...]           betweenness centrality (from every vertex by "
    "default)\n"
    "  msf GRAPH                                minimum spanning forest: total weight, count, U V "
    "W\n"
    "  semirings [--json]                       the semirings spmv --semiring can name, with "
    "types\n"
    "  (bfs sssp pagerank cc bc msf take --out FILE; without it they write to standard output.\n"
    "   spmv and every algorithm take --format csr|coo|ell|hyb|sell|cci|dtans|svb|auto and "
    "--order\n"
    "   original|degree|rcm: the storage they read the graph from; bench takes --formats LIST)\n"
    "   bfs sssp pagerank cc tc bc msf take --stats: times, levels, iterations... as JSON on "
    "stderr)\n"
    "common options: --symmetrize --drop-self-loops --threads N --quiet --input-format FORMAT\n"
    "  --duplicates keep|first|min|sum (parallel edges: kept, by default, or merged into one)\n"
    "  --backend cpu|cuda (spmv, bfs, sssp, pagerank, bench: run on the GPU with cuda)\n"
    "GRAPH is a file (.mtx .el .txt .wel .e .gr .grb, optionally .gz; - is standard input;\n"
    "--input-format mtx|el|wel|e|gr|grb for a name without these extensions) or a generator\n"
    "(rmat:SCALE[:EDGEFACTOR], urand:SCALE[:EDGEFACTOR], grid:SIDE; add :seed=N, :weighted)\n"
    "graphring COMMAND --help prints the command's usage\n";

int run(const std::vector<std::string>& argv) {
  using namespace graphring;
  if (argv.empty())
    throw error(error_kind::usage, "missing command (run 'graphring --help' for the list)");
  const std::string& command = argv[0];
  const std::vector<std::string> rest(argv.begin() + 1, argv.end());
  if (command == "--help" || command == "-h" || command == "help") {
    std::fputs(usage_text, stdout);
    return 0;
  }
  if (command == "--version" || command == "version") {
    std::printf("graphring 0.1.0 (%s)\n", build_summary().c_str());
    return 0;
  }
  if (command == "demo") return cli::demo_command(rest);
  if (command == "info") return cli::info_command(rest);
  if (command == "convert") return cli::convert_command(rest);
  if (command == "spmv") return cli::spmv_command(rest);
  if (command == "bench") return cli::bench_command(rest);
  if (command == "bfs") return cli::bfs_command(rest);
  if (command == "sssp") return cli::sssp_command(rest);
  if (command == "pagerank") return cli::pagerank_command(rest);
  if (command == "cc") return cli::cc_command(rest);
  if (command == "tc") return cli::tc_command(rest);
  if (command == "bc") return cli::bc_command(rest);
  if (command == "msf") return cli::msf_command(rest);
  if (command == "semirings") return cli::semirings_command(rest);
  throw error(error_kind::usage,
              "unknown command '" + command + "' (run 'graphring --help' for the list)");
}

// One line: "graphring: FILE:LINE: message"; an error without a file of its own (the memory
// budget, a negative cycle) names the graph the command was working on.
void report(const graphring::error& e) {
  std::fprintf(stderr, "graphring: %s\n",
               graphring::cli::printable(graphring::cli::error_line(e)).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  try {
    // A bad GRAPHRING_MEMORY_LIMIT_MB or GRAPHRING_PREFETCH_ABOVE_BYTES is a usage error before
    // any work.
    graphring::memory_budget();
    graphring::prefetch_above_bytes();
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const graphring::cli::help_shown&) {
    return 0;
  } catch (const graphring::error& e) {
    report(e);
    return graphring::exit_status(e.kind());
  } catch (const std::bad_alloc&) {
    const graphring::error e(graphring::error_kind::limit,
                             "out of memory: the system refused an allocation (" +
                                 graphring::memory_text(graphring::memory_in_use()) +
                                 " held by graphring's arrays)");
    report(e);
    return graphring::exit_status(e.kind());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "graphring: internal error: %s\n",
                 graphring::cli::printable(e.what()).c_str());
    return 1;
  }
}
