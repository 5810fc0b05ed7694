// Pull SpMV over Compressed Column Indices (CCI; Lawlor, "In-memory Data Compression for Sparse
// Matrices", IA^3 2013, seeds/000; engine/formats/cci.hpp), with the contract of
// kernels/cpu/spmv_format_common.hpp. The loop is written out for the format: decode a piece of
// column ids, then gather and accumulate; work is balanced by blocks of row groups of equal
// entries.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/cpu/spmv_format_common.hpp"
#include "kernels/formats/cci_view.hpp"

namespace graphring::kernels {

// Reads a one-slice CCI code on the CPU: each codeword from an unaligned 8-byte load at its first
// byte (at least 57 bits from its first bit, so the 35-bit codeword fits too), its length from
// the table's eight lengths packed in one register. One codeword's decode then waits only for the
// previous one's length and one load, where cci_reader (whose aligned loads the GPU needs) also
// waits for a table load and a refill load that follow each other. Reads inside the two words
// view.peek would read, so the padding words and validate() cover it. The code is a sequence of
// little-endian 64-bit words, read here byte-wise, so this reader is for little-endian hosts.
struct cci_byte_reader {
  static_assert(std::endian::native == std::endian::little,
                "cci_byte_reader reads the code's 64-bit words as bytes");
  const unsigned char* bytes;
  std::uint64_t bit;
  std::uint64_t lengths = 0;  // byte i: table[i].length
  cci_code table[8];          // a copy the compiler knows no store of the kernel changes

  template <class V>
  cci_byte_reader(const cci_view<V>& v, std::uint64_t at)
      : bytes(reinterpret_cast<const unsigned char*>(v.words)), bit(at) {
    for (int i = 0; i < 8; ++i) {
      table[i] = v.table[i];
      lengths |= std::uint64_t(table[i].length) << (8 * i);
    }
  }

  // Decodes the next codeword into its delta and count (no branches).
  GRAPHRING_INLINE void next_code(std::uint32_t& delta, std::uint32_t& count) {
    std::uint64_t word;
    std::memcpy(&word, bytes + (bit >> 3), sizeof word);
    const std::uint64_t code = word >> (bit & 7);
    const std::uint32_t op = std::uint32_t(code & 7);
    bit += (lengths >> (op * 8)) & 0xff;
    const cci_code& e = table[op];
    const std::uint32_t data = std::uint32_t(code >> e.shift) & e.data_mask;
    delta = (data & e.delta_mask) + e.delta_add;
    count = (data & e.count_mask) + 1;
  }
  // A row's length codeword.
  std::uint64_t read_length() {
    std::uint32_t length = 0, count = 0;
    next_code(length, count);
    return length;
  }
  // Moves over the column codewords of `length` entries.
  void skip_entries(std::uint64_t length) {
    std::uint32_t delta = 0, count = 0;
    while (length > 0) {
      next_code(delta, count);
      length -= count < length ? count : length;
    }
  }
};

namespace detail {

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

// Decodes the column ids of at least min(row_left, 64) entries, at most row_left and 79, into
// cols (room for 80), continuing from col (the row's last column so far); returns how many it
// wrote. A codeword gives a delta and a count (a run of up to 16 equal deltas, or one jump),
// so the last codeword may carry the piece past 64; a run is written 16 ids at a time and cut to
// its count.
GRAPHRING_INLINE std::uint64_t decode_cci_piece(cci_byte_reader& in, std::uint64_t row_left,
                                                std::uint32_t& col, vertex_id* cols) {
  const std::uint64_t want = std::min<std::uint64_t>(row_left, 64);
  std::uint64_t n = 0;
  while (n < want) {
    std::uint32_t delta = 0, count = 0;
    in.next_code(delta, count);
    cols[n] = col + delta;
    if (count > 1)
      for (std::uint32_t i = 1; i < 16; ++i) cols[n + i] = col + delta * (i + 1);
    const std::uint64_t used = std::min<std::uint64_t>(count, row_left - n);
    col += delta * std::uint32_t(used);
    n += used;
  }
  return n;
}

// Folds the entries [k, k + length) of row r of a one-slice CCI code, read by `in`, into acc;
// leaves `in` and k at the row's end (past codewords it no longer needs once the sum is final).
// The row goes in pieces of about 64 column ids, decoded first and then gathered and
// accumulated like a CSR row: the loads of x are independent of the decode, so they overlap it.
// With every x present and a commutative monoid that seldom stops a row early (its terminal, if
// any, rarely reached and so unchecked, as in the CSR kernel), four running sums hide the latency
// of ⊕ (each starts at zero()); otherwise one sum, with the terminal and ANY checks per piece.
template <class S, class Values, class X>
bool fold_cci_row(cci_byte_reader& in, const Values& values, const X* x,
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
  if constexpr (is_commutative_v<M> && !stops_rows_early_v<M>) {
    if (!x_present) {
      C s[4] = {S::zero(), S::zero(), S::zero(), S::zero()};
      while (k < end) {
        const std::uint64_t n = decode_cci_piece(in, end - k, col, cols);
        accumulate_in_four<S>(s, 0, n, product);
        k += n;
      }
      acc = S::accumulate(acc, four_sums_combined<S>(s));
      return length > 0;
    }
  }
  bool taken = false;
  while (k < end) {
    const std::uint64_t n = decode_cci_piece(in, end - k, col, cols);
    const bool final_sum = fold_checked_piece<S>(cols, n, k, values, x, x_present, r, acc, taken);
    k += n;
    if (final_sum) {
      in.skip_entries(end - k);
      k = end;
      return true;
    }
  }
  return taken;
}

}  // namespace detail

// One slice: blocks of whole groups of about equal entries, each group decoded row after row
// from its stored start. More slices (the interleaved variant): rows through the generic decoder.
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
  const std::uint64_t groups = a.group_count();
  const std::uint64_t blocks = detail::block_count(a.group_entry[groups] + a.nrows);
  const std::vector<std::uint64_t> bounds = detail::balanced_blocks(a.group_entry, groups, blocks);
  std::uint64_t found = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : found) if (blocks > 1)
  for (std::int64_t b = 0; b < std::int64_t(blocks); ++b)
    for (std::uint64_t g = bounds[b]; g < bounds[b + 1]; ++g) {
      cci_byte_reader in(a, a.group_start(g));
      edge_offset k = a.group_entry[g];
      const std::uint64_t last = a.group_first_row(g + 1);
      for (std::uint64_t r = a.group_first_row(g); r < last; ++r) {
        const std::uint64_t length = in.read_length();
        y_present[r] = 0;
        if (!allowed(r)) {
          in.skip_entries(length);
          k += length;
          continue;
        }
        C acc = S::zero();
        if (detail::fold_cci_row<S>(in, values, x, x_present, r, k, length, acc)) {
          y[r] = acc;
          y_present[r] = 1;
          ++found;
        }
      }
    }
  return found;
}

}  // namespace graphring::kernels
