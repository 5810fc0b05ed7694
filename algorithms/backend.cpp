// The run-time choice of backend for the algorithms that have a GPU version.
#include "algorithms/backend.hpp"

#ifdef GRAPHRING_HAS_CUDA
#include "algorithms/device/device_algorithms.hpp"
#endif

namespace graphring::algorithms {

bfs_result bfs(graph& g, vertex_id source, const bfs_options& options, backend on) {
  require_backend(on);
#ifdef GRAPHRING_HAS_CUDA
  if (on == backend::cuda) return device::bfs(g, source, options);
#endif
  return bfs(g, source, options);
}

vector<double> sssp(const graph& g, vertex_id source, std::optional<double> delta, backend on) {
  require_backend(on);
#ifdef GRAPHRING_HAS_CUDA
  if (on == backend::cuda) return device::sssp(g, source, delta);
#endif
  return sssp(g, source, delta);
}

pagerank_result pagerank(graph& g, const pagerank_options& options, backend on) {
  require_backend(on);
#ifdef GRAPHRING_HAS_CUDA
  if (on == backend::cuda) return device::pagerank(g, options);
#endif
  return pagerank(g, options);
}

}  // namespace graphring::algorithms
