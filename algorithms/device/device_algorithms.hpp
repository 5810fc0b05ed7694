// BFS, SSSP and PageRank on the GPU: the CPU algorithms' methods, results and conventions
// (algorithms/bfs.hpp, sssp.hpp, pagerank.hpp), written against the device operations
// (engine/device/operations.hpp) on a matrix uploaded once. Results come back to the host.
// BFS and PageRank pull in the format options.format names (auto: the CPU's rule over A; the
// original vertex order only); SSSP's relaxations are pushes, over CSR.
// Available when the CUDA backend is built; algorithms/backend.hpp chooses at run time.
#pragma once

#include <optional>

#include "algorithms/bfs.hpp"
#include "algorithms/pagerank.hpp"
#include "engine/device/device_matrix.hpp"
#include "engine/graph.hpp"

namespace graphring::algorithms::device {

// The format a GPU algorithm holds A in: f's, or by the auto rule over A's pattern.
format_kind device_format(const adjacency_format& f, const matrix<bool>& a);

// Direction-optimizing BFS (algorithms/device/bfs.cpp); pull steps read Aᵀ.
bfs_result bfs(const device_matrix<bool>& a, vertex_id source, const bfs_options& options = {});
bfs_result bfs(graph& g, vertex_id source, const bfs_options& options = {});

// Delta-stepping for non-negative weights, Bellman-Ford otherwise (algorithms/device/sssp.cpp);
// distances, +infinity where unreached.
vector<double> sssp_delta_stepping(const device_matrix<double>& a, vertex_id source,
                                   double delta = 0);
vector<double> sssp_bellman_ford(const device_matrix<double>& a, vertex_id source);
vector<double> sssp(const graph& g, vertex_id source, std::optional<double> delta = std::nullopt);

// Power iteration with dangling rank spread uniformly (algorithms/device/pagerank.cpp).
pagerank_result pagerank(const device_matrix<bool>& a, const pagerank_options& options = {});
pagerank_result pagerank(graph& g, const pagerank_options& options = {});

}  // namespace graphring::algorithms::device
