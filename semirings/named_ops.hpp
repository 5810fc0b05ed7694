// Named operators where code that runs on both engines would otherwise pass a lambda: a lambda
// written in host C++ cannot run on the GPU, while these function objects (GRAPHRING_HD, like the
// rest of semirings/) compile for both. bind_first / bind_second (semirings/index_ops.hpp) turn
// them into unary operators for apply: apply(share, ..., bind_first(divide_op<double>{}, d),
// degree) is share = d / degree.
#pragma once

#include <type_traits>

#include "semirings/binary_ops.hpp"
#include "semirings/hd.hpp"

namespace graphring {

// x < y
template <class T>
struct less_op : binary_op_types<T, T, bool> {
  GRAPHRING_HD constexpr bool operator()(T x, T y) const { return x < y; }
};

// x ≠ y (GraphBLAS's GrB_NE)
template <class T>
struct not_equal_op : binary_op_types<T, T, bool> {
  GRAPHRING_HD constexpr bool operator()(T x, T y) const { return x != y; }
};

// x / y
template <class T>
struct divide_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T x, T y) const { return x / y; }
};

// |x - y|. For floating point as max(d, -d), which is |d| for -0 too and compiles to a max
// instruction: the branch on d's sign mispredicts about as often as the differences change sign.
template <class T>
struct absolute_difference_op : binary_op_types<T> {
  GRAPHRING_HD constexpr T operator()(T x, T y) const {
    const T d = x - y;
    if constexpr (std::is_floating_point_v<T>) {
      const T minus = -d;
      return d > minus ? d : minus;
    } else {
      return d < T(0) ? -d : d;
    }
  }
};

}  // namespace graphring
