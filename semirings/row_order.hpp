// Semirings whose sum over a row is decided by the row's first product, because the products grow
// along the row: min over secondi, whose product is the column k of the entry (in mxv, and in vxm
// run over Aᵀ by flipped<S>), and rows hold their columns in ascending order. A kernel may stop a
// row at its first product then, as it does for an ANY monoid (the smallest neighbour of a vertex
// is its row's first column). The index type must hold every column id, or the products wrap.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "semirings/binary_ops.hpp"
#include "semirings/flipped.hpp"
#include "semirings/monoids.hpp"
#include "semirings/semiring.hpp"

namespace graphring {

template <class S>
struct first_product_decides : std::false_type {};

template <class T>
struct first_product_decides<semiring<min_monoid<T>, secondi_op<T>>>
    : std::bool_constant<(std::numeric_limits<T>::digits >= 32)> {};

template <class S>
struct first_product_decides<flipped<S>> : first_product_decides<S> {};

template <class S>
inline constexpr bool first_product_decides_v = first_product_decides<S>::value;

}  // namespace graphring
