// Pull SpMV over SELL-C-σ (Kreutzer, Hager, Wellein, Fehske, Bishop 2014; the sectioned ELL of
// seeds/001; engine/formats/sell.hpp), with the contract of kernels/cpu/spmv_format_common.hpp.
// The loop is written out for the format: eight rows per slot column, one running sum each; work
// is balanced by slice ranges of equal slots. spmv_pull_sell_into gives every row's sum to a CSR
// pull kernel's `out` instead (the fused pull of vxm_apply_dot, PageRank's step).
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/array.hpp"
#include "kernels/cpu/prefetch.hpp"
#include "kernels/cpu/spmv_format_common.hpp"
#include "kernels/cpu/spmv_pull.hpp"
#include "kernels/formats/sell_view.hpp"

namespace graphring::kernels {

namespace detail {

// Adds one slot column's products to the running sums of lanes [0, active): lane L's entry is
// column[L], its value slot at + L. The lanes are compile-time indices, so the sums stay in
// registers and the gathers of x for all lanes are independent of each other.
template <class S, class Values, class X, std::size_t... L>
GRAPHRING_INLINE void add_column(typename S::c_type (&acc)[sizeof...(L)], std::uint64_t active,
                                 const vertex_id* column, std::uint64_t at, const vertex_id* rows,
                                 const Values& values, const X* x, std::index_sequence<L...>) {
  using B = typename S::b_type;
  ((L < active ? void(acc[L] = S::accumulate(acc[L], S::multiply(values.at(at + L), B(x[column[L]]),
                                                                 rows[L], column[L], 0)))
               : void()),
   ...);
}

// y(r) = sum for a row r that took a product and is allowed; y_present(r) says which. Returns
// whether y(r) was set (0 for padding lanes, r == padding_column).
template <class C, class Allowed>
GRAPHRING_INLINE std::uint64_t write_lane(vertex_id r, bool taken, const C& sum, C* y,
                                          std::uint8_t* y_present, const Allowed& allowed) {
  if (r == padding_column) return 0;
  const bool take = taken && allowed(r);
  y_present[r] = take;
  if (take) y[r] = sum;
  return take;
}

// Where a dense sweep's lanes go: y and y_present for the rows `allowed` allows, as the format
// contract says.
template <class C, class Allowed>
struct lanes_into_result {
  C* y;
  std::uint8_t* y_present;
  const Allowed& allowed;
  GRAPHRING_INLINE bool wants(vertex_id r) const { return r != padding_column && allowed(r); }
  GRAPHRING_INLINE std::uint64_t put(vertex_id r, bool taken, const C& sum) const {
    return write_lane(r, taken, sum, y, y_present, allowed);
  }
};

// Or a CSR pull kernel's `out` (kernels/cpu/spmv_pull.hpp), which takes every row: its sum, the
// monoid's identity where the row has no entry.
template <class Out>
struct lanes_into_out {
  const Out& out;  // a reference: a totalling out folds into its own copy's running total
  GRAPHRING_INLINE static bool wants(vertex_id r) { return r != padding_column; }
  template <class C>
  GRAPHRING_INLINE std::uint64_t put(vertex_id r, bool taken, const C& sum) const {
    if (r == padding_column) return 0;
    out.put(r, sum, taken);
    return taken;
  }
};

// The lanes of a SELL slice with an entry in the slot column at `at` (a prefix of the lanes,
// which are sorted by length), out of `active`.
GRAPHRING_INLINE std::uint64_t lanes_with_entries(const vertex_id* cols, std::uint64_t at,
                                                  std::uint64_t active) {
  while (active > 0 && cols[at + active - 1] == padding_column) --active;
  return active;
}

// Sweeps `lanes` (at most sizeof...(L)) rows of a SELL slice, sorted by length (longest first)
// and stored column-major with `stride` slots between a row's consecutive entries: slot (lane l,
// column j) at first + j * stride + l, below `end` (the slice's last slot + 1). At column j the
// lanes with entries left are a prefix that ends at the first padding slot. This is the path for
// a dense x and a monoid that seldom stops a row early (none, or a terminal that is rarely
// reached, such as min's -infinity: unchecked, as in the CSR kernel, since a terminal sum stays
// terminal): a lane took a product exactly when its row has an entry, and the loop carries
// nothing but the running sums, one per lane, which (indexed by compile-time lanes only) stay in
// registers; the gathers of x for all lanes are independent.
// `ahead` prefetches x for the slots gather_lookahead places on (kernels/cpu/prefetch.hpp); the
// caller guarantees that the slot array holds them.
// The lanes' sums go to `into` (lanes_into_result or lanes_into_out).
template <bool ahead, class S, class Values, class X, class Into, std::size_t... L>
std::uint64_t sweep_dense_lanes(const vertex_id* cols, std::uint64_t first, std::uint64_t stride,
                                std::uint64_t end, std::uint64_t lanes, const vertex_id* rows,
                                const Values& values, const X* x, const Into& into,
                                std::index_sequence<L...> all) {
  typename S::c_type acc[sizeof...(L)] = {(void(L), S::zero())...};
  bool wanted = false;  // some lane's row is wanted
  ((wanted = wanted || (L < lanes && into.wants(rows[L]))), ...);
  const std::uint64_t filled = first < end && wanted ? lanes_with_entries(cols, first, lanes) : 0;
  std::uint64_t active = filled;
  for (std::uint64_t at = first; at < end && active > 0; at += stride) {
    active = lanes_with_entries(cols, at, active);
    ((L < lanes ? prefetch_gather<ahead>(x, cols, at + L) : void()), ...);  // slots of the slice
    if (active == sizeof...(L)) {  // every lane (the common case): no test per lane
      add_column<S>(acc, sizeof...(L), cols + at, at, rows, values, x, all);
    } else {
      add_column<S>(acc, active, cols + at, at, rows, values, x, all);
    }
  }
  std::uint64_t found = 0;
  ((found += L < lanes ? into.put(rows[L], L < filled, acc[L]) : 0), ...);
  return found;
}

// The same sweep for a bitmap x or a monoid that stops rows early (ANY; a bool monoid's terminal,
// checked every 16 columns, as any terminal is here): flags per lane say which lanes took a
// product and which are done.
template <std::uint64_t group, class S, class Values, class X, class Allowed>
std::uint64_t sweep_flagged_lanes(const vertex_id* cols, std::uint64_t first, std::uint64_t stride,
                                  std::uint64_t end, std::uint64_t lanes, const vertex_id* rows,
                                  const Values& values, const X* x, const std::uint8_t* x_present,
                                  typename S::c_type* y, std::uint8_t* y_present,
                                  const Allowed& allowed) {
  using B = typename S::b_type;
  using C = typename S::c_type;
  C acc[group];
  bool taken[group] = {}, done[group] = {};
  bool wanted = false;
  for (std::uint64_t l = 0; l < lanes; ++l) {
    acc[l] = S::zero();
    wanted = wanted || (rows[l] != padding_column && allowed(rows[l]));
  }
  std::uint64_t active = first < end && wanted ? lanes_with_entries(cols, first, lanes) : 0;
  constexpr std::uint64_t block = stops_at_terminal_v<S> ? 16 : ~std::uint64_t(0) >> 1;
  for (std::uint64_t at = first; at < end && active > 0;) {
    for (std::uint64_t j = 0; j < block && at < end && active > 0; ++j, at += stride) {
      active = lanes_with_entries(cols, at, active);
      for (std::uint64_t l = 0; l < active; ++l) {
        const vertex_id k = cols[at + l];
        if (done[l] || (x_present && !x_present[k])) continue;
        acc[l] = S::accumulate(acc[l], S::multiply(values.at(at + l), B(x[k]), rows[l], k, 0));
        taken[l] = true;
        if constexpr (stops_at_any_v<S>) done[l] = true;
      }
    }
    if constexpr (stops_at_terminal_v<S>) {
      for (std::uint64_t l = 0; l < active; ++l)
        done[l] = done[l] || (taken[l] && at_terminal<S>(acc[l]));
    }
  }
  std::uint64_t found = 0;
  for (std::uint64_t l = 0; l < lanes; ++l)
    found += write_lane(rows[l], taken[l], acc[l], y, y_present, allowed);
  return found;
}

// SELL slices in blocks of about equal slots, each slice's lanes swept `group` at a time.
template <bool dense, class S, class V, class Values, class X, class Allowed>
std::uint64_t pull_sell(const sell_view<V>& a, const Values& values, const X* x,
                        const std::uint8_t* x_present, typename S::c_type* y,
                        std::uint8_t* y_present, const Allowed& allowed) {
  constexpr std::uint64_t group = 8;
  const std::uint64_t blocks = block_count(a.slice_offsets[a.slices] + a.slices);
  const std::vector<std::uint64_t> bounds = balanced_blocks(a.slice_offsets, a.slices, blocks);
  const std::uint64_t slots = a.slice_offsets[a.slices];
  // A large x is prefetched in every block that ends gather_lookahead slots or more before the
  // slot array does.
  const bool prefetch = a.ncols * sizeof(X) > prefetch_above_bytes();
  std::uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : found) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b) {
    const bool ahead = prefetch && a.slice_offsets[bounds[b + 1]] + gather_lookahead <= slots;
    for (std::uint64_t s = bounds[b]; s < bounds[b + 1]; ++s) {
      const std::uint64_t base = a.slice_offsets[s], end = a.slice_offsets[s + 1];
      for (std::uint64_t first = 0; first < a.chunk; first += group) {
        const std::uint64_t lanes = std::min(group, a.chunk - first);
        const vertex_id* rows = a.row_of + s * a.chunk + first;
        if constexpr (dense && !stops_rows_early_v<typename S::add_monoid>) {
          constexpr auto all = std::make_index_sequence<group>{};
          const lanes_into_result<typename S::c_type, Allowed> into{y, y_present, allowed};
          found += ahead ? sweep_dense_lanes<true, S>(a.cols, base + first, a.chunk, end, lanes,
                                                      rows, values, x, into, all)
                         : sweep_dense_lanes<false, S>(a.cols, base + first, a.chunk, end, lanes,
                                                       rows, values, x, into, all);
        } else {
          found += sweep_flagged_lanes<group, S>(a.cols, base + first, a.chunk, end, lanes, rows,
                                                 values, x, x_present, y, y_present, allowed);
        }
      }
    }
  }
  return found;
}

}  // namespace detail

