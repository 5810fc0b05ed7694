// The entry-by-entry kernels of the device operations, one thread per index over vectors held
// addressable (bitmap or dense), each running a step of entry_rules.hpp and writing values and
// presence bytes that from_presence then counts and conforms:
//  - write_back: w<mask> = accum(w, t), the last step of every vector operation (the rules of
//    engine/ops/write_back.hpp, including its shortcut when t simply replaces w);
//  - merge (ewise_add over the union, ewise_mult over the intersection), map (apply, select);
//  - reductions: a row's ⊕ (thread per row) and a whole vector's or matrix's ⊕ (per-thread
//    sums, then warps and blocks combined by shuffles: the monoid must be commutative);
//  - matrix select: kept entries counted per row, offsets by a prefix sum, then copied.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/device/device_mask.hpp"
#include "engine/device/device_matrix.hpp"
#include "engine/device/device_vector.hpp"
#include "kernels/cuda/cuda_try.cuh"
#include "kernels/cuda/entry_rules.hpp"
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

// t with its values converted to W, in t's form (a move when the types agree).
template <class W, class C>
device_vector<W> converted(device_vector<C>&& t) {
  if constexpr (std::is_same_v<W, C>) {
    return std::move(t);
  } else {
    t.to_addressable();
    const std::uint64_t n = t.size();
    device_array<W> values(n);
    if (n) {
      convert_kernel<<<grid_for(n, block_threads), block_threads>>>(n, t.values(), t.present(),
                                                                    values.data());
      GRAPHRING_CUDA_LAUNCHED();
    }
    if (t.form() == vector_form::dense) return device_vector<W>::from_dense(std::move(values));
    device_array<std::uint8_t> present(n);
    copy_on_device(present.data(), t.present(), n);
    return device_vector<W>::from_bitmap(n, std::move(values), std::move(present), t.nvals());
  }
}

template <bool accumulate, class W, class C, class Accum>
__global__ void write_back_kernel(std::uint64_t n, mask_view mask, bool replace, Accum accum,
                                  const W* old, const std::uint8_t* old_present, const C* t,
                                  const std::uint8_t* t_present, W* values, std::uint8_t* present) {
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads())
    write_back_at<accumulate>(i, mask, replace, accum, old, old_present, t, t_present, values,
                              present);
}

// w<mask> = accum(w, t). t_within_mask: t has no entry the mask excludes (a masked kernel made it).
template <class W, class Accum, class C>
void write_back(device_vector<W>& w, const device_mask& mask, const Accum& accum,
                device_vector<C>&& t, const descriptor& d, bool t_within_mask) {
  constexpr bool accumulate = !std::is_same_v<Accum, no_accum_t>;
  if constexpr (!accumulate) {
    if ((!mask.masked() && !d.complement_mask) || (mask.masked() && d.replace && t_within_mask)) {
      w = converted<W>(std::move(t));
      w.conform();
      return;
    }
  }
  const std::uint64_t n = w.size();
  // The mask may be w itself: its view points into w's arrays, which `old` keeps alive.
  device_vector<W> old = std::move(w);
  old.to_addressable();
  t.to_addressable();
  device_array<W> values(n);
  device_array<std::uint8_t> present(n);
  if (n) {
    write_back_kernel<accumulate><<<grid_for(n, block_threads), block_threads>>>(
        n, mask.view(), d.replace, accum, old.values(), old.present(), t.values(), t.present(),
        values.data(), present.data());
    GRAPHRING_CUDA_LAUNCHED();
  }
  w = from_presence(n, std::move(values), std::move(present));
}

template <bool union_of, class R, class Op, class U, class V>
__global__ void merge_kernel(std::uint64_t n, Op op, const U* u, const std::uint8_t* u_present,
                             const V* v, const std::uint8_t* v_present, R* values,
                             std::uint8_t* present) {
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads())
    merge_at<union_of>(i, op, u, u_present, v, v_present, values, present);
}

