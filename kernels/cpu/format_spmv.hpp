// Pull SpMV over the compressed formats (COO, ELL, HYB, SELL-C-σ, CCI, CSR-dtANS), one template
// per format over the semiring S, with the contract of the CSR kernel (kernels/cpu/spmv_pull.hpp):
//   for every row i with allowed(i): y[i] = ⊕_k A(i,k) ⊗ x[k] over the stored A(i,k) whose x[k]
//   is present (x_present == nullptr: all are); y_present[i] = 1 when at least one product was
//   taken. Rows not allowed get y_present[i] = 0. Each kernel returns the number of rows present.
// Matrix values come from a format_values source: the view's own stored values, one iso value
// for a pattern matrix, or (for value types the formats do not store, such as bool or a struct)
// positions into the caller's CSR value array.
// Products of a row are combined in ascending column order, also where a COO row is split over
// threads (partials are combined in chunk order), so non-commutative monoids agree with CSR.
// A monoid with a terminal stops a row once the sum reaches it (checked per block of at most 16
// products: a CCI codeword, 16 ELL/SELL slot columns); an ANY monoid stops at the first product.
// The CCI, ELL and SELL loops are written out per format (decode a run of column ids, gather,
// accumulate from S::zero() with S::accumulate); COO, HYB's overflow and dtANS's lockstep slice
// decoder go through the views' generic per-entry decoders.
// Work is balanced by nonzeros: COO by equal entry ranges, CCI by row blocks of equal entries,
// SELL by slice ranges of equal slots, ELL (all rows one width) and dtANS by blocks of rows.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "engine/formats/cci.hpp"
#include "engine/formats/coo.hpp"
#include "engine/formats/dtans.hpp"
#include "engine/formats/ell.hpp"
#include "engine/formats/hyb.hpp"
#include "engine/formats/sell.hpp"
#include "kernels/cpu/parallel.hpp"
#include "semirings/monoids.hpp"

namespace graphring::kernels {

// Where the value of stored entry k comes from. V is the format's stored type (pattern_value
// for a pattern view); T the value type of the caller's matrix. With V == T a stored value is
// the value; otherwise the format stores positions into `target` (a value array in CSR order).
// has_values == false: every entry holds `iso`.
template <class A, class V, class T = V>
struct format_values {
  const V* stored = nullptr;
  const T* target = nullptr;
  A iso{};
  bool has_values = false;

  // The value of stored entry k (slot k of the view's value array).
  A at(std::uint64_t k) const {
    if constexpr (std::is_same_v<V, pattern_value>) {
      return iso;
    } else {
      return has_values ? convert(stored[k]) : iso;
    }
  }
  // The value of an entry whose stored value a decoder returned (dtANS).
  A decoded(const V& v) const {
    if constexpr (std::is_same_v<V, pattern_value>) {
      return iso;
    } else {
      return has_values ? convert(v) : iso;
    }
  }

