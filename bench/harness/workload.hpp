// What the benchmark harness runs: a workload (one kernel or algorithm on one graph) done by
// several systems — graphring first, then SuiteSparse:GraphBLAS (the baseline ratios are taken
// against) and Boost.Graph where it has the algorithm. Each system's run() does the timed work
// and keeps its answer; agree() compares that answer with graphring's and returns "" when they
// agree, or what differs.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/ids.hpp"

namespace graphring::bench {

inline const std::string graphring_system = "graphring";
inline const std::string graphblas_system = "GraphBLAS";
inline const std::string boost_system = "Boost";

struct system_run {
  std::string system;                  // graphring, GraphBLAS, Boost, or a graphring variant
  std::function<void()> prepare;       // untimed set-up before each trial (may be empty)
  std::function<void()> run;           // the timed work
  std::function<std::string()> agree;  // "" when the answer matches graphring's (empty: reference)
  bool gpu = false;                    // runs on the GPU (its GB/s is read against the device's)
};

struct workload {
  std::string graph;  // display name of the graph
  std::string name;   // "mxv plus_times fp32", "bfs", ...
  double edges = 0;   // edges traversed by one run, for edges per second
  double bytes = 0;   // least bytes one run must move (0: not a bandwidth-bound kernel)
  std::vector<system_run> systems;
  // The vertex a BFS or SSSP run starts from (internal id) and its label in the input, where
  // the bench was given --sources (empty when the source was drawn by the seed, or there is none).
  std::optional<vertex_id> source = std::nullopt;
  std::optional<std::int64_t> source_label = std::nullopt;
};

}  // namespace graphring::bench
