// A semiring C = A ⊕.⊗ B: an add monoid ⊕ over the output type C and a multiply ⊗ : A × B -> C.
// Kernels are templates over the semiring, so a user-defined one runs through the same inlined
// code as a built-in:
//   c = S::zero();                                  // the ⊕ identity: an empty sum
//   c = S::add(c, S::multiply(a, b, i, k, j));      // a = A(i,k), b = B(k,j)
// multiply passes (i, k, j) on to positional operators and drops them otherwise (see
// binary_ops.hpp). Neither operator needs to be commutative, and ⊗ need not distribute over ⊕:
// GraphBLAS semantics never multiply by an absent entry, so zero() is not assumed to annihilate.
#pragma once

#include <cstdint>
#include <type_traits>

#include "semirings/binary_ops.hpp"
#include "semirings/hd.hpp"
#include "semirings/monoids.hpp"

namespace graphring {

template <class AddMonoid, class MultiplyOp>
struct semiring {
  using add_monoid = AddMonoid;
  using multiply_op = MultiplyOp;
  using a_type = typename MultiplyOp::first_type;
  using b_type = typename MultiplyOp::second_type;
  using c_type = typename AddMonoid::value_type;
  static_assert(std::is_same_v<typename MultiplyOp::result_type, c_type>,
                "the multiply must return the add monoid's value_type");
  static_assert(std::is_empty_v<AddMonoid> && std::is_empty_v<MultiplyOp>,
                "semiring operators are stateless function objects");

  static constexpr bool positional = is_positional_v<MultiplyOp>;

  GRAPHRING_HD static constexpr c_type zero() { return AddMonoid::identity(); }

  GRAPHRING_HD static constexpr c_type add(const c_type& x, const c_type& y) {
    return AddMonoid()(x, y);
  }

  // acc ⊕ y for a running sum acc that started at zero(): the monoid's cheaper accumulate when it
  // has one (see monoids.hpp), add otherwise. The form kernels' inner loops call.
  GRAPHRING_HD static constexpr c_type accumulate(const c_type& acc, const c_type& y) {
    if constexpr (has_accumulate_v<AddMonoid>) {
      return AddMonoid::accumulate(acc, y);
    } else {
      return AddMonoid()(acc, y);
    }
  }

  // a ⊗ b for a = A(i,k) and b = B(k,j); the form kernels call.
  GRAPHRING_HD static constexpr c_type multiply(const a_type& a, const b_type& b, std::uint64_t i,
                                                std::uint64_t k, std::uint64_t j) {
    if constexpr (positional) {
      return MultiplyOp()(a, b, i, k, j);
    } else {
      return MultiplyOp()(a, b);
    }
  }

  // a ⊗ b for a multiply that does not look at positions.
  GRAPHRING_HD static constexpr c_type multiply(const a_type& a, const b_type& b) {
    static_assert(!positional, "a positional multiply needs the indices (i, k, j)");
    return MultiplyOp()(a, b);
  }
};

}  // namespace graphring
