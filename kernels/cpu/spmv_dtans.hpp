// Pull SpMV over CSR-dtANS (Schätzle, Pegolotti, Püschel, "Fast Entropy Decoding for Sparse MVM
// on GPUs", 2026, seeds/003; engine/formats/dtans.hpp), with the contract of
// kernels/cpu/spmv_format_common.hpp. The entries go through the view's lockstep slice decoder,
// slice by slice, the slices handed out to threads dynamically.
#pragma once

#include <cstdint>

#include "kernels/cpu/spmv_format_common.hpp"
#include "kernels/formats/dtans_view.hpp"

namespace graphring::kernels {

// Slices of 32 lanes decoded in lockstep (the warp's order); each lane's running sum goes to y at
// each of its rows' ends. Slices are spread over threads dynamically, since their entry counts
// differ.
template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_dtans(const dtans_view<V>& a, const Values& values, const X* x,
                              const std::uint8_t* x_present, typename S::c_type* y,
                              std::uint8_t* y_present, const Allowed& allowed) {
  using B = typename S::b_type;
  std::uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : found) if (a.slices > 1)
  for (std::int64_t s = 0; s < std::int64_t(a.slices); ++s) {
    detail::row_sum<S> sums[dtans_lanes];
    a.for_each_in_slice(
        std::uint64_t(s),
        [&](std::uint32_t lane, std::uint64_t r, vertex_id k, const V& v) {
          detail::row_sum<S>& sum = sums[lane];
          if (sum.done() || (x_present && !x_present[k])) return;
          sum.add(S::multiply(values.decoded(v), B(x[k]), r, k, 0));
        },
        [&](std::uint32_t lane, std::uint64_t r) {
          const bool take = sums[lane].present && allowed(r);
          y_present[r] = take;
          if (take) y[r] = sums[lane].value;
          found += take;
          sums[lane] = {};
        });
  }
  return found;
}

}  // namespace graphring::kernels
