// Lane-level helpers of the CUDA kernels: shuffles of values of any trivially copyable type (a
// semiring's struct too, moved 32-bit word by word), the ⊕-reduction of a group of lanes, the
// mask of the lanes that share a row, and the warp's sums, ranks and maximum as a team.
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

// The warp as the team of dtans_lane_rows (kernels/cuda/dtans_lane.hpp): sums over the lanes
// before this one by an inclusive scan of shuffles, ranks by ballot, the maximum by butterfly.
// Every lane of the warp must call each member.
struct warp_team {
  __device__ std::uint64_t exclusive_sum(std::uint64_t v, std::uint64_t& total) const {
    const unsigned lane = threadIdx.x % warp_lanes;
    std::uint64_t sum = v;
    for (unsigned d = 1; d < warp_lanes; d *= 2) {
      const std::uint64_t below = __shfl_up_sync(full_warp, sum, d);
      if (lane >= d) sum += below;
    }
    total = __shfl_sync(full_warp, sum, warp_lanes - 1);
    return sum - v;
  }
  __device__ std::uint64_t rank(bool b, std::uint64_t& count) const {
    const unsigned votes = __ballot_sync(full_warp, b);
    const unsigned lane = threadIdx.x % warp_lanes;
    count = unsigned(__popc(votes));
    return unsigned(__popc(votes & ((1u << lane) - 1)));
  }
  __device__ std::uint64_t max(std::uint64_t v) const {
    for (unsigned d = warp_lanes / 2; d > 0; d /= 2) {
      const std::uint64_t other = __shfl_xor_sync(full_warp, v, d);
      v = other > v ? other : v;
    }
    return v;
  }
};

// Index of this thread in the whole grid and the grid's size, for grid-stride loops.
__device__ inline std::uint64_t global_thread() {
  return blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x;
}
__device__ inline std::uint64_t grid_threads() { return std::uint64_t(gridDim.x) * blockDim.x; }

}  // namespace graphring::cuda