// Every row's sum over a dense x into a CSR pull kernel's `out` (kernels/cpu/spmv_pull.hpp:
// pull_into_finished and the like), for a monoid that does not stop rows early: the dense sweep
// above, each block of slices folding its rows into a partial of its own when `out` totals, the
// partials combined in block order (so the total depends on the thread count only, as in the
// CSR kernel). A row's sum is folded in column order, as the CSR kernel folds it.
template <class S, class V, class Values, class X, class Out>
void spmv_pull_sell_into(const sell_view<V>& a, const Values& values, const X* x, const Out& out) {
  static_assert(!stops_rows_early_v<typename S::add_monoid>);
  constexpr std::uint64_t group = 8;
  constexpr auto all = std::make_index_sequence<group>{};
  const std::uint64_t blocks = detail::block_count(a.slice_offsets[a.slices] + a.slices);
  const std::vector<std::uint64_t> bounds =
      detail::balanced_blocks(a.slice_offsets, a.slices, blocks);
  const std::uint64_t slots = a.slice_offsets[a.slices];
  const bool prefetch = a.ncols * sizeof(X) > prefetch_above_bytes();
  constexpr bool totals = detail::totalling_out<Out>;
  using partial_type = typename detail::out_total<Out>::type;
  array<partial_type> partial;
  if constexpr (totals) partial = array<partial_type>(blocks, Out::total_monoid::identity());
#pragma omp parallel for schedule(dynamic, 1) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b) {
    const bool ahead = prefetch && a.slice_offsets[bounds[b + 1]] + gather_lookahead <= slots;
    const auto block_out = [&] {
      if constexpr (totals) {
        return out.for_partial(&partial[b]);
      } else {
        return out;
      }
    }();
    const detail::lanes_into_out<Out> into{block_out};
    for (std::uint64_t s = bounds[b]; s < bounds[b + 1]; ++s) {
      const std::uint64_t base = a.slice_offsets[s], end = a.slice_offsets[s + 1];
      for (std::uint64_t first = 0; first < a.chunk; first += group) {
        const std::uint64_t lanes = std::min(group, a.chunk - first);
        const vertex_id* rows = a.row_of + s * a.chunk + first;
        if (ahead) {
          detail::sweep_dense_lanes<true, S>(a.cols, base + first, a.chunk, end, lanes, rows,
                                             values, x, into, all);
        } else {
          detail::sweep_dense_lanes<false, S>(a.cols, base + first, a.chunk, end, lanes, rows,
                                              values, x, into, all);
        }
      }
    }
    if constexpr (totals) block_out.flush();
  }
  if constexpr (totals) {
    partial_type total = Out::total_monoid::identity();
    for (const partial_type& p : partial) total = typename Out::total_monoid()(total, p);
    *out.result = total;
  }
}

template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_sell(const sell_view<V>& a, const Values& values, const X* x,
                             const std::uint8_t* x_present, typename S::c_type* y,
                             std::uint8_t* y_present, const Allowed& allowed) {
  if (x_present) return detail::pull_sell<false, S>(a, values, x, x_present, y, y_present, allowed);
  return detail::pull_sell<true, S>(a, values, x, x_present, y, y_present, allowed);
}

}  // namespace graphring::kernels
