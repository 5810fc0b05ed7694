// Pull SpMV over ELLPACK (ELL, seeds/001, 002; engine/formats/ell.hpp), with the contract of
// kernels/cpu/spmv_format_common.hpp. The loop is written out for the format; all rows have one
// width, so work is balanced by blocks of rows.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/cpu/spmv_format_common.hpp"
#include "kernels/formats/ell_view.hpp"

namespace graphring::kernels {

namespace detail {

// Sweeps `lanes` ELL rows in their own order, stored column-major with `stride` slots between a
// row's consecutive entries, slot (lane l, column j) at first + j * stride + l, for j < width;
// each lane is live until its first padding slot. rows[l] is the lane's row.
template <std::uint64_t group, class S, class Values, class X, class Allowed>
std::uint64_t sweep_lanes(const vertex_id* cols, std::uint64_t first, std::uint64_t stride,
                          std::uint64_t width, std::uint64_t lanes, const vertex_id* rows,
                          const Values& values, const X* x, const std::uint8_t* x_present,
                          typename S::c_type* y, std::uint8_t* y_present, const Allowed& allowed) {
  using B = typename S::b_type;
  using C = typename S::c_type;
  C acc[group];
  bool live[group], taken[group];
  std::uint64_t alive = 0;
  for (std::uint64_t l = 0; l < lanes; ++l) {
    acc[l] = S::zero();
    taken[l] = false;
    live[l] = rows[l] != padding_column && allowed(rows[l]);
    alive += live[l];
  }
  constexpr std::uint64_t block = stops_at_terminal_v<S> ? 16 : ~std::uint64_t(0) >> 1;
  for (std::uint64_t j0 = 0; j0 < width && alive; j0 += block) {
    const std::uint64_t j1 = std::min(width, j0 + block);
    for (std::uint64_t j = j0; j < j1; ++j) {
      const std::uint64_t base = first + j * stride;
      for (std::uint64_t l = 0; l < lanes; ++l) {
        if (!live[l]) continue;
        const vertex_id col = cols[base + l];
        if (col == padding_column) {  // a row's padding follows its entries
          live[l] = false;
          continue;
        }
        if (x_present && !x_present[col]) continue;
        acc[l] =
            S::accumulate(acc[l], S::multiply(values.at(base + l), B(x[col]), rows[l], col, 0));
        taken[l] = true;
        if constexpr (stops_at_any_v<S>) live[l] = false;
      }
    }
    if constexpr (stops_at_terminal_v<S>) {
      alive = 0;
      for (std::uint64_t l = 0; l < lanes; ++l) {
        if (live[l] && taken[l] && at_terminal<S>(acc[l])) live[l] = false;
        alive += live[l];
      }
    }
  }
  std::uint64_t found = 0;
  for (std::uint64_t l = 0; l < lanes; ++l) {
    if (rows[l] == padding_column) continue;
    const bool take = taken[l] && allowed(rows[l]);
    y_present[rows[l]] = take;
    if (take) y[rows[l]] = acc[l];
    found += take;
  }
  return found;
}

}  // namespace detail

// Blocks of 64 rows, swept slot column by slot column: each column of a block is 64 consecutive
// column ids.
template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_ell(const ell_view<V>& a, const Values& values, const X* x,
                            const std::uint8_t* x_present, typename S::c_type* y,
                            std::uint8_t* y_present, const Allowed& allowed) {
  constexpr std::uint64_t group = 64;
  const std::int64_t blocks = std::int64_t((a.nrows + group - 1) / group);
  std::uint64_t found = 0;
#pragma omp parallel for schedule(static, 4) reduction(+ : found) \
    if (a.width * a.nrows + a.nrows > min_parallel_work)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::uint64_t first = std::uint64_t(b) * group;
    const std::uint64_t lanes = std::min(group, a.nrows - first);
    vertex_id rows[group];
    for (std::uint64_t l = 0; l < lanes; ++l) rows[l] = vertex_id(first + l);
    found += detail::sweep_lanes<group, S>(a.cols, first, a.nrows, a.width, lanes, rows, values, x,
                                           x_present, y, y_present, allowed);
  }
  return found;
}

}  // namespace graphring::kernels
