// Monoids: an associative operator ⊕ with an identity, the "add" of a semiring and the operator of
// reductions. A monoid is a function object with
//   using value_type = T;
//   static constexpr T identity();               // identity ⊕ x == x ⊕ identity == x
//   constexpr T operator()(T x, T y) const;      // x ⊕ y
// and, where they apply,
//   static constexpr T terminal();               // terminal ⊕ x == x ⊕ terminal == terminal,
//                                                // so a reduction may stop once it is reached
//   static constexpr bool commutative = true;    // operands may be combined in any order
//   static constexpr bool idempotent = true;     // x ⊕ x == x, so duplicates do no harm
//   static constexpr bool is_any = true;         // any one operand is an acceptable result
// An absent tag counts as false. Every member is static or const, and GRAPHRING_HD for device use.
// A monoid may also give
//   static constexpr T accumulate(T acc, T y);   // acc ⊕ y, where acc is a running sum that
//                                                // started at the identity
// a cheaper form for kernels' inner loops (semiring::accumulate uses it when present): floating
// min and max never hold NaN in such a running sum, so they skip half of the NaN test.
//
// Floating min and max ignore NaN (see binary_ops.hpp): NaN behaves as the identity, so every law
// holds once NaN and the identity are taken as the same value; identity ⊕ NaN is the identity.
#pragma once

#include <type_traits>

#include "semirings/binary_ops.hpp"
#include "semirings/bounds.hpp"
#include "semirings/hd.hpp"

namespace graphring {

template <class M, class = void>
struct has_terminal : std::false_type {};
template <class M>
struct has_terminal<M, std::void_t<decltype(M::terminal())>> : std::true_type {};
template <class M>
inline constexpr bool has_terminal_v = has_terminal<M>::value;

template <class M, class = void>
struct has_accumulate : std::false_type {};
template <class M>
struct has_accumulate<M, std::void_t<decltype(M::accumulate(M::identity(), M::identity()))>>
    : std::true_type {};
template <class M>
inline constexpr bool has_accumulate_v = has_accumulate<M>::value;

template <class M, class = void>
struct is_commutative : std::false_type {};
template <class M>
struct is_commutative<M, std::enable_if_t<M::commutative>> : std::true_type {};
template <class M>
inline constexpr bool is_commutative_v = is_commutative<M>::value;

template <class M, class = void>
struct is_idempotent : std::false_type {};
template <class M>
struct is_idempotent<M, std::enable_if_t<M::idempotent>> : std::true_type {};
template <class M>
inline constexpr bool is_idempotent_v = is_idempotent<M>::value;

template <class M, class = void>
struct is_any : std::false_type {};
template <class M>
struct is_any<M, std::enable_if_t<M::is_any>> : std::true_type {};
template <class M>
inline constexpr bool is_any_v = is_any<M>::value;

// Whether a pull usually stops a row long before its end: ANY at its first product, a boolean
// monoid at its terminal value, which is common.
template <class M>
inline constexpr bool stops_rows_early_v = is_any_v<M> ||
                                           (has_terminal_v<M> &&
                                            std::is_same_v<typename M::value_type, bool>);

namespace detail {

// Gives a monoid `terminal()` returning T(value) when `present`, and no terminal otherwise.
template <class T, bool present, int value>
struct constant_terminal {};
template <class T, int value>
struct constant_terminal<T, true, value> {
  GRAPHRING_HD static constexpr T terminal() { return static_cast<T>(value); }
};

}  // namespace detail

// x + y, identity 0. Over bool it is lor: terminal true, idempotent.
template <class T>
struct plus_monoid : plus_op<T>, detail::constant_terminal<T, std::is_same_v<T, bool>, 1> {
  using value_type = T;
  static constexpr bool commutative = true;
  static constexpr bool idempotent = std::is_same_v<T, bool>;
  GRAPHRING_HD static constexpr T identity() { return T(0); }
};

// x * y, identity 1; terminal 0 over integers (not over floating types: 0 * inf is NaN).
// Over bool it is land: terminal false, idempotent.
template <class T>
struct times_monoid : times_op<T>, detail::constant_terminal<T, std::is_integral_v<T>, 0> {
  using value_type = T;
  static constexpr bool commutative = true;
  static constexpr bool idempotent = std::is_same_v<T, bool>;
  GRAPHRING_HD static constexpr T identity() { return T(1); }
};

// min(x, y): identity +inf or max(), terminal -inf or lowest(). Over bool it is land.
template <class T>
struct min_monoid : min_op<T> {
  using value_type = T;
  static constexpr bool commutative = true;
  static constexpr bool idempotent = true;
  GRAPHRING_HD static constexpr T identity() { return greatest_v<T>; }
  GRAPHRING_HD static constexpr T terminal() { return least_v<T>; }
  GRAPHRING_HD static constexpr T accumulate(T acc, T y) { return y < acc ? y : acc; }
};

// max(x, y): identity -inf or lowest(), terminal +inf or max(). Over bool it is lor.
template <class T>
struct max_monoid : max_op<T> {
  using value_type = T;
  static constexpr bool commutative = true;
  static constexpr bool idempotent = true;
  GRAPHRING_HD static constexpr T identity() { return least_v<T>; }
  GRAPHRING_HD static constexpr T terminal() { return greatest_v<T>; }
  GRAPHRING_HD static constexpr T accumulate(T acc, T y) { return acc < y ? y : acc; }
};

// Any one of the operands. A kernel may keep the first value it meets and stop there; the operator
// itself keeps the first operand that is not the identity 0. Tagged commutative because swapping
// operands changes only which acceptable value is returned. Over bool it is lor.
template <class T>
struct any_monoid : any_op<T> {
  using value_type = T;
  static constexpr bool commutative = true;
  static constexpr bool idempotent = true;
  static constexpr bool is_any = true;
  GRAPHRING_HD static constexpr T identity() { return T(0); }
};

// The logical monoids are over bool; the logical semirings turn other types into bool.
struct lor_monoid : lor_op<bool> {
  using value_type = bool;
  static constexpr bool commutative = true;
  static constexpr bool idempotent = true;
  GRAPHRING_HD static constexpr bool identity() { return false; }
  GRAPHRING_HD static constexpr bool terminal() { return true; }
};

struct land_monoid : land_op<bool> {
  using value_type = bool;
  static constexpr bool commutative = true;
  static constexpr bool idempotent = true;
  GRAPHRING_HD static constexpr bool identity() { return true; }
  GRAPHRING_HD static constexpr bool terminal() { return false; }
};

struct lxor_monoid : lxor_op<bool> {
  using value_type = bool;
  static constexpr bool commutative = true;
  GRAPHRING_HD static constexpr bool identity() { return false; }
};

}  // namespace graphring
