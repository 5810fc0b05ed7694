// The inner product of two vectors over a semiring (a graphring extension; with the C API one
// forms u .* v by GrB_eWiseMult and reduces it by GrB_reduce):
//   s = ⊕_i u(i) ⊗ v(i)   over the indices where both u and v hold an entry; the add monoid's
//                          identity where there is none.
// The products are folded as reduce folds the entries of u .* v (engine/ops/reduce.hpp), without
// the vector between them: for two dense vectors in the same order and lanes, so the result is
// bit for bit that of ewise_mult then reduce; a sparse operand visits its own entries. PageRank's
// dangling mass and its residual are such products (algorithms/pagerank_steps.hpp).
#pragma once

#include <cstdint>

#include "engine/ops/reduce.hpp"
#include "engine/ops/write_back.hpp"
#include "engine/vector.hpp"

namespace graphring {

template <class S, class U, class V>
typename S::c_type dot(S, const vector<U>& u, const vector<V>& v) {
  static_assert(!S::positional, "dot has no matrix positions for a positional multiply");
  using M = typename S::add_monoid;
  using A = typename S::a_type;
  using B = typename S::b_type;
  using T = typename S::c_type;
  detail::check_dimension(v.size(), u.size(), "the second vector's size");
  // u(i) ⊗ v(i) folded into acc (called where both hold an entry).
  auto fold = [](T& acc, const U& x, const V& y) { acc = M()(acc, S::multiply(A(x), B(y))); };
  if (u.form() == vector_form::sparse || v.form() == vector_form::sparse) {
    // The sparser side's entries, each looked up in the other by index.
    const bool u_visits = u.form() == vector_form::sparse &&
                          (v.form() != vector_form::sparse || u.nvals() <= v.nvals());
    vector<U> u_spare;
    vector<V> v_spare;
    if (u_visits) {
      const vector<V>& y = addressable(v, v_spare);
      const vertex_id* index = u.indices();
      return detail::ordered_reduce<M>(u.nvals(), [&](std::uint64_t e, T& acc) {
        const std::uint64_t i = index[e];
        if (!y.present() || y.present()[i]) fold(acc, u.values()[e], y.values()[i]);
      });
    }
    const vector<U>& x = addressable(u, u_spare);
    const vertex_id* index = v.indices();
    return detail::ordered_reduce<M>(v.nvals(), [&](std::uint64_t e, T& acc) {
      const std::uint64_t i = index[e];
      if (!x.present() || x.present()[i]) fold(acc, x.values()[i], v.values()[e]);
    });
  }
  const U* x = u.values();
  const V* y = v.values();
  const std::uint8_t* x_present = u.present();
  const std::uint8_t* y_present = v.present();
  if (!x_present && !y_present)  // both dense: no presence to test
    return detail::ordered_reduce<M>(
        u.size(), [x, y, fold](std::uint64_t i, T& acc) { fold(acc, x[i], y[i]); });
  return detail::ordered_reduce<M>(u.size(), [&](std::uint64_t i, T& acc) {
    if ((!x_present || x_present[i]) && (!y_present || y_present[i])) fold(acc, x[i], y[i]);
  });
}

}  // namespace graphring
