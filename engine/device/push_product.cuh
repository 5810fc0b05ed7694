// The host side of push SpMSpV on the GPU: the frontier's degrees, their exclusive sums, then
// the atomic or the ordered path of kernels/cuda/push.cuh (the method and its paper are there),
// into a device vector of the result.
#pragma once

#include <cstdint>

#include "core/error.hpp"
#include "engine/device/device_vector.hpp"
#include "kernels/cuda/push.cuh"

namespace graphring::cuda {

template <class S, class T, class U>
device_vector<typename S::c_type> push_product(const kernels::csr_view<T>& rows,
                                               const std::uint32_t* u_index, const U* u_value,
                                               std::uint64_t u_nvals, const mask_view& mask) {
  using C = typename S::c_type;
  const std::uint64_t n = rows.ncols;
  if (u_nvals == 0) return device_vector<C>(n);
  device_array<std::uint64_t> degree(u_nvals), start(u_nvals);
  frontier_degrees<<<grid_for(u_nvals, block_threads), block_threads>>>(rows, u_index, u_nvals,
                                                                        degree.data());
  GRAPHRING_CUDA_LAUNCHED();
  const std::uint64_t total = exclusive_sum(degree.data(), start.data(), u_nvals);
  if (total == 0) return device_vector<C>(n);

  if constexpr (has_atomic_form_v<typename S::add_monoid, C>) {
    auto values = device_array<C>::filled(n, S::zero());
    device_array<std::uint8_t> present(n);
    fill_bytes(present.data(), 0, n);
    push_atomic<S><<<grid_for(total, block_threads), block_threads>>>(
        rows, u_index, u_value, start.data(), u_nvals, total, mask, values.data(), present.data());
    GRAPHRING_CUDA_LAUNCHED();
    return from_presence(n, std::move(values), std::move(present));
  } else {
    if (total >= (std::uint64_t(1) << 32))
      throw error(error_kind::limit, "an ordered GPU push handles fewer than 2^32 edges a step");
    const std::uint32_t excluded = std::uint32_t(n);  // above every vertex id
    device_array<std::uint32_t> key(total), head(total);
    device_array<std::uint64_t> slot(total);
    push_keys<<<grid_for(total, block_threads), block_threads>>>(
        rows, u_index, start.data(), u_nvals, total, mask, excluded, key.data(), slot.data());
    GRAPHRING_CUDA_LAUNCHED();
    sort_pairs(key.data(), slot.data(), total, key_bits_for(n));
    device_array<std::uint8_t> is_head(total);
    run_heads<<<grid_for(total, block_threads), block_threads>>>(key.data(), total, is_head.data());
    GRAPHRING_CUDA_LAUNCHED();
    std::uint64_t runs = compact_flags(is_head.data(), total, head.data());
    // The excluded slots, if any, form the last run: the entries are the runs before it.
    std::uint32_t last_key = 0;
    std::uint32_t last_head = 0;
    copy_to_host(&last_head, head.data() + (runs - 1), sizeof last_head);
    copy_to_host(&last_key, key.data() + last_head, sizeof last_key);
    const std::uint64_t entries = last_key == excluded ? runs - 1 : runs;
    device_array<std::uint32_t> index(entries);
    device_array<C> value(entries);
    if (entries > 0) {
      // A dropped excluded run still ends the run before it.
      const std::uint64_t end = last_key == excluded ? last_head : total;
      fold_runs<S><<<grid_for(entries, block_threads), block_threads>>>(
          rows, u_index, u_value, start.data(), u_nvals, key.data(), slot.data(), head.data(),
          entries, end, index.data(), value.data());
      GRAPHRING_CUDA_LAUNCHED();
    }
    auto t = device_vector<C>::from_sparse(n, std::move(index), std::move(value));
    t.conform();
    return t;
  }
}

}  // namespace graphring::cuda