 private:
  A convert(const V& v) const {
    if constexpr (std::is_same_v<V, T>) {
      return static_cast<A>(v);
    } else {
      return static_cast<A>(target[v]);
    }
  }
};

// The values a view holds itself (a pattern view: every entry is A(1)).
template <class A, class V>
format_values<A, V> own_values(const V* values) {
  format_values<A, V> f;
  f.stored = values;
  f.has_values = values != nullptr;
  if constexpr (std::is_constructible_v<A, int>) f.iso = A(1);
  return f;
}

namespace detail {

template <class S>
inline constexpr bool stops_at_any_v = is_any_v<typename S::add_monoid>;
template <class S>
inline constexpr bool stops_at_terminal_v =
    has_terminal_v<typename S::add_monoid> && !is_any_v<typename S::add_monoid>;

// Whether a running sum that took a product has reached the monoid's terminal.
template <class S>
bool at_terminal(const typename S::c_type& acc) {
  if constexpr (stops_at_terminal_v<S>) {
    return acc == S::add_monoid::terminal();
  } else {
    return false;
  }
}

// The ⊕-sum of one row so far, for the generic per-entry paths (COO, HYB overflow, dtANS).
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

template <class S, class Values, class X>
struct product_taker {
  const Values* values;
  const X* x;
  const std::uint8_t* x_present;
  std::uint64_t row;
  row_sum<S>* sum;
  // One stored entry (column k, value slot): adds its product; true when the row may stop.
  bool operator()(vertex_id k, std::uint64_t slot) const {
    if (x_present && !x_present[k]) return false;
    using B = typename S::b_type;
    return sum->add(S::multiply(values->at(slot), B(x[k]), row, k, 0));
  }
};

// Block boundaries over rows with about equal entries + rows per block (offsets: nrows + 1).
inline std::vector<std::uint64_t> balanced_blocks(const edge_offset* offsets, std::uint64_t nrows,
                                                  std::uint64_t blocks) {
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

// Runs pull_row(r) -> bool (row present) for every row, rows split into blocks of about equal
// entries; returns how many rows were present.
template <class Row>
std::uint64_t for_rows_balanced(const edge_offset* offsets, std::uint64_t nrows, Row&& pull_row) {
  const std::uint64_t blocks = block_count(offsets[nrows] + nrows);
  const std::vector<std::uint64_t> bounds = balanced_blocks(offsets, nrows, blocks);
  std::uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : found) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b)
    for (std::uint64_t r = bounds[b]; r < bounds[b + 1]; ++r) found += pull_row(r);
  return found;
}

inline std::uint64_t count_present(const std::uint8_t* y_present, std::uint64_t n) {
  std::uint64_t found = 0;
#pragma omp parallel for schedule(static) reduction(+ : found) if (n > min_parallel_work)
  for (std::int64_t i = 0; i < std::int64_t(n); ++i) found += y_present[i];
  return found;
}

// Folds the entries [k, k + length) of row r of a one-slice CCI view, whose column codewords
// start at `bit`, into acc; leaves bit and k at the row's end (past codewords it no longer needs
// once the sum is final). The row goes in pieces: a run of codewords is decoded into up to
// `piece` column ids (each codeword gives a delta and a count: a run of up to 16 equal deltas,
// or one jump), then the piece is gathered and accumulated like a CSR row — the loads of x are
// independent of the decode chain, so they overlap. Terminal and ANY checks are per piece.
template <class S, class V, class Values, class X>
bool fold_cci_row(const cci_view<V>& a, const Values& values, const X* x,
                  const std::uint8_t* x_present, std::uint64_t r, std::uint64_t& bit,
                  edge_offset& k, std::uint64_t length, typename S::c_type& acc) {
  using B = typename S::b_type;
  constexpr std::uint64_t piece = 48;
  vertex_id cols[piece + 16];  // a piece may end inside a codeword's run of up to 16
  const edge_offset end = k + length;
  std::uint32_t col = 0xffffffffu;
  bool taken = false;
  while (k < end) {
    std::uint64_t n = 0;
    const std::uint64_t want = std::min<std::uint64_t>(end - k, piece);
    while (n < want) {
      const std::uint64_t bits = a.peek(bit);
      const cci_code& e = a.table[bits & 7];
      const std::uint32_t data = std::uint32_t(bits >> e.shift) & e.data_mask;
      const std::uint32_t delta = (data & e.delta_mask) + e.delta_add;
      const std::uint64_t count = std::min<std::uint64_t>((data & e.count_mask) + 1, end - k - n);
      bit += e.length;
      for (std::uint64_t i = 0; i < count; ++i) cols[n + i] = col += delta;
      n += count;
    }
    for (std::uint64_t i = 0; i < n; ++i) {
      const vertex_id c = cols[i];
      if (x_present && !x_present[c]) continue;
      acc = S::accumulate(acc, S::multiply(values.at(k + i), B(x[c]), r, c, 0));
      taken = true;
      if constexpr (stops_at_any_v<S>) break;
    }
    k += n;
    bool final_sum = false;
    if constexpr (stops_at_any_v<S>) final_sum = taken;
    if constexpr (stops_at_terminal_v<S>) final_sum = taken && at_terminal<S>(acc);
    if (final_sum) {
      a.skip_entries(bit, end - k);
      k = end;
      return true;
    }
  }
  return taken;
}

// Adds the COO entries' products to y (combining with what y already holds where y_present).
template <class S, class V, class Values, class X, class Allowed>
void coo_accumulate(const coo_view<V>& a, const Values& values, const X* x,
                    const std::uint8_t* x_present, typename S::c_type* y,
                    std::uint8_t* y_present, const Allowed& allowed) {
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

// Sweeps `lanes` rows stored column-major with `stride` slots between a row's consecutive
// entries (ELL: stride nrows; a SELL slice: stride C), slot (lane l, column j) at
// first + j * stride + l, for j < width. rows[l] is the lane's row (padding_column: none).
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
        acc[l] = S::accumulate(acc[l], S::multiply(values.at(base + l), B(x[col]), rows[l], col, 0));
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

// ---- the kernels, over a value source --------------------------------------------------------

template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_coo(const coo_view<V>& a, const Values& values, const X* x,
                            const std::uint8_t* x_present, typename S::c_type* y,
                            std::uint8_t* y_present, const Allowed& allowed) {
  std::fill(y_present, y_present + a.nrows, std::uint8_t(0));
  detail::coo_accumulate<S>(a, values, x, x_present, y, y_present, allowed);
  return detail::count_present(y_present, a.nrows);
}

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
    found += detail::sweep_lanes<group, S>(a.cols, first, a.nrows, a.width, lanes, rows, values,
                                           x, x_present, y, y_present, allowed);
  }
  return found;
}

