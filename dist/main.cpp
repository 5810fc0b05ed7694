// graphring-dist: graphring's algorithms on CombBLAS over MPI,
//   mpirun -np P graphring-dist bfs|sssp|pagerank|cc GRAPH [options]
// with graphring's options, output (`ID VALUE` in the input's labels, written by the root process,
// atomically) and errors. A failure on any process is reported once, by the lowest-ranked process
// that failed, as "graphring-dist: FILE: message", and every process exits with its status: no
// process waits for one that stopped.
#include <mpi.h>
#include <omp.h>

#include <climits>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands/algorithm_output.hpp"
#include "cli/commands/commands.hpp"
#include "core/error.hpp"
#include "dist/algorithms.hpp"
#include "dist/graph_pieces.hpp"
#include "engine/generators.hpp"

namespace graphring::dist {
namespace {

const char* usage_text =
    "usage: mpirun -np P graphring-dist COMMAND GRAPH [options]   (P a square: 1, 4, 9, ...)\n"
    "  bfs GRAPH --source ID [--parents]     BFS level (or parent) of every vertex, -1 unreached\n"
    "  sssp GRAPH --source ID [--delta D]    shortest-path distances, inf when unreached (rounds\n"
    "                                        of Bellman-Ford; --delta is checked as graphring's)\n"
    "  pagerank GRAPH [--damping 0.85] [--tol 1e-7] [--max-iters 100]   PageRank of every vertex\n"
    "  cc GRAPH                              smallest ID in each vertex's weak component\n"
    "  (each takes --out FILE, without it the result goes to standard output, and --stats:\n"
    "   times, steps and bytes sent per process as JSON on standard error)\n"
    "common options: --symmetrize --drop-self-loops --threads N --quiet --input-format FORMAT\n"
    "GRAPH is a file (.mtx .el .wel .txt: each process parses 1/P of the lines; .grb:\n"
    "memory-mapped, each process reading its rows; .gz .e .gr and standard input: parsed by\n"
    "every process) or a generator: rmat:SCALE[:EDGEFACTOR] and\n"
    "urand:SCALE[:EDGEFACTOR] (add :seed=N, :weighted) made in shares, grid:SIDE by every "
    "process\n";

// The graph as the processes hold it: a text file in pieces (each process parses its piece,
// then holds its rows), another file whole (each process reads its rows of it), or a generator's
// name (each process makes its share of the arcs).
struct input {
  io::input_bytes bytes;
  std::optional<io::edges_piece> piece;
  std::optional<graph_rows> rows;
  std::optional<graph> g;
  std::optional<edge_generator> make;
  vertex_labels generated_labels;
  std::optional<local_edges> edges;

