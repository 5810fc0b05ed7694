// flipped<S>: the semiring S with the operands of its multiply swapped, so that one kernel serves
// both orientations of a product. A pull kernel computes w(i) = ⊕_k A(i,k) ⊗ x(k) (mxv); vxm,
// w(j) = ⊕_k u(k) ⊗ A(k,j), is the same kernel over Aᵀ with flipped<S>, whose multiply(a, b, i,
// k, j) is S::multiply(b, a, j, k, i) — positional operators still see the indices of the
// original product.
#pragma once

#include <cstdint>

#include "semirings/hd.hpp"

namespace graphring {

template <class S>
struct flipped {
  using add_monoid = typename S::add_monoid;
  using a_type = typename S::b_type;
  using b_type = typename S::a_type;
  using c_type = typename S::c_type;
  static constexpr bool positional = S::positional;

  GRAPHRING_HD static constexpr c_type zero() { return S::zero(); }
  GRAPHRING_HD static constexpr c_type add(const c_type& x, const c_type& y) {
    return S::add(x, y);
  }
  GRAPHRING_HD static constexpr c_type accumulate(const c_type& acc, const c_type& y) {
    return S::accumulate(acc, y);
  }
  GRAPHRING_HD static constexpr c_type multiply(const a_type& a, const b_type& b, std::uint64_t i,
                                                std::uint64_t k, std::uint64_t j) {
    return S::multiply(b, a, j, k, i);
  }
};

}  // namespace graphring
