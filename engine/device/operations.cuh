// Definitions of the device operations declared in engine/device/operations.hpp (the formulas
// and rules are there), and the macros that compile one instantiation of them in a .cu file:
//   GRAPHRING_DEVICE_MXV(S, W, MASK, ACCUM, AT, U)   mxv of semiring S into device_vector<W>,
//   GRAPHRING_DEVICE_VXM(S, W, MASK, ACCUM, U, AT)   masked by MASK (no_mask_t or a
//                                                    device_vector<M>) with ACCUM, over a
//                                                    device_matrix<AT> and device_vector<U>.
// Arguments are single type names: spell a template with commas through `using` first.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/device/device_mask.hpp"
#include "engine/device/elementwise.cuh"
#include "engine/device/operations.hpp"
#include "engine/device/pull_product.cuh"
#include "engine/device/push_product.cuh"
#include "semirings/flipped.hpp"

namespace graphring {

namespace cuda {

inline bool prefers_push(std::uint64_t nvals, std::uint64_t size, product_method method) {
  if (method != product_method::automatic) return method == product_method::push;
  return nvals * sparse_density_divisor < size;
}

// w<mask> = accum(w, t) with t of size `rows` from u of size `cols`, pulled over the rows of A
// (pull_transposed: of Aᵀ) or pushed over the other orientation. S is in its own orientation for
// mxv (pull over A) and flipped for vxm (pull over Aᵀ), as on the CPU (engine/ops/mxv.hpp).
template <bool vxm, class S, class W, class Mask, class Accum, class AT, class U>
void matrix_vector(device_vector<W>& w, const Mask& mask, const Accum& accum, std::uint64_t rows,
                   std::uint64_t cols, const device_matrix<AT>& a, bool pull_transposed,
                   const device_vector<U>& u, const descriptor& d) {
  graphring::detail::check_dimension(u.size(), cols, "the input vector's size");
  graphring::detail::check_dimension(w.size(), rows, "the output vector's size");
  if constexpr (!std::is_same_v<Mask, no_mask_t>)
    graphring::detail::check_dimension(mask.size(), w.size(), "the mask's size");
  using pull_semiring = std::conditional_t<vxm, flipped<S>, S>;
  using push_semiring = std::conditional_t<vxm, S, flipped<S>>;
  const device_mask m(mask, d);
  device_vector<U> spare;
  if (prefers_push(u.nvals(), u.size(), d.method)) {
    const device_vector<U>& x = sparse_form(u, spare);
    auto t = push_product<push_semiring>(a.csr(!pull_transposed), x.indices(), x.values(),
                                         x.nvals(), m.view());
    write_back(w, m, accum, std::move(t), d, true);
  } else {
    const device_vector<U>& x = addressable(u, spare);
    auto t =
        pull_product<pull_semiring>(a.rows(pull_transposed), x.values(), x.present(), m.view());
    write_back(w, m, accum, std::move(t), d, true);
  }
}

template <class Op, class X, class Y>
using binary_result_t = std::decay_t<std::invoke_result_t<const Op&, const X&, const Y&>>;

// ewise_add (union_of) and ewise_mult.
template <bool union_of, class W, class Mask, class Accum, class Op, class U, class V>
void elementwise(device_vector<W>& w, const Mask& mask, const Accum& accum, const Op& op,
                 const device_vector<U>& u, const device_vector<V>& v, const descriptor& d) {
  graphring::detail::check_dimension(w.size(), u.size(), "the output vector's size");
  auto t = merge_vectors<binary_result_t<Op, U, V>, union_of>(u, v, op);
  write_back(w, device_mask(mask, d), accum, std::move(t), d, false);
}

}  // namespace cuda

template <class S, class W, class Mask, class Accum, class AT, class U>
void mxv(device_vector<W>& w, const Mask& mask, const Accum& accum, S, const device_matrix<AT>& a,
         const device_vector<U>& u, const descriptor& d) {
  const bool t = d.transpose_first;
  cuda::matrix_vector<false, S>(w, mask, accum, t ? a.ncols() : a.nrows(),
                                t ? a.nrows() : a.ncols(), a, t, u, d);
}

template <class S, class W, class Mask, class Accum, class U, class AT>
void vxm(device_vector<W>& w, const Mask& mask, const Accum& accum, S, const device_vector<U>& u,
         const device_matrix<AT>& a, const descriptor& d) {
  const bool t = d.transpose_second;
  cuda::matrix_vector<true, S>(w, mask, accum, t ? a.nrows() : a.ncols(), t ? a.ncols() : a.nrows(),
                               a, !t, u, d);
}

template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_add(device_vector<W>& w, const Mask& mask, const Accum& accum, const Op& op,
               const device_vector<U>& u, const device_vector<V>& v, const descriptor& d) {
  cuda::elementwise<true>(w, mask, accum, op, u, v, d);
}

template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_mult(device_vector<W>& w, const Mask& mask, const Accum& accum, const Op& op,
                const device_vector<U>& u, const device_vector<V>& v, const descriptor& d) {
  cuda::elementwise<false>(w, mask, accum, op, u, v, d);
}

template <class W, class Mask, class Accum, class F, class U>
void apply(device_vector<W>& w, const Mask& mask, const Accum& accum, const F& f,
           const device_vector<U>& u, const descriptor& d) {
  using R = std::decay_t<std::invoke_result_t<const F&, const U&>>;
  graphring::detail::check_dimension(w.size(), u.size(), "the output vector's size");
  auto t = cuda::map_vector<R>(u, cuda::apply_each<F>{f}, cuda::keep_every{});
  cuda::write_back(w, device_mask(mask, d), accum, std::move(t), d, false);
}

template <class W, class Mask, class Accum, class F, class U>
void select(device_vector<W>& w, const Mask& mask, const Accum& accum, const F& keep,
            const device_vector<U>& u, const descriptor& d) {
  graphring::detail::check_dimension(w.size(), u.size(), "the output vector's size");
  auto t = cuda::map_vector<U>(u, cuda::same_value{}, cuda::keep_where<F>{keep});
  cuda::write_back(w, device_mask(mask, d), accum, std::move(t), d, false);
}

template <class F, class T>
void select(device_matrix<T>& c, const no_mask_t&, const no_accum_t&, const F& keep,
            const device_matrix<T>& a, const descriptor& d) {
  c = device_matrix<T>(cuda::select_entries(a.csr(d.transpose_first), keep));
}

template <class W, class Mask, class Accum, class Monoid, class A>
void reduce_rows(device_vector<W>& w, const Mask& mask, const Accum& accum, Monoid,
                 const device_matrix<A>& a, const descriptor& d) {
  using T = typename Monoid::value_type;
  const kernels::csr_view<A> rows = a.csr(d.transpose_first);
  graphring::detail::check_dimension(w.size(), rows.nrows, "the output vector's size");
  device_array<T> values(rows.nrows);
  device_array<std::uint8_t> present(rows.nrows);
  if (rows.nrows) {
    cuda::reduce_rows_kernel<Monoid>
        <<<cuda::grid_for(rows.nrows, cuda::block_threads), cuda::block_threads>>>(
            rows, values.data(), present.data());
    GRAPHRING_CUDA_LAUNCHED();
  }
  auto t = from_presence(rows.nrows, std::move(values), std::move(present));
  cuda::write_back(w, device_mask(mask, d), accum, std::move(t), d, false);
}

template <class W, class Mask, class Accum, class U>
void assign(device_vector<W>& w, const Mask& mask, const Accum& accum, const device_vector<U>& u,
            const descriptor& d) {
  graphring::detail::check_dimension(u.size(), w.size(), "the assigned vector's size");
  // Over all indices, assign is the write-back of u itself (a position u lacks is deleted where
  // the mask allows and no accumulator keeps it). The mask is read before w changes.
  const device_mask m(mask, d);
  cuda::write_back(w, m, accum, u.clone(), d, false);
}

template <class W, class Mask, class Accum, class S>
void assign_scalar(device_vector<W>& w, const Mask& mask, const Accum& accum, const S& s,
                   const descriptor& d) {
  const device_mask m(mask, d);
  cuda::write_back(w, m, accum, device_vector<S>::dense(w.size(), s), d, false);
}

template <class Monoid, class U>
typename Monoid::value_type reduce(Monoid, const device_vector<U>& u) {
  const std::uint64_t count = u.form() == vector_form::sparse ? u.nvals() : u.size();
  return cuda::reduce_values<Monoid>(count, u.values(), U{}, u.present());
}

template <class Monoid, class A>
typename Monoid::value_type reduce(Monoid, const device_matrix<A>& a) {
  const kernels::csr_view<A> v = a.csr(false);
  return cuda::reduce_values<Monoid>(a.nvals(), v.values, v.iso, nullptr);
}

}  // namespace graphring

#define GRAPHRING_DEVICE_MXV(S, W, MASK, ACCUM, AT, U)                                     \
  template void graphring::mxv(graphring::device_vector<W>&, const MASK&, const ACCUM&, S, \
                               const graphring::device_matrix<AT>&,                        \
                               const graphring::device_vector<U>&, const graphring::descriptor&)
#define GRAPHRING_DEVICE_VXM(S, W, MASK, ACCUM, U, AT)                                     \
  template void graphring::vxm(graphring::device_vector<W>&, const MASK&, const ACCUM&, S, \
                               const graphring::device_vector<U>&,                         \
                               const graphring::device_matrix<AT>&, const graphring::descriptor&)
