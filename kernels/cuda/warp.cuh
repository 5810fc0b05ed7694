// Lane-level helpers of the CUDA kernels: shuffles of values of any trivially copyable type (a
// semiring's struct too, moved 32-bit word by word), the ⊕-reduction of a group of lanes, and
// the mask of the lanes that share a row.
#pragma once

#include <cstdint>
#include <cstring>

#include "kernels/cuda/launch_geometry.hpp"

namespace graphring::cuda {

inline constexpr unsigned full_warp = 0xffffffffu;

// v from the lane `delta` above within groups of `width` lanes (its own value past the group's
// end). Every lane of the warp must call it.
template <class T>
__device__ T shuffle_down(const T& v, unsigned delta, unsigned width) {
  constexpr unsigned words = (sizeof(T) + sizeof(unsigned) - 1) / sizeof(unsigned);
  unsigned w[words] = {};
  std::memcpy(w, &v, sizeof(T));
  for (unsigned i = 0; i < words; ++i) w[i] = __shfl_down_sync(full_warp, w[i], delta, width);
  T out;
  std::memcpy(&out, w, sizeof(T));
  return out;
}

// Lane 0 of each group of `lanes` consecutive lanes (a power of two up to 32) gets the ⊕ of the
// group's sums and whether any lane took a product. Offsets grow 1, 2, 4 ... so lane 0 combines
// neighbours pairwise (the ⊕ must be commutative: lanes hold strided entries). Every lane of the
// warp must call it.
template <class S>
__device__ void group_sum(typename S::c_type& acc, bool& taken, unsigned lanes) {
  for (unsigned offset = 1; offset < lanes; offset *= 2) {
    const typename S::c_type other = shuffle_down(acc, offset, lanes);
    const bool other_taken = __shfl_down_sync(full_warp, int(taken), offset, lanes) != 0;
    if (other_taken) acc = taken ? S::add(acc, other) : other;
    taken = taken || other_taken;
  }
}

// The lanes of this lane's group of `lanes` (1, 2, 4 ... 32) within its warp.
__device__ inline unsigned group_lane_mask(unsigned lanes) {
  if (lanes >= warp_lanes) return full_warp;
  const unsigned lane = threadIdx.x % warp_lanes;
  return ((1u << lanes) - 1) << (lane - lane % lanes);
}

// Index of this thread in the whole grid and the grid's size, for grid-stride loops.
__device__ inline std::uint64_t global_thread() {
  return blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x;
}
__device__ inline std::uint64_t grid_threads() { return std::uint64_t(gridDim.x) * blockDim.x; }

}  // namespace graphring::cuda
