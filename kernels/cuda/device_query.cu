// CUDA device queries through the runtime API; a missing driver or device counts as none.
#include <cuda_runtime.h>

#include "kernels/cuda/device_query.hpp"

namespace graphring::cuda {

int device_count() noexcept {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky error so later calls start clean
    return 0;
  }
  return count;
}

}  // namespace graphring::cuda
