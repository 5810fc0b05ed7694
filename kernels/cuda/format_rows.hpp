// What one thread of a pull kernel does, for each format (host and device code: the kernels run
// these in grid-stride loops, the host tests run them one index after another and compare with
// the CPU engine). Each writes the pull contract of kernels/cpu/spmv_pull.hpp: y_present[i] says
// whether row i took a product, y[i] holds its sum then.
//  - csr_row: row i in column order (the kernel for non-commutative monoids);
//  - ell_row: row i over its slots, column-major; writes the identity where nothing was taken
//    (HYB's COO part adds to it);
//  - sell_position: the row at sorted position p of a SELL-C-σ matrix;
//  - cci_group_rows: the rows of group g of a CCI matrix, decoded in order, long rows in pieces;
//  - coo_entry: entry k's product combined into y(row) by `combine` (atomics on the GPU);
//  - coo_row: row i's COO entries in column order, continuing from y(i) when asked (HYB).
#pragma once

#include <cstdint>

#include "kernels/cuda/row_fold.hpp"
#include "kernels/cuda/row_pieces.hpp"
#include "kernels/cuda/views.hpp"
#include "semirings/hd.hpp"

namespace graphring::cuda {

template <class S, class T, class U>
GRAPHRING_HD void csr_row(const kernels::csr_view<T>& a, const U* x, const std::uint8_t* x_present,
                          const mask_view& mask, std::uint64_t i, typename S::c_type* y,
                          std::uint8_t* y_present) {
  using A = typename S::a_type;
  row_fold<S, U> f{x, x_present, i};
  if (mask.allows(i))
    for (std::uint64_t p = a.offsets[i]; p < a.offsets[i + 1]; ++p)
      if (f.take(a.cols[p], entry_value<A>(a.values, a.iso, p))) break;
  if (f.taken) y[i] = f.acc;
  y_present[i] = f.taken;
}

template <class S, class T, class U>
GRAPHRING_HD void ell_row(const ell_view<T>& e, const T& iso, const U* x,
                          const std::uint8_t* x_present, const mask_view& mask, std::uint64_t i,
                          typename S::c_type* y, std::uint8_t* y_present) {
  using A = typename S::a_type;
  row_fold<S, U> f{x, x_present, i};
  if (mask.allows(i))
    e.for_each_in_row(i, [&](vertex_id k, std::uint64_t slot) {
      return f.take(k, entry_value<A>(e.values, iso, slot));
    });
  y[i] = f.acc;
  y_present[i] = f.taken;
}

template <class S, class T, class U>
GRAPHRING_HD void sell_position(const sell_view<T>& s, const T& iso, const U* x,
                                const std::uint8_t* x_present, const mask_view& mask,
                                std::uint64_t p, typename S::c_type* y, std::uint8_t* y_present) {
  using A = typename S::a_type;
  const vertex_id i = s.row_of[p];
  if (i == padding_column) return;
  row_fold<S, U> f{x, x_present, i};
  if (mask.allows(i))
    s.for_each_at_position(p, [&](vertex_id k, std::uint64_t slot) {
      return f.take(k, entry_value<A>(s.values, iso, slot));
    });
  if (f.taken) y[i] = f.acc;
  y_present[i] = f.taken;
}

// Group g of a one-slice CCI matrix (Lawlor's codewords; engine/formats/cci.hpp), its rows
// decoded in order from the group's stored start bit and first entry: each row's length
// codeword, then its column codewords, every entry folded as in csr_row (the values stay in CSR
// order). The matrix's rows are coded rows (views.hpp, row_pieces): a row's sum goes to y, a
// piece's to its partial slot, which join_split_row folds into its row. A row the mask excludes, or
// whose sum is final, is decoded on without folding.
template <class S, class T, class U>
GRAPHRING_HD void cci_group_rows(const cci_view<T>& v, const row_pieces& split, const T& iso,
                                 const U* x, const std::uint8_t* x_present, const mask_view& mask,
                                 std::uint64_t g, typename S::c_type* y, std::uint8_t* y_present,
                                 typename S::c_type* partial, std::uint8_t* partial_present) {
  using A = typename S::a_type;
  cci_reader in(v, v.group_start(g));
  edge_offset k = v.values ? v.group_entry[g] : 0;  // a value's index: none without values
  const std::uint64_t first = v.group_first_row(g), last = v.group_first_row(g + 1);
  piece_tracker rows;
  rows.start(split, first);
  for (std::uint64_t i = first; i < last; ++i, rows.advance()) {
    const std::uint64_t length = in.read_length(v);
    row_fold<S, U> f{x, x_present, rows.real_row()};
    bool done = !mask.allows(f.i);
    std::uint32_t col = 0xffffffffu;  // column -1: the first delta is the column + 1
    for (std::uint64_t left = length; left > 0;) {
      std::uint32_t delta = 0, count = 0;
      in.next_code(v, delta, count);
      const std::uint64_t used = count < left ? count : left;
      for (std::uint64_t e = 0; e < used; ++e, ++k) {
        col += delta;
        if (!done) done = f.take(col, entry_value<A>(v.values, iso, k));
      }
      left -= used;
    }
    rows.put_sum(f.acc, f.taken, f.i, y, y_present, partial, partial_present);
  }
}

// y must hold every row's sum so far or the identity, y_present whether it has one.
template <class S, class T, class U, class Combine>
GRAPHRING_HD void coo_entry(const coo_view<T>& c, const T& iso, const U* x,
                            const std::uint8_t* x_present, const mask_view& mask, std::uint64_t k,
                            typename S::c_type* y, std::uint8_t* y_present,
                            const Combine& combine) {
  using A = typename S::a_type;
  using B = typename S::b_type;
  const vertex_id i = c.rows[k], j = c.cols[k];
  if (!mask.allows(i) || (x_present && !x_present[j])) return;
  combine(&y[i], S::multiply(entry_value<A>(c.values, iso, k), B(x[j]), i, j, 0));
  y_present[i] = 1;
}

template <class S, class T, class U>
GRAPHRING_HD void coo_row(const coo_view<T>& c, const T& iso, const U* x,
                          const std::uint8_t* x_present, const mask_view& mask, std::uint64_t i,
                          typename S::c_type* y, std::uint8_t* y_present, bool continuing) {
  using A = typename S::a_type;
  row_fold<S, U> f{x, x_present, i};
  if (mask.allows(i)) {
    if (continuing && y_present[i]) {
      f.acc = y[i];
      f.taken = true;
    }
    if (!f.finished())
      c.for_each_in_row(i, [&](vertex_id k, std::uint64_t slot) {
        return f.take(k, entry_value<A>(c.values, iso, slot));
      });
  }
  if (f.taken) y[i] = f.acc;
  y_present[i] = f.taken;
}

}  // namespace graphring::cuda
