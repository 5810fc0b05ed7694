// Pull SpMV over CSR: y(i) = ⊕_k A(i,k) ⊗ x(k) for every row i a mask allows, gathering x over
// the row's columns. This is the mxv orientation; vxm runs it over Aᵀ with flipped<S>.
// Work is balanced by nonzeros, not rows: the rows are cut into chunks of equal rows + nonzeros
// (a merge-path split over the offsets), and very long rows — a power-law graph's hubs — are each
// reduced by all threads in column order, so one huge row never serializes the run.
// A large dense x is prefetched ahead of its gathers (kernels/cpu/prefetch.hpp).
// A monoid with a terminal value stops a row once it is reached; an ANY monoid stops at the first
// product. Products within a row combine in ascending column order, so a non-commutative ⊕ gives
// the same answer on any number of threads.
//
// Contract shared by every format's pull kernel:
//   y_present[i] = 1 when at least one product was taken for row i (y[i] then holds the sum),
//   0 otherwise (y[i] unspecified); rows with allowed(i) false get 0. x_present == nullptr means
//   every x(k) is present. Matrix values are converted to S::a_type, x values to S::b_type.
//   (The CSR kernel also returns how many rows took a product.)
// The CSR and sliced kernels can instead fold each sum into a dense y in place, y(i) =
// accum(y(i), sum) where a product was taken (spmv_pull_into with pull_into_accumulated):
// w ⊙= A ⊕.⊗ x without a result vector and the pass that merges it, with that merge's arithmetic.
// The CSR kernel can also make a dense y whole, y(i) = finish(sum) for every row (the monoid's
// identity as the sum of a row without products), folding each y(i) ⊗ z(i) into a total as it
// is stored (pull_into_finished): a product, an apply and an inner product in one pass; and
// pull_into_finished_then adds an element-wise product and a second inner product of y(i).
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "kernels/cpu/prefetch.hpp"
#include "kernels/formats/csr_view.hpp"
#include "semirings/monoids.hpp"
#include "semirings/row_order.hpp"

namespace graphring::kernels {

// Where a pull kernel puts row i's sum: as the contract says, y(i) and its presence byte.
template <class C>
struct pull_into_result {
  static constexpr bool has_presence = true;
  static constexpr bool stores_repeat_safely = true;  // storing a row's sum twice is harmless
  C* y;
  std::uint8_t* y_present;
  GRAPHRING_INLINE void put(std::uint64_t i, const C& sum, bool taken) const {
    y[i] = sum;  // unspecified where no product was taken: no branch on it
    y_present[i] = taken;
  }
  GRAPHRING_INLINE void skip(std::uint64_t i) const { y_present[i] = 0; }
};

// Or a result also recorded in a second vector m (engine/ops/vxm_mark.hpp): y(i) as above and,
// where row i took a product, m(i) = mark(sum) with its presence byte set. Only rows that m's
// complemented structural mask allows are put, so m(i) is absent and its value free to write
// without a branch; row i's thread alone reads and writes m(i).
template <class C, class M, class Mark>
struct pull_into_marked_result {
  static constexpr bool has_presence = true;
  static constexpr bool stores_repeat_safely = true;
  C* y;
  std::uint8_t* y_present;
  M* m;
  std::uint8_t* m_present;
  Mark mark;
  GRAPHRING_INLINE void put(std::uint64_t i, const C& sum, bool taken) const {
    y[i] = sum;
    y_present[i] = taken;
    m[i] = M(mark(sum));
    m_present[i] = taken;
  }
  GRAPHRING_INLINE void skip(std::uint64_t i) const { y_present[i] = 0; }
};

// Or folded into a dense y in place: y(i) = accum(y(i), sum) where a product was taken.
template <class C, class Accum>
struct pull_into_accumulated {
  static constexpr bool has_presence = false;
  static constexpr bool stores_repeat_safely = false;
  C* y;
  Accum accum;
  GRAPHRING_INLINE void put(std::uint64_t i, const C& sum, bool taken) const {
    const C old = y[i];
    y[i] = taken ? C(accum(old, sum)) : old;  // a select: whether a row is empty is erratic
  }
  GRAPHRING_INLINE void skip(std::uint64_t) const {}
};

// Or a dense y made whole, y(i) = finish(sum) for every row (sum is the add monoid's identity where
// no product was taken), with total = ⊕_D y(i) ⊗_D z(i) over every row, D a semiring. Each chunk of
// rows folds its own partial (`into`), in row order; the kernel combines the partials in chunk
// order, so the total depends on the thread count (which sets the chunks) and on nothing else.
template <class C, class Finish, class D, class Z>
struct pull_into_finished {
  static constexpr bool has_presence = false;
  static constexpr bool stores_repeat_safely = false;
  using total_type = typename D::c_type;
  using total_monoid = typename D::add_monoid;
  C* y;
  Finish finish;
  const Z* z;
  total_type* result;          // the total, written once every row is stored
  total_type* into = nullptr;  // the partial this copy's rows fold into (set by the kernel)
  mutable total_type acc = total_monoid::identity();  // folded here, then added to *into

