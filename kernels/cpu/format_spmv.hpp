// Pull SpMV over the compressed formats (COO, ELL, HYB, SELL-C-σ, CCI, CSR-dtANS), one template
// per format over the semiring S, with the contract of the CSR kernel (kernels/cpu/spmv_pull.hpp):
//   for every row i with allowed(i): y[i] = ⊕_k A(i,k) ⊗ x[k] over the stored A(i,k) whose x[k]
//   is present (x_present == nullptr: all are); y_present[i] = 1 when at least one product was
//   taken. Rows not allowed get y_present[i] = 0. Each kernel returns the number of rows present.
// Matrix values come from a format_values source: the view's own stored values, one iso value
// for a pattern matrix, or (for value types the formats do not store, such as bool or a struct)
// positions into the caller's CSR value array.
// Products of a row are combined in ascending column order, also where a COO row is split over
// threads (partials are combined in chunk order), so non-commutative monoids agree with CSR;
// only for a commutative monoid with every x present does CCI keep four running sums over a
// row's products (as the CSR kernel does). A monoid with a terminal stops a row once the sum
// reaches it (checked per CCI piece of about 64 products, per 16 ELL/SELL slot columns); an ANY
// monoid stops at the first product.
// The CCI, ELL and SELL loops are written out per format (CCI: decode a piece of column ids,
// then gather and accumulate; SELL: eight rows per slot column, one running sum each); COO,
// HYB's overflow and dtANS's lockstep slice decoder go through the views' per-entry decoders.
// Work is balanced by nonzeros: COO by equal entry ranges, CCI by blocks of row groups of equal
// entries, SELL by slice ranges of equal slots, ELL (all rows one width) by blocks of rows, and
// dtANS slice by slice, handed out dynamically.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "kernels/formats/cci_view.hpp"
#include "kernels/formats/coo_view.hpp"
#include "kernels/formats/dtans_view.hpp"
#include "kernels/formats/ell_view.hpp"
#include "kernels/formats/hyb_view.hpp"
#include "kernels/formats/sell_view.hpp"
#include "core/parallel.hpp"
#include "kernels/cpu/prefetch.hpp"
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
      if (offsets[mid] + mid < target)
        lo = mid + 1;
      else
        hi = mid;
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

// Decodes the column ids of at least min(row_left, 64) entries, at most row_left and 79, into
// cols (room for 80), continuing from col (the row's last column so far); returns how many it
// wrote. A codeword gives a delta and a count (a run of up to 16 equal deltas, or one jump),
// so the last codeword may carry the piece past 64; a run is written 16 ids at a time and cut to
// its count.
template <class V>
GRAPHRING_INLINE std::uint64_t decode_cci_piece(const cci_view<V>& a, cci_reader& in,
                                                std::uint64_t row_left, std::uint32_t& col,
                                                vertex_id* cols) {
  const std::uint64_t want = std::min<std::uint64_t>(row_left, 64);
  std::uint64_t n = 0;
  while (n < want) {
    std::uint32_t delta = 0, count = 0;
    in.next_code(a, delta, count);
    cols[n] = col + delta;
    if (count > 1)
      for (std::uint32_t i = 1; i < 16; ++i) cols[n + i] = col + delta * (i + 1);
    const std::uint64_t used = std::min<std::uint64_t>(count, row_left - n);
    col += delta * std::uint32_t(used);
    n += used;
  }
  return n;
}