  const vertex_labels& labels() const {
    return g ? g->labels() : rows ? rows->labels : generated_labels;
  }
  std::uint64_t vertices() const { return labels().size(); }
};

struct command_spec {
  cli::option_spec options;
  std::function<run_record(const process_grid&, const input&, const cli::arguments&)> run;
};

// Local: GRAPH's piece parsed by this process (a Matrix Market file or an edge list, mapped),
// or GRAPH read by every process (a .grb mapped; another file parsed whole), or, for rmat:, kron:
// and urand:, this process's share made.
void open_input(input& in, const process_grid& procs, const std::string& source,
                const cli::arguments& args) {
  cli::current_input() = source;
  // The rows read in pieces keep every arc, as graphring's build does by default.
  if (cli::build_options_of(args).duplicates != duplicate_policy::keep)
    throw error(error_kind::usage,
                "graphring-dist keeps parallel edges (--duplicates keep); merge them first with "
                "graphring convert IN OUT.grb --duplicates first|min|sum");
  if (is_edge_generator_name(source)) {
    in.make.emplace(source);
    in.generated_labels = vertex_labels::with_offset(in.make->vertices(), 0);
    in.edges.emplace(procs, *in.make);
    return;
  }
  if (source != "-" && io::extension_of(source) != ".e") {  // an LDBC .e may have a .v beside it
    in.bytes = io::read_input(source);
    const input_format format =
        detect_input_format(source, args.value("--input-format").value_or(""), in.bytes);
    if (read_in_pieces(format, in.bytes)) {
      in.piece = read_piece(procs, format, in.bytes, source);
      return;
    }
    in.bytes = {};
  }
  in.g.emplace(cli::load_for_command(source, args, procs.root()));
  in.g->symmetric();  // recorded by a .grb; a scan of the graph otherwise
  in.edges.emplace(procs, *in.g);
}

// Collective, after open_input: a file read in pieces becomes this process's rows.
void gather_rows(input& in, const process_grid& procs, const cli::arguments& args) {
  if (!in.piece) return;
  io::edges_piece piece = std::move(*in.piece);
  in.piece.reset();
  in.rows.emplace(rows_from_pieces(procs, std::move(piece), cli::build_options_of(args), in.bytes,
                                   cli::current_input()));
  in.bytes = {};
  in.edges.emplace(procs, in.rows->rows, in.rows->symmetric);
}

run_record run_bfs(const process_grid& procs, const input& in, const cli::arguments& args) {
  const vertex_id source = cli::source_vertex(in.labels(), args);
  run_record record;
  const bfs_result r = bfs(procs, *in.edges, source, record);
  if (!procs.root()) return record;
  const bool parents = args.flag("--parents");
  cli::write_vertex_values(in.labels(), args, [&](vertex_id v) {
    const std::int64_t x = parents ? r.parents[v] : r.levels[v];
    if (x < 0) return std::string("-1");
    return std::to_string(parents ? in.labels().label(vertex_id(x)) : x);
  });
  return record;
}

run_record run_sssp(const process_grid& procs, const input& in, const cli::arguments& args) {
  const vertex_id source = cli::source_vertex(in.labels(), args);
  if (args.value("--delta")) {
    const double delta = cli::real_option(args, "--delta", 0);
    if (!(delta > 0) || std::isinf(delta))
      throw error(error_kind::usage, "--delta must be a positive number");
  }
  run_record record;
  const std::vector<double> dist =
      sssp(procs, *in.edges, source, args.value("--delta").has_value(), record);
  if (procs.root())
    cli::write_vertex_values(in.labels(), args,
                             [&](vertex_id v) { return cli::format_real(dist[v]); });
  return record;
}

run_record run_pagerank(const process_grid& procs, const input& in, const cli::arguments& args) {
  const std::int64_t max_iterations = args.integer("--max-iters", 100);
  if (max_iterations < 0 || max_iterations > 1000000000)
    throw error(error_kind::usage, "--max-iters must be between 0 and 1000000000");
  const algorithms::pagerank_options options{cli::real_option(args, "--damping", 0.85),
                                             cli::real_option(args, "--tol", 1e-7),
                                             int(max_iterations)};
  run_record record;
  const pagerank_result r = pagerank(procs, *in.edges, options, record);
  if (!procs.root()) return record;
  cli::write_vertex_values(in.labels(), args, [&](vertex_id v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.15e", r.ranks[v]);
    return std::string(text);
  });
  if (options.tolerance > 0 && !(r.change < options.tolerance) && in.vertices() > 0)
    std::fprintf(stderr,
                 "graphring-dist: warning: pagerank stopped at --max-iters %d with an L1 change "
                 "of %.3g, above --tol %.3g: the ranks have not converged\n",
                 r.iterations, r.change, options.tolerance);
  return record;
}

run_record run_cc(const process_grid& procs, const input& in, const cli::arguments& args) {
  run_record record;
  const std::vector<std::uint64_t> component = components(procs, *in.edges, record);
  if (procs.root())
    cli::write_vertex_values(in.labels(), args, [&](vertex_id v) {
      return std::to_string(in.labels().label(vertex_id(component[v])));
    });
  return record;
}

// --stats: one JSON line on standard error from the root, the slowest process's times and the
// bytes each process sent in the algorithm's loop (largest and mean). Collective.
void print_stats(const process_grid& procs, const std::string& command, const input& in,
                 double load_seconds, const run_record& record) {
  std::uint64_t most = 0;
  MPI_Allreduce(&record.bytes_sent, &most, 1, MPI_UINT64_T, MPI_MAX, procs.world());
  const std::uint64_t total = procs.sum(record.bytes_sent);
  if (!procs.root()) return;
  std::fprintf(stderr,
               "{\"command\": \"%s\", \"graph\": \"%s\", \"processes\": %d, \"threads\": %d, "
               "\"vertices\": %llu, \"edges\": %llu, \"load_seconds\": %.6f, "
               "\"build_seconds\": %.6f, \"run_seconds\": %.6f, \"steps\": %llu, "
               "\"input_entries\": %llu, "
               "\"bytes_sent_per_process\": {\"max\": %llu, \"mean\": %.0f}}\n",
               command.c_str(), cli::current_input().c_str(), procs.size(), omp_get_max_threads(),
               static_cast<unsigned long long>(in.vertices()),
               static_cast<unsigned long long>(record.matrix_entries), load_seconds,
               record.build_seconds, record.run_seconds,
               static_cast<unsigned long long>(record.steps),
               static_cast<unsigned long long>(record.input_entries),
               static_cast<unsigned long long>(most), double(total) / procs.size());
}

const std::map<std::string, command_spec>& commands() {
  static const std::map<std::string, command_spec> all = {
      {"bfs",
       {{{"--parents", "--stats"},
         {"--source", "--out"},
         1,
         1,
         "graphring-dist bfs GRAPH --source ID [--parents] [--out FILE] [--stats]"},
        run_bfs}},
      {"sssp",
       {{{"--stats"},
         {"--source", "--delta", "--out"},
         1,
         1,
         "graphring-dist sssp GRAPH --source ID [--delta D] [--out FILE] [--stats]"},
        run_sssp}},
      {"pagerank",
       {{{"--stats"},
         {"--damping", "--tol", "--max-iters", "--out"},
         1,
         1,
         "graphring-dist pagerank GRAPH [--damping 0.85] [--tol 1e-7] [--max-iters 100] "
         "[--out FILE] [--stats]"},
        run_pagerank}},
      {"cc",
       {{{"--stats"}, {"--out"}, 1, 1, "graphring-dist cc GRAPH [--out FILE] [--stats]"}, run_cc}},
  };
  return all;
}

// A failure on this process: its one-line message and exit status.
struct failure {
  std::string message;
  int status = 1;
};

// Runs `step`, turning what it throws into a failure.
std::optional<failure> attempt(const std::function<void()>& step) {
  try {
    step();
    return std::nullopt;
  } catch (const error& e) {
    return failure{cli::error_line(e), exit_status(e.kind())};
  } catch (const std::bad_alloc&) {
    return failure{"out of memory: the system refused an allocation", 2};
  } catch (const std::exception& e) {
    return failure{std::string("internal error: ") + e.what(), 1};
  }
}

// Whether any process failed; if so the lowest such process prints its message and every process
// returns its status. Collective over MPI_COMM_WORLD.
std::optional<int> agree(const std::optional<failure>& mine) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int first = mine ? rank : INT_MAX;
  MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first == INT_MAX) return std::nullopt;
  int status = mine ? mine->status : 0;
  MPI_Bcast(&status, 1, MPI_INT, first, MPI_COMM_WORLD);
  if (rank == first)
    std::fprintf(stderr, "graphring-dist: %s\n", cli::printable(mine->message).c_str());
  return status;
}

