// Rows coded in pieces (views.hpp, row_pieces): which row a coded row belongs to, followed coded
// row by coded row, and the join that folds a split row's pieces' sums into the row. The GPU's
// CCI and CSR-dtANS layouts cut rows longer than a thread's or a lane's share into such pieces
// (engine/device/format_layout.hpp), so that none holds up its warp.
#pragma once

#include <cstdint>

#include "kernels/cuda/views.hpp"
#include "semirings/hd.hpp"

namespace graphring::cuda {

// Which row of the matrix a coded row belongs to, followed coded row by coded row (row_pieces):
// k is the first split not yet ended at coded row v.
struct piece_tracker {
  const row_pieces* split = nullptr;
  std::uint64_t v = 0, k = 0;
  std::uint64_t first = 0, end = 0, row = 0, offset = 0;  // split k's (first = end = -1: none)

  // At coded row v0: finds k by binary search.
  GRAPHRING_HD void start(const row_pieces& s, std::uint64_t v0) {
    split = &s;
    v = v0;
    std::uint64_t lo = 0, hi = s.count;  // the first k with end(k) > v0
    while (lo < hi) {
      const std::uint64_t mid = (lo + hi) / 2;
      if (s.end(mid) > v0)
        hi = mid;
      else
        lo = mid + 1;
    }
    load(lo);
  }
  // Whether coded row v is a piece of split k.
  GRAPHRING_HD bool in_split() const { return first <= v; }
  // The row coded row v belongs to.
  GRAPHRING_HD std::uint64_t real_row() const { return in_split() ? row : v - offset; }
  // Writes coded row v's sum (acc, when taken) to its row i, or for a piece to its partial slot.
  template <class C>
  GRAPHRING_HD void put_sum(const C& acc, bool taken, std::uint64_t i, C* y,
                            std::uint8_t* y_present, C* partial,
                            std::uint8_t* partial_present) const {
    if (in_split()) {
      const std::uint64_t p = split->partial(k) + (v - first);
      if (taken) partial[p] = acc;
      partial_present[p] = taken;
    } else {
      if (taken) y[i] = acc;
      y_present[i] = taken;
    }
  }
  GRAPHRING_HD void advance() {
    ++v;
    if (v == end) load(k + 1);
  }

 private:
  GRAPHRING_HD void load(std::uint64_t at) {
    k = at;
    offset = split->offset(k);
    if (k < split->count) {
      first = split->vrow[k];
      end = split->end(k);
      row = split->row[k];
    } else {
      first = end = ~std::uint64_t(0);
    }
  }
};

// Split k's row: its pieces' sums folded in order (so a non-commutative ⊕ keeps column order).
template <class S>
GRAPHRING_HD void join_split_row(const row_pieces& split, std::uint64_t k,
                                 const typename S::c_type* partial,
                                 const std::uint8_t* partial_present, typename S::c_type* y,
                                 std::uint8_t* y_present) {
  typename S::c_type acc = S::zero();
  bool taken = false;
  const std::uint64_t first = split.partial(k);
  for (std::uint64_t p = first; p < first + split.pieces(k); ++p) {
    if (!partial_present[p]) continue;
    acc = taken ? S::add(acc, partial[p]) : partial[p];
    taken = true;
  }
  const std::uint64_t i = split.row[k];
  if (taken) y[i] = acc;
  y_present[i] = taken;
}

}  // namespace graphring::cuda
