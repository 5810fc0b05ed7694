// Sparse matrix-matrix product rows, C(i,:) = ⊕_k A(i,k) ⊗ B(k,:), by two methods:
//  - Gustavson (saxpy): scatter each A(i,k) ⊗ B(k,:) into a dense row workspace. Under a mask
//    the allowed columns are marked first, so excluded products are never formed and the row
//    comes out in the mask's (ascending) order without a sort; otherwise the columns the products
//    touched are sorted, a row at a time.
//    count_marked_products is the masked row's count of products for plus.pair, summed
//    directly (no workspace of values; the marks are bits).
//  - dot: for each allowed (i,j) of a mask, merge A(i,:) with Bᵀ(j,:) (the rows of Bᵀ are the
//    columns of B); best when the mask is much sparser than the product (triangle counting).
// Products combine in ascending k, so non-commutative monoids are honoured.
#pragma once

#include <algorithm>
#include <cstdint>

#include "core/array.hpp"
#include "core/parallel.hpp"
#include "kernels/formats/csr_view.hpp"
#include "semirings/monoids.hpp"

namespace graphring::kernels {

// One thread's dense row workspace: values and a state byte per column.
template <class C>
struct row_workspace {
  enum : std::uint8_t { untouched = 0, allowed = 1, filled = 2, forbidden = 3 };
  array<C> values;
  array<std::uint8_t> state;  // untouched between rows
  array<std::uint32_t> touched;

  void prepare(std::uint64_t ncols) {
    if (state.size() != ncols) {
      values = array<C>(ncols);
      state = array<std::uint8_t>(ncols, untouched);
    }
    touched.clear();
  }
};

// Each A(i,k) of a Gustavson row jumps to a row of B at random. Prefetch the row start of B 16
// entries of A ahead and its first columns 8 ahead (running on into the next rows of A), so the
// scan does not stall on each jump: 6-7% of TC's product on web-NotreDame, 15-20% on soc-Slashdot.
template <class VA, class VB>
GRAPHRING_INLINE void prefetch_rows_ahead(const csr_view<VA>& a, const csr_view<VB>& b,
                                          std::uint64_t p, std::uint64_t a_end) {
  if (p + 16 < a_end) __builtin_prefetch(b.offsets + a.cols[p + 16]);
  if (p + 8 < a_end) __builtin_prefetch(b.cols + b.offsets[a.cols[p + 8]]);
}

// Row i of C by Gustavson. MaskRow: (j -> bool) iterator over the mask row as
// for_each_mask(f) calling f(j) for each column the mask marks; `mask_kind` says whether those
// columns are the only ones allowed (1), the ones forbidden (2), or there is no mask (0).
template <class S, class VA, class VB, class ForEachMarked, class Emit>
void gustavson_row(const csr_view<VA>& a, const csr_view<VB>& b, std::uint64_t i, int mask_kind,
                   const ForEachMarked& for_each_marked, row_workspace<typename S::c_type>& w,
                   const Emit& emit) {
  using W = row_workspace<typename S::c_type>;
  using A = typename S::a_type;
  using B = typename S::b_type;
  w.touched.clear();
  // An allowing mask lists its columns, in order, as the row's candidates; a forbidding one only
  // marks them, and they are cleared by walking the mask row again, so that the sort below takes
  // the row's products alone and not the mask's columns too (a complemented mask of everything
  // visited so far, as in a batched BFS, is far longer than the row).
  if (mask_kind == 1) {
    for_each_marked([&](std::uint32_t j) {
      w.state[j] = W::allowed;
      w.touched.push_back(j);
    });
  } else if (mask_kind == 2) {
    for_each_marked([&](std::uint32_t j) { w.state[j] = W::forbidden; });
  }
  const std::uint8_t open = mask_kind == 1 ? W::allowed : W::untouched;
  const std::uint64_t a_end = a.nnz();
  for (std::uint64_t p = a.offsets[i]; p < a.offsets[i + 1]; ++p) {
    prefetch_rows_ahead(a, b, p, a_end);
    const std::uint32_t k = a.cols[p];
    const A aik = A(a.value(p));
    for (std::uint64_t q = b.offsets[k]; q < b.offsets[k + 1]; ++q) {
      const std::uint32_t j = b.cols[q];
      const std::uint8_t s = w.state[j];
      if (s == W::filled) {
        w.values[j] = S::add(w.values[j], S::multiply(aik, B(b.value(q)), i, k, j));
      } else if (s == open) {
        w.values[j] = S::multiply(aik, B(b.value(q)), i, k, j);
        w.state[j] = W::filled;
        if (mask_kind != 1) w.touched.push_back(j);
      }
    }
  }
  if (mask_kind != 1) std::sort(w.touched.begin(), w.touched.end());
  for (std::uint32_t j : w.touched) {
    if (w.state[j] == W::filled) emit(j, w.values[j]);
    w.state[j] = W::untouched;
  }
  if (mask_kind == 2) for_each_marked([&](std::uint32_t j) { w.state[j] = W::untouched; });
}

// One thread's bitmap of a mask row's columns, a bit per column (a million columns in 128 KiB,
// so it stays in L2); all clear between rows.
struct column_bits {
  array<std::uint64_t> words;