template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_hyb(const hyb_view<V>& a, const Values& ell_values,
                            const Values& coo_values, const X* x, const std::uint8_t* x_present,
                            typename S::c_type* y, std::uint8_t* y_present,
                            const Allowed& allowed) {
  spmv_pull_ell<S>(a.ell, ell_values, x, x_present, y, y_present, allowed);
  detail::coo_accumulate<S>(a.coo, coo_values, x, x_present, y, y_present, allowed);
  return detail::count_present(y_present, a.ell.nrows);
}

template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_sell(const sell_view<V>& a, const Values& values, const X* x,
                             const std::uint8_t* x_present, typename S::c_type* y,
                             std::uint8_t* y_present, const Allowed& allowed) {
  constexpr std::uint64_t group = 16;  // lanes swept together, one accumulator each
  const std::uint64_t blocks = detail::block_count(a.slice_offsets[a.slices] + a.slices);
  const std::vector<std::uint64_t> bounds =
      detail::balanced_blocks(a.slice_offsets, a.slices, blocks);
  std::uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : found) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b)
    for (std::uint64_t s = bounds[b]; s < bounds[b + 1]; ++s) {
      const std::uint64_t width = a.width(s), base = a.slice_offsets[s];
      for (std::uint64_t first = 0; first < a.chunk; first += group) {
        const std::uint64_t lanes = std::min(group, a.chunk - first);
        found += detail::sweep_lanes<group, S>(a.cols, base + first, a.chunk, width, lanes,
                                               a.row_of + s * a.chunk + first, values, x,
                                               x_present, y, y_present, allowed);
      }
    }
  return found;
}

// One slice: blocks of whole groups of about equal entries, each group decoded row after row
// from its stored start. More slices (the GPU variant): rows through the generic decoder.
template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_cci(const cci_view<V>& a, const Values& values, const X* x,
                            const std::uint8_t* x_present, typename S::c_type* y,
                            std::uint8_t* y_present, const Allowed& allowed) {
  using C = typename S::c_type;
  if (a.slices > 1) {
    return detail::for_rows_balanced(a.offsets, a.nrows, [&](std::uint64_t r) -> bool {
      y_present[r] = 0;
      if (!allowed(r)) return false;
      detail::row_sum<S> sum;
      a.for_each_in_row(r, detail::product_taker<S, Values, X>{&values, x, x_present, r, &sum});
      if (sum.present) {
        y[r] = sum.value;
        y_present[r] = 1;
      }
      return sum.present;
    });
  }
  const std::uint64_t groups = (a.nrows + cci_group - 1) / cci_group;
  const std::uint64_t blocks = detail::block_count(a.group_entry[groups] + a.nrows);
  const std::vector<std::uint64_t> bounds = detail::balanced_blocks(a.group_entry, groups, blocks);
  std::uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : found) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b)
    for (std::uint64_t g = bounds[b]; g < bounds[b + 1]; ++g) {
      std::uint64_t bit = a.code_start[g];
      edge_offset k = a.group_entry[g];
      const std::uint64_t last = std::min<std::uint64_t>(a.nrows, (g + 1) * cci_group);
      for (std::uint64_t r = g * cci_group; r < last; ++r) {
        const std::uint64_t length = a.read_length(bit);
        y_present[r] = 0;
        if (!allowed(r)) {
          a.skip_entries(bit, length);
          k += length;
          continue;
        }
        C acc = S::zero();
        if (detail::fold_cci_row<S>(a, values, x, x_present, r, bit, k, length, acc)) {
          y[r] = acc;
          y_present[r] = 1;
          ++found;
        }
      }
    }
  return found;
}

