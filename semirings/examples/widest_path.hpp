// Worked example of a user-defined max-min semiring with a positional multiply: the widest
// (bottleneck) path and the parent it arrives from. A path is as wide as its narrowest edge; ⊕
// keeps the wider path (on a tie the smaller parent, so the result does not depend on order) and
// ⊗ narrows the path to k by the edge (k, j) and records k as j's parent. From a source s,
// u = e_s ⊕ u ⊕.⊗ A (e_s = {+inf, s} at s), iterated until it stops changing, holds at v the width
// of the widest path to v and v's parent on one such path. Capacities must not be NaN.
#pragma once

#include <cstdint>

#include "semirings/binary_ops.hpp"
#include "semirings/bounds.hpp"
#include "semirings/hd.hpp"
#include "semirings/semiring.hpp"

namespace graphring::examples {

struct widest {
  double width;
  std::uint32_t parent;
};

inline constexpr std::uint32_t no_parent = 0xffffffffu;

// ⊕: the wider path. Identity: no path; terminal: an unbounded path from parent 0.
struct widest_max {
  using value_type = widest;
  static constexpr bool commutative = true;
  static constexpr bool idempotent = true;
  GRAPHRING_HD static constexpr widest identity() { return {least_v<double>, no_parent}; }
  GRAPHRING_HD static constexpr widest terminal() { return {greatest_v<double>, 0}; }
  GRAPHRING_HD constexpr widest operator()(widest x, widest y) const {
    if (x.width != y.width) return x.width > y.width ? x : y;
    return x.parent <= y.parent ? x : y;
  }
};

// ⊗, positional: the path to k (a = u(k)) through the edge of capacity b = A(k,j). No path to k
// gives no path to j, so the identity annihilates.
struct widest_through : binary_op_types<widest, double, widest> {
  static constexpr bool positional = true;
  GRAPHRING_HD constexpr widest operator()(widest path, double capacity, std::uint64_t /*i*/,
                                           std::uint64_t k, std::uint64_t /*j*/) const {
    const double width = min_op<double>()(path.width, capacity);
    return {width, width > least_v<double> ? static_cast<std::uint32_t>(k) : no_parent};
  }
};

using widest_path = semiring<widest_max, widest_through>;

}  // namespace graphring::examples
