// The semirings the CUDA tests hold against the CPU engine: plus_times, min_plus, max_min,
// lor_land, any_secondi and a user-defined semiring over a struct (shortest-path length with the
// number of such paths, semirings/examples/shortest_path_count.hpp), which has no atomic form and
// so takes the ordered GPU paths. path_count_pull is that semiring with its operands flipped, for
// A ⊕.⊗ u, where the matrix's weights come first.
#pragma once

#include <cstdint>
#include <random>

#include "semirings/builtin.hpp"
#include "semirings/examples/shortest_path_count.hpp"

namespace graphring::testing {

struct extend_flipped : binary_op_types<double, examples::path_count, examples::path_count> {
  GRAPHRING_HD constexpr examples::path_count operator()(double w, examples::path_count p) const {
    return examples::path_count_extend()(p, w);
  }
};
using path_count_pull = semiring<examples::path_count_min, extend_flipped>;

inline bool operator==(const examples::path_count& a, const examples::path_count& b) {
  return a.dist == b.dist && a.count == b.count;
}

}  // namespace graphring::testing