int run(const std::vector<std::string>& argv) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const bool help = argv.empty() || argv[0] == "--help" || argv[0] == "-h" ||
                    (argv.size() > 1 && commands().count(argv[0]) &&
                     (std::find(argv.begin(), argv.end(), "--help") != argv.end() ||
                      std::find(argv.begin(), argv.end(), "-h") != argv.end()));
  if (help && !argv.empty() && commands().count(argv[0])) {
    if (rank == 0)
      std::printf("usage: mpirun -np P %s\n%s\n", commands().at(argv[0]).options.usage.c_str(),
                  cli::common_options_text);
    return 0;
  }
  if (help && (argv.empty() || argv[0] == "--help" || argv[0] == "-h")) {
    if (rank == 0) std::fputs(usage_text, argv.empty() ? stderr : stdout);
    return argv.empty() ? 2 : 0;
  }

  std::optional<cli::arguments> args;
  std::optional<process_grid> procs;
  input in;
  const command_spec* command = nullptr;
  double load_seconds = 0;
  // Local steps: each process parses, joins the grid and loads (maps) the graph on its own.
  if (const auto status = agree(attempt([&] {
        const auto found = commands().find(argv[0]);
        if (found == commands().end())
          throw error(error_kind::usage, "unknown command '" + argv[0] +
                                             "' (run 'graphring-dist --help' for the list)");
        command = &found->second;
        args.emplace(std::vector<std::string>(argv.begin() + 1, argv.end()), command->options);
        cli::apply_common_options(*args);
        procs.emplace(MPI_COMM_WORLD);
        const double start = MPI_Wtime();
        open_input(in, *procs, args->positional()[0], *args);
        load_seconds = MPI_Wtime() - start;
      })))
    return *status;
  // Collective steps, then local checks: a file read in pieces becomes each process's rows.
  if (const auto status = agree(attempt([&] {
        const double start = MPI_Wtime();
        gather_rows(in, *procs, *args);
        load_seconds += MPI_Wtime() - start;
      })))
    return *status;
  // Collective steps: every process runs the algorithm; the root writes the result.
  run_record record;
  if (const auto status = agree(attempt([&] { record = command->run(*procs, in, *args); })))
    return *status;
  MPI_Allreduce(MPI_IN_PLACE, &load_seconds, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  if (args->flag("--stats")) print_stats(*procs, argv[0], in, load_seconds, record);
  return 0;
}

}  // namespace
}  // namespace graphring::dist

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  int status = graphring::dist::run(std::vector<std::string>(argv + 1, argv + argc));
  MPI_Finalize();
  return status;
}
