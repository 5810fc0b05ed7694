// BFS, SSSP and PageRank on the backend the caller picks at run time (`--backend cpu|cuda` on
// the command line): the CPU algorithms of this folder, or their GPU versions
// (algorithms/device/). Both give the same results and conventions. Asking for CUDA where it
// cannot run (not built, no device) is error_kind::usage, with one line saying which, and so is
// a vertex order other than the original on the GPU, or a format other than CSR for SSSP there
// (BFS and PageRank pull in any format on the GPU too).
//
//   auto r = graphring::algorithms::bfs(g, source, {.parents = true}, graphring::backend::cuda);
#pragma once

#include <optional>

#include "algorithms/bfs.hpp"
#include "algorithms/pagerank.hpp"
#include "algorithms/sssp.hpp"
#include "engine/backends.hpp"

namespace graphring::algorithms {

bfs_result bfs(graph& g, vertex_id source, const bfs_options& options, backend on);
vector<double> sssp(const graph& g, vertex_id source, std::optional<double> delta, backend on,
                    const adjacency_format& format = {});
pagerank_result pagerank(graph& g, const pagerank_options& options, backend on);

}  // namespace graphring::algorithms
