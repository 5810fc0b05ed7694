// Pull SpMV over COO (the coordinate format of the textbook chapter, seeds/001, and the lecture,
// seeds/002; engine/formats/coo.hpp), with the contract of kernels/cpu/spmv_format_common.hpp.
// The entries go through the view's per-entry decoder; work is balanced by equal entry ranges,
// and a row split over threads is combined from its partials in chunk order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/cpu/spmv_format_common.hpp"
#include "kernels/formats/coo_view.hpp"

namespace graphring::kernels {

namespace detail {

// Adds the COO entries' products to y (combining with what y already holds where y_present).
template <class S, class V, class Values, class X, class Allowed>
void coo_accumulate(const coo_view<V>& a, const Values& values, const X* x,
                    const std::uint8_t* x_present, typename S::c_type* y, std::uint8_t* y_present,
                    const Allowed& allowed) {
  struct partial {
    std::uint64_t row;
    row_sum<S> sum;
  };
  const std::uint64_t chunks = block_count(a.nnz);
  std::vector<partial> edges(2 * chunks);  // per chunk: its first and last row, when shared
  std::vector<std::uint8_t> has_edge(2 * chunks, 0);
  auto merge = [&](std::uint64_t r, const row_sum<S>& s) {
    if (!s.present) return;
    row_sum<S> now;
    now.present = y_present[r];
    if (now.present) now.value = y[r];
    now.add(s.value);
    y[r] = now.value;
    y_present[r] = 1;
  };
#pragma omp parallel for schedule(static, 1) if (chunks > 1)
  for (std::int64_t c = 0; c < std::int64_t(chunks); ++c) {
    const std::uint64_t begin = a.nnz * std::uint64_t(c) / chunks;
    const std::uint64_t end = a.nnz * std::uint64_t(c + 1) / chunks;
    for (std::uint64_t s = begin; s < end;) {
      const std::uint64_t r = a.rows[s];
      std::uint64_t t = s;
      while (t < end && a.rows[t] == r) ++t;
      row_sum<S> sum;
      if (allowed(r)) {
        product_taker<S, Values, X> take{&values, x, x_present, r, &sum};
        for (std::uint64_t k = s; k < t && !take(a.cols[k], k);) ++k;
      }
      const bool shared_before = s == begin && begin > 0 && a.rows[begin - 1] == r;
      const bool shared_after = t == end && end < a.nnz && a.rows[end] == r;
      if (shared_before || shared_after) {
        const std::uint64_t slot = 2 * std::uint64_t(c) + (s == begin ? 0 : 1);
        edges[slot] = {r, sum};
        has_edge[slot] = 1;
      } else {
        merge(r, sum);
      }
      s = t;
    }
  }
  for (std::uint64_t e = 0; e < 2 * chunks; ++e)
    if (has_edge[e]) merge(edges[e].row, edges[e].sum);
}

}  // namespace detail

template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_coo(const coo_view<V>& a, const Values& values, const X* x,
                            const std::uint8_t* x_present, typename S::c_type* y,
                            std::uint8_t* y_present, const Allowed& allowed) {
  std::fill(y_present, y_present + a.nrows, std::uint8_t(0));
  detail::coo_accumulate<S>(a, values, x, x_present, y, y_present, allowed);
  return detail::count_present(y_present, a.nrows);
}

}  // namespace graphring::kernels
