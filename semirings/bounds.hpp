// The greatest and least values of an arithmetic type: +-infinity for floating types, the integer
// limits otherwise. The identities and terminals of min and max are built from these, never from
// numeric_limits<T>::min(), which for a floating type is the smallest positive normal number.
#pragma once

#include <limits>

namespace graphring {

namespace detail {

template <class T>
constexpr T greatest() {
  static_assert(std::numeric_limits<T>::is_specialized, "greatest_v needs an arithmetic type");
  if constexpr (std::numeric_limits<T>::has_infinity) {
    return std::numeric_limits<T>::infinity();
  } else {
    return std::numeric_limits<T>::max();
  }
}

template <class T>
constexpr T least() {
  static_assert(std::numeric_limits<T>::is_specialized, "least_v needs an arithmetic type");
  if constexpr (std::numeric_limits<T>::has_infinity) {
    return -std::numeric_limits<T>::infinity();
  } else {
    return std::numeric_limits<T>::lowest();
  }
}

}  // namespace detail

// +infinity, or max(): the identity of min and the terminal of max. true for bool.
template <class T>
inline constexpr T greatest_v = detail::greatest<T>();

// -infinity, or lowest(): the identity of max and the terminal of min. false for bool.
template <class T>
inline constexpr T least_v = detail::least<T>();

}  // namespace graphring
