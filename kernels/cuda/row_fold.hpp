// One output's running sum in a pull kernel, y(i) = ⊕_k A(i,k) ⊗ x(k), fed the entries of row i
// in column order by a format's kernel (or a lane's share of them): absent x(k) are skipped, and
// finished() says when the sum can no longer change (the monoid's terminal value, or any product
// at all for an ANY monoid), so the kernel may stop the row there. Host and device code: the
// host tests drive it as the kernels do.
#pragma once

#include <cstdint>

#include "semirings/hd.hpp"
#include "semirings/monoids.hpp"

namespace graphring::cuda {

template <class S, class U>
struct row_fold {
  using A = typename S::a_type;
  using B = typename S::b_type;
  using C = typename S::c_type;
  using M = typename S::add_monoid;
  static constexpr bool stops_early = is_any_v<M> || has_terminal_v<M>;

  const U* x;
  const std::uint8_t* x_present;  // null: every x(k) present
  std::uint64_t i;
  C acc = S::zero();
  bool taken = false;

  // Folds in A(i,k) = a; returns finished().
  GRAPHRING_HD bool take(std::uint32_t k, const A& a) {
    if (x_present && !x_present[k]) return false;
    acc = S::accumulate(acc, S::multiply(a, B(x[k]), i, k, 0));
    taken = true;
    return finished();
  }

  GRAPHRING_HD bool finished() const {
    if constexpr (is_any_v<M>) {
      return taken;
    } else if constexpr (has_terminal_v<M>) {
      return taken && acc == M::terminal();
    } else {
      return false;
    }
  }
};

}  // namespace graphring::cuda
