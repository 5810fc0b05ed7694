// The registry's product on the CPU or, when built and asked for, on the GPU.
#include "engine/backend_mxv.hpp"

#include "core/error.hpp"

#ifdef GRAPHRING_HAS_CUDA
#include "engine/device/device_registry.hpp"
#endif

namespace graphring {

any_vector backend_mxv(backend on, const semiring_entry& semiring, const csr_matrix& a,
                       const any_vector& x, product_method method,
                       std::optional<format_kind> format, vertex_order order) {
  require_backend(on);
  if (on == backend::cuda && order != vertex_order::original)
    throw error(error_kind::usage,
                "a vertex order other than the original is a CPU option; "
                "leave out --order or use --backend cpu");
#ifdef GRAPHRING_HAS_CUDA
  if (on == backend::cuda) return device_mxv(semiring.name, a, x, method, format);
#endif
  return semiring.mxv(a, nullptr, x, method, format, order);
}

}  // namespace graphring
