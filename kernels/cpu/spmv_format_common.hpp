// What the pull SpMV kernels of the compressed formats (kernels/cpu/spmv_coo.hpp, spmv_ell.hpp,
// spmv_hyb.hpp, spmv_sell.hpp, spmv_cci.hpp, spmv_dtans.hpp) share. Each is one template per
// format over the semiring S, with the contract of the CSR kernel (kernels/cpu/spmv_pull.hpp):
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
#pragma once

#include <omp.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/ids.hpp"
#include "core/parallel.hpp"
#include "kernels/formats/format_view.hpp"
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

// Adds product(i) for i in [begin, end) to four running sums in turn (the tail to s[0]), which
// hides the latency of ⊕; for a commutative monoid only, whose sums may be combined in any order.
template <class S, class Product>
GRAPHRING_INLINE void accumulate_in_four(typename S::c_type (&s)[4], std::uint64_t begin,
                                         std::uint64_t end, const Product& product) {
  std::uint64_t i = begin;
  for (; i + 4 <= end; i += 4) {
    s[0] = S::accumulate(s[0], product(i));
    s[1] = S::accumulate(s[1], product(i + 1));
    s[2] = S::accumulate(s[2], product(i + 2));
    s[3] = S::accumulate(s[3], product(i + 3));
  }
  for (; i < end; ++i) s[0] = S::accumulate(s[0], product(i));
}

// Folds the products of a decoded piece of a row, columns cols[0 .. n) (entries k .. k + n),
// into acc in column order, skipping the columns x lacks and stopping at ANY's first product;
// `taken` becomes true once a product is taken. Returns whether the row's sum is final (ANY
// took one, or a terminal monoid reached its terminal), so the rest of the row may be skipped.
template <class S, class Values, class X>
GRAPHRING_INLINE bool fold_checked_piece(const vertex_id* cols, std::uint64_t n, std::uint64_t k,
                                         const Values& values, const X* x,
                                         const std::uint8_t* x_present, std::uint64_t r,
                                         typename S::c_type& acc, bool& taken) {
  using B = typename S::b_type;
  for (std::uint64_t i = 0; i < n; ++i) {
    if (x_present && !x_present[cols[i]]) continue;
    acc = S::accumulate(acc, S::multiply(values.at(k + i), B(x[cols[i]]), r, cols[i], 0));
    taken = true;
    if constexpr (stops_at_any_v<S>) break;
  }
  if constexpr (stops_at_any_v<S>) return taken;
  if constexpr (stops_at_terminal_v<S>) return taken && at_terminal<S>(acc);
  return false;
}

// The four running sums of accumulate_in_four, combined.
template <class S>
GRAPHRING_INLINE typename S::c_type four_sums_combined(const typename S::c_type (&s)[4]) {
  return S::accumulate(S::accumulate(s[0], s[1]), S::accumulate(s[2], s[3]));
}

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

inline std::uint64_t count_present(const std::uint8_t* y_present, std::uint64_t n) {
  std::uint64_t found = 0;
#pragma omp parallel for schedule(static) reduction(+ : found) if (n > min_parallel_work)
  for (std::int64_t i = 0; i < std::int64_t(n); ++i) found += y_present[i];
  return found;
}

}  // namespace detail

}  // namespace graphring::kernels
