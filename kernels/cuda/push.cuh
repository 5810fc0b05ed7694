// Push SpMSpV on the GPU: t(j) = ⊕_k u(k) ⊗ N(k,j) over the entries u(k) of a sparse vector and
// the stored N(k,j) of their rows whose j a mask allows — a frontier scattered over its
// out-edges, in the vxm orientation (mxv pushes over Aᵀ with flipped<S>).
// The frontier's edges are expanded one thread per edge with load-balanced search (Merrill,
// Garland, Grimshaw, "Scalable GPU graph traversal", PPoPP 2012): the exclusive sums of the
// frontier's degrees say where each entry's edges start, and thread t finds its entry by binary
// search (launch_geometry.hpp), so a hub's edges spread over many threads.
//  - A monoid with an atomic form (atomic_combine.cuh) scatters each product into a dense
//    workspace (values from the identity, presence bytes), which is then compacted.
//  - Any other (not commutative, or a struct wider than 8 bytes) takes the ordered path: the
//    edges' slots are sorted by target, stably, so each target's products stay in frontier
//    order (ascending k), and one thread folds each target's run — the same order as the CPU.
#pragma once

#include <cstdint>

#include "kernels/cuda/atomic_combine.cuh"
#include "kernels/cuda/cuda_try.cuh"
#include "kernels/cuda/push_steps.hpp"
#include "kernels/cuda/views.hpp"
#include "kernels/cuda/warp.cuh"

namespace graphring::cuda {

template <class T>
__global__ void frontier_degrees(kernels::csr_view<T> rows, const std::uint32_t* u_index,
                                 std::uint64_t u_nvals, std::uint64_t* degree) {
  for (std::uint64_t e = global_thread(); e < u_nvals; e += grid_threads())
    degree[e] = rows.offsets[u_index[e] + 1] - rows.offsets[u_index[e]];
}

template <class S, class T, class U>
__global__ void push_atomic(kernels::csr_view<T> rows, const std::uint32_t* u_index,
                            const U* u_value, const std::uint64_t* start, std::uint64_t u_nvals,
                            std::uint64_t total, mask_view mask, typename S::c_type* values,
                            std::uint8_t* present) {
  const atomic_combiner<typename S::add_monoid> combine;
  for (std::uint64_t t = global_thread(); t < total; t += grid_threads())
    push_slot<S>(rows, u_index, u_value, start, u_nvals, mask, t, values, present, combine);
}

template <class T>
__global__ void push_keys(kernels::csr_view<T> rows, const std::uint32_t* u_index,
                          const std::uint64_t* start, std::uint64_t u_nvals, std::uint64_t total,
                          mask_view mask, std::uint32_t excluded, std::uint32_t* key,
                          std::uint64_t* slot) {
  for (std::uint64_t t = global_thread(); t < total; t += grid_threads())
    push_key(rows, u_index, start, u_nvals, mask, excluded, t, key, slot);
}

template <class K>
__global__ void run_heads(const K* key, std::uint64_t total, std::uint8_t* head) {
  for (std::uint64_t t = global_thread(); t < total; t += grid_threads())
    head[t] = t == 0 || key[t] != key[t - 1];
}

template <class S, class T, class U>
__global__ void fold_runs(kernels::csr_view<T> rows, const std::uint32_t* u_index, const U* u_value,
                          const std::uint64_t* start, std::uint64_t u_nvals,
                          const std::uint32_t* key, const std::uint64_t* slot,
                          const std::uint32_t* head, std::uint64_t runs, std::uint64_t last,
                          std::uint32_t* index, typename S::c_type* value) {
  for (std::uint64_t r = global_thread(); r < runs; r += grid_threads())
    fold_run<S>(rows, u_index, u_value, start, u_nvals, key, slot, head, runs, last, r, index,
                value);
}

}  // namespace graphring::cuda
