// Pull SpMV over CSR in slices of eight rows, for a dense x and no mask: the short rows are
// visited in an order that puts rows of nearly equal length next to each other
// (engine/rows_by_length.hpp, the row sort of SELL-C-σ [1] without its padded copy), and the eight
// rows of a slice are folded side by side, column slot by column slot, each in its own running
// sum: eight independent gathers of x in flight, and one loop per slice instead of one per row,
// whose exit a graph's mix of short and empty rows mispredicts. A row shorter than its slice's
// longest repeats its last product and leaves it out (a select, not a branch). Each group's
// longer rows follow one by one in ascending order,
// as in the CSR kernel; the longest are reduced by the whole thread team. A short row's products
// combine in column order, one at a time, so the answer does not depend on the thread count.
// Empty rows take no product. Same contract as kernels/cpu/spmv_pull.hpp, and the same choice of
// a result or sums folded into y in place (pull_into_result, pull_into_accumulated).
// [1] Kreutzer, Hager, Wellein, Fehske, Bishop, "A unified sparse matrix data format for
//     efficient general sparse matrix-vector multiplication on modern processors with wide SIMD
//     units", SIAM J. Sci. Comput. 36(5), 2014.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/cpu/spmv_pull.hpp"

namespace graphring::kernels {

// Whether the sliced kernel serves S: not for a monoid that usually stops a row early (ANY, a
// first product that decides, a bool monoid with a terminal value), which the CSR kernel's early
// exit serves better.
template <class S>
inline constexpr bool sliced_pull_serves_v =
    !stops_rows_early_v<typename S::add_monoid> && !first_product_decides_v<S>;

// The row order as the kernel reads it (engine/rows_by_length.hpp): `groups` groups, group g's
// rows at rows[group_start[g], group_start[g + 1]), its longer rows from long_start[g] on.
struct sliced_order {
  const std::uint32_t* rows = nullptr;
  const std::uint64_t* group_start = nullptr;  // groups + 1
  const std::uint64_t* long_start = nullptr;   // groups
  std::uint64_t groups = 0;
};

namespace detail {

inline constexpr int slice_rows = 8;

// The rows order[0, count) (count <= slice_rows) of one slice, side by side; a slice of fewer
// than eight rows repeats its first row in the lanes it lacks, which store the same value again.
template <bool iso, class S, class V, class X, class Out>
GRAPHRING_INLINE void fold_slice(const csr_view<V>& a, const X* x, const std::uint32_t* order,
                                 int count, const Out& out) {
  using B = typename S::b_type;
  using C = typename S::c_type;
  std::uint64_t first[slice_rows], length[slice_rows], longest = 0, shortest = ~std::uint64_t(0);
  std::uint32_t row[slice_rows];
  for (int r = 0; r < slice_rows; ++r) {
    row[r] = order[r < count ? r : 0];
    first[r] = a.offsets[row[r]];
    length[r] = a.offsets[row[r] + 1] - first[r];
    longest = std::max(longest, length[r]);
    shortest = std::min(shortest, length[r]);
  }
  auto product = [&](int r, std::uint64_t p) {
    const std::uint32_t k = a.cols[p];
    return S::multiply(entry_value<iso, S>(a, p), B(x[k]), row[r], k, 0);
  };
  C sum[slice_rows];
  for (int r = 0; r < slice_rows; ++r) sum[r] = S::zero();
  std::uint64_t j = 0;
  for (; j < shortest; ++j) {  // every row has an entry j
    for (int r = 0; r < slice_rows; ++r) sum[r] = S::accumulate(sum[r], product(r, first[r] + j));
  }
  for (; j < longest; ++j) {  // the shorter rows repeat their last entry and leave it out
    for (int r = 0; r < slice_rows; ++r) {
      const bool inside = j < length[r];
      const C with = S::accumulate(sum[r], product(r, first[r] + (inside ? j : length[r] - 1)));
      sum[r] = inside ? with : sum[r];
    }
  }
  // All eight lanes store, so that the sums can stay in registers: a store loop of `count` steps
  // kept a struct C's sums in memory, a load and a store per product (docs/kernel-speed-log.md).
  // Sums folded into y must not be folded twice: there only the slice's own rows store.
  for (int r = 0; r < slice_rows; ++r)
    if (Out::stores_repeat_safely || r < count) out.put(row[r], sum[r], true);
}

template <bool iso, class S, class V, class X, class Out>
std::uint64_t spmv_pull_sliced(const csr_view<V>& a, const sliced_order& order, const X* x,
                               const Out& out) {
  using C = typename S::c_type;
  const std::uint64_t n = a.nrows, work = n + a.nnz();
  const int threads = work > min_parallel_work ? omp_get_max_threads() : 1;
  const std::uint64_t long_row = long_row_limit(work, threads);
  const std::uint64_t rows = order.group_start[order.groups];
  std::vector<std::uint64_t> long_rows;
#pragma omp parallel num_threads(threads)
  {
    // Rows outside the order (the empty ones) take no product; put() marks every other row.
    if constexpr (Out::has_presence) {
#pragma omp for schedule(static)
      for (std::int64_t i = 0; i < std::int64_t(n); ++i) out.y_present[i] = 0;
    }
    std::vector<std::uint64_t> my_long_rows;
    const csr_view<V> view = a;  // local copies: the stores to y cannot change their pointers
    const Out sink = out;
#pragma omp for schedule(dynamic, 4) nowait
    for (std::int64_t g = 0; g < std::int64_t(order.groups); ++g) {
      const std::uint64_t longer = order.long_start[g], end = order.group_start[g + 1];
      for (std::uint64_t at = order.group_start[g]; at < longer; at += slice_rows) {
        const int count = int(std::min<std::uint64_t>(slice_rows, longer - at));
        fold_slice<iso, S>(view, x, order.rows + at, count, sink);
      }
      for (std::uint64_t e = longer; e < end; ++e) {
        const std::uint32_t i = order.rows[e];
        const std::uint64_t first = view.offsets[i], last = view.offsets[i + 1];
        if (last - first > long_row) {
          my_long_rows.push_back(i);
          continue;
        }
        C acc = S::zero();
        fold_dense_row<iso, false, S>(view, x, i, first, last, acc);
        sink.put(i, acc, true);
      }
    }
#pragma omp critical(graphring_spmv_sliced_long_rows)
    long_rows.insert(long_rows.end(), my_long_rows.begin(), my_long_rows.end());
  }
  for (std::uint64_t i : long_rows) {
    C acc = S::zero();
    fold_long_row<iso, S>(a, x, nullptr, i, acc);
    out.put(i, acc, true);
  }
  return rows;
}

}  // namespace detail

// y = A ⊕.⊗ x for a dense x, over the rows of `order` (engine/rows_by_length.hpp) group by group:
// each group's short rows in slices, its longer rows one by one, into `out` (pull_into_result or
// pull_into_accumulated). Returns the number of rows that took a product (all of them).
template <class S, class V, class X, class Out>
std::uint64_t spmv_pull_sliced_into(const csr_view<V>& a, const sliced_order& order, const X* x,
                                    const Out& out) {
  if (a.values) return detail::spmv_pull_sliced<false, S>(a, order, x, out);
  return detail::spmv_pull_sliced<true, S>(a, order, x, out);
}

template <class S, class V, class X>
std::uint64_t spmv_pull_sliced(const csr_view<V>& a, const sliced_order& order, const X* x,
                               typename S::c_type* y, std::uint8_t* y_present) {
  return spmv_pull_sliced_into<S>(a, order, x, pull_into_result<typename S::c_type>{y, y_present});
}

}  // namespace graphring::kernels