// op(u(i), v(i)) where both exist; with union_of, the one that exists elsewhere.
template <class R, bool union_of, class Op, class U, class V>
device_vector<R> merge_vectors(const device_vector<U>& u_in, const device_vector<V>& v_in,
                               const Op& op) {
  graphring::detail::check_dimension(v_in.size(), u_in.size(), "the second input vector's size");
  device_vector<U> u_spare;
  device_vector<V> v_spare;
  const device_vector<U>& u = addressable(u_in, u_spare);
  const device_vector<V>& v = addressable(v_in, v_spare);
  const std::uint64_t n = u.size();
  device_array<R> values(n);
  device_array<std::uint8_t> present(n);
  if (n) {
    merge_kernel<union_of><<<grid_for(n, block_threads), block_threads>>>(
        n, op, u.values(), u.present(), v.values(), v.present(), values.data(), present.data());
    GRAPHRING_CUDA_LAUNCHED();
  }
  return from_presence(n, std::move(values), std::move(present));
}

// f(x, i) for each entry, kept where keep(x, i) holds: apply (keep always) and select (f = x).
template <class R, class U, class F, class Keep>
__global__ void map_kernel(std::uint64_t n, F f, Keep keep, const U* u,
                           const std::uint8_t* u_present, R* values, std::uint8_t* present) {
  for (std::uint64_t i = global_thread(); i < n; i += grid_threads())
    map_at(i, f, keep, u, u_present, values, present);
}

template <class R, class U, class F, class Keep>
device_vector<R> map_vector(const device_vector<U>& u_in, const F& f, const Keep& keep) {
  device_vector<U> spare;
  const device_vector<U>& u = addressable(u_in, spare);
  const std::uint64_t n = u.size();
  device_array<R> values(n);
  device_array<std::uint8_t> present(n);
  if (n) {
    map_kernel<R><<<grid_for(n, block_threads), block_threads>>>(
        n, f, keep, u.values(), u.present(), values.data(), present.data());
    GRAPHRING_CUDA_LAUNCHED();
  }
  return from_presence(n, std::move(values), std::move(present));
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

template <class M, class U>
typename M::value_type reduce_values(std::uint64_t n, const U* values, const U& iso,
                                     const std::uint8_t* present) {
  using T = typename M::value_type;
  static_assert(is_commutative_v<M>, "a device reduction needs a commutative monoid");
  if (n == 0) return M::identity();
  constexpr std::uint64_t max_partials = 1024;
  const std::uint64_t blocks = std::min(grid_for(n, block_threads), max_partials);
  device_array<T> partial(blocks), total(1);
  reduce_kernel<M><<<blocks, block_threads>>>(n, values, iso, present, partial.data());
  GRAPHRING_CUDA_LAUNCHED();
  reduce_kernel<M><<<1, block_threads>>>(blocks, partial.data(), T{}, nullptr, total.data());
  GRAPHRING_CUDA_LAUNCHED();
  T result;
  total.download(&result);
  return result;
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

// A's CSR restricted to the entries keep(x, i, j) holds for, built on the device.
template <class F, class T>
device_csr<T> select_entries(const kernels::csr_view<T>& a, const F& keep) {
  device_csr<T> c;
  c.nrows = a.nrows;
  c.ncols = a.ncols;
  c.iso = a.iso;
  c.offsets = device_array<edge_offset>(a.nrows + 1);
  device_array<std::uint64_t> kept(a.nrows);
  std::uint64_t total = 0;
  if (a.nrows) {
    count_kept<<<grid_for(a.nrows, block_threads), block_threads>>>(a, keep, kept.data());
    GRAPHRING_CUDA_LAUNCHED();
    total = exclusive_sum(kept.data(), c.offsets.data(), a.nrows);
  }
  copy_to_device(c.offsets.data() + a.nrows, &total, sizeof total);
  c.cols = device_array<vertex_id>(total);
  if (a.values) c.values = device_array<T>(total);
  if (a.nrows && total) {
    copy_kept<<<grid_for(a.nrows, block_threads), block_threads>>>(
        a, keep, c.offsets.data(), c.cols.data(), a.values ? c.values.data() : nullptr);
    GRAPHRING_CUDA_LAUNCHED();
  }
  return c;
}

}  // namespace graphring::cuda