  pull_into_finished for_partial(total_type* partial) const {
    pull_into_finished copy = *this;
    copy.into = partial;
    copy.acc = total_monoid::identity();
    return copy;
  }
  // z(i) is read before y(i) is stored, so z may be y.
  GRAPHRING_INLINE void put(std::uint64_t i, const C& sum, bool) const {
    const C v = C(finish(sum));
    const auto with = typename D::b_type(z[i]);
    y[i] = v;
    acc = total_monoid()(acc, D::multiply(typename D::a_type(v), with));
  }
  GRAPHRING_INLINE void skip(std::uint64_t) const {}
  void flush() const { *into = total_monoid()(*into, acc); }
};

// The totals of two monoids folded side by side (pull_into_finished_then's pair of totals).
template <class M1, class M2>
struct monoid_pair {
  struct value_type {
    typename M1::value_type first;
    typename M2::value_type second;
  };
  static value_type identity() { return {M1::identity(), M2::identity()}; }
  value_type operator()(const value_type& x, const value_type& y) const {
    return {M1()(x.first, y.first), M2()(x.second, y.second)};
  }
};

// pull_into_finished, then in the same pass s(i) = op(y(i), v(i)) and a second total
// ⊕_E y(i) ⊗_E q(i), E a semiring: the totals are a pair (first over z, second over q). z, v and q
// are read at i before y(i) and s(i) are stored, so any of them may be y; s is none of x, y.
template <class C, class Finish, class D, class Z, class Sv, class Op, class V, class E, class Q>
struct pull_into_finished_then {
  static constexpr bool has_presence = false;
  static constexpr bool stores_repeat_safely = false;
  using total_monoid = monoid_pair<typename D::add_monoid, typename E::add_monoid>;
  using total_type = typename total_monoid::value_type;
  C* y;
  Finish finish;
  const Z* z;
  Sv* s;
  Op op;
  const V* v;
  const Q* q;
  total_type* result;
  total_type* into = nullptr;
  mutable total_type acc = total_monoid::identity();

