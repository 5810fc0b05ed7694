// vxm_apply_dot: a dense product, an apply and an inner product in one pass (a graphring
// extension; with the C API, a fill, GrB_vxm with an accumulator, GrB_apply, then
// GrB_eWiseMult and GrB_reduce):
//     t = u ⊕.⊗ A        t(j) the add monoid's identity where no product reaches j
//     w = finish(t)      every entry: w is dense afterwards
//     return ⊕_D w(j) ⊗_D z(j)   (dot(D, w, z), engine/ops/dot.hpp)
// The step of a power iteration: PageRank's w = teleport + (r .* share) plus.first A and its
// change ‖w - r‖₁ (algorithms/pagerank_steps.hpp). Over a plain matrix with u and z dense, the pull
// over Aᵀ stores finish(t(j)) as each row's sum is found and folds w(j) ⊗ z(j) into the total
// there (kernels' pull_into_finished), so w is written once and neither w nor z is read again;
// the total is folded in row order within fixed chunks and the chunks in order, so it depends on
// the thread count only. Over a matrix held in SELL-C-σ, with u small enough that the rows' sorted
// order costs nothing (pull_into_every_row, engine/ops/mxv_format.hpp), the format's kernel does
// the same, the total folded in the format's row order within its blocks. Any other matrix or u,
// with z dense, takes the product
// t into w's storage by vxm and then one pass that finishes every entry in place and folds the
// total in dot's order (finish_and_dot): two passes where the operations as written take four (a
// fill, the product with its accumulation, the apply, the dot), with the same w and total, bit for
// bit. A z held sparse or as a bitmap runs the operations as written. In every case each z(j) is
// read before w(j) is stored, so w may be z (the total is then against z's old values); a w that
// is u gets the result through a new vector.
#pragma once

#include <type_traits>
#include <utility>

#include "core/error.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/assign.hpp"
#include "engine/ops/dot.hpp"
#include "engine/ops/elementwise.hpp"
#include "engine/ops/ewise_mult_dot.hpp"
#include "engine/ops/mxv.hpp"
#include "engine/ops/reduce.hpp"
#include "engine/ops/then_mult_dot.hpp"
#include "engine/vector.hpp"
#include "kernels/cpu/spmv_pull.hpp"
#include "semirings/semiring.hpp"

