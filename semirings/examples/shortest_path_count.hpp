// Worked example of a user-defined semiring over a struct: the length of the shortest paths
// together with how many there are. An entry is (dist, count); ⊕ keeps the shorter distance and
// adds the counts of equally short ones, ⊗ extends every path by an edge of weight w. From a
// source s, u = e_s ⊕ u ⊕.⊗ A (e_s = {0, 1} at s), iterated until it stops changing, holds at v
// the distance to v and the number of shortest paths to it, for positive edge weights.
#pragma once

#include <cstdint>

#include "semirings/binary_ops.hpp"
#include "semirings/bounds.hpp"
#include "semirings/hd.hpp"
#include "semirings/semiring.hpp"

namespace graphring::examples {

struct path_count {
  double dist;
  std::uint64_t count;
};

// ⊕: the shorter, or on a tie the same distance with both counts. Identity: no path at all.
struct path_count_min {
  using value_type = path_count;
  static constexpr bool commutative = true;
  GRAPHRING_HD static constexpr path_count identity() { return {greatest_v<double>, 0}; }
  GRAPHRING_HD constexpr path_count operator()(path_count x, path_count y) const {
    if (x.dist < y.dist) return x;
    if (y.dist < x.dist) return y;
    return {x.dist, x.count + y.count};
  }
};

// ⊗: the paths to k, each extended by the edge (k, j) of weight w. Written for u ⊕.⊗ A, where the
// path counts are the first operand and the edge weights the second.
struct path_count_extend : binary_op_types<path_count, double, path_count> {
  GRAPHRING_HD constexpr path_count operator()(path_count p, double w) const {
    return {p.dist + w, p.count};
  }
};

using shortest_path_count = semiring<path_count_min, path_count_extend>;

}  // namespace graphring::examples
