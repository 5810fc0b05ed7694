// Backend availability: the only place that knows whether CUDA code was compiled in.
#include "engine/backends.hpp"

#ifdef GRAPHRING_HAS_CUDA
#include "kernels/cuda/device_query.hpp"
#endif

#include <omp.h>

#include <cstdlib>

#include "core/error.hpp"

namespace graphring {

bool cuda_compiled() noexcept {
#ifdef GRAPHRING_HAS_CUDA
  return true;
#else
  return false;
#endif
}

int cuda_device_count() noexcept {
#ifdef GRAPHRING_HAS_CUDA
  return cuda::device_count();
#else
  return 0;
#endif
}

std::string build_summary() {
  const char* policy = std::getenv("OMP_WAIT_POLICY");
  std::string s = "OpenMP threads " + std::to_string(omp_get_max_threads()) + ", wait policy " +
                  (policy ? policy : "default") + "; CUDA backend ";
  if (!cuda_compiled()) return s + "not built";
  const int devices = cuda_device_count();
  return s + "built, " + std::to_string(devices) + (devices == 1 ? " device" : " devices") +
         " present";
}

backend parse_backend(std::string_view name) {
  if (name == "cpu") return backend::cpu;
  if (name == "cuda") return backend::cuda;
  throw error(error_kind::usage, "--backend must be cpu or cuda, not '" + std::string(name) + "'");
}

std::string_view backend_name(backend b) noexcept { return b == backend::cuda ? "cuda" : "cpu"; }

void require_backend(backend b) {
  if (b == backend::cpu) return;
  if (!cuda_compiled())
    throw error(error_kind::usage,
                "--backend cuda: this build has no CUDA backend (build with nvcc installed)");
  if (cuda_device_count() == 0)
    throw error(error_kind::usage, "--backend cuda: no CUDA device is present");
}

}  // namespace graphring
