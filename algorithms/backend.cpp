// The run-time choice of backend for the algorithms that have a GPU version.
#include "algorithms/backend.hpp"

#ifdef GRAPHRING_HAS_CUDA
#include "algorithms/device/device_algorithms.hpp"
#endif

namespace graphring::algorithms {

namespace {

// The GPU versions run in the original vertex order; SSSP's (pushes only) on CSR.
void require_device_format(backend on, const adjacency_format& format, bool pulls) {
  if (on != backend::cuda) return;
  if (format.order != vertex_order::original)
    throw error(error_kind::usage, "--order other than original runs on the CPU backend only");
  if (!pulls && !format.plain_csr())
    throw error(error_kind::usage,
                "sssp on the GPU relaxes by pushes over CSR: --format other than csr runs on the "
                "CPU backend only");
}

}  // namespace

bfs_result bfs(graph& g, vertex_id source, const bfs_options& options, backend on) {
  require_device_format(on, options.format, true);
  require_backend(on);
#ifdef GRAPHRING_HAS_CUDA
  if (on == backend::cuda) return device::bfs(g, source, options);
#endif
  return bfs(g, source, options);
}

vector<double> sssp(const graph& g, vertex_id source, std::optional<double> delta, backend on,
                    const adjacency_format& format) {
  require_device_format(on, format, false);
  require_backend(on);
#ifdef GRAPHRING_HAS_CUDA
  if (on == backend::cuda) return device::sssp(g, source, delta);
#endif
  return sssp(g, source, delta, format);
}

pagerank_result pagerank(graph& g, const pagerank_options& options, backend on) {
  require_device_format(on, options.format, true);
  require_backend(on);
#ifdef GRAPHRING_HAS_CUDA
  if (on == backend::cuda) return device::pagerank(g, options);
#endif
  return pagerank(g, options);
}

}  // namespace graphring::algorithms
