// ewise_mult_dot: an element-wise product and an inner product that share their first operand, in
// one pass (a graphring extension; with the C API, GrB_eWiseMult, then GrB_eWiseMult and
// GrB_reduce):
//     w = u ⊙ v                  over the indices both hold (ewise_mult, no mask or accumulator)
//     return ⊕_D u(i) ⊗_D z(i)   over the indices u and z hold (dot(D, u, z), engine/ops/dot.hpp)
// PageRank's step before its product: w = r .* share and the dangling rank r · dangling
// (algorithms/pagerank_steps.hpp), where two operations read r twice and ran two parallel
// regions. For three dense vectors one loop writes w(i) and folds the inner product in dot's
// order (ordered_reduce's blocks and lanes, engine/ops/reduce.hpp), so w is ewise_mult's and the
// total dot's, bit for bit; any other form runs the two operations. w may be u, v or z.
#pragma once

#include <cstdint>
#include <utility>

#include "engine/ops/dot.hpp"
#include "engine/ops/elementwise.hpp"
#include "engine/ops/reduce.hpp"
#include "engine/vector.hpp"

namespace graphring {

namespace detail {

// to[i] = op(u[i], v[i]) for i in [begin, end), returning ⊕_D u[i] ⊗_D z[i] folded as
// ordered_reduce folds one thread's block (ordered_reduce_blocks gives the blocks): reduce_lanes
// lanes, lane k taking begin + k, begin + k + 8, ..., the tail in lane 0, then the lanes in order.
// The loop is written out, with pointers the compiler knows apart, because through ordered_reduce's
// lambda the stores kept it scalar.
template <class D, class R, class W, class U, class V, class Z, class Op>
typename D::c_type mult_and_fold(W* __restrict to, const U* __restrict u, const V* __restrict v,
                                 const Z* __restrict z, const Op& op, std::uint64_t begin,
                                 std::uint64_t end) {
  using M = typename D::add_monoid;
  using T = typename D::c_type;
  using A = typename D::a_type;
  using B = typename D::b_type;
  static_assert(is_commutative_v<M>, "the lanes regroup the sum, as ordered_reduce does");
  constexpr std::uint64_t lanes = reduce_lanes;
  T lane[lanes];
  for (T& l : lane) l = M::identity();
  std::uint64_t e = begin;
  for (; e + lanes <= end; e += lanes) {
    for (std::uint64_t k = 0; k < lanes; ++k) {
      to[e + k] = W(R(op(u[e + k], v[e + k])));
      lane[k] = M()(lane[k], D::multiply(A(u[e + k]), B(z[e + k])));
    }
  }
  for (; e < end; ++e) {
    to[e] = W(R(op(u[e], v[e])));
    lane[0] = M()(lane[0], D::multiply(A(u[e]), B(z[e])));
  }
  T acc = M::identity();
  for (const T& l : lane) acc = M()(acc, l);
  return acc;
}

}  // namespace detail

template <class D, class W, class Op, class U, class V, class Z>
typename D::c_type ewise_mult_dot(vector<W>& w, const Op& op, const vector<U>& u,
                                  const vector<V>& v, D, const vector<Z>& z) {
  static_assert(!D::positional, "the inner product has no positions for a positional multiply");
  using M = typename D::add_monoid;
  using T = typename D::c_type;
  using R = detail::binary_result_t<Op, U, V>;
  detail::check_dimension(w.size(), u.size(), "the output vector's size");
  detail::check_dimension(v.size(), u.size(), "the second vector's size");
  detail::check_dimension(z.size(), u.size(), "the inner product's second vector's size");
  const void* const out = &w;
  if (out == &u || out == &v || out == &z) {
    vector<W> result(w.size());
    const T total = ewise_mult_dot(result, op, u, v, D{}, z);
    w = std::move(result);
    return total;
  }
  if (u.form() != vector_form::dense || v.form() != vector_form::dense ||
      z.form() != vector_form::dense) {
    ewise_mult(w, no_mask, no_accum, op, u, v);
    return dot(D{}, u, z);
  }
  const std::uint64_t n = u.size();
  array<W> values = w.take_storage();  // a dense w's storage, reused from one call to the next
  if (values.size() != n) values = array<W>(n);
  W* const to = values.data();
  const T total = detail::ordered_reduce_blocks<M>(n, [&](std::uint64_t begin, std::uint64_t end) {
    return detail::mult_and_fold<D, R>(to, u.values(), v.values(), z.values(), op, begin, end);
  });
  w = vector<W>::from_dense(std::move(values));
  return total;
}

}  // namespace graphring