  pull_into_finished_then for_partial(total_type* partial) const {
    pull_into_finished_then copy = *this;
    copy.into = partial;
    copy.acc = total_monoid::identity();
    return copy;
  }
  GRAPHRING_INLINE void put(std::uint64_t i, const C& sum, bool) const {
    const C w = C(finish(sum));
    const auto with_z = typename D::b_type(z[i]);
    const auto with_q = typename E::b_type(q[i]);
    const V vi = v[i];
    y[i] = w;
    s[i] = Sv(op(w, vi));
    acc.first = typename D::add_monoid()(acc.first, D::multiply(typename D::a_type(w), with_z));
    acc.second = typename E::add_monoid()(acc.second, E::multiply(typename E::a_type(w), with_q));
  }
  GRAPHRING_INLINE void skip(std::uint64_t) const {}
  void flush() const { *into = total_monoid()(*into, acc); }
};

namespace detail {

// Whether `out` folds a total over the stored rows (pull_into_finished).
template <class Out>
concept totalling_out = requires {
  typename Out::total_type;
};

// The type of the partial totals a kernel keeps for `out` (unused where it folds none).
template <class Out>
struct out_total {
  using type = char;
};
template <totalling_out Out>
struct out_total<Out> {
  using type = typename Out::total_type;
};

// Entry p's value as S::a_type: the stored one, or the iso value of a pattern matrix. Which of the
// two is decided once per call, so the row loops test nothing for it.
template <bool iso, class S, class V>
GRAPHRING_INLINE typename S::a_type entry_value(const csr_view<V>& a, std::uint64_t p) {
  using A = typename S::a_type;
  if constexpr (iso) {
    return A(a.iso);
  } else {
    return A(a.values[p]);
  }
}

// Folds the products of entries [first, last) of row i into acc with every x present and a
// commutative ⊕, in one running sum: with the gathers of x the slow part, more sums (tried: four)
// only lengthen the code of short rows. A monoid that usually stops rows early (a bool one at its
// terminal value) is checked every 16 products; others, whose terminal value is rare (min's
// -infinity), are not. `ahead` prefetches x (prefetch_gather); the caller guarantees that the
// column array holds gather_lookahead entries past `last`.
template <bool iso, bool ahead, class S, class V, class X>
GRAPHRING_INLINE void fold_dense_row(const csr_view<V>& a, const X* x, std::uint64_t i,
                                     std::uint64_t first, std::uint64_t last,
                                     typename S::c_type& acc) {
  using M = typename S::add_monoid;
  using B = typename S::b_type;
  using C = typename S::c_type;
  C sum = acc;
  auto fold = [&](std::uint64_t p, std::uint64_t stop) {
    for (; p < stop; ++p) {
      GRAPHRING_SCALAR_LOOP();
      prefetch_gather<ahead>(x, a.cols, p);
      const std::uint32_t k = a.cols[p];
      sum = S::accumulate(sum, S::multiply(entry_value<iso, S>(a, p), B(x[k]), i, k, 0));
    }
  };
  if constexpr (stops_rows_early_v<M>) {
    for (std::uint64_t p = first; p < last && sum != M::terminal(); p += 16)
      fold(p, last - p > 16 ? p + 16 : last);
  } else {
    fold(first, last);
  }
  acc = sum;
}

// Whether a row may form the product of every entry and keep it only where x(k) is present (a
// select instead of a branch, which a frontier of about half the vertices mispredicts at every
// other entry): x's absent slots hold arbitrary bits, harmless for a float or integer read as
// itself, but not for bool (only 0 and 1 are valid) or when a conversion could overflow.
template <class S, class X>
inline constexpr bool selects_present_v =
    std::is_arithmetic_v<X> && !std::is_same_v<X, bool> && std::is_same_v<X, typename S::b_type> &&
    is_commutative_v<typename S::add_monoid> && !is_any_v<typename S::add_monoid>;

// Folds the products of entries [first, last) of row i into acc with x given by presence bytes,
// branch-free (selects_present_v); returns whether any x(k) was present.
template <bool iso, class S, class V, class X>
GRAPHRING_INLINE bool fold_present_row(const csr_view<V>& a, const X* x,
                                       const std::uint8_t* x_present, std::uint64_t i,
                                       std::uint64_t first, std::uint64_t last,
                                       typename S::c_type& acc) {
  using C = typename S::c_type;
  C sum = acc;
  std::uint8_t taken = 0;
  for (std::uint64_t p = first; p < last; ++p) {
    const std::uint32_t k = a.cols[p];
    const std::uint8_t has = x_present[k];
    const C with = S::accumulate(sum, S::multiply(entry_value<iso, S>(a, p), x[k], i, k, 0));
    sum = has ? with : sum;
    taken |= has;
  }
  acc = sum;
  return taken != 0;
}

// Folds the products of entries [first, last) of row i into acc; returns whether any was taken.
// Stops early at the monoid's terminal value, or at the first product for an ANY monoid or where
// the first product decides the row (semirings/row_order.hpp).
template <bool iso, bool ahead, class S, class V, class X>
GRAPHRING_INLINE bool fold_row(const csr_view<V>& a, const X* x, const std::uint8_t* x_present,
                               std::uint64_t i, std::uint64_t first, std::uint64_t last,
                               typename S::c_type& acc) {
  using M = typename S::add_monoid;
  using B = typename S::b_type;
  constexpr bool first_decides = is_any_v<M> || first_product_decides_v<S>;
  if constexpr (first_decides) {
    // A search for the first entry whose x(k) is present (a BFS pull step): the loop holds only
    // the column load and the presence test, as a hand-written search would.
    std::uint64_t p = first;
    if (x_present) {
      while (p < last && !x_present[a.cols[p]]) ++p;
    }
    if (p == last) return false;
    const std::uint32_t k = a.cols[p];
    acc = S::accumulate(acc, S::multiply(entry_value<iso, S>(a, p), B(x[k]), i, k, 0));
    return true;
  } else {
    if constexpr (is_commutative_v<M>) {
      if (!x_present) {
        fold_dense_row<iso, ahead, S>(a, x, i, first, last, acc);
        return last > first;
      }
      if constexpr (selects_present_v<S, X>) {  // no early exit at a terminal: rarely reached
        return fold_present_row<iso, S>(a, x, x_present, i, first, last, acc);
      }
    }
    bool taken = false;
    // Blocks of 16 products between terminal checks keep the inner loop free of them.
    constexpr std::uint64_t block = has_terminal_v<M> ? 16 : ~std::uint64_t(0) >> 1;
    for (std::uint64_t p = first; p < last;) {
      const std::uint64_t stop = last - p > block ? p + block : last;
      for (; p < stop; ++p) {
        const std::uint32_t k = a.cols[p];
        if (x_present && !x_present[k]) continue;
        acc = S::accumulate(acc, S::multiply(entry_value<iso, S>(a, p), B(x[k]), i, k, 0));
        taken = true;
      }
      if constexpr (has_terminal_v<M>) {
        if (taken && acc == M::terminal()) break;
      }
    }
    return taken;
  }
}

// The length above which a row is reduced by the whole team rather than by one thread: an eighth
// of a thread's share of the work (rows + entries), and at least 4096; never on one thread.
inline std::uint64_t long_row_limit(std::uint64_t work, int threads) {
  return threads > 1 ? std::max<std::uint64_t>(work / (std::uint64_t(threads) * 8), 4096)
                     : ~std::uint64_t(0);
}

// The ordered reduction of one long row by the whole thread team.
template <bool iso, class S, class V, class X>
bool fold_long_row(const csr_view<V>& a, const X* x, const std::uint8_t* x_present, std::uint64_t i,
                   typename S::c_type& result) {
  using C = typename S::c_type;
  const std::uint64_t first = a.offsets[i], last = a.offsets[i + 1];
  const int pieces = omp_get_max_threads() * 4;
  // One slot per piece (an array, not std::vector, whose bool form packs slots into shared words).
  array<C> partial(pieces, S::zero());
  std::vector<std::uint8_t> taken(pieces, 0);
#pragma omp parallel for schedule(dynamic, 1)
  for (int t = 0; t < pieces; ++t) {
    const std::uint64_t b = first + (last - first) * t / pieces;
    const std::uint64_t e = first + (last - first) * (t + 1) / pieces;
    C acc = S::zero();
    taken[t] = fold_row<iso, false, S>(a, x, x_present, i, b, e, acc);
    partial[t] = acc;
  }
  bool any = false;
  result = S::zero();
  for (int t = 0; t < pieces; ++t) {
    if (!taken[t]) continue;
    result = any ? S::add(result, partial[t]) : partial[t];
    any = true;
  }
  return any;
}

// Rows [begin, end) of one chunk: y(i) for every allowed row of at most long_row entries; longer
// rows are listed in `long_rows` for the team. A chunk whose entries number long_row or fewer holds
// no long row, and runs without the test (holds_long false): the list's push_back, a call, would
// otherwise keep the loop's pointers out of registers. The view and the mask test arrive by value,
// so the byte stores to y_present (which may alias anything) cannot be taken to change their
// pointers and flags, which would else be read again at every row. Returns how many rows took a
// product.
template <bool iso, bool ahead, bool holds_long, class S, class V, class X, class Out,
          class Allowed>
std::uint64_t pull_chunk(const csr_view<V> a, const X* x, const std::uint8_t* x_present,
                         const Out out, const Allowed allowed, std::uint64_t begin,
                         std::uint64_t end, std::uint64_t long_row,
                         std::vector<std::uint64_t>& long_rows) {
  using C = typename S::c_type;
  std::uint64_t found = 0;
  std::uint64_t first = a.offsets[begin];
  for (std::uint64_t i = begin; i < end; ++i) {
    const std::uint64_t last = a.offsets[i + 1];
    const std::uint64_t row_first = first;
    first = last;
    if (!allowed(i)) [[unlikely]] {
      out.skip(i);
      continue;
    }
    if constexpr (holds_long) {
      if (last - row_first > long_row) {
        long_rows.push_back(std::uint64_t(i));
        out.skip(i);
        continue;
      }
    }
    C acc = S::zero();
    const bool taken = fold_row<iso, ahead, S>(a, x, x_present, i, row_first, last, acc);
    out.put(i, acc, taken);
    found += taken;
  }
  if constexpr (totalling_out<Out>) out.flush();
  return found;
}

// pull_chunk with the long-row test where the chunk's entries could hold a long row. Always
// inlined into spmv_pull, so that whether it is does not depend on what else the translation unit
// instantiates (out of line, the marked pull of BFS ran slower: docs/kernel-speed-log.md).
template <bool iso, bool ahead, class S, class V, class X, class Out, class Allowed>
GRAPHRING_INLINE std::uint64_t pull_rows(const csr_view<V>& a, const X* x,
                                         const std::uint8_t* x_present, const Out& out,
                                         const Allowed& allowed, std::uint64_t begin,
                                         std::uint64_t end, std::uint64_t long_row,
                                         std::vector<std::uint64_t>& long_rows) {
  if (a.offsets[end] - a.offsets[begin] > long_row)
    return pull_chunk<iso, ahead, true, S>(a, x, x_present, out, allowed, begin, end, long_row,
                                           long_rows);
  return pull_chunk<iso, ahead, false, S>(a, x, x_present, out, allowed, begin, end, long_row,
                                          long_rows);
}

template <bool iso, class S, class V, class X, class Out, class Allowed>
std::uint64_t spmv_pull(const csr_view<V>& a, const X* x, const std::uint8_t* x_present,
                        const Out& out, const Allowed& allowed) {
  using C = typename S::c_type;
  const std::uint64_t n = a.nrows, nnz = a.nnz();
  const std::uint64_t work = n + nnz;
  const int threads = work > min_parallel_work ? omp_get_max_threads() : 1;
  // Many small chunks even out the threads' finishing times; a row longer than an eighth of a
  // thread's share is reduced by the whole team afterwards.
  const std::uint64_t chunks = std::uint64_t(threads) * 32;
  const std::uint64_t long_row = long_row_limit(work, threads);
  // Chunk c holds the rows whose start r + offsets[r] lies in [work*c, work*(c+1)) / chunks.
  auto first_row = [&](std::uint64_t c) {
    const std::uint64_t target = work * c / chunks;
    std::uint64_t lo = 0, hi = n;
    while (lo < hi) {
      const std::uint64_t mid = (lo + hi) / 2;
      if (mid + a.offsets[mid] < target)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  };
  // A large dense x is prefetched (prefetch_gather) in the rows of a chunk that end
  // gather_lookahead entries or more before the column array does; the chunk's last rows, past
  // that point, are folded without. (With one thread the one chunk is the whole matrix.)
  const bool prefetch = !x_present && a.ncols * sizeof(X) > prefetch_above_bytes();
  // A totalling `out` folds chunk c's rows into partial[c] and the long rows into the last one.
  constexpr bool totals = totalling_out<Out>;
  using partial_type = typename out_total<Out>::type;
  array<partial_type> partial;
  if constexpr (totals) partial = array<partial_type>(chunks + 1, Out::total_monoid::identity());
  auto out_of = [&](std::uint64_t c) {
    if constexpr (totals) {
      return out.for_partial(&partial[c]);
    } else {
      (void)c;
      return out;
    }
  };
  auto chunk = [&](std::uint64_t begin, std::uint64_t end, std::vector<std::uint64_t>& longs,
                   const Out& rows_out) {
    std::uint64_t cut = begin;
    if (prefetch) {
      // The last r in [begin, end] with offsets[r] + gather_lookahead <= nnz (or begin).
      std::uint64_t lo = begin, hi = end;
      while (lo < hi) {
        const std::uint64_t mid = hi - (hi - lo) / 2;
        if (a.offsets[mid] + gather_lookahead <= nnz)
          lo = mid;
        else
          hi = mid - 1;
      }
      cut = lo;
    }
    return pull_rows<iso, true, S>(a, x, x_present, rows_out, allowed, begin, cut, long_row,
                                   longs) +
           pull_rows<iso, false, S>(a, x, x_present, rows_out, allowed, cut, end, long_row, longs);
  };
  std::vector<std::uint64_t> long_rows;
  std::uint64_t found = 0;
  if (threads == 1) {
    found = chunk(0, n, long_rows, out_of(0));
  } else {
#pragma omp parallel num_threads(threads) reduction(+ : found)
    {
      std::vector<std::uint64_t> my_long_rows;
#pragma omp for schedule(dynamic, 1) nowait
      for (std::int64_t c = 0; c < std::int64_t(chunks); ++c)
        found += chunk(first_row(c), first_row(c + 1), my_long_rows, out_of(std::uint64_t(c)));
#pragma omp critical(graphring_spmv_long_rows)
      long_rows.insert(long_rows.end(), my_long_rows.begin(), my_long_rows.end());
    }
  }
  // In row order when they fold a total (the threads listed them in any order); a totalling out
  // stores every row, with or without a product.
  if constexpr (totals) std::sort(long_rows.begin(), long_rows.end());
  const Out long_out = out_of(chunks);
  for (std::uint64_t i : long_rows) {
    C acc = S::zero();
    const bool taken = fold_long_row<iso, S>(a, x, x_present, i, acc);
    if (taken || totals) long_out.put(i, acc, taken);
    found += taken;
  }
  if constexpr (totals) {
    long_out.flush();
    partial_type total = Out::total_monoid::identity();
    for (const partial_type& p : partial) total = typename Out::total_monoid()(total, p);
    *out.result = total;
  }
  return found;
}

}  // namespace detail

// Rows that took a product go to `out`, a pull_into_result or pull_into_accumulated; returns
// their number.
template <class S, class V, class X, class Out, class Allowed>
std::uint64_t spmv_pull_into(const csr_view<V>& a, const X* x, const std::uint8_t* x_present,
                             const Out& out, const Allowed& allowed) {
  if (a.values) return detail::spmv_pull<false, S>(a, x, x_present, out, allowed);
  return detail::spmv_pull<true, S>(a, x, x_present, out, allowed);
}

// Returns the number of rows that took a product (the entries of y).
template <class S, class V, class X, class Allowed>
std::uint64_t spmv_pull(const csr_view<V>& a, const X* x, const std::uint8_t* x_present,
                        typename S::c_type* y, std::uint8_t* y_present, const Allowed& allowed) {
  return spmv_pull_into<S>(a, x, x_present, pull_into_result<typename S::c_type>{y, y_present},
                           allowed);
}

}  // namespace graphring::kernels
