// The algorithm workloads of the benchmark: graphring's algorithms against the GraphBLAS
// baselines written the LAGraph way and against Boost.Graph where Boost has the algorithm, on the
// same graph, with each answer checked against graphring's:
//  - convert   : putting the loaded CSR into each system (graphring: its cached Aᵀ; GraphBLAS:
//                GrB_Matrix import and Aᵀ; Boost: its CSR graph), timed as a row of its own
//                because every other workload starts from converted data;
//  - bfs       : direction-optimizing BFS with parents (Boost: breadth_first_search), and
//                push-only BFS; levels equal, every parent valid;
//  - sssp      : delta-stepping (Boost: Dijkstra) and Bellman-Ford; distances within 1e-9;
//  - pagerank  : a fixed number of iterations (tolerance 0) on every system, so that the times
//                divide into comparable per-iteration times; ranks within 1e-6;
//  - cc        : weak components (FastSV; Boost: connected_components); partitions equal;
//  - tc        : triangles of the undirected simple graph; counts equal;
//  - bc        : Brandes from a small batch of sources (Boost's only runs from every vertex, so
//                it is left out); scores within 1e-6 relative;
//  - msf       : minimum spanning forest (Boost: Kruskal; GraphBLAS has none); weights equal.
// Sources are drawn by the seed among the vertices with out-edges, or given by --sources: then
// BFS and SSSP make a workload per source ("bfs from 128160") and BC runs the given batch. The
// returned workloads hold pointers into `g`: run them while `g` lives (run_bench does).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/harness/run_bench.hpp"
#include "bench/harness/workload.hpp"
#include "engine/graph.hpp"

namespace graphring::bench {

struct algorithm_limits {
  int pagerank_iterations = 20;
  int bc_sources = 4;
  double bc_max_edges = 64e6;   // BC is skipped above this many stored edges
  double msf_max_edges = 16e6;  // MSF too (Boost's undirected adjacency_list is heavy)
};

// `count` distinct vertices with out-edges, drawn by `seed` (fewer when fewer exist).
std::vector<vertex_id> pick_sources(graph& g, unsigned seed, std::size_t count);

// A source of BFS, SSSP or BC workloads: given by --sources (its label kept) or drawn (no label).
struct bench_source {
  vertex_id vertex = 0;
  std::optional<std::int64_t> label;
  // An empty workload of this kind from this source: "bfs", or "bfs from LABEL" when given.
  bench::workload workload(const std::string& graph_name, const std::string& kind,
                           double edges) const;
};

// The labels of o.sources as vertices of g (an unknown label is an error naming it), or `drawn`
// vertices drawn by o.seed when none were given.
std::vector<bench_source> workload_sources(graph& g, const bench_options& o, std::size_t drawn);

std::vector<workload> convert_workloads(graph& g, const std::string& name, const bench_options& o);
std::vector<workload> bfs_workloads(graph& g, const std::string& name, const bench_options& o);
// Which of the SSSP workloads to make: `sssp` names both, `delta-stepping` and `bellman-ford`
// one each (Bellman-Ford's rounds take far longer on a road-like grid).
enum class sssp_methods { both, delta_stepping, bellman_ford };
std::vector<workload> sssp_workloads(graph& g, const std::string& name, const bench_options& o,
                                     sssp_methods methods = sssp_methods::both);
std::vector<workload> pagerank_workloads(graph& g, const std::string& name, const bench_options& o,
                                         const algorithm_limits& limits = {});
std::vector<workload> cc_workloads(graph& g, const std::string& name, const bench_options& o);
std::vector<workload> tc_workloads(graph& g, const std::string& name, const bench_options& o);
std::vector<workload> bc_workloads(graph& g, const std::string& name, const bench_options& o,
                                   const algorithm_limits& limits = {});
std::vector<workload> msf_workloads(graph& g, const std::string& name, const bench_options& o,
                                    const algorithm_limits& limits = {});

}  // namespace graphring::bench