namespace graphring {

namespace detail {

// w(j) = finish(t(j)) for every j, t(j) = M's identity ⊕ t(j) where t holds j and the identity
// elsewhere, written to `to` (t's values, or z's), returning ⊕_D w(j) ⊗_D z(j) folded as dot folds
// two dense vectors (ordered_reduce's blocks and lanes), z(j) read before w(j) is stored: the
// fill, accumulation, apply and dot of vxm_apply_dot's operations as written, in one pass.
template <class D, class M, class W, class Finish, class Z>
typename D::c_type finish_and_dot(W* to, const W* t, const std::uint8_t* t_present,
                                  const Finish& finish, const Z* z, std::uint64_t n) {
  using A = typename D::a_type;
  using B = typename D::b_type;
  using T = typename D::c_type;
  using DM = typename D::add_monoid;
  return ordered_reduce<DM>(n, [&](std::uint64_t j, T& acc) {
    const W sum = !t_present || t_present[j] ? W(M()(M::identity(), t[j])) : W(M::identity());
    const W v = W(finish(sum));
    acc = DM()(acc, D::multiply(A(v), B(z[j])));
    to[j] = v;
  });
}

}  // namespace detail

// Every row of rows ⊕.⊗ u into a CSR pull kernel's `out` (kernels/cpu/spmv_pull.hpp), u dense, S
// in the mxv orientation: the CSR pull, always taken. The overload for a formatted matrix
// (engine/ops/mxv_format.hpp), found by argument-dependent lookup, takes it where the format has
// such a kernel and returns false elsewhere.
template <class S, class AT, class U, class Out>
bool pull_into_every_row(const matrix<AT>& rows, const vector<U>& u, const Out& out) {
  kernels::spmv_pull_into<S>(rows.view(), u.values(), nullptr, out, detail::allow_all{});
  return true;
}

template <class D, class S, class W, class Finish, class U, class Matrix, class Z>
typename D::c_type vxm_apply_dot(vector<W>& w, const Finish& finish, S, const vector<U>& u,
                                 const Matrix& a, D, const vector<Z>& z) {
  static_assert(!D::positional, "the inner product has no positions for a positional multiply");
  using C = typename S::c_type;
  using T = typename D::c_type;
  detail::check_dimension(u.size(), a.nrows(), "the input vector's size");
  detail::check_dimension(w.size(), a.ncols(), "the output vector's size");
  detail::check_dimension(z.size(), a.ncols(), "the inner product's second vector's size");
  if (static_cast<const void*>(&w) == static_cast<const void*>(&u)) {
    vector<W> result(w.size());
    const T total = vxm_apply_dot(result, finish, S{}, u, a, D{}, z);
    w = std::move(result);
    return total;
  }
  if constexpr (std::is_same_v<W, C>) {
    if (u.form() == vector_form::dense && z.form() == vector_form::dense) {
      const std::uint64_t n = w.size();
      if (w.form() != vector_form::dense) w = vector<W>::dense(n, W{});
      T total{};
      const kernels::pull_into_finished<C, Finish, D, Z> out{w.values(), finish, z.values(),
                                                             &total};
      if (pull_into_every_row<flipped<S>>(a.transposed(), u, out)) return total;
    }
  }
  using M = typename S::add_monoid;
  if constexpr (std::is_same_v<W, C>) {
    if (z.form() == vector_form::dense) {
      // t = u ⊕.⊗ A in w's storage (in a vector of its own when w is z, whose values the pass
      // reads), then w = finish(t) and the total in one pass
      const bool w_is_z = static_cast<const void*>(&w) == static_cast<const void*>(&z);
      vector<W> spare;
      vector<W>& t = w_is_z ? spare : w;
      if (w_is_z) t = vector<W>(w.size());
      vxm(t, no_mask, no_accum, S{}, u, a);
      t.to_addressable();
      W* const to = w_is_z ? w.values() : t.values();
      const T total =
          detail::finish_and_dot<D, M>(to, t.values(), t.present(), finish, z.values(), w.size());
      if (!w_is_z) {
        w.set_nvals(w.size());  // every entry written: a full vector
        w.to_dense();
      }
      return total;
    }
  }
  if (static_cast<const void*>(&w) == static_cast<const void*>(&z)) {
    const vector<Z> old_z = z;  // the total is against z's values before w is written
    return vxm_apply_dot(w, finish, S{}, u, a, D{}, old_z);
  }
  // w = identity everywhere;  w ⊕= u ⊕.⊗ A;  w = finish(w);  return w ⊕_D.⊗_D z
  assign_scalar(w, no_mask, no_accum, M::identity(), all_indices);
  vxm(w, no_mask, M{}, S{}, u, a);
  apply(w, no_mask, no_accum, finish, w);
  return dot(D{}, w, z);
}

// vxm_apply_dot(w, finish, S, u, A, D, z, mult_dot_after(s, op, v, E, y)): the above, and then
// s = w ⊙ v and ⊕_E w(j) ⊗_E y(j) (engine/ops/then_mult_dot.hpp); returns {w ⊕_D.⊗_D z, that}.
// Over a plain matrix (or SELL-C-σ, as above) with u, z, v and y dense and s none of the other
// vectors, the pull stores s(j) and folds both totals as it stores w(j)
// (kernels' pull_into_finished_then): w and s bit
// for bit as the two operations give them, the second total folded as the first is (row order
// within the pull's chunks) rather than in dot's order. Otherwise the two operations in turn.
template <class D, class S, class W, class Finish, class U, class Matrix, class Z, class Q,
          class Op, class V, class E, class Y>
std::pair<typename D::c_type, typename E::c_type> vxm_apply_dot(
    vector<W>& w, const Finish& finish, S, const vector<U>& u, const Matrix& a, D,
    const vector<Z>& z, const then_mult_dot<vector<Q>, Op, vector<V>, E, vector<Y>>& then) {
  using C = typename S::c_type;
  if constexpr (std::is_same_v<W, C>) {
    const void* const out = &then.s;
    const bool apart = out != &u && out != &w && out != &z && out != &then.v && out != &then.y &&
                       static_cast<const void*>(&w) != static_cast<const void*>(&u);
    const bool dense = u.form() == vector_form::dense && z.form() == vector_form::dense &&
                       then.v.form() == vector_form::dense && then.y.form() == vector_form::dense;
    if (apart && dense) {
      const std::uint64_t n = w.size();
      detail::check_dimension(u.size(), a.nrows(), "the input vector's size");
      detail::check_dimension(n, a.ncols(), "the output vector's size");
      detail::check_dimension(z.size(), n, "the inner product's second vector's size");
      detail::check_dimension(then.s.size(), n, "the element-wise product's size");
      detail::check_dimension(then.v.size(), n, "the element-wise product's second vector's size");
      detail::check_dimension(then.y.size(), n, "the second inner product's vector's size");
      if (w.form() != vector_form::dense) w = vector<W>::dense(n, W{});
      array<Q> values = then.s.take_storage();  // a dense s's storage, reused call to call
      if (values.size() != n) values = array<Q>(n);
      using Out = kernels::pull_into_finished_then<C, Finish, D, Z, Q, Op, V, E, Y>;
      typename Out::total_type total{};
      const Out into{w.values(), finish,          z.values(),      values.data(),
                     then.op,    then.v.values(), then.y.values(), &total};
      const bool pulled = pull_into_every_row<flipped<S>>(a.transposed(), u, into);
      then.s = vector<Q>::from_dense(std::move(values));
      if (pulled) return {total.first, total.second};
    }
  }
  const auto first = vxm_apply_dot(w, finish, S{}, u, a, D{}, z);
  return {first, ewise_mult_dot(then.s, then.op, w, then.v, E{}, then.y)};
}

}  // namespace graphring
