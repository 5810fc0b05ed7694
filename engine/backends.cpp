// Backend availability: the only place that knows whether CUDA code was compiled in.
#include "engine/backends.hpp"

#ifdef GRAPHRING_HAS_CUDA
#include "kernels/cuda/device_query.hpp"
#endif

#include <omp.h>

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
  std::string s = "OpenMP threads " + std::to_string(omp_get_max_threads()) + "; CUDA backend ";
  if (!cuda_compiled()) return s + "not built";
  const int devices = cuda_device_count();
  return s + "built, " + std::to_string(devices) + (devices == 1 ? " device" : " devices") + " present";
}

}  // namespace graphring
