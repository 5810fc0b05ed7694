// The benchmark run behind `graphring bench`: loads each graph once, builds each family of
// workloads on it (kernels, and the algorithms), times every system's run over N trials after a
// warm-up, checks that their answers agree with graphring's, and writes the table, JSON, CSV and
// SVG chart. Graph load and conversion into each system are not part of any timed run.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bench/harness/results.hpp"
#include "bench/harness/workload.hpp"
#include "engine/backends.hpp"
#include "engine/formatted_matrix.hpp"
#include "engine/graph.hpp"

namespace graphring::bench {

struct bench_options {
  std::vector<std::string> graphs;                         // files or generator names
  std::vector<std::string> families;                       // empty: every family
  std::set<std::string> against = {"graphblas", "boost"};  // systems besides graphring
  int trials = 10;
  // Each system's trials back to back (false), or every system in turn trial by trial, each timed
  // run after an untimed one of its own (true; bench/harness/measure.hpp, time_interleaved).
  bool interleave = false;
  int threads = 0;  // 0: OpenMP's default; GraphBLAS gets the same count
  unsigned seed = 1;
  // --sources: the labels BFS and SSSP run from (a workload per source, "bfs from L") and BC's
  // batch; empty: one BFS/SSSP source and BC's batch drawn by the seed.
  std::vector<std::int64_t> sources;
  bool quiet = false;
  std::string json, csv, plot;
  // cuda: GPU rows too (bench/harness/cuda_workloads.hpp): every format's SpMV beside cuSPARSE's
  // (with --formats, CSR's and those it names), and the GPU's BFS, SSSP and PageRank in the same
  // workloads as the CPU systems.
  backend on = backend::cpu;
  // graphring's BFS, Bellman-Ford SSSP, PageRank, CC (symmetric graphs), TC, BC and MSF (graphs
  // known to be symmetric) once more through each of these storages
  // (bench --formats), as the systems "graphring cci", "graphring dtans+degree", ...: each
  // format is built before the trials, and each answer is checked against graphring's on CSR.
  std::vector<adjacency_format> formats;
};

// A family builds the workloads of one kind on a loaded graph (graph name for display).
using workload_family =
    std::function<std::vector<workload>(graph& g, const std::string& name, const bench_options& o)>;

// Every family by name ("kernels", "bfs", "pagerank", ...), in the order they run.
const std::vector<std::pair<std::string, workload_family>>& workload_families();
// Whether a family runs when --algos names none: all but those that run part of another
// (`delta-stepping` and `bellman-ford`, the halves of `sssp`).
bool runs_by_default(const std::string& family);

struct bench_report {
  std::vector<result_row> rows;
  machine_line machine;
  bool all_agree = true;
};

bench_report run_bench(const bench_options& options);

}  // namespace graphring::bench
