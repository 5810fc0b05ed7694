// Which monoids have an atomic form on the GPU (kernels/cuda/atomic_combine.cuh): a commutative
// monoid over a trivially copyable type of 1, 2, 4 or 8 bytes. Those scatter products with
// atomics (push, COO); the others (not commutative, or a wider struct) take the ordered paths.
// Host-safe, so the host tests see the same choice.
#pragma once

#include <type_traits>

#include "semirings/monoids.hpp"

namespace graphring::cuda {

template <class T>
inline constexpr bool atomic_size_v = sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                                      sizeof(T) == 8;

template <class M, class T>
inline constexpr bool has_atomic_form_v =
    is_commutative_v<M>&& atomic_size_v<T>&& std::is_trivially_copyable_v<T>;

// target ⊕= value for one thread alone: what the atomic form does, in the host tests.
template <class M>
struct sequential_combine {
  template <class T>
  void operator()(T* target, const T& value) const {
    *target = M()(*target, value);
  }
};

}  // namespace graphring::cuda
