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
// the thread count only. Any other matrix (a formatted one) or operand form runs the operations
// as written. w may be z; a w that is u gets the result through a new vector.
#pragma once

#include <type_traits>
#include <utility>

#include "core/error.hpp"
#include "engine/matrix.hpp"
#include "engine/ops/assign.hpp"
#include "engine/ops/dot.hpp"
#include "engine/ops/elementwise.hpp"
#include "engine/ops/mxv.hpp"
#include "engine/vector.hpp"
#include "kernels/cpu/spmv_pull.hpp"
#include "semirings/semiring.hpp"

namespace graphring {

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
  if constexpr (detail::is_plain_matrix_v<Matrix> && std::is_same_v<W, C>) {
    if (u.form() == vector_form::dense && z.form() == vector_form::dense) {
      const std::uint64_t n = w.size();
      if (w.form() != vector_form::dense) w = vector<W>::dense(n, W{});
      T total{};
      const kernels::pull_into_finished<C, Finish, D, Z> out{w.values(), finish, z.values(),
                                                             &total};
      kernels::spmv_pull_into<flipped<S>>(a.transposed().view(), u.values(), nullptr, out,
                                          detail::allow_all{});
      return total;
    }
  }
  // w = identity everywhere;  w ⊕= u ⊕.⊗ A;  w = finish(w);  return w ⊕_D.⊗_D z
  using M = typename S::add_monoid;
  assign_scalar(w, no_mask, no_accum, M::identity(), all_indices);
  vxm(w, no_mask, M{}, S{}, u, a);
  apply(w, no_mask, no_accum, finish, w);
  return dot(D{}, w, z);
}

}  // namespace graphring
