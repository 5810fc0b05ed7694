// The entry-by-entry kernels of the device operations (their host launchers, which hold the
// device containers, are engine/device/elementwise.cuh), one thread per index over vectors held
// addressable (bitmap or dense), each running a step of entry_rules.hpp and writing values and
// presence bytes that from_presence then counts and conforms:
//    engine/ops/write_back.hpp, including its shortcut when t simply replaces w);
//  - merge (ewise_add over the union, ewise_mult over the intersection), map (apply, select);
//  - reductions: a row's ⊕ (thread per row) and a whole vector's or matrix's ⊕ (per-thread
//    sums, then warps and blocks combined by shuffles: the monoid must be commutative);
//  - matrix select: kept entries counted per row, offsets by a prefix sum, then copied.
#pragma once

#include <cstdint>
#include <type_traits>

#include "kernels/cuda/cuda_try.cuh"
#include "kernels/cuda/entry_rules.hpp"
#include "kernels/cuda/views.hpp"
#include "kernels/cuda/warp.cuh"
#include "semirings/monoids.hpp"

namespace graphring::cuda {

// A monoid seen as the ⊕ of a semiring, for group_sum.
template <class M>
struct monoid_sum {
  using c_type = typename M::value_type;
  __device__ static c_type add(const c_type& x, const c_type& y) { return M()(x, y); }
};

template <class W, class C>
__global__ void convert_kernel(std::uint64_t count, const C* in, const std::uint8_t* present,
                               W* out) {
  for (std::uint64_t i = global_thread(); i < count; i += grid_threads())
    if (!present || present[i]) out[i] = W(in[i]);
}

template <bool accumulate, class W, class C, class Accum>
__global__ void write_back_kernel(std::uint64_t n, mask_view mask, bool replace, Accum accum,
                                  const W* old, const std::uint8_t* old_present, const C* t,
                                  const std::uint8_t* t_present, W* values, std::uint8_t* present) {
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads())
    write_back_at<accumulate>(i, mask, replace, accum, old, old_present, t, t_present, values,
                              present);
}

template <bool union_of, class R, class Op, class U, class V>
__global__ void merge_kernel(std::uint64_t n, Op op, const U* u, const std::uint8_t* u_present,
                             const V* v, const std::uint8_t* v_present, R* values,
                             std::uint8_t* present) {
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads())
    merge_at<union_of>(i, op, u, u_present, v, v_present, values, present);
}

// f(x, i) for each entry, kept where keep(x, i) holds: apply (keep always) and select (f = x).
template <class R, class U, class F, class Keep>
__global__ void map_kernel(std::uint64_t n, F f, Keep keep, const U* u,
                           const std::uint8_t* u_present, R* values, std::uint8_t* present) {
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads())
    map_at(i, f, keep, u, u_present, values, present);
}

template <class M, class A>
__global__ void reduce_rows_kernel(kernels::csr_view<A> a, typename M::value_type* values,
                                   std::uint8_t* present) {
  for (std::uint64_t i = global_thread(); i < a.nrows; i += grid_threads())
    reduce_row_at<M>(a, i, values, present);
}

// ⊕ of T(values[i]) (of `iso` when values is null) over i < n with present[i] (null: all),
// one partial sum per block.
template <class M, class U>
__global__ void reduce_kernel(std::uint64_t n, const U* values, U iso, const std::uint8_t* present,
                              typename M::value_type* partial) {
  using T = typename M::value_type;
  constexpr unsigned warps = block_threads / warp_lanes;
  __shared__ alignas(T) unsigned char sums_storage[warps * sizeof(T)];
  T* sums = reinterpret_cast<T*>(sums_storage);
  T acc = M::identity();
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads())
    if (!present || present[i]) acc = M()(acc, T(values ? values[i] : iso));
  bool taken = true;
  group_sum<monoid_sum<M>>(acc, taken, warp_lanes);
  if (threadIdx.x % warp_lanes == 0) sums[threadIdx.x / warp_lanes] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    T total = M::identity();
    for (unsigned w = 0; w < warps; ++w) total = M()(total, sums[w]);
    partial[blockIdx.x] = total;
  }
}

template <class F, class T>
__global__ void count_kept(kernels::csr_view<T> a, F keep, std::uint64_t* kept) {
  for (std::uint64_t i = global_thread(); i < a.nrows; i += grid_threads())
    kept[i] = kept_in_row(a, keep, i);
}

template <class F, class T>
__global__ void copy_kept(kernels::csr_view<T> a, F keep, const std::uint64_t* offsets,
                          vertex_id* cols, T* values) {
  for (std::uint64_t i = global_thread(); i < a.nrows; i += grid_threads())
    copy_kept_row(a, keep, offsets, i, cols, values);
}
}  // namespace graphring::cuda
