// The atomic form of a monoid: target ⊕= value from many threads at once, for the push and COO
// kernels that scatter products. It exists for a commutative monoid over a type of 1, 2, 4 or 8
// bytes (atomic_form.hpp): the hardware's atomicAdd / atomicMin / atomicMax where one matches
// (plus over 32/64-bit integers and floating types, min and max over integers), a compare-and-
// swap loop applying the monoid itself otherwise (floating min and max keep their NaN rule; 1-
// and 2-byte types swap the 32-bit word that holds them). An ANY monoid stores: whichever product
// lands last is acceptable, and a naturally aligned store of up to 8 bytes never tears. Other
// monoids (not commutative, or a larger struct) take the ordered paths.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/cuda/atomic_form.hpp"
#include "semirings/monoids.hpp"

namespace graphring::cuda {

namespace detail {

template <class T>
inline constexpr bool is_word_integer_v =
    std::is_integral_v<T> && !std::is_same_v<T, bool> && (sizeof(T) == 4 || sizeof(T) == 8);

// The integer type CUDA's atomics take for an integer T of the same size and signedness.
template <class T>
using atomic_integer_t =
    std::conditional_t<sizeof(T) == 4, std::conditional_t<std::is_signed_v<T>, int, unsigned>,
                       std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>>;

// *target = op(*target, value) by compare-and-swap on the 32- or 64-bit word holding the target.
template <class M, class T>
__device__ void combine_by_swap(T* target, const T& value) {
  using W = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned>;
  const std::uintptr_t address = reinterpret_cast<std::uintptr_t>(target);
  W* word = reinterpret_cast<W*>(address & ~std::uintptr_t(sizeof(W) - 1));
  const unsigned shift = unsigned(address & (sizeof(W) - 1)) * 8;  // 0 unless T is narrower
  W field_mask = ~W(0);
  if constexpr (sizeof(T) < sizeof(W)) field_mask = ((W(1) << (sizeof(T) * 8)) - 1) << shift;
  W old = *word, assumed;
  do {
    assumed = old;
    T current;
    const W field = assumed >> shift;
    std::memcpy(&current, &field, sizeof(T));
    const T next = M()(current, value);
    W bits = 0;
    std::memcpy(&bits, &next, sizeof(T));
    const W desired = (assumed & ~field_mask) | ((bits << shift) & field_mask);
    if (desired == assumed) return;
    old = atomicCAS(word, assumed, desired);
  } while (old != assumed);
}

}  // namespace detail

template <class M, class T>
__device__ void atomic_combine(T* target, const T& value) {
  static_assert(has_atomic_form_v<M, T>, "this monoid has no atomic form");
  if constexpr (is_any_v<M>) {
    *target = value;
  } else if constexpr (std::is_same_v<M, plus_monoid<T>> && std::is_floating_point_v<T>) {
    atomicAdd(target, value);
  } else if constexpr (std::is_same_v<M, plus_monoid<T>> && detail::is_word_integer_v<T>) {
    // Wrapping addition is the same bits signed or not.
    using U = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;
    atomicAdd(reinterpret_cast<U*>(target), U(value));
  } else if constexpr (std::is_same_v<M, min_monoid<T>> && detail::is_word_integer_v<T>) {
    using I = detail::atomic_integer_t<T>;
    atomicMin(reinterpret_cast<I*>(target), I(value));
  } else if constexpr (std::is_same_v<M, max_monoid<T>> && detail::is_word_integer_v<T>) {
    using I = detail::atomic_integer_t<T>;
    atomicMax(reinterpret_cast<I*>(target), I(value));
  } else {
    detail::combine_by_swap<M>(target, value);
  }
}

// atomic_combine as a function object, for the per-entry steps (format_rows.hpp, push_steps.hpp).
template <class M>
struct atomic_combiner {
  template <class T>
  __device__ void operator()(T* target, const T& value) const {
    atomic_combine<M>(target, value);
  }
};

}  // namespace graphring::cuda
