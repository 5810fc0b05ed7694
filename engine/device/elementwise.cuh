// The host side of the device element-wise operations: allocates the device containers and
// launches the kernels of kernels/cuda/elementwise.cuh (write-back, merge, map, reductions,
// matrix select; the rules are there).
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "engine/device/device_mask.hpp"
#include "engine/device/device_matrix.hpp"
#include "engine/device/device_vector.hpp"
#include "kernels/cuda/elementwise.cuh"

namespace graphring::cuda {

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