// Folds the entries [k, k + length) of row r of a one-slice CCI view, read by `in`, into acc;
// leaves `in` and k at the row's end (past codewords it no longer needs once the sum is final).
// The row goes in pieces of about 64 column ids, decoded first and then gathered and
// accumulated like a CSR row: the loads of x are independent of the decode, so they overlap it.
// With every x present and a commutative monoid that never stops early, four running sums hide
// the latency of ⊕ (each starts at zero(), as in the CSR kernel); otherwise one sum, with the
// terminal and ANY checks per piece.
template <class S, class V, class Values, class X>
bool fold_cci_row(const cci_view<V>& a, cci_reader& in, const Values& values, const X* x,
                  const std::uint8_t* x_present, std::uint64_t r, edge_offset& k,
                  std::uint64_t length, typename S::c_type& acc) {
  using B = typename S::b_type;
  using C = typename S::c_type;
  using M = typename S::add_monoid;
  vertex_id cols[80];
  const edge_offset end = k + length;
  std::uint32_t col = 0xffffffffu;
  auto product = [&](std::uint64_t i) {
    return S::multiply(values.at(k + i), B(x[cols[i]]), r, cols[i], 0);
  };
  if constexpr (is_commutative_v<M> && !stops_at_any_v<S> && !stops_at_terminal_v<S>) {
    if (!x_present) {
      C s0 = S::zero(), s1 = S::zero(), s2 = S::zero(), s3 = S::zero();
      while (k < end) {
        const std::uint64_t n = decode_cci_piece(a, in, end - k, col, cols);
        std::uint64_t i = 0;
        for (; i + 4 <= n; i += 4) {
          s0 = S::accumulate(s0, product(i));
          s1 = S::accumulate(s1, product(i + 1));
          s2 = S::accumulate(s2, product(i + 2));
          s3 = S::accumulate(s3, product(i + 3));
        }
        for (; i < n; ++i) s0 = S::accumulate(s0, product(i));
        k += n;
      }
      acc = S::accumulate(acc, S::accumulate(S::accumulate(s0, s1), S::accumulate(s2, s3)));
      return length > 0;
    }
  }
  bool taken = false;
  while (k < end) {
    const std::uint64_t n = decode_cci_piece(a, in, end - k, col, cols);
    for (std::uint64_t i = 0; i < n; ++i) {
      if (x_present && !x_present[cols[i]]) continue;
      acc = S::accumulate(acc, product(i));
      taken = true;
      if constexpr (stops_at_any_v<S>) break;
    }
    k += n;
    bool final_sum = false;
    if constexpr (stops_at_any_v<S>) final_sum = taken;
    if constexpr (stops_at_terminal_v<S>) final_sum = taken && at_terminal<S>(acc);
    if (final_sum) {
      in.skip_entries(a, end - k);
      k = end;
      return true;
    }
  }
  return taken;
}

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
// a dense x and a monoid that never stops early: a lane took a product exactly when its row has
// an entry, and the loop carries nothing but the running sums, one per lane, which (indexed by
// compile-time lanes only) stay in registers; the gathers of x for all lanes are independent.
// `ahead` prefetches x for the slots gather_lookahead places on (kernels/cpu/prefetch.hpp); the
// caller guarantees that the slot array holds them.
template <bool ahead, class S, class Values, class X, class Allowed, std::size_t... L>
std::uint64_t sweep_dense_lanes(const vertex_id* cols, std::uint64_t first, std::uint64_t stride,
                                std::uint64_t end, std::uint64_t lanes, const vertex_id* rows,
                                const Values& values, const X* x, typename S::c_type* y,
                                std::uint8_t* y_present, const Allowed& allowed,
                                std::index_sequence<L...> all) {
  typename S::c_type acc[sizeof...(L)] = {(void(L), S::zero())...};
  bool wanted = false;  // some lane's row is allowed
  ((wanted = wanted || (L < lanes && rows[L] != padding_column && allowed(rows[L]))), ...);
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
  ((found += L < lanes ? write_lane(rows[L], L < filled, acc[L], y, y_present, allowed) : 0), ...);
  return found;
}

// The same sweep for a bitmap x or a monoid that stops early (ANY; a terminal, checked every
// 16 columns): flags per lane say which lanes took a product and which are done.
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
  const bool prefetch = a.ncols * sizeof(X) > prefetch_above_bytes;
  std::uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : found) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b) {
    const bool ahead = prefetch && a.slice_offsets[bounds[b + 1]] + gather_lookahead <= slots;
    for (std::uint64_t s = bounds[b]; s < bounds[b + 1]; ++s) {
      const std::uint64_t base = a.slice_offsets[s], end = a.slice_offsets[s + 1];
      for (std::uint64_t first = 0; first < a.chunk; first += group) {
        const std::uint64_t lanes = std::min(group, a.chunk - first);
        const vertex_id* rows = a.row_of + s * a.chunk + first;
        if constexpr (dense && !stops_at_any_v<S> && !stops_at_terminal_v<S>) {
          constexpr auto all = std::make_index_sequence<group>{};
          found += ahead ? sweep_dense_lanes<true, S>(a.cols, base + first, a.chunk, end, lanes,
                                                      rows, values, x, y, y_present, allowed, all)
                         : sweep_dense_lanes<false, S>(a.cols, base + first, a.chunk, end, lanes,
                                                       rows, values, x, y, y_present, allowed, all);
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
    found += detail::sweep_lanes<group, S>(a.cols, first, a.nrows, a.width, lanes, rows, values, x,
                                           x_present, y, y_present, allowed);
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
  if (x_present) return detail::pull_sell<false, S>(a, values, x, x_present, y, y_present, allowed);
  return detail::pull_sell<true, S>(a, values, x, x_present, y, y_present, allowed);
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
      cci_reader in(a, a.code_start[g]);
      edge_offset k = a.group_entry[g];
      const std::uint64_t last = std::min<std::uint64_t>(a.nrows, (g + 1) * cci_group);
      for (std::uint64_t r = g * cci_group; r < last; ++r) {
        const std::uint64_t length = in.read_length(a);
        y_present[r] = 0;
        if (!allowed(r)) {
          in.skip_entries(a, length);
          k += length;
          continue;
        }
        C acc = S::zero();
        if (detail::fold_cci_row<S>(a, in, values, x, x_present, r, k, length, acc)) {
          y[r] = acc;
          y_present[r] = 1;
          ++found;
        }
      }
    }
  return found;
}

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
