// Truth bytes of a value mask (engine/device/device_mask.hpp), for each arithmetic type but bool
// (whose values are their own truth bytes).
#include <cstdint>

#include "engine/device/device_mask.hpp"
#include "kernels/cuda/cuda_try.cuh"
#include "kernels/cuda/warp.cuh"

namespace graphring::cuda {
namespace {

template <class M>
__global__ void truth_kernel(const M* values, std::uint64_t n, std::uint8_t* out) {
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads()) out[i] = values[i] != M(0);
}

}  // namespace

template <class M>
void truth_bytes(const M* values, std::uint64_t n, std::uint8_t* out) {
  if (n == 0) return;
  truth_kernel<<<grid_for(n, block_threads), block_threads>>>(values, n, out);
  GRAPHRING_CUDA_LAUNCHED();
}

template void truth_bytes(const std::int32_t*, std::uint64_t, std::uint8_t*);
template void truth_bytes(const std::int64_t*, std::uint64_t, std::uint8_t*);
template void truth_bytes(const std::uint32_t*, std::uint64_t, std::uint8_t*);
template void truth_bytes(const std::uint64_t*, std::uint64_t, std::uint8_t*);
template void truth_bytes(const float*, std::uint64_t, std::uint8_t*);
template void truth_bytes(const double*, std::uint64_t, std::uint8_t*);

}  // namespace graphring::cuda
