// User-defined semirings the benchmark runs to show that graphring gives a struct-typed semiring
// of a user's own the same inlined kernels as a built-in: `user_min_plus` is min_plus over a
// struct wrapping a float, written as a user would write it (no terminal value, no tags).
#pragma once

#include <limits>

#include "semirings/binary_ops.hpp"
#include "semirings/hd.hpp"
#include "semirings/semiring.hpp"

namespace graphring::bench {

struct distance {
  float d;
};

struct shorter_distance {
  using value_type = distance;
  static constexpr bool commutative = true;
  GRAPHRING_HD static constexpr distance identity() {
    return {std::numeric_limits<float>::infinity()};
  }
  GRAPHRING_HD constexpr distance operator()(distance x, distance y) const {
    return y.d < x.d ? y : x;
  }
};

// ⊗: an edge of length w extends a path of length x (mxv orientation: A(i,k) ⊗ x(k)).
struct extend_by_edge : binary_op_types<float, distance, distance> {
  GRAPHRING_HD constexpr distance operator()(float w, distance x) const { return {w + x.d}; }
};

using user_min_plus = semiring<shorter_distance, extend_by_edge>;

}  // namespace graphring::bench