// Slices of 32 rows decoded in lockstep (the warp's order); slices are spread over threads
// dynamically, since their entry counts differ.
template <class S, class V, class Values, class X, class Allowed>
std::uint64_t spmv_pull_dtans(const dtans_view<V>& a, const Values& values, const X* x,
                              const std::uint8_t* x_present, typename S::c_type* y,
                              std::uint8_t* y_present, const Allowed& allowed) {
  using B = typename S::b_type;
  std::uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 4) reduction(+ : found) if (a.nrows > 4 * dtans_lanes)
  for (std::int64_t s = 0; s < std::int64_t(a.slices); ++s) {
    detail::row_sum<S> sums[dtans_lanes];
    const std::uint64_t first = std::uint64_t(s) * dtans_lanes;
    a.for_each_in_slice(std::uint64_t(s), [&](std::uint64_t r, vertex_id k, const V& v) {
      detail::row_sum<S>& sum = sums[r - first];
      if (sum.done() || (x_present && !x_present[k])) return;
      sum.add(S::multiply(values.decoded(v), B(x[k]), r, k, 0));
    });
    for (std::uint64_t r = first; r < std::min<std::uint64_t>(a.nrows, first + dtans_lanes); ++r) {
      const bool take = allowed(r) && sums[r - first].present;
      y_present[r] = take;
      if (take) y[r] = sums[r - first].value;
      found += take;
    }
  }
  return found;
}

// ---- any format's kernel over the values its view holds (A(1) for a pattern view) ------------

template <class S, class View, class X, class Allowed>
std::uint64_t spmv_pull_stored(const View& a, const X* x, const std::uint8_t* x_present,
                               typename S::c_type* y, std::uint8_t* y_present,
                               const Allowed& allowed) {
  using A = typename S::a_type;
  using V = typename View::value_type;
  if constexpr (std::is_same_v<View, hyb_view<V>>) {
    return spmv_pull_hyb<S>(a, own_values<A>(a.ell.values), own_values<A>(a.coo.values), x,
                            x_present, y, y_present, allowed);
  } else if constexpr (std::is_same_v<View, dtans_view<V>>) {
    format_values<A, V> values;
    values.has_values = a.value_table != nullptr;
    if constexpr (std::is_constructible_v<A, int>) values.iso = A(1);
    return spmv_pull_dtans<S>(a, values, x, x_present, y, y_present, allowed);
  } else if constexpr (std::is_same_v<View, coo_view<V>>) {
    return spmv_pull_coo<S>(a, own_values<A>(a.values), x, x_present, y, y_present, allowed);
  } else if constexpr (std::is_same_v<View, ell_view<V>>) {
    return spmv_pull_ell<S>(a, own_values<A>(a.values), x, x_present, y, y_present, allowed);
  } else if constexpr (std::is_same_v<View, sell_view<V>>) {
    return spmv_pull_sell<S>(a, own_values<A>(a.values), x, x_present, y, y_present, allowed);
  } else {
    return spmv_pull_cci<S>(a, own_values<A>(a.values), x, x_present, y, y_present, allowed);
  }
}

}  // namespace graphring::kernels
