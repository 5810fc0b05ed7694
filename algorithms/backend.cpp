// The run-time choice of backend for the algorithms that have a GPU version.
#include "algorithms/backend.hpp"

#ifdef GRAPHRING_HAS_CUDA
#include "algorithms/device/device_algorithms.hpp"
#endif

namespace graphring::algorithms {

namespace {

// The GPU versions run on CSR: another storage is a usage error there.
void require_csr_on_device(backend on, const adjacency_format& format) {
  if (on == backend::cuda && !format.plain_csr())
    throw error(error_kind::usage,
                "--format and --order other than csr and original run on the CPU backend only "
                "(the GPU's formats serve spmv)");
}

}  // namespace

bfs_result bfs(graph& g, vertex_id source, const bfs_options& options, backend on) {
  require_backend(on);
  require_csr_on_device(on, options.format);
#ifdef GRAPHRING_HAS_CUDA
  if (on == backend::cuda) return device::bfs(g, source, options);
#endif
  return bfs(g, source, options);
}

vector<double> sssp(const graph& g, vertex_id source, std::optional<double> delta, backend on,
                    const adjacency_format& format) {
  require_backend(on);
  require_csr_on_device(on, format);
#ifdef GRAPHRING_HAS_CUDA
  if (on == backend::cuda) return device::sssp(g, source, delta);
#endif
  return sssp(g, source, delta, format);
}

pagerank_result pagerank(graph& g, const pagerank_options& options, backend on) {
  require_backend(on);
  require_csr_on_device(on, options.format);
#ifdef GRAPHRING_HAS_CUDA
  if (on == backend::cuda) return device::pagerank(g, options);
#endif
  return pagerank(g, options);
}

}  // namespace graphring::algorithms
