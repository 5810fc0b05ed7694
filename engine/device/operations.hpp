// The GraphBLAS-style operations on the GPU, with the semantics of the CPU ones
// (docs/operations.md) over device_vector and device_matrix:
//   mxv:            w<mask> = accum(w, A ⊕.⊗ u)        vxm: w<mask> = accum(w, u ⊕.⊗ A)
//   ewise_add:      w<mask> = accum(w, u ⊕ v)          (union)
//   ewise_mult:     w<mask> = accum(w, u ⊗ v)          (intersection)
//   apply:          w<mask> = accum(w, f(u))
//   select:         w<mask> = accum(w, u⟨f⟩)           and C = A⟨f⟩ for matrices
//   reduce_rows:    w<mask> = accum(w, ⊕_j A(i,j))
//   assign:         w<mask> = accum(w, u)              (all indices)
//   assign_scalar:  w<mask> = accum(w, s)              (all indices)
//   reduce:         s = ⊕_i u(i)  or  s = ⊕_ij A(i,j), and s = ⊕_i u⟨mask⟩(i)
// Masks are no_mask or a device_vector of any type, read as the descriptor says; accum is
// no_accum or a binary operator. mxv/vxm pull (rows of A or Aᵀ in the matrix's format, masked
// rows skipped, early exit at a terminal value) or push (a sparse u scattered over the other
// orientation's CSR) by the same density rule and descriptor.method as on the CPU.
// Differences from the CPU operations: assign takes all indices only; reduce needs a
// commutative monoid; matrix select takes neither mask nor accumulator; operators must be
// callable on the device (GRAPHRING_HD function objects such as those of semirings/ and
// semirings/named_ops.hpp, not lambdas).
//
// Host-safe: this header declares the templates; their definitions are in
// engine/device/operations.cuh and the library compiles them (nvcc) for the semirings and types
// its algorithms, registry, bench and tests use (engine/device/instantiate_*.cu). For another
// semiring or type, compile one instantiation in a .cu file of your own (README "GPU backend"):
//   #include "engine/device/operations.cuh"
//   GRAPHRING_DEVICE_MXV(my_semiring, my_type, no_mask_t, no_accum_t, my_type, my_type);
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "engine/device/device_matrix.hpp"
#include "engine/device/device_vector.hpp"
#include "engine/ops/descriptor.hpp"
#include "engine/ops/then_mult_dot.hpp"
#include "semirings/binary_ops.hpp"
#include "semirings/index_ops.hpp"
#include "semirings/unary_ops.hpp"

