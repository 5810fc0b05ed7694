// Pull SpMV over the compressed formats (COO, ELL, HYB, SELL-C-σ, CCI, CSR-dtANS), one template
// per format over the semiring S and the view's stored value type, with the contract of
// spmv_pull_csr (kernels/cpu/spmv_pull.hpp):
//   for every row i with allowed(i): y[i] = ⊕_k S::multiply(A(i,k), x[k], i, k, 0) over the
//   stored A(i,k) whose x[k] is present (x_present == nullptr: all are); y_present[i] = 1 when at
//   least one product was taken. Rows not allowed get y_present[i] = 0.
// Products of a row are combined in ascending column order, also where a COO row is split over
// threads (partials are combined in chunk order), so non-commutative monoids agree with CSR.
// A monoid with a terminal stops a row once the sum reaches it; an ANY monoid at the first product.
// Work is balanced by nonzeros: COO by equal entry ranges, CCI and dtANS by row blocks of equal
// entries, SELL by slice ranges of equal slots; ELL rows all have the same width.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/formats/coo.hpp"
#include "engine/formats/cci.hpp"
#include "engine/formats/dtans.hpp"
#include "engine/formats/ell.hpp"
#include "engine/formats/hyb.hpp"
#include "engine/formats/sell.hpp"
#include "kernels/cpu/parallel.hpp"
#include "semirings/monoids.hpp"

namespace graphring::kernels {
namespace detail {

// The ⊕-sum of one row so far.
template <class S>
struct row_sum {
  using C = typename S::c_type;
  using M = typename S::add_monoid;
  C value{};
  bool present = false;

