// Binary operators z = f(x, y): the multiplies (⊗) of semirings and the operators inside monoids.
// Each is an empty constexpr function object that declares its argument and result types.
//
// Semantics that differ from the plain C++ operator:
//  - integer plus and times wrap around modulo 2^bits (the same instruction as + and *, but
//    defined for signed types, so INT32_MAX + 1 == INT32_MIN and the ring laws hold exactly);
//  - over bool, plus is logical or and times logical and (as in GraphBLAS);
//  - floating min and max ignore NaN, like fmin and fmax: min(x, NaN) == min(NaN, x) == x, and
//    the result is NaN only when both operands are;
//  - land, lor and lxor read any arithmetic operand as a truth value (x != 0, so NaN is true)
//    and return bool.
// Positional operators (firsti, secondi) return an index instead of combining values; see
// is_positional_v for how a kernel hands them the indices.
#pragma once

#include <cstdint>
#include <type_traits>

#include "semirings/hd.hpp"

namespace graphring {

// The types an operator declares: z = f(x, y) with x of type A, y of type B and z of type C.
template <class A, class B = A, class C = A>
struct binary_op_types {
  using first_type = A;
  using second_type = B;
  using result_type = C;
};

// A positional operator declares `static constexpr bool positional = true` and is called as
// op(a, b, i, k, j), where a = A(i,k) and b = B(k,j) are the operands of one product in
// C = A ⊕.⊗ B. In w = u ⊕.⊗ A (vxm) the vector u is a 1×n matrix, so i = 0; in w = A ⊕.⊗ u (mxv)
// u is n×1, so j = 0. Either way k is the index the product runs over. A semiring hands the
// indices to positional operators only (semiring::multiply).
template <class Op, class = void>
struct is_positional : std::false_type {};
template <class Op>
struct is_positional<Op, std::enable_if_t<Op::positional>> : std::true_type {};
template <class Op>
inline constexpr bool is_positional_v = is_positional<Op>::value;

namespace detail {

// An unsigned type at least as wide as unsigned int, so that narrow types are not promoted to
// signed int, where overflow would be undefined.
template <class T>
using wide_unsigned = decltype(std::make_unsigned_t<T>() + 0u);

template <class T>
GRAPHRING_HD constexpr T wrapping_add(T a, T b) {
  using U = wide_unsigned<T>;
  return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
}

template <class T>
GRAPHRING_HD constexpr T wrapping_multiply(T a, T b) {
  using U = wide_unsigned<T>;
  return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
}

template <class T>
GRAPHRING_HD constexpr bool is_nan(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    return x != x;
  } else {
    return false;
  }
}

template <class T>
GRAPHRING_HD constexpr bool truth(T x) {
  return x != T(0);
}

template <class T>
inline constexpr bool is_index_type = std::is_integral_v<T> && !std::is_same_v<T, bool>;

}  // namespace detail

template <class T>
struct plus_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T x, T y) const {
    if constexpr (std::is_same_v<T, bool>) {
      return x || y;
    } else if constexpr (std::is_integral_v<T>) {
      return detail::wrapping_add(x, y);
    } else {
      return x + y;
    }
  }
};

template <class T>
struct times_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T x, T y) const {
    if constexpr (std::is_same_v<T, bool>) {
      return x && y;
    } else if constexpr (std::is_integral_v<T>) {
      return detail::wrapping_multiply(x, y);
    } else {
      return x * y;
    }
  }
};

template <class T>
struct min_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T x, T y) const {
    return (y < x || detail::is_nan(x)) ? y : x;
  }
};

template <class T>
struct max_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T x, T y) const {
    return (x < y || detail::is_nan(x)) ? y : x;
  }
};

template <class T>
struct first_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T x, T /*y*/) const { return x; }
};

template <class T>
struct second_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T /*x*/, T y) const { return y; }
};

// 1 whatever the operands: counts products (plus_pair) or marks reached entries (any_pair).
template <class T>
struct pair_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T /*x*/, T /*y*/) const { return T(1); }
};

// Whichever operand is not zero, preferring x: the operator of the ANY monoid, whose identity
// zero stands for "nothing found yet". Over bool it is logical or.
template <class T>
struct any_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T x, T y) const { return x == T(0) ? y : x; }
};

template <class T>
struct land_op : binary_op_types<T, T, bool> {
  GRAPHRING_HD constexpr bool operator()(T x, T y) const {
    return detail::truth(x) && detail::truth(y);
  }
};

template <class T>
struct lor_op : binary_op_types<T, T, bool> {
  GRAPHRING_HD constexpr bool operator()(T x, T y) const {
    return detail::truth(x) || detail::truth(y);
  }
};

template <class T>
struct lxor_op : binary_op_types<T, T, bool> {
  GRAPHRING_HD constexpr bool operator()(T x, T y) const {
    return detail::truth(x) != detail::truth(y);
  }
};

// i, the row of a = A(i,k). T must be an integer type other than bool.
template <class T>
struct firsti_op : binary_op_types<T> {
  static_assert(detail::is_index_type<T>, "a positional operator returns an integer index");
  static constexpr bool positional = true;
  GRAPHRING_HD constexpr T operator()(T /*a*/, T /*b*/, std::uint64_t i, std::uint64_t /*k*/,
                                      std::uint64_t /*j*/) const {
    return static_cast<T>(i);
  }
};

// k, the row of b = B(k,j): in vxm with a frontier, the vertex whose edge reached j (a BFS
// parent). T must be an integer type other than bool.
template <class T>
struct secondi_op : binary_op_types<T> {
  static_assert(detail::is_index_type<T>, "a positional operator returns an integer index");
  static constexpr bool positional = true;
  GRAPHRING_HD constexpr T operator()(T /*a*/, T /*b*/, std::uint64_t /*i*/, std::uint64_t k,
                                      std::uint64_t /*j*/) const {
    return static_cast<T>(k);
  }
};

}  // namespace graphring