namespace graphring {

// w<mask> = accum(w, A ⊕.⊗ u); with d.transpose_first, Aᵀ ⊕.⊗ u.
template <class S, class W, class Mask, class Accum, class AT, class U>
void mxv(device_vector<W>& w, const Mask& mask, const Accum& accum, S semiring,
         const device_matrix<AT>& a, const device_vector<U>& u, const descriptor& d = {});

// w<mask> = accum(w, u ⊕.⊗ A); with d.transpose_second, u ⊕.⊗ Aᵀ.
template <class S, class W, class Mask, class Accum, class U, class AT>
void vxm(device_vector<W>& w, const Mask& mask, const Accum& accum, S semiring,
         const device_vector<U>& u, const device_matrix<AT>& a, const descriptor& d = {});

template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_add(device_vector<W>& w, const Mask& mask, const Accum& accum, const Op& op,
               const device_vector<U>& u, const device_vector<V>& v, const descriptor& d = {});

template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_mult(device_vector<W>& w, const Mask& mask, const Accum& accum, const Op& op,
                const device_vector<U>& u, const device_vector<V>& v, const descriptor& d = {});

template <class W, class Mask, class Accum, class F, class U>
void apply(device_vector<W>& w, const Mask& mask, const Accum& accum, const F& f,
           const device_vector<U>& u, const descriptor& d = {});

// keep(x, i, 0) decides, as the index-unary operators of semirings/index_ops.hpp.
template <class W, class Mask, class Accum, class F, class U>
void select(device_vector<W>& w, const Mask& mask, const Accum& accum, const F& keep,
            const device_vector<U>& u, const descriptor& d = {});

// C = A⟨keep⟩ (Aᵀ⟨keep⟩ with d.transpose_first), keep(x, i, j).
template <class F, class T>
void select(device_matrix<T>& c, const no_mask_t& mask, const no_accum_t& accum, const F& keep,
            const device_matrix<T>& a, const descriptor& d = {});

template <class W, class Mask, class Accum, class Monoid, class A>
void reduce_rows(device_vector<W>& w, const Mask& mask, const Accum& accum, Monoid monoid,
                 const device_matrix<A>& a, const descriptor& d = {});

template <class W, class Mask, class Accum, class U>
void assign(device_vector<W>& w, const Mask& mask, const Accum& accum, const device_vector<U>& u,
            const descriptor& d = {});
// The same with the CPU operation's index argument (all_indices only), as assign_scalar below.
template <class W, class Mask, class Accum, class U>
void assign(device_vector<W>& w, const Mask& mask, const Accum& accum, const device_vector<U>& u,
            all_indices_t, const descriptor& d = {}) {
  assign(w, mask, accum, u, d);
}

template <class W, class Mask, class Accum, class S>
void assign_scalar(device_vector<W>& w, const Mask& mask, const Accum& accum, const S& s,
                   const descriptor& d = {});
// The same with the CPU operation's index argument, which can only be all_indices here: code
// written once for both engines (algorithms/pagerank_steps.hpp) spells it.
template <class W, class Mask, class Accum, class S>
void assign_scalar(device_vector<W>& w, const Mask& mask, const Accum& accum, const S& s,
                   all_indices_t, const descriptor& d = {}) {
  assign_scalar(w, mask, accum, s, d);
}

template <class Monoid, class U>
typename Monoid::value_type reduce(Monoid monoid, const device_vector<U>& u);

// s = ⊕_i u(i) ⊗ v(i) over the indices both hold (engine/ops/dot.hpp): u .* v formed by
// ewise_mult with S's multiply, then reduced with its monoid (both instantiated for the types).
template <class S, class U, class V>
typename S::c_type dot(S, const device_vector<U>& u, const device_vector<V>& v) {
  device_vector<typename S::c_type> products(u.size());
  ewise_mult(products, no_mask, no_accum, typename S::multiply_op{}, u, v);
  return reduce(typename S::add_monoid{}, products);
}

template <class Monoid, class A>
typename Monoid::value_type reduce(Monoid monoid, const device_matrix<A>& a);

// s = ⊕ A⟨rows⟩ over the rows the mask allows (engine/ops/reduce.hpp), as the rows' reductions
// (reduce_rows) reduced under the mask: compositions of operations instantiated for the types.
template <class Monoid, class A, class M>
typename Monoid::value_type reduce(Monoid monoid, const device_matrix<A>& a,
                                   const device_vector<M>& rows, const descriptor& d) {
  device_vector<typename Monoid::value_type> sums(d.transpose_first ? a.ncols() : a.nrows());
  reduce_rows(sums, no_mask, no_accum, monoid, a, {.transpose_first = d.transpose_first});
  descriptor mask_only = d;
  mask_only.transpose_first = false;
  return reduce(monoid, sums, rows, mask_only);
}

// w = u ⊙ v and ⊕_D u(i) ⊗_D z(i) (engine/ops/ewise_mult_dot.hpp), as two operations: dot,
// then ewise_mult (in that order, so that w may be u, v or z).
template <class D, class W, class Op, class U, class V, class Z>
typename D::c_type ewise_mult_dot(device_vector<W>& w, const Op& op, const device_vector<U>& u,
                                  const device_vector<V>& v, D, const device_vector<Z>& z) {
  const auto total = dot(D{}, u, z);
  ewise_mult(w, no_mask, no_accum, op, u, v);
  return total;
}

// w = finish(u ⊕.⊗ A) dense (the add monoid's identity where no product reaches an entry) and
// ⊕_D w(j) ⊗_D z(j) (engine/ops/vxm_apply_dot.hpp), as the CPU composes it: a fill, the product
// with the monoid as accumulator, an apply and an inner product.
template <class D, class S, class W, class Finish, class U, class AT, class Z>
typename D::c_type vxm_apply_dot(device_vector<W>& w, const Finish& finish, S,
                                 const device_vector<U>& u, const device_matrix<AT>& a, D,
                                 const device_vector<Z>& z) {
  using M = typename S::add_monoid;
  assign_scalar(w, no_mask, no_accum, M::identity());
  vxm(w, no_mask, M{}, S{}, u, a);
  apply(w, no_mask, no_accum, finish, w);
  return dot(D{}, w, z);
}

// The same followed by s = w ⊙ v and ⊕_E w(j) ⊗_E y(j) (mult_dot_after,
// engine/ops/then_mult_dot.hpp), as two operations: the pair {w ⊕_D.⊗_D z, w ⊕_E.⊗_E y}.
template <class D, class S, class W, class Finish, class U, class AT, class Z, class Q, class Op,
          class V, class E, class Y>
std::pair<typename D::c_type, typename E::c_type> vxm_apply_dot(
    device_vector<W>& w, const Finish& finish, S, const device_vector<U>& u,
    const device_matrix<AT>& a, D, const device_vector<Z>& z,
    const then_mult_dot<device_vector<Q>, Op, device_vector<V>, E, device_vector<Y>>& then) {
  const auto first = vxm_apply_dot(w, finish, S{}, u, a, D{}, z);
  return {first, ewise_mult_dot(then.s, then.op, w, then.v, E{}, then.y)};
}

// w<¬s(m), replace> = u ⊕.⊗ A, then m<s(w)> = mark(w) (engine/ops/vxm_mark.hpp), as the CPU
// composes it when it does not fuse: the product, then an assign of w or of a scalar at w's
// entries. mark is identity_op (m records w) or bind_first(first_op, s) (m records s), the two
// marks BFS uses, so nothing more is instantiated. It counts no row entries: `report` is left
// empty.
template <class S, class W, class M, class Mark, class U, class AT>
void vxm_mark(device_vector<W>& w, device_vector<M>& m, const Mark& mark, S semiring,
              const device_vector<U>& u, const device_matrix<AT>& a, descriptor d = {},
              step_report* report = nullptr) {
  if (report) *report = {};
  d.structural_mask = d.complement_mask = d.replace = true;
  vxm(w, m, no_accum, semiring, u, a, d);
  if constexpr (std::is_same_v<Mark, identity_op<W>>) {
    assign(m, w, no_accum, w, all_indices, {.structural_mask = true});
  } else {
    static_assert(std::is_same_v<Mark, bound_first<first_op<M>, M>>,
                  "the device's vxm_mark marks with identity_op or bind_first(first_op, s)");
    assign_scalar(m, w, no_accum, mark.s, all_indices, {.structural_mask = true});
  }
}

// s = ⊕ u⟨mask⟩, as on the CPU: u's entries that the mask allows, assigned to a temporary and
// reduced (a composition of the two operations above, so nothing more to instantiate).
template <class Monoid, class U, class M>
typename Monoid::value_type reduce(Monoid monoid, const device_vector<U>& u,
                                   const device_vector<M>& mask, const descriptor& d = {}) {
  device_vector<U> allowed(u.size());
  assign(allowed, mask, no_accum, u, d);
  return reduce(monoid, allowed);
}

}  // namespace graphring