  // Whether further products can no longer change the sum.
  bool done() const {
    if constexpr (is_any_v<M>) {
      return present;
    } else if constexpr (has_terminal_v<M>) {
      return present && value == M::terminal();
    } else {
      return false;
    }
  }
  // Adds a product (or a partial sum); returns done().
  bool add(const C& p) {
    if (!present) {
      value = p;
      present = true;
    } else if (!done()) {
      value = S::add(value, p);
    }
    return done();
  }
};

template <class S, class V, class X>
struct product_taker {
  const V* values;
  const X* x;
  const std::uint8_t* x_present;
  std::uint64_t row;
  row_sum<S>* sum;
  // One stored entry (column k, value slot): adds its product; true when the row may stop.
  bool operator()(vertex_id k, std::uint64_t slot) const {
    if (x_present && !x_present[k]) return false;
    return sum->add(S::multiply(stored_value<typename S::a_type>(values, slot), x[k], row, k, 0));
  }
};

// Block boundaries over rows with about equal entries + rows per block (offsets: nrows + 1).
inline std::vector<std::uint64_t> balanced_blocks(const edge_offset* offsets, std::uint64_t nrows, std::uint64_t blocks) {
  std::vector<std::uint64_t> bounds(blocks + 1, nrows);
  const std::uint64_t total = offsets[nrows] + nrows;
  bounds[0] = 0;
  for (std::uint64_t b = 1; b < blocks; ++b) {
    const std::uint64_t target = total * b / blocks;
    std::uint64_t lo = bounds[b - 1], hi = nrows;  // first row r with offsets[r] + r >= target
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (offsets[mid] + mid < target) lo = mid + 1; else hi = mid;
    }
    bounds[b] = lo;
  }
  return bounds;
}

inline std::uint64_t block_count(std::uint64_t work) {
  return work < min_parallel_work ? 1 : std::uint64_t(omp_get_max_threads()) * 16;
}

// Runs pull_row(r) for every row, rows split into blocks of about equal entries.
template <class Row>
void for_rows_balanced(const edge_offset* offsets, std::uint64_t nrows, Row&& pull_row) {
  const std::uint64_t blocks = block_count(offsets[nrows] + nrows);
  const std::vector<std::uint64_t> bounds = balanced_blocks(offsets, nrows, blocks);
#pragma omp parallel for schedule(dynamic, 1) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b)
    for (std::uint64_t r = bounds[b]; r < bounds[b + 1]; ++r) pull_row(r);
}

// One row through a view's for_each_in_row(r, f(column, slot)).
template <class S, class View, class X, class Allowed>
void pull_row(const View& a, std::uint64_t r, const X* x, const std::uint8_t* x_present,
              typename S::c_type* y, std::uint8_t* y_present, const Allowed& allowed) {
  if (!allowed(r)) {
    y_present[r] = 0;
    return;
  }
  row_sum<S> sum;
  a.for_each_in_row(r, product_taker<S, typename View::value_type, X>{a.values, x, x_present, r, &sum});
  y_present[r] = sum.present;
  if (sum.present) y[r] = sum.value;
}

// Adds the COO entries' products to y (combining with what y already holds where y_present).
template <class S, class V, class X, class Allowed>
void coo_accumulate(const coo_view<V>& a, const X* x, const std::uint8_t* x_present,
                    typename S::c_type* y, std::uint8_t* y_present, const Allowed& allowed) {
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
    const std::uint64_t begin = a.nnz * std::uint64_t(c) / chunks, end = a.nnz * std::uint64_t(c + 1) / chunks;
    for (std::uint64_t s = begin; s < end;) {
      const std::uint64_t r = a.rows[s];
      std::uint64_t t = s;
      while (t < end && a.rows[t] == r) ++t;
      row_sum<S> sum;
      if (allowed(r)) {
        product_taker<S, V, X> take{a.values, x, x_present, r, &sum};
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

template <class S, class View, class X, class Allowed>
void spmv_pull_coo(const View& a, const X* x, const std::uint8_t* x_present, typename S::c_type* y,
                   std::uint8_t* y_present, const Allowed& allowed) {
  std::fill(y_present, y_present + a.nrows, std::uint8_t(0));
  detail::coo_accumulate<S>(a, x, x_present, y, y_present, allowed);
}

template <class S, class View, class X, class Allowed>
void spmv_pull_ell(const View& a, const X* x, const std::uint8_t* x_present, typename S::c_type* y,
                   std::uint8_t* y_present, const Allowed& allowed) {
  const std::int64_t n = std::int64_t(a.nrows);
#pragma omp parallel for schedule(static, 256) if (a.width * a.nrows + a.nrows > min_parallel_work)
  for (std::int64_t r = 0; r < n; ++r) detail::pull_row<S>(a, std::uint64_t(r), x, x_present, y, y_present, allowed);
}

template <class S, class View, class X, class Allowed>
void spmv_pull_hyb(const View& a, const X* x, const std::uint8_t* x_present, typename S::c_type* y,
                   std::uint8_t* y_present, const Allowed& allowed) {
  spmv_pull_ell<S>(a.ell, x, x_present, y, y_present, allowed);
  detail::coo_accumulate<S>(a.coo, x, x_present, y, y_present, allowed);
}

template <class S, class View, class X, class Allowed>
void spmv_pull_sell(const View& a, const X* x, const std::uint8_t* x_present, typename S::c_type* y,
                    std::uint8_t* y_present, const Allowed& allowed) {
  using V = typename View::value_type;
  constexpr std::uint64_t group = 16;  // lanes swept together, one accumulator each
  const std::uint64_t blocks = detail::block_count(a.slice_offsets[a.slices] + a.slices);
  const std::vector<std::uint64_t> bounds = detail::balanced_blocks(a.slice_offsets, a.slices, blocks);
#pragma omp parallel for schedule(dynamic, 1) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b)
    for (std::uint64_t s = bounds[b]; s < bounds[b + 1]; ++s) {
      const std::uint64_t width = a.width(s), base = a.slice_offsets[s];
      for (std::uint64_t first = 0; first < a.chunk; first += group) {
        const std::uint64_t lanes = std::min(group, a.chunk - first);
        detail::row_sum<S> sums[group];
        bool live[group];
        for (std::uint64_t l = 0; l < lanes; ++l) {
          const vertex_id r = a.row_of[s * a.chunk + first + l];
          live[l] = r != padding_column && allowed(r);
        }
        for (std::uint64_t j = 0; j < width; ++j)
          for (std::uint64_t l = 0; l < lanes; ++l) {
            if (!live[l]) continue;
            const std::uint64_t k = base + j * a.chunk + first + l;
            const vertex_id col = a.cols[k];
            const std::uint64_t r = a.row_of[s * a.chunk + first + l];
            if (col == padding_column) {
              live[l] = false;
              continue;
            }
            live[l] = !detail::product_taker<S, V, X>{a.values, x, x_present, r, &sums[l]}(col, k);
          }
        for (std::uint64_t l = 0; l < lanes; ++l) {
          const vertex_id r = a.row_of[s * a.chunk + first + l];
          if (r == padding_column) continue;
          y_present[r] = sums[l].present;
          if (sums[l].present) y[r] = sums[l].value;
        }
      }
    }
}

template <class S, class View, class X, class Allowed>
void spmv_pull_cci(const View& a, const X* x, const std::uint8_t* x_present, typename S::c_type* y,
                   std::uint8_t* y_present, const Allowed& allowed) {
  detail::for_rows_balanced(a.offsets, a.nrows, [&](std::uint64_t r) {
    detail::pull_row<S>(a, r, x, x_present, y, y_present, allowed);
  });
}

// Slices of 32 rows decoded in lockstep (the warp's order); slices are spread over threads
// dynamically, since their entry counts differ.
template <class S, class View, class X, class Allowed>
void spmv_pull_dtans(const View& a, const X* x, const std::uint8_t* x_present, typename S::c_type* y,
                     std::uint8_t* y_present, const Allowed& allowed) {
  using V = typename View::value_type;
  using A = typename S::a_type;
#pragma omp parallel for schedule(dynamic, 4) if (a.nrows > 4 * dtans_lanes)
  for (std::int64_t s = 0; s < std::int64_t(a.slices); ++s) {
    detail::row_sum<S> sums[dtans_lanes];
    const std::uint64_t first = std::uint64_t(s) * dtans_lanes;
    a.for_each_in_slice(std::uint64_t(s), [&](std::uint64_t r, vertex_id k, const V& v) {
      detail::row_sum<S>& sum = sums[r - first];
      if (sum.done() || (x_present && !x_present[k])) return;
      if constexpr (std::is_same_v<V, pattern_value>) {
        sum.add(S::multiply(A(1), x[k], r, k, 0));
      } else {
        sum.add(S::multiply(static_cast<A>(v), x[k], r, k, 0));
      }
    });
    for (std::uint64_t r = first; r < std::min<std::uint64_t>(a.nrows, first + dtans_lanes); ++r) {
      const bool take = allowed(r) && sums[r - first].present;
      y_present[r] = take;
      if (take) y[r] = sums[r - first].value;
    }
  }
}

}  // namespace graphring::kernels