  void prepare(std::uint64_t ncols) {
    const std::uint64_t size = (ncols + 63) / 64;
    if (words.size() != size) words = array<std::uint64_t>(size, 0);
  }
  void set(std::uint32_t j) { words[j >> 6] |= std::uint64_t(1) << (j & 63); }
  std::uint64_t bit(std::uint32_t j) const { return (words[j >> 6] >> (j & 63)) & 1; }
  void clear_word_of(std::uint32_t j) { words[j >> 6] = 0; }
};

// How many products A(i,k) ⊗ B(k,j) of Gustavson's row i fall on a column j the mask row marks:
// the row's share of ⊕ C for C<M> = A plus.pair B, where every product is 1 (triangle
// counting). Each scanned column adds its mark bit, so the scan has no branch on whether j is
// marked, which a triangle count's scan (about half of the columns marked) mispredicts often.
template <class VA, class VB, class ForEachMarked>
std::uint64_t count_marked_products(const csr_view<VA>& a, const csr_view<VB>& b, std::uint64_t i,
                                    const ForEachMarked& for_each_marked, column_bits& marks) {
  for_each_marked([&](std::uint32_t j) { marks.set(j); });
  const std::uint64_t a_end = a.nnz();
  std::uint64_t count = 0;
  for (std::uint64_t p = a.offsets[i]; p < a.offsets[i + 1]; ++p) {
    prefetch_rows_ahead(a, b, p, a_end);
    const std::uint32_t k = a.cols[p];
    for (std::uint64_t q = b.offsets[k]; q < b.offsets[k + 1]; ++q) count += marks.bit(b.cols[q]);
  }
  for_each_marked([&](std::uint32_t j) { marks.clear_word_of(j); });
  return count;
}

// C(i,j) = ⊕_k A(i,k) ⊗ B(k,j) with B given as Bᵀ (row j of bt is column j of B), by merging the
// two sorted rows. Returns whether any product was taken.
template <class S, class VA, class VB>
bool dot_entry(const csr_view<VA>& a, const csr_view<VB>& bt, std::uint64_t i, std::uint64_t j,
               typename S::c_type& result) {
  using M = typename S::add_monoid;
  using A = typename S::a_type;
  using B = typename S::b_type;
  std::uint64_t p = a.offsets[i], pe = a.offsets[i + 1];
  std::uint64_t q = bt.offsets[j], qe = bt.offsets[j + 1];
  bool taken = false;
  result = S::zero();
  // Rows of very different lengths are intersected by binary search, similar ones by merging.
  const bool gallop = (pe - p) > 16 * (qe - q) || (qe - q) > 16 * (pe - p);
  while (p < pe && q < qe) {
    const std::uint32_t ka = a.cols[p], kb = bt.cols[q];
    if (ka < kb) {
      p = gallop ? std::lower_bound(a.cols + p + 1, a.cols + pe, kb) - a.cols : p + 1;
    } else if (kb < ka) {
      q = gallop ? std::lower_bound(bt.cols + q + 1, bt.cols + qe, ka) - bt.cols : q + 1;
    } else {
      result = S::accumulate(result, S::multiply(A(a.value(p)), B(bt.value(q)), i, ka, j));
      taken = true;
      if constexpr (is_any_v<M>) {
        break;
      } else if constexpr (has_terminal_v<M>) {
        if (result == M::terminal()) break;
      }
      ++p;
      ++q;
    }
  }
  return taken;
}

}  // namespace graphring::kernels
